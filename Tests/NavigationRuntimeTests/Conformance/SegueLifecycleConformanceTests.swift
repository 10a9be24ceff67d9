import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// UIKIT-SEMANTICS §1 (segue lifecycle, R1.1–R1.10) and the show / show-detail ideas 8–11 of §11
// (R2.1, R2.2, R2.4). Runtime decisions: an unknown identifier is a thrown typed
// `NavigationError` (UIKit raises NSInvalidArgumentException); a veto is the outcome `.vetoed`.

/// A sender with identity (R1.5).
final class CellBox: Sendable, CustomStringConvertible {
    let row: Int
    init(row: Int) { self.row = row }
    var description: String { "cell-\(row)" }
}

/// Scenes "A" (the source, declaring `segues`) and "B" (the destination; logs `B.init` when the
/// storyboard runtime instantiates it, step (b) of R1.1).
private func storyboard(
    _ c: Conformance,
    _ segues: [SegueDefinition],
    destinationStyle: PresentationStyle = .fullScreen
) -> SceneCatalog {
    let recorder = c.recorder
    let book = c.book
    return SceneCatalog([
        Scene("A", segues: segues) { context in
            let a = RecordingController(context: context, name: "A", recorder: recorder)
            book.set(a.id, "A")
            return a
        },
        Scene("B") { context in
            recorder.record("B.init")
            let b = RecordingController(
                context: context, name: "B", recorder: recorder, modalPresentationStyle: destinationStyle
            )
            book.set(b.id, "B")
            return b
        },
    ])
}

private func source(_ catalog: SceneCatalog, _ c: Conformance) throws -> RecordingController {
    try #require(catalog.instantiate("A", in: c.window) as? RecordingController)
}

private let showS = SegueDefinition(identifier: "s", kind: .show, destination: "B")

/// The push log of a show segue from A inside N[A] (after the hooks before it).
private let pushOfB = [
    "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
    "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(toParent: N)",
]

@Suite struct SegueLifecycleConformanceTests {
    // R1.1 (a): shouldPerformSegue false drops the segue silently: no destination, no prepare,
    // no error, no transition (the journal shows accepted then vetoed, nothing began).
    @Test func r1_1_shouldPerformVetoDropsSegueSilently() async throws {
        let c = Conformance()
        let catalog = storyboard(c, [showS])
        let a = try source(catalog, c)
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        await a.setAllowsSegues(false)
        let journal = await c.window.journal()

        let outcome = try await a.triggerSegue(withIdentifier: "s", sender: nil)

        #expect(outcome == .vetoed)
        #expect(c.recorder.take() == ["A.shouldPerformSegue(s)"])
        #expect(await c.tree() == "N(navigation, appeared)[A(content, appeared)]")
        let events = await c.closeAndCollect(journal)
        #expect(events.map(\.kind) == [.accepted("trigger s"), .vetoed, .windowClosed])
    }

    // R1.1 (a)–(e), R1.10: a storyboard trigger runs shouldPerform, instantiate, prepare, perform
    // in that order, as one job: prepare completes before any appearance callback.
    @Test func r1_1_r1_10_triggeredSegueRunsStepsInOrder() async throws {
        let c = Conformance()
        let catalog = storyboard(c, [showS])
        let a = try source(catalog, c)
        let n = await c.navigation("N", [a])
        try await c.start(with: n)

        let outcome = try await a.triggerSegue(withIdentifier: "s", sender: nil)

        #expect(outcome == .completed(sequence: 2))
        #expect(c.recorder.take() == ["A.shouldPerformSegue(s)", "B.init", "A.prepare(s, A → B)"] + pushOfB)
        #expect(await c.tree() == "N(navigation, appeared)[A(content, disappeared), B(content, appeared)]")
    }

    // R1.2: performSegue from code skips shouldPerformSegue (A would veto it) and otherwise
    // runs the same steps (idea 2, and idea 8: a show segue inside a navigation controller pushes).
    @Test func r1_2_performSegueSkipsShouldPerform() async throws {
        let c = Conformance()
        let catalog = storyboard(c, [showS])
        let a = try source(catalog, c)
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        await a.setAllowsSegues(false)

        let outcome = try await a.performSegue(withIdentifier: "s", sender: nil)

        #expect(outcome == .completed(sequence: 2))
        #expect(c.recorder.take() == ["B.init", "A.prepare(s, A → B)"] + pushOfB)
        #expect(await n.viewControllers.count == 2)
    }

    // R1.3: an identifier the scene does not declare (and nil, printed '(null)') fails with the
    // UIKit reason; nothing is instantiated or prepared and the tree is unchanged. Runtime
    // decision: a thrown `.unknownSegueIdentifier` instead of NSInvalidArgumentException. An
    // identifier with a newline is escaped in the message (one line), kept as it is in
    // `identifier`.
    @Test(arguments: [("nope", "'nope'"), (nil, "'(null)'"), ("nope\n2025 ERROR forged", #"'nope\n2025 ERROR forged'"#)] as [(String?, String)])
    func r1_3_unknownIdentifierThrowsAndDoesNothing(identifier: String?, printed: String) async throws {
        let c = Conformance()
        let catalog = storyboard(c, [showS])
        let a = try source(catalog, c)
        try await c.start(with: a)

        let error = await navigationError { try await a.performSegue(withIdentifier: identifier, sender: nil) }

        #expect(error?.code == .unknownSegueIdentifier)
        #expect(error?.message == "Receiver (\(a.id) RecordingController) has no segue with identifier \(printed)")
        #expect(error?.controllers == [a.id])
        #expect(error?.identifier == identifier)
        #expect(c.recorder.take() == [])
        #expect(await c.tree() == "A(content, appeared)")
        #expect(await c.window.snapshot().sequence == 1)
    }

    // R1.3: a controller not loaded from a storyboard has no segues at all; a storyboard
    // trigger with an unknown identifier fails the same way (shouldPerform is not asked).
    @Test func r1_3_controllerWithoutSceneHasNoSegues() async throws {
        let c = Conformance()
        let x = c.controller("X")
        try await c.start(with: x)

        let coded = await navigationError { try await x.performSegue(withIdentifier: "s") }
        let triggered = await navigationError { try await x.triggerSegue(withIdentifier: "s") }

        for error in [coded, triggered] {
            #expect(error?.code == .unknownSegueIdentifier)
            #expect(error?.message == "Receiver (\(x.id) RecordingController) has no segue with identifier 's'")
        }
        #expect(c.recorder.take() == [])
    }

    // R1.4, R6.1: prepare runs before the destination is loaded; B.viewDidLoad comes after
    // prepare and before B.viewWillAppear (idea 4).
    @Test func r1_4_prepareRunsBeforeDestinationLoads() async throws {
        let c = Conformance()
        let catalog = storyboard(c, [SegueDefinition(identifier: "m", kind: .presentModally(.fullScreen), destination: "B")])
        let a = try source(catalog, c)
        try await c.start(with: a)
        let recorder = c.recorder
        await a.setOnPrepare { segue, _ in
            recorder.record("prepare sees B.isViewLoaded=\(await segue.destination.isViewLoaded)")
        }

        try await a.performSegue(withIdentifier: "m")

        #expect(c.recorder.take() == [
            "B.init", "A.prepare(m, A → B)", "prepare sees B.isViewLoaded=false", "B.viewDidLoad",
            "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
        ])
        let b = try #require(await a.presentedViewController)
        #expect(await b.isViewLoaded)
    }

    // R1.5: the sender reaches shouldPerformSegue (storyboard trigger) and prepare unchanged,
    // and the very same instance (idea 6).
    @Test func r1_5_senderIsDeliveredUnchanged() async throws {
        let c = Conformance()
        let recorder = c.recorder
        let catalog = SceneCatalog([
            Scene("P", segues: [SegueDefinition(identifier: "s", kind: .presentModally(.overFullScreen), destination: "B")]) {
                ProbeController(
                    context: $0, name: "P", recorder: recorder, children: [], style: .automatic,
                    definesContext: false, logsFlags: false
                )
            },
            Scene("B") { RecordingController(context: $0, name: "B", recorder: recorder) },
        ])
        let p = try #require(catalog.instantiate("P", in: c.window) as? ProbeController)
        try await c.start(with: p)

        try await p.triggerSegue(withIdentifier: "s", sender: CellBox(row: 3))
        try await p.dismiss()
        try await p.performSegue(withIdentifier: "s", sender: CellBox(row: 7))

        #expect(await p.senders == ["should:cell-3", "prepare:cell-3", "prepare:cell-7"])

        let catalogA = storyboard(c, [SegueDefinition(identifier: "s", kind: .presentModally(.overFullScreen), destination: "B")])
        let a = try source(catalogA, c)
        try await p.dismiss()
        try await c.window.setRootViewController(a)
        let cell = CellBox(row: 9)
        try await a.performSegue(withIdentifier: "s", sender: cell)
        #expect(await a.lastPreparedSender as? CellBox === cell)
    }

    // R1.6, R1.7, R1.9: a segue made with a perform handler keeps its identifier, source and
    // destination; each perform() runs the handler exactly once; perform() neither asks
    // shouldPerformSegue nor calls prepare, and changes nothing the handler does not do (idea 5).
    @Test func r1_7_performHandlerRunsOncePerPerform() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let b = c.controller("B")
        try await c.start(with: a)
        let recorder = c.recorder
        let count = Atomic<Int>(0)
        let segue = Segue(identifier: "x", source: a, destination: b) { segue in
            count.add(1, ordering: .relaxed)
            recorder.record("handler(\(segue.identifier ?? "nil"))")
        }
        #expect(segue.identifier == "x")
        #expect(segue.source === a)
        #expect(segue.destination === b)

        #expect(try await segue.perform() == .noChange)
        #expect(try await segue.perform() == .noChange)

        #expect(count.load(ordering: .relaxed) == 2)
        #expect(c.recorder.take() == ["handler(x)", "handler(x)"])
        #expect(await c.tree() == "A(content, appeared)")
    }

    // R1.9: a segue built in code is inert until perform(); perform() runs its kind without
    // shouldPerformSegue (A would veto) and without prepare.
    @Test func r1_9_manualSegueIsInertUntilPerformAndSkipsHooks() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let b = c.controller("B")
        try await c.start(with: a)
        await a.setAllowsSegues(false)
        let segue = Segue(identifier: "m", source: a, destination: b, kind: .presentModally(.fullScreen))
        #expect(c.recorder.events == [])
        #expect(await c.tree() == "A(content, appeared)")

        #expect(try await segue.perform() == .completed(sequence: 2))

        #expect(c.recorder.take() == [
            "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
        ])
        #expect(await c.tree() == "A(content, disappeared) ▸ B(content, appeared, fullScreen)")
    }

    // R1.8 (and R1.1 (c)): a custom segue gets a new segue and a new destination per trigger;
    // the source prepares before perform() runs; perform's effect is the transition. R1.4,
    // R6.1: perform() runs with the destination's view loaded (viewDidLoad after prepare,
    // before perform; issue 11 finding 6).
    @Test func r1_8_customSegueNewInstancePerTriggerPrepareThenPerform() async throws {
        let c = Conformance()
        let recorder = c.recorder
        let destinations = Mutex<[ControllerID]>([])
        let performer = ClosureSeguePerformer { segue in
            destinations.withLock { $0.append(segue.destination.id) }
            recorder.record("perform(\(segue.identifier ?? "nil"))")
            return .present(.fullScreen)
        }
        let catalog = storyboard(c, [SegueDefinition(identifier: "c", kind: .custom(performer), destination: "B")])
        let a = try source(catalog, c)
        try await c.start(with: a)

        try await a.triggerSegue(withIdentifier: "c")
        try await a.dismiss(animated: false)
        c.recorder.clear()
        try await a.triggerSegue(withIdentifier: "c", animated: false)

        #expect(c.recorder.take() == [
            "A.shouldPerformSegue(c)", "B.init", "A.prepare(c, A → B)", "B.viewDidLoad", "perform(c)",
            "A.viewWillDisappear(false)", "B.viewWillAppear(false)", "B.viewDidAppear(false)", "A.viewDidDisappear(false)",
        ])
        let ids = destinations.withLock { $0 }
        #expect(ids.count == 2)
        #expect(Set(ids).count == 2)
        #expect(await a.presentedViewController?.id == ids.last)
    }

    // R1.10: prepare runs inside the window's serialized transition job: the window is busy
    // with this request, nothing is committed yet and the tree has not changed.
    @Test func r1_10_prepareRunsInsideTheSerializedJob() async throws {
        let c = Conformance()
        let catalog = storyboard(c, [showS])
        let a = try source(catalog, c)
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let window = c.window
        await a.setOnPrepare { _, _ in
            let snapshot = await window.snapshot()
            c.recorder.record("in prepare: inFlight=\(snapshot.transitionInFlight) sequence=\(snapshot.sequence)")
            c.recorder.record("in prepare: tree=\(await c.tree())")
        }

        #expect(try await a.performSegue(withIdentifier: "s") == .completed(sequence: 2))

        #expect(c.recorder.take() == [
            "B.init", "A.prepare(s, A → B)", "in prepare: inFlight=true sequence=1",
            "in prepare: tree=N(navigation, appeared)[A(content, appeared)]",
        ] + pushOfB)
    }

    // R1.10, R1.4: prepare completes before any appearance callback, so a prepare that throws
    // fails the segue (`.hookFailed`) with no callback delivered and the tree unchanged.
    @Test func r1_10_failingPrepareStopsBeforeAnyCallback() async throws {
        struct PrepareFailure: Error {}
        let c = Conformance()
        let catalog = storyboard(c, [showS])
        let a = try source(catalog, c)
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        await a.setPrepareError(PrepareFailure())

        let error = await navigationError { try await a.performSegue(withIdentifier: "s") }

        #expect(error?.code == .hookFailed)
        #expect(error?.identifier == "s")
        #expect(c.recorder.take() == ["B.init", "A.prepare(s, A → B)"])
        #expect(await c.tree() == "N(navigation, appeared)[A(content, appeared)]")
        #expect(await c.window.snapshot().sequence == 1)
    }

    // R2.1 (idea 9): a show segue with no navigation controller on the responder chain presents
    // modally from the source (root); B's own style (automatic → pageSheet, R2.11) keeps A on
    // screen (R6.5).
    @Test func r2_1_showWithoutNavigationPresentsModally() async throws {
        let c = Conformance()
        let catalog = storyboard(c, [showS], destinationStyle: .automatic)
        let a = try source(catalog, c)
        try await c.start(with: a)

        try await a.performSegue(withIdentifier: "s")

        #expect(c.recorder.take() == [
            "B.init", "A.prepare(s, A → B)", "B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
        ])
        #expect(await c.tree() == "A(content, appeared) ▸ B(content, appeared, pageSheet)")
        let b = try #require(await a.presentedViewController)
        #expect(await b.presentingViewController === a)
    }

    // R2.2 (idea 10): targetViewController(forAction:) finds the navigation controller for
    // show, nothing for showDetail (R2.3: navigation does not override it), and nil with no
    // navigation controller.
    @Test func r2_2_targetViewControllerLookup() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        #expect(await a.targetViewController(forAction: .show) === n)
        #expect(await a.targetViewController(forAction: .showDetail) == nil)

        let lone = Conformance()
        let x = lone.controller("X")
        try await lone.start(with: x)
        #expect(await x.targetViewController(forAction: .show) == nil)
    }

    // R2.4 (idea 11): showDetail inside a bare navigation stack presents modally (from the layer
    // owner N, R3.3); the stack is unchanged.
    @Test func r2_4_showDetailInBareNavigationPresentsModally() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")

        try await a.showDetailViewController(b)

        #expect(c.recorder.take() == ["B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        #expect(await c.tree() == "N(navigation, appeared)[A(content, appeared)] ▸ B(content, appeared, pageSheet)")
        #expect(await b.presentingViewController === n)
        #expect(await n.viewControllers.count == 1)
    }
}
