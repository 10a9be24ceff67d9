import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

// Custom unwind segues (issue 11, findings 4 and 5; R7.1, R7.7): the segue object is made
// before the source's prepare, by asking `segueForUnwinding(to:from:identifier:)` of the
// destination first and then of its containers (iOS 9's UIViewController.h: "if any view
// controller along the unwind path has overridden this method and returns non-nil, the runtime
// will use that segue object instead of constructing an instance of the class specified in
// Interface Builder"), else the storyboard's custom unwind class; its effect is used.

private let done = "done:"

/// A performer that logs its segue and answers `effect`.
private func logging(_ recorder: CallbackRecorder, _ tag: String, _ effect: SegueEffect) -> ClosureSeguePerformer {
    ClosureSeguePerformer { segue in
        let loaded = await segue.destination.isViewLoaded
        recorder.record(
            "\(tag)(\(segue.identifier ?? "nil") \(recorder.name(of: segue.source))→\(recorder.name(of: segue.destination)), loaded \(loaded))"
        )
        return effect
    }
}

/// A (root, handles `done:`) presents S full screen; the recorder is cleared.
private func presentedWorld(_ w: UnwindWorld) async throws -> (a: UnwindProbe, s: UnwindProbe) {
    let a = w.probe("A", actions: [done])
    try await w.start(with: a)
    let s = w.probe("S")
    try await a.present(s, style: .fullScreen, animated: false)
    w.recorder.clear()
    return (a, s)
}

@Suite struct CustomUnwindTests {
    // Finding 4, R7.1, R7.7: a destination with no container (the tutorial's) is asked
    // segueForUnwinding itself, before the source's prepare; its performer runs after the
    // destination's action with the destination loaded, and its `.unwind` answer carries out
    // the unwind (the dismissal).
    @Test func r7_7_destinationIsAskedForTheUnwindSegueBeforePrepare() async throws {
        let w = UnwindWorld()
        let (a, s) = try await presentedWorld(w)
        await a.setUnwindPerformer(logging(w.recorder, "slideDown", .unwind))

        #expect(try await s.performUnwind(action: done, identifier: "back") == .completed(sequence: 3))

        #expect(w.recorder.take() == [
            "A.canPerformUnwind(done:, from: S) → true",
            "A.segueForUnwinding(to: A, from: S, identifier: back)",
            "S.prepare(back S→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, back S→A)",
            "slideDown(back S→A, loaded true)",
            "S.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)", "S.viewDidDisappear(true)",
        ])
        #expect(await w.tree() == "A(content, appeared)")
    }

    // Finding 4, R7.7: the performer's effect is used, not discarded: `.none` changes nothing
    // (a UIKit custom unwind segue whose perform() does not dismiss leaves the hierarchy), and
    // the request ends `.noChange`.
    @Test func r7_7_unwindPerformerAnsweringNoneChangesNothing() async throws {
        let w = UnwindWorld()
        let (a, s) = try await presentedWorld(w)
        await a.setUnwindPerformer(logging(w.recorder, "animateOnly", .none))
        let before = await w.window.snapshot()

        #expect(try await s.performUnwind(action: done) == .noChange)

        #expect(w.recorder.take() == [
            "A.canPerformUnwind(done:, from: S) → true",
            "A.segueForUnwinding(to: A, from: S, identifier: nil)",
            "S.prepare(nil S→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil S→A)",
            "animateOnly(nil S→A, loaded true)",
        ])
        #expect(await w.window.snapshot() == before)
    }

    // Finding 4 (decision, R7.7): an unwind performer that answers a forward effect would show
    // a controller already in the tree: a typed `.invalidRequest`, nothing changes.
    @Test(arguments: [SegueEffect.present(nil), .show, .showDetail, .push, .replaceRoot])
    func r7_7_unwindPerformerAnsweringAForwardEffectFails(effect: SegueEffect) async throws {
        let w = UnwindWorld()
        let (a, s) = try await presentedWorld(w)
        await a.setUnwindPerformer(ClosureSeguePerformer { _ in effect })
        let before = await w.window.snapshot()

        let error = await navigationError { try await s.performUnwind(action: done) }

        #expect(error?.code == .invalidRequest)
        #expect(error?.controllers == [s.id, a.id])
        #expect(await w.window.snapshot() == before)
    }

    // Finding 4 (R7.7, SegueEffect.unwind): only an unwind segue's performer may answer
    // `.unwind`; a forward custom segue that does fails with `.invalidRequest`.
    @Test func r7_7_forwardCustomSegueAnsweringUnwindFails() async throws {
        let w = UnwindWorld()
        let catalog = SceneCatalog([
            Scene("A", segues: [SegueDefinition(identifier: "c", kind: .custom(ClosureSeguePerformer { _ in .unwind }), destination: "B")]) {
                GenericViewController(context: $0)
            },
            Scene("B") { GenericViewController(context: $0) },
        ])
        let a = try #require(catalog.instantiate("A", in: w.window))
        try await w.start(with: a)

        let error = await navigationError { try await a.performSegue(withIdentifier: "c") }

        #expect(error?.code == .invalidRequest)
        #expect(await w.window.snapshot().root?.presented == nil)
    }

    // Finding 4, R7.7: the destination's own answer wins over its container's (the container
    // is not asked); without one, the container on the path is asked next.
    @Test func r7_7_destinationAnswerWinsOverItsContainers() async throws {
        let w = UnwindWorld()
        let k = w.probe("K", actions: [done])
        let p = w.probe("P", children: [k])
        let s = w.probe("S")
        let n = await w.navigation("N", [p, s])
        try await w.start(with: n)
        await k.setUnwindPerformer(logging(w.recorder, "fromK", .unwind))
        await p.setUnwindPerformer(logging(w.recorder, "fromP", .unwind))

        #expect(try await s.performUnwind(action: done) == .completed(sequence: 2))
        let first = w.recorder.take()
        #expect(Array(first.prefix(6)) == [
            "K.canPerformUnwind(done:, from: S) → true",
            "K.segueForUnwinding(to: K, from: S, identifier: nil)",
            "S.prepare(nil S→K unwind(done:), sender: nil)",
            "K.performUnwindAction(done:, nil S→K)",
            "K.viewDidLoad",
            "fromK(nil S→K, loaded true)",
        ])
        #expect(!first.contains { $0.hasPrefix("P.segueForUnwinding") })

        // Without K's answer, P (K's container on the path) is asked after K.
        await k.setUnwindPerformer(nil)
        let s2 = w.probe("S2")
        try await n.pushViewController(s2, animated: false)
        w.recorder.clear()
        #expect(try await s2.performUnwind(action: done) == .completed(sequence: 4))
        #expect(Array(w.recorder.take().prefix(6)) == [
            "K.canPerformUnwind(done:, from: S2) → true",
            "P.segueForUnwinding(to: K, from: S2, identifier: nil)",
            "S2.prepare(nil S2→K unwind(done:), sender: nil)",
            "K.performUnwindAction(done:, nil S2→K)",
            "fromP(nil S2→K, loaded true)",
            "P.unwind(for: nil S2→K, towards: K)",
        ])
        #expect(await w.tree() == "N(navigation, appeared)[P(content, appeared)[K(content, appeared)]]")
    }

    // Finding 5, R7.7: a storyboard unwind segue with a `customClass` (the AppCoda tutorial's
    // FirstCustomSegueUnwind) is kept by `catalog(registry:)` and performed through the
    // registered performer; a controller's segueForUnwinding answer would take precedence.
    @Test func r7_7_storyboardCustomUnwindClassPerformsTheUnwind() async throws {
        let w = UnwindWorld()
        let recorder = w.recorder
        let book = w.book
        let xml = StoryboardXML.document(
            initial: "first",
            StoryboardXML.scene(
                "first", attributes: #"customClass="FirstViewController""#,
                body: StoryboardXML.connections(
                    StoryboardXML.segue("seg-fwd", to: "second", kind: "presentation", #"identifier="idFirstSegue" modalPresentationStyle="fullScreen""#)
                )
            ),
            StoryboardXML.scene(
                "second", attributes: #"customClass="SecondViewController""#,
                body: StoryboardXML.button(
                    "btn-back",
                    StoryboardXML.segue(
                        "seg-back", to: "exit-2", kind: "unwind",
                        #"customClass="FirstCustomSegueUnwind" customModule="App" identifier="idFirstSegueUnwind" unwindAction="returnFromSegueActions:""#
                    )
                ),
                extra: #"<exit id="exit-2" userLabel="Exit" sceneMemberID="exit"/>"#
            )
        )
        let storyboard = try StoryboardLoader.load(xml: xml, file: "appcoda.storyboard")
        #expect(storyboard.scenes[1].segues.first?.customClass == "FirstCustomSegueUnwind")
        var registry = ClassRegistry()
        registry.register(segue: "FirstCustomSegueUnwind", performer: logging(recorder, "FirstCustomSegueUnwind", .unwind))
        for (className, name, actions) in [("FirstViewController", "First", [done, "returnFromSegueActions:"]), ("SecondViewController", "Second", [])] {
            registry.register(controller: className) { context, _ in
                let probe = UnwindProbe(
                    context: context, name: name, recorder: recorder, actions: Set(actions), children: [], style: .automatic,
                    definesContext: false
                )
                book.set(probe.id, name)
                return probe
            }
        }
        let catalog = storyboard.catalog(registry: registry)
        #expect(catalog.scenes["second"]?.segue(named: "seg-back")?.unwindPerformer != nil)
        let first = try #require(catalog.instantiate("first", in: w.window) as? UnwindProbe)
        try await w.start(with: first)
        try await first.performSegue(withIdentifier: "idFirstSegue", animated: false)
        let second = try #require(await first.presentedViewController as? UnwindProbe)
        w.recorder.clear()

        #expect(try await second.triggerSegue(withIdentifier: "btn-back", animated: false) == .completed(sequence: 3))

        #expect(w.recorder.take() == [
            "Second.shouldPerformSegue(idFirstSegueUnwind)",
            "First.canPerformUnwind(returnFromSegueActions:, from: Second) → true",
            "Second.prepare(idFirstSegueUnwind Second→First unwind(returnFromSegueActions:), sender: nil)",
            "First.performUnwindAction(returnFromSegueActions:, idFirstSegueUnwind Second→First)",
            "FirstCustomSegueUnwind(idFirstSegueUnwind Second→First, loaded true)",
            "Second.viewWillDisappear(false)", "First.viewWillAppear(false)", "First.viewDidAppear(false)",
            "Second.viewDidDisappear(false)",
        ])
        #expect(await w.tree() == "First(content, appeared)")

        // A segueForUnwinding answer on the path takes precedence over the storyboard's class.
        try await first.performSegue(withIdentifier: "idFirstSegue", animated: false)
        let again = try #require(await first.presentedViewController as? UnwindProbe)
        await first.setUnwindPerformer(logging(recorder, "fromFirst", .unwind))
        w.recorder.clear()
        try await again.triggerSegue(withIdentifier: "btn-back", animated: false)
        let log = w.recorder.take()
        #expect(log.contains("fromFirst(idFirstSegueUnwind Second→First, loaded true)"))
        #expect(!log.contains { $0.hasPrefix("FirstCustomSegueUnwind") })
    }

    // Finding 5: the DSL expresses a custom unwind segue (customClass on `DSL.Unwind`), and
    // `SegueDefinition(unwind:)` needs no destination.
    @Test func r7_7_dslAndDefinitionExpressACustomUnwind() async throws {
        let storyboard = Storyboard(initial: "first") {
            StoryboardDSL.Controller("first", class: "FirstViewController") {
                StoryboardDSL.Exit("first-exit")
            }
            StoryboardDSL.Controller("second") {
                StoryboardDSL.Unwind(
                    "returnFromSegueActions:", exit: "first-exit", identifier: "back", customClass: "FirstCustomSegueUnwind",
                    customModule: "App", animates: false
                )
            }
        }
        let segue = try #require(storyboard.scenes[1].segues.first)
        #expect(segue.kind == .unwind)
        #expect(segue.customClass == "FirstCustomSegueUnwind")
        #expect(segue.customModule == "App")
        var registry = ClassRegistry()
        registry.register(segue: "FirstCustomSegueUnwind", performer: ClosureSeguePerformer { _ in .unwind })
        let definition = try #require(storyboard.catalog(registry: registry).scenes["second"]?.segue(named: "back"))
        #expect(definition.unwindPerformer != nil)
        #expect(definition.animates == false)
        #expect(definition.kind.unwindAction == "returnFromSegueActions:")

        let coded = SegueDefinition(unwind: "returnFromSegueActions:", identifier: "back", performer: ClosureSeguePerformer { _ in .unwind })
        #expect(coded.destination == "")
        #expect(coded.identifier == "back")
        #expect(coded.unwindPerformer != nil)
    }
}
