import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// UIKIT-SEMANTICS §7, the unwind process and its executor (R7.1–R7.3, R7.7, R7.8, R7.9,
// R7.11); ideas 58, 62, 63 of §11; R3.11 / R6.7 for the dismissals an unwind makes.

private let done = "done:"

/// A source scene with one unwind segue "back" (R7.2, R7.11), for a probe built in code.
private func unwindScene(animates: Bool = true) -> (Scene, SceneCatalog) {
    let scene = Scene(
        "source",
        segues: [SegueDefinition(identifier: "back", kind: .unwind(action: done), destination: "", animates: animates)]
    ) { GenericViewController(context: $0) }
    return (scene, SceneCatalog([scene]))
}

/// A value the hooks can fill in and the test read back.
private final class Notes: Sendable {
    private let lines = Mutex([String]())
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

@Suite struct UnwindExecutionTests {
    // R7.1 (idea 63): prepare (step 2) and the destination's action (step 3) run before any
    // transition callback, while the tree is still exactly as it was (the source on top and
    // appeared, the stack unchanged); the first viewWillDisappear comes after both.
    @Test func r7_1_idea63_prepareAndActionBeforeAnyTransitionCallback() async throws {
        let w = UnwindWorld()
        let (a, b, c) = (w.probe("A", actions: [done]), w.probe("B"), w.probe("C"))
        let n = await w.navigation("N", [a, b, c])
        try await w.start(with: n)
        let notes = Notes()
        let look: @Sendable (String) async -> Void = { hook in
            let stack = await n.viewControllers.count
            let state = await c.appearanceState
            let parent = await c.parent === n
            notes.add("\(hook): stack \(stack), C \(state), C in N \(parent)")
        }
        await c.setOnPrepare { _ in await look("prepare") }
        await a.setOnAction { _ in await look("action") }
        let journal = await w.window.journal()

        #expect(try await c.performUnwind(action: done) == .completed(sequence: 2))

        #expect(notes.all == [
            "prepare: stack 3, C appeared, C in N true",
            "action: stack 3, C appeared, C in N true",
        ])
        let log = w.recorder.take()
        let prepare = try #require(log.firstIndex(of: "C.prepare(nil C→A unwind(done:), sender: nil)"))
        let action = try #require(log.firstIndex(of: "A.performUnwindAction(done:, nil C→A)"))
        let firstWillDisappear = try #require(log.firstIndex { $0.contains("viewWillDisappear") })
        #expect(prepare < action && action < firstWillDisappear)
        // The journal agrees: nothing of the transition began before both hooks returned.
        let events = await w.closeAndCollect(journal)
        #expect(w.lifecycle(events).prefix(2) == [.accepted("unwind done:"), .began])
    }

    // R7.3, R7.11: the segue the hooks get: source S, destination the found controller,
    // identifier (nil in code, the storyboard's when triggered), kind unwind(action); the
    // sender reaches prepare and every canPerformUnwind question unchanged.
    @Test func r7_3_r7_11_theUnwindSegueDescribesTheUnwind() async throws {
        let w = UnwindWorld()
        let (scene, catalog) = unwindScene()
        let a = w.probe("A", actions: [done])
        let b = w.probe("B")
        let c = w.probe("C", scene: scene, catalog: catalog)
        let n = await w.navigation("N", [a, b, c])
        try await w.start(with: n)
        let notes = Notes()
        await a.setOnAction { segue in
            var kind = segue.kind.name
            if let action = segue.kind.unwindAction { kind += "(\(action))" }
            notes.add(
                "source C \(segue.source === c), destination A \(segue.destination === a), "
                    + "identifier \(segue.identifier ?? "nil"), \(kind)"
            )
        }

        #expect(try await c.performSegue(withIdentifier: "back", sender: UnwindSender("tap")) == .completed(sequence: 2))

        #expect(notes.all == ["source C true, destination A true, identifier back, unwind(done:)"])
        #expect(Array(w.recorder.take().prefix(4)) == [
            "B.canPerformUnwind(done:, from: C) → false",
            "A.canPerformUnwind(done:, from: C) → true",
            "C.prepare(back C→A unwind(done:), sender: sender-tap)",
            "A.performUnwindAction(done:, back C→A)",
        ])
        #expect(await c.senders == ["prepare:sender-tap"])
        #expect(await b.senders == ["canPerform:sender-tap"])
        #expect(await a.senders == ["canPerform:sender-tap"])
    }

    // R7.11: an unwind made in code with an identifier passes it on; with a sender, the sender.
    @Test func r7_11_codeUnwindCarriesItsIdentifierAndSender() async throws {
        let w = UnwindWorld()
        let (a, c) = (w.probe("A", actions: [done]), w.probe("C"))
        let n = await w.navigation("N", [a, c])
        try await w.start(with: n)

        #expect(try await c.performUnwind(action: done, identifier: "toA", sender: UnwindSender("x")) == .completed(sequence: 2))

        #expect(Array(w.recorder.take().prefix(3)) == [
            "A.canPerformUnwind(done:, from: C) → true",
            "C.prepare(toA C→A unwind(done:), sender: sender-x)",
            "A.performUnwindAction(done:, toA C→A)",
        ])
    }

    // R7.2 (idea 62): a storyboard-triggered unwind asks the source's shouldPerformSegue
    // first; false drops it silently: no search (no canPerformUnwind), no prepare, no change.
    @Test func r7_2_idea62_shouldPerformVetoDropsTheUnwindBeforeTheSearch() async throws {
        let w = UnwindWorld()
        let (scene, catalog) = unwindScene()
        let a = w.probe("A", actions: [done])
        let c = w.probe("C", scene: scene, catalog: catalog)
        let n = await w.navigation("N", [a, c])
        try await w.start(with: n)
        await c.setAllowsSegues(false)
        let before = await w.window.snapshot()
        let journal = await w.window.journal()

        #expect(try await c.triggerSegue(withIdentifier: "back") == .vetoed)

        #expect(w.recorder.take() == ["C.shouldPerformSegue(back)"])
        #expect(await w.window.snapshot() == before)
        let events = await w.closeAndCollect(journal)
        #expect(events.map(\.kind) == [.accepted("trigger back"), .vetoed, .windowClosed])
    }

    // R7.2: allowed, the triggered unwind runs shouldPerform, then the search, prepare, action,
    // the pop; the storyboard's `animates` flag is honoured (animates="NO": callbacks false).
    @Test func r7_2_triggeredUnwindAsksShouldPerformThenRuns() async throws {
        let w = UnwindWorld()
        let (scene, catalog) = unwindScene(animates: false)
        let a = w.probe("A", actions: [done])
        let c = w.probe("C", scene: scene, catalog: catalog)
        let n = await w.navigation("N", [a, c])
        try await w.start(with: n)

        #expect(try await c.triggerSegue(withIdentifier: "back") == .completed(sequence: 2))

        #expect(w.recorder.take() == [
            "C.shouldPerformSegue(back)",
            "A.canPerformUnwind(done:, from: C) → true",
            "C.prepare(back C→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, back C→A)",
            "C.willMove(toParent: nil)", "A.viewDidLoad", "C.viewWillDisappear(false)", "A.viewWillAppear(false)",
            "C.viewDidDisappear(false)", "A.viewDidAppear(false)", "C.didMove(toParent: nil)",
        ])
    }

    // R7.2, R1.2: performSegue(withIdentifier:) on an unwind identifier skips shouldPerform.
    @Test func r7_2_programmaticUnwindSegueSkipsShouldPerform() async throws {
        let w = UnwindWorld()
        let (scene, catalog) = unwindScene()
        let a = w.probe("A", actions: [done])
        let c = w.probe("C", scene: scene, catalog: catalog)
        let n = await w.navigation("N", [a, c])
        try await w.start(with: n)
        await c.setAllowsSegues(false)

        #expect(try await c.performSegue(withIdentifier: "back") == .completed(sequence: 2))

        #expect(w.recorder.take().contains("C.shouldPerformSegue(back)") == false)
        #expect(await w.tree() == "N(navigation, appeared)[A(content, appeared)]")
    }

    // R7.8, R3.11, R6.7: A (root) → B → C, each full screen; A handles the action: C unwinds to
    // A with ONE dismissal from A (one transition, one animation): only C disappears (B, already
    // disappeared, gets nothing), only A appears; B and C are being dismissed while in flight.
    @Test func r7_8_r3_11_unwindAcrossAModalChainIsOneDismissal() async throws {
        let clock = ManualClock()
        let w = UnwindWorld(clock: clock)
        let a = w.probe("A", actions: [done])
        try await w.start(with: a)
        let (b, c) = (w.probe("B"), w.probe("C"))
        try await a.present(b, style: .fullScreen, animated: false)
        try await b.present(c, style: .fullScreen, animated: false)
        w.recorder.clear()
        let journal = await w.window.journal()

        let unwind = Task { try await c.performUnwind(action: done) }
        await clock.sleepers(atLeast: 1)
        #expect(await b.isBeingDismissed)
        #expect(await c.isBeingDismissed)
        #expect(w.recorder.events == [
            "B.canPerformUnwind(done:, from: C) → false",
            "A.canPerformUnwind(done:, from: C) → true",
            "C.prepare(nil C→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil C→A)",
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)",
        ])
        clock.advance(by: .seconds(1))
        #expect(try await unwind.value == .completed(sequence: 4))

        #expect(w.recorder.take().suffix(2) == ["A.viewDidAppear(true)", "C.viewDidDisappear(true)"])
        #expect(await b.isBeingDismissed == false)
        #expect(await w.tree() == "A(content, appeared)")
        #expect(await a.presentedViewController == nil)
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [.composite([.dismiss(presenter: a.id, removed: [b.id, c.id])])])
    }

    // R7.6, R7.8: in the same chain with A and B both handling the action, C unwinds to B (the
    // most recent presentation layer): only C is dismissed, B appears again.
    @Test func r7_6_r7_8_modalChainUnwindsToTheNearestLayer() async throws {
        let w = UnwindWorld()
        let a = w.probe("A", actions: [done])
        try await w.start(with: a)
        let (b, c) = (w.probe("B", actions: [done]), w.probe("C"))
        try await a.present(b, style: .fullScreen, animated: false)
        try await b.present(c, style: .fullScreen, animated: false)
        w.recorder.clear()

        #expect(try await c.performUnwind(action: done) == .completed(sequence: 4))

        #expect(w.recorder.take() == [
            "B.canPerformUnwind(done:, from: C) → true",
            "C.prepare(nil C→B unwind(done:), sender: nil)",
            "B.performUnwindAction(done:, nil C→B)",
            "C.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)", "C.viewDidDisappear(true)",
        ])
        #expect(await w.tree() == "A(content, disappeared) ▸ B(content, appeared, fullScreen)")
    }

    // R7.4, R7.8 (idea 58): N1[A] presents N2[B,C]; only A handles the action; C unwinds: the
    // search visits N2's B, then (N2 itself,) then N1's A. The executor dismisses N2 with one
    // dismissal from N1 and A appears; the containers' callbacks are in the journal.
    @Test func r7_4_r7_8_idea58_unwindAcrossAPresentation() async throws {
        let w = UnwindWorld()
        let a = w.probe("A", actions: [done])
        let n1 = await w.navigation("N1", [a])
        try await w.start(with: n1)
        let (b, c) = (w.probe("B"), w.probe("C"))
        let n2 = await w.navigation("N2", [b, c])
        try await a.present(n2, style: .fullScreen, animated: false)
        w.recorder.clear()
        let journal = await w.window.journal()

        #expect(try await c.performUnwind(action: done) == .completed(sequence: 3))

        #expect(w.recorder.take() == [
            "B.canPerformUnwind(done:, from: C) → false",
            "A.canPerformUnwind(done:, from: C) → true",
            "C.prepare(nil C→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil C→A)",
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)", "C.viewDidDisappear(true)",
        ])
        #expect(await w.tree() == "N1(navigation, appeared)[A(content, appeared)]")
        #expect(await n2.isInWindowHierarchy == false)
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [.composite([.dismiss(presenter: n1.id, removed: [n2.id])])])
        #expect(w.callbacks(events) == [
            "N2.viewWillDisappear(true)", "C.viewWillDisappear(true)", "N1.viewWillAppear(true)", "A.viewWillAppear(true)",
            "A.viewDidAppear(true)", "N1.viewDidAppear(true)", "C.viewDidDisappear(true)", "N2.viewDidDisappear(true)",
        ])
    }

    // R7.8, R7.9: from a presented navigation controller to a controller deep in the
    // presenter's stack: N1[A,B] presents N2[P,Q]; A handles the action; Q unwinds to A: one
    // transition dismisses N2 and pops N1 to A. B (covered) only leaves its parent; only Q
    // disappears, only A appears.
    @Test func r7_8_r7_9_fromAPresentedStackIntoThePresentersStack() async throws {
        let w = UnwindWorld()
        let (a, b) = (w.probe("A", actions: [done]), w.probe("B"))
        let n1 = await w.navigation("N1", [a, b])
        try await w.start(with: n1)
        let (p, q) = (w.probe("P"), w.probe("Q"))
        let n2 = await w.navigation("N2", [p, q])
        try await b.present(n2, style: .fullScreen, animated: false)
        w.recorder.clear()
        let journal = await w.window.journal()

        #expect(try await q.performUnwind(action: done) == .completed(sequence: 3))

        #expect(w.recorder.take() == [
            "P.canPerformUnwind(done:, from: Q) → false",
            "B.canPerformUnwind(done:, from: Q) → false",
            "A.canPerformUnwind(done:, from: Q) → true",
            "Q.prepare(nil Q→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil Q→A)",
            "B.willMove(toParent: nil)", "A.viewDidLoad",
            "Q.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)", "Q.viewDidDisappear(true)",
            "B.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == "N1(navigation, appeared)[A(content, appeared)]")
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [
            .composite([.dismiss(presenter: n1.id, removed: [n2.id]), .pop(navigation: n1.id, removed: [b.id])])
        ])
    }

    // R7.8, R3.11: a chain N1[A] ▸ N2[B,C] ▸ D; B handles the action; D unwinds to B: N2
    // dismisses D and pops to B in one transition; N1 and A stay covered and get nothing.
    @Test func r7_8_fromTheTopOfAChainIntoAMiddleStack() async throws {
        let w = UnwindWorld()
        let a = w.probe("A")
        let n1 = await w.navigation("N1", [a])
        try await w.start(with: n1)
        let (b, c) = (w.probe("B", actions: [done]), w.probe("C"))
        let n2 = await w.navigation("N2", [b, c])
        try await a.present(n2, style: .fullScreen, animated: false)
        let d = w.probe("D")
        try await c.present(d, style: .fullScreen, animated: false)
        w.recorder.clear()
        let journal = await w.window.journal()

        #expect(try await d.performUnwind(action: done) == .completed(sequence: 4))

        #expect(w.recorder.take() == [
            "C.canPerformUnwind(done:, from: D) → false",
            "B.canPerformUnwind(done:, from: D) → true",
            "D.prepare(nil D→B unwind(done:), sender: nil)",
            "B.performUnwindAction(done:, nil D→B)",
            "C.willMove(toParent: nil)", "B.viewDidLoad",
            "D.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)", "D.viewDidDisappear(true)",
            "C.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == """
            N1(navigation, disappeared)[A(content, disappeared)] ▸ N2(navigation, appeared, fullScreen)[B(content, appeared)]
            """)
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [
            .composite([.dismiss(presenter: n2.id, removed: [d.id]), .pop(navigation: n2.id, removed: [c.id])])
        ])
    }

    // R7.7: the destination's container returns a custom segue from segueForUnwinding (asked
    // after the destination, before the source's prepare: UIKit makes the segue before prepare
    // sees it, R7.1); its performer runs after the destination's action with the destination
    // loaded (R6.1), with the unwind's segue; its `.unwind` answer carries out the unwind: the
    // containers' unwind(for:towards:), then the pop (issue 11, finding 4).
    @Test func r7_7_segueForUnwindingPerformerRuns() async throws {
        let w = UnwindWorld()
        let k = w.probe("K", actions: [done])
        let p = w.probe("P", children: [k])
        let s = w.probe("S")
        let n = await w.navigation("N", [p, s])
        try await w.start(with: n)
        let recorder = w.recorder
        await p.setUnwindPerformer(ClosureSeguePerformer { segue in
            recorder.record(
                "performer(\(segue.identifier ?? "nil") \(recorder.name(of: segue.source))→\(recorder.name(of: segue.destination)))"
            )
            return .unwind
        })

        #expect(try await s.performUnwind(action: done, identifier: "u") == .completed(sequence: 2))

        #expect(w.recorder.take() == [
            "K.canPerformUnwind(done:, from: S) → true",
            "P.segueForUnwinding(to: K, from: S, identifier: u)",
            "S.prepare(u S→K unwind(done:), sender: nil)",
            "K.performUnwindAction(done:, u S→K)",
            "K.viewDidLoad",
            "performer(u S→K)",
            "P.unwind(for: u S→K, towards: K)",
            "S.willMove(toParent: nil)", "P.viewDidLoad",
            "S.viewWillDisappear(true)", "P.viewWillAppear(true)", "K.viewWillAppear(true)",
            "S.viewDidDisappear(true)", "K.viewDidAppear(true)", "P.viewDidAppear(true)",
            "S.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == "N(navigation, appeared)[P(content, appeared)[K(content, appeared)]]")
    }

    // R7.7: a custom unwind segue that throws fails the unwind with `.hookFailed` and leaves
    // the hierarchy as it was (no transition callback; the destination stays loaded, R6.1).
    @Test func r7_7_throwingUnwindSegueFailsAndChangesNothing() async throws {
        struct Boom: Error {}
        let w = UnwindWorld()
        let k = w.probe("K", actions: [done])
        let p = w.probe("P", children: [k])
        let s = w.probe("S")
        let n = await w.navigation("N", [p, s])
        try await w.start(with: n)
        await p.setUnwindPerformer(ClosureSeguePerformer { _ in throw Boom() })
        let before = await w.window.snapshot()

        do {
            try await s.performUnwind(action: done)
            Issue.record("expected .hookFailed")
        } catch let error as NavigationError {
            #expect(error.code == .hookFailed)
            #expect(error.controllers == [s.id, k.id])
        }

        #expect(w.recorder.take() == [
            "K.canPerformUnwind(done:, from: S) → true",
            "P.segueForUnwinding(to: K, from: S, identifier: nil)",
            "S.prepare(nil S→K unwind(done:), sender: nil)",
            "K.performUnwindAction(done:, nil S→K)",
            "K.viewDidLoad",
        ])
        #expect(await w.window.snapshot() == before)
    }

    // R7.8 with R4.12: an unwind pops the stack like popToViewController, so the navigation
    // controller's delegate hears willShow at the begin phase and didShow at the end.
    @Test func r7_8_r4_12_unwindPopTellsTheNavigationDelegate() async throws {
        let w = UnwindWorld()
        let (a, b, c) = (w.probe("A", actions: [done]), w.probe("B"), w.probe("C"))
        let n = await w.navigation("N", [a, b, c], delegate: true)
        try await w.start(with: n)

        #expect(try await c.performUnwind(action: done) == .completed(sequence: 2))

        let log = w.recorder.take()
        do {
            #expect(log.suffix(8) == [
                "C.viewWillDisappear(true)", "A.viewWillAppear(true)", "N.delegate.willShow(A)",
                "C.viewDidDisappear(true)", "A.viewDidAppear(true)",
                "B.didMove(toParent: nil)", "C.didMove(toParent: nil)", "N.delegate.didShow(A)",
            ])
        }
        #expect(await w.tree() == "N(navigation, appeared)[A(content, appeared)]")
    }
}

@Suite struct UnwindKnownIssueTests {
    // R7.8, R3.11: "every VC presented above the destination's presentation layer is
    // dismissed". P[N1[A]] (N1 defines the context) with N1 ▸ B (current context) and
    // P ▸ M (full screen); A handles the action; M unwinds to A: both M and B must go, and A
    // (with P and N1) must appear.
    @Test func r7_8_unwindDismissesEveryPresentationAboveTheDestination() async throws {
        let w = UnwindWorld()
        let a = w.probe("A", actions: [done])
        let n1 = await w.navigation("N1", [a], definesContext: true)
        let p = w.probe("P", children: [n1])
        try await w.start(with: p)
        let b = w.probe("B")
        try await a.present(b, style: .currentContext, animated: false)
        let m = w.probe("M")
        try await a.present(m, style: .fullScreen, animated: false)
        w.recorder.clear()
        #expect(await w.tree() == """
            P(content, disappeared)[N1(navigation, disappeared)[A(content, disappeared)] ▸ B(content, disappeared, currentContext)] \
            ▸ M(content, appeared, fullScreen)
            """)

        #expect(try await m.performUnwind(action: done) == .completed(sequence: 4))

        let log = w.recorder.take()
        #expect(Array(log.prefix(4)) == [
            "A.canPerformUnwind(done:, from: M) → true",
            "M.prepare(nil M→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil M→A)",
            "P.unwind(for: nil M→A, towards: N1)",
        ])
        let tree = await w.tree()
        do {
            #expect(Array(log.dropFirst(4)) == [
                "M.viewWillDisappear(true)", "P.viewWillAppear(true)", "A.viewWillAppear(true)",
                "A.viewDidAppear(true)", "P.viewDidAppear(true)", "M.viewDidDisappear(true)",
            ])
            #expect(tree == "P(content, appeared)[N1(navigation, appeared)[A(content, appeared)]]")
        }
    }
}

@Suite struct UnwindMoreExecutionTests {
    // R7.9, R6.5, R6.7: N1[A,B] ▸ S (over full screen: B stays on screen under S); A handles
    // the action; S unwinds to A: one transition dismisses S and pops B; S and B disappear
    // (top layer first), only A appears.
    @Test func r7_9_r6_5_unwindFromAnOverFullScreenPresentationIntoTheStack() async throws {
        let w = UnwindWorld()
        let (a, b) = (w.probe("A", actions: [done]), w.probe("B"))
        let n1 = await w.navigation("N1", [a, b])
        try await w.start(with: n1)
        let s = w.probe("S")
        try await b.present(s, style: .overFullScreen, animated: false)
        w.recorder.clear()

        #expect(try await s.performUnwind(action: done) == .completed(sequence: 3))

        #expect(w.recorder.take() == [
            "B.canPerformUnwind(done:, from: S) → false",
            "A.canPerformUnwind(done:, from: S) → true",
            "S.prepare(nil S→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil S→A)",
            "B.willMove(toParent: nil)", "A.viewDidLoad",
            "S.viewWillDisappear(true)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "A.viewDidAppear(true)", "S.viewDidDisappear(true)", "B.viewDidDisappear(true)",
            "B.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == "N1(navigation, appeared)[A(content, appeared)]")
    }

    // R7.6, R6.5: the destination under an over-full-screen presentation is already on screen:
    // the dismissal gives it no appear callbacks; only S disappears.
    @Test func r7_8_r6_5_destinationUnderAnOverFullScreenPresentationGetsNoAppearCallbacks() async throws {
        let w = UnwindWorld()
        let a = w.probe("A", actions: [done])
        try await w.start(with: a)
        let s = w.probe("S")
        try await a.present(s, style: .overFullScreen, animated: false)
        w.recorder.clear()

        #expect(try await s.performUnwind(action: done) == .completed(sequence: 3))

        #expect(w.recorder.take() == [
            "A.canPerformUnwind(done:, from: S) → true",
            "S.prepare(nil S→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil S→A)",
            "S.viewWillDisappear(true)", "S.viewDidDisappear(true)",
        ])
        #expect(await w.tree() == "A(content, appeared)")
    }

    // R7.7 at the level the search climbs to: the source's own container P overrides the
    // legacy hook and names K: K is the destination, P's other children are not searched.
    @Test func r7_7_legacyOverrideAtTheSourcesContainer() async throws {
        let w = UnwindWorld()
        let (k, s) = (w.probe("K", actions: [done]), w.probe("S"))
        let other = w.probe("O", actions: [done])
        let p = w.probe("P", children: [other, k, s])
        await p.setLegacyAnswer(.destination(k))
        try await w.start(with: p)

        #expect(try await s.performUnwind(action: done) == .noChange)

        #expect(w.recorder.take() == [
            "P.viewControllerForUnwindSegueAction(done:, from: S) → K",
            "S.prepare(nil S→K unwind(done:), sender: nil)",
            "K.performUnwindAction(done:, nil S→K)",
            "P.unwind(for: nil S→K, towards: K)",
        ])
    }

    // DESIGN §3.5 with R7.10's "nothing happens": an unwind with `.dropIfBusy` while a
    // transition runs is dropped before any search.
    @Test func r7_10_unwindDroppedWhenBusyDoesNothing() async throws {
        let clock = ManualClock()
        let w = UnwindWorld(clock: clock)
        let (a, c) = (w.probe("A", actions: [done]), w.probe("C"))
        let n = await w.navigation("N", [a, c])
        try await w.start(with: n)
        let d = w.probe("D")

        let push = Task { try await n.pushViewController(d) }
        await clock.sleepers(atLeast: 1)
        #expect(try await c.performUnwind(action: done, policy: .dropIfBusy) == .dropped)
        clock.advance(by: .seconds(1))
        #expect(try await push.value == .completed(sequence: 2))

        #expect(w.recorder.take().contains { $0.contains("Unwind") || $0.contains("prepare") } == false)
        #expect(await w.tree() == """
            N(navigation, appeared)[A(content, disappeared), C(content, disappeared), D(content, appeared)]
            """)
    }
}
