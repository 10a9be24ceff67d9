import NavigationRuntime
import NavigationRuntimeTesting
import Testing

// UIKIT-SEMANTICS §6 (appearance, loading and containment callbacks, R6.1–R6.14) and ideas
// 42–43, 50–56 of §11. Containers (NavigationController) log nothing to the recorder: their
// forwarded callbacks (R6.4, R6.12) are read from the window's journal.
// Not covered (not in the runtime): `view`/`loadView`/`loadViewIfNeeded` (R6.1 beyond
// viewDidLoad), `addChild`/`removeFromParent` (R6.11 outside navigation stacks), custom
// containers' `begin/endAppearanceTransition` and the "Unbalanced calls" warning (R6.12),
// popovers presenting (R6.13), interactive transitions (R6.14's `true` for interactive).

@Suite struct AppearanceConformanceTests {
    // R6.1, R6.11, R6.14 (idea 55): the root's first appearance: the adopted child gets
    // willMove(N) before it loads, viewDidLoad precedes its first viewWillAppear, didMove(N) at
    // the end; an unanimated transition says `false` everywhere.
    @Test func r6_1_r6_11_rootAppearanceLoadsOnceBeforeAppearing() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        #expect(await a.isViewLoaded == false)
        #expect(await a.isViewLoaded == false)  // reading it loads nothing

        try await c.window.setRootViewController(n, animated: false)

        #expect(c.recorder.take() == [
            "A.willMove(toParent: N)", "A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
            "A.didMove(toParent: N)",
        ])
        #expect(await a.isViewLoaded)
    }

    // R6.1: viewDidLoad is delivered once per controller, however often it appears.
    @Test func r6_1_viewDidLoadRunsExactlyOnce() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")

        try await n.pushViewController(b, animated: false)
        try await n.popViewController(animated: false)
        try await n.pushViewController(b, animated: false)
        try await b.present(c.controller("X"), style: .fullScreen, animated: false)
        try await b.dismiss(animated: false)

        #expect(c.recorder.take().filter { $0.hasPrefix("B.viewDidLoad") || $0.hasPrefix("A.viewDidLoad") } == ["B.viewDidLoad"])
    }

    // R6.2, R4.12, R6.14 (idea 42): push N[A] → B, exact order, unanimated.
    @Test func r6_2_pushOrder() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a], delegate: true)
        try await c.start(with: n)
        let b = c.controller("B")

        #expect(try await n.pushViewController(b, animated: false) == .completed(sequence: 2))

        #expect(c.recorder.take() == [
            "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "N.delegate.willShow(B)", "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "B.didMove(toParent: N)",
            "N.delegate.didShow(B)",
        ])
        #expect(await c.tree() == "N(navigation, appeared)[A(content, disappeared), B(content, appeared)]")
    }

    // R6.3, R4.12 (idea 43): pop N[A, B], exact order.
    @Test func r6_3_popOrder() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a], delegate: true)
        try await c.start(with: n)
        let b = c.controller("B")
        try await n.pushViewController(b)
        c.recorder.clear()

        #expect(try await n.pop().outcome == .completed(sequence: 3))

        #expect(c.recorder.take() == [
            "B.willMove(toParent: nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "N.delegate.willShow(A)",
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(toParent: nil)", "N.delegate.didShow(A)",
        ])
        #expect(await c.tree() == "N(navigation, appeared)[A(content, appeared)]")
        #expect(await b.appearanceState == .disappeared)
    }

    // R6.4, R6.12 (idea 52): a full-screen presentation from N[A]: the presenter-side callbacks
    // go to N and are forwarded to its visible child, nested (N.will, A.will … A.did, N.did);
    // the end phase finishes the presented side first (B.viewDidAppear, then A's and N's
    // viewDidDisappear, O1-O3) and the completion comes last. R6.6: the dismissal mirrors it,
    // the presenter's viewDidAppear before B.viewDidDisappear.
    @Test func r6_4_r6_6_r6_12_fullScreenForwardsToVisibleDescendants() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")
        let journal = await c.window.journal()

        try await a.present(b, style: .fullScreen)
        c.recorder.record("present.completion")
        try await b.dismiss()
        c.recorder.record("dismiss.completion")

        #expect(c.recorder.take() == [
            "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
            "A.viewDidDisappear(true)", "present.completion",
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)", "B.viewDidDisappear(true)",
            "dismiss.completion",
        ])
        #expect(c.callbacks(await c.closeAndCollect(journal)) == [
            "B.viewDidLoad", "N.viewWillDisappear(true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "B.viewDidAppear(true)", "A.viewDidDisappear(true)", "N.viewDidDisappear(true)",
            "B.viewWillDisappear(true)", "N.viewWillAppear(true)", "A.viewWillAppear(true)",
            "A.viewDidAppear(true)", "N.viewDidAppear(true)", "B.viewDidDisappear(true)",
        ])
    }

    // Issue 17 item 5: `window.rootViewController = nil`. The old root's tree disappears with
    // balanced will/did callbacks (containers first, forwarded to the visible child), nothing is
    // visible, the journal says so (.removeRoot) and the reference model agrees; a later root
    // appears as usual; removing a missing root changes nothing.
    @Test func windowRootSetToNil_theOldTreeDisappears_balanced() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let start = await c.window.snapshot()
        let journal = await c.window.journal()
        c.recorder.clear()

        #expect(try await c.window.setRootViewController(nil) == .completed(sequence: 2))

        #expect(c.recorder.take() == ["A.viewWillDisappear(false)", "A.viewDidDisappear(false)"])
        #expect(await c.window.rootViewController == nil)
        #expect(await c.window.snapshot().root == nil)
        #expect(await a.appearanceState == .disappeared)
        #expect(await n.isInWindowHierarchy == false)
        #expect(try await c.window.setRootViewController(nil) == .noChange)
        let b = c.controller("B")
        #expect(try await c.window.setRootViewController(b) == .completed(sequence: 3))
        #expect(c.recorder.take() == ["B.viewDidLoad", "B.viewWillAppear(false)", "B.viewDidAppear(false)"])

        let final = await c.window.snapshot()
        let events = await c.closeAndCollect(journal)
        #expect(c.callbacks(events) == [
            "N.viewWillDisappear(false)", "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "N.viewDidDisappear(false)",
            "B.viewDidLoad", "B.viewWillAppear(false)", "B.viewDidAppear(false)",
        ])
        let committed = events.compactMap { event -> CommittedChange? in
            if case .committed(let change) = event.kind { return change }
            return nil
        }
        #expect(committed == [.removeRoot, .setRoot(b.id)])
        let report = InvariantChecker.check(events: events, finalSnapshot: final, start: start)
        #expect(report.violations == [])
    }

    // R6.12: automatic forwarding nests children's callbacks inside their container's: a
    // whole tree appearing as the root gets parent.will, child.will … child.did, parent.did.
    @Test func r6_12_forwardedCallbacksNestInsideTheContainers() async throws {
        let c = Conformance()
        let (a, x) = (c.controller("A"), c.controller("X"))
        let n1 = await c.navigation("N1", [a])
        let n2 = await c.navigation("N2", [x])
        let p = c.probe("P", children: [n1, n2])
        let journal = await c.window.journal()

        try await c.window.setRootViewController(p, animated: false)

        #expect(c.callbacks(await c.closeAndCollect(journal)).filter { !$0.contains("Move") && !$0.contains("Load") } == [
            "P.viewWillAppear(false)", "N1.viewWillAppear(false)", "A.viewWillAppear(false)", "N2.viewWillAppear(false)",
            "X.viewWillAppear(false)", "A.viewDidAppear(false)", "N1.viewDidAppear(false)", "X.viewDidAppear(false)",
            "N2.viewDidAppear(false)", "P.viewDidAppear(false)",
        ])
    }

    // R6.5 (ideas 50, 51): styles that keep the presenter's views: the presenter gets no
    // disappear callbacks and, on dismissal, no appear callbacks; it stays `appeared`.
    @Test(arguments: [
        (PresentationStyle.overFullScreen, PresentationStyle.overFullScreen), (.pageSheet, .pageSheet),
        (.formSheet, .formSheet), (.popover, .popover), (.automatic, .pageSheet), (.overCurrentContext, .overCurrentContext),
    ])
    func r6_5_presenterStaysOnScreen(style: PresentationStyle, resolved: PresentationStyle) async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")
        let journal = await c.window.journal()

        try await a.present(b, style: style)
        #expect(await c.tree() == "N(navigation, appeared)[A(content, appeared)] ▸ B(content, appeared, \(resolved.rawValue))")
        try await a.dismiss()

        #expect(c.recorder.take() == [
            "B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)",
        ])
        #expect(c.callbacks(await c.closeAndCollect(journal)).allSatisfy { $0.hasPrefix("B.") })
    }

    // R6.7, R3.13 (idea 27): A → B → C (full screen), A.dismiss: B and C are being dismissed
    // while it runs; B, already disappeared, gets no callbacks.
    @Test func r6_7_multiLevelDismissOnlyTheVisibleOneDisappears() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        try await c.start(with: a)
        let (b, cc) = (c.controller("B"), c.controller("C"))
        try await a.present(b, style: .fullScreen, animated: false)
        try await b.present(cc, style: .fullScreen, animated: false)
        c.recorder.clear()

        async let dismissed = a.dismiss()
        await clock.sleepers(atLeast: 1)
        #expect(await b.isBeingDismissed)
        #expect(await cc.isBeingDismissed)
        #expect(await a.isBeingDismissed == false)
        clock.advance(by: .seconds(1))
        _ = try await dismissed

        // R6.6, R6.7: the presenter finishes first.
        #expect(c.recorder.take() == [
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)", "C.viewDidDisappear(true)",
        ])
        #expect(await b.isBeingDismissed == false)
        #expect(await cc.isBeingDismissed == false)
    }

    // R6.7: when more than one presented controller is on screen (B full screen, C over full
    // screen on it), the disappear events go top-down: C before B, then A appears; the end
    // phase finishes the presenter first (R6.6), then C and B, top-down.
    @Test func r6_7_multiLevelDismissDisappearsTopDown() async throws {
        let c = Conformance()
        let a = c.controller("A")
        try await c.start(with: a)
        let (b, cc) = (c.controller("B"), c.controller("C"))
        try await a.present(b, style: .fullScreen, animated: false)
        try await b.present(cc, style: .overFullScreen, animated: false)
        c.recorder.clear()

        try await a.dismiss()

        let log = c.recorder.take()
        do {
            #expect(log == [
                "C.viewWillDisappear(true)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                "A.viewDidAppear(true)", "C.viewDidDisappear(true)", "B.viewDidDisappear(true)",
            ])
        }
        #expect(Set(log) == [
            "C.viewWillDisappear(true)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "C.viewDidDisappear(true)", "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
        ])
    }

    // R6.8: dismissing a current-context presentation gives appear callbacks only to the
    // context (N1) and its visible child; the sibling N2[X] and the container P get nothing.
    @Test func r6_8_currentContextDismissStaysInTheContext() async throws {
        let c = Conformance()
        let (_, _, a) = try await c.contextWorld(n1Defines: true)
        try await a.present(c.controller("B"), style: .currentContext)
        c.recorder.clear()
        let journal = await c.window.journal()

        try await a.dismiss()

        #expect(c.callbacks(await c.closeAndCollect(journal)) == [
            "B.viewWillDisappear(true)", "N1.viewWillAppear(true)", "A.viewWillAppear(true)",
            "A.viewDidAppear(true)", "N1.viewDidAppear(true)", "B.viewDidDisappear(true)",
        ])
    }

    // R6.9 (and R4.10's order): a push cancelled in flight: the arriving B gets will-appear,
    // will-disappear, did-disappear; the leaving A will-disappear, will-appear, did-appear; the
    // request throws CancellationError and the tree is as before. B stays loaded (R6.1): a
    // later push does not load it again.
    @Test func r6_9_cancelledPushIsBalanced() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")
        let before = await c.window.snapshot()

        let push = Task { try await n.pushViewController(b) }
        await clock.sleepers(atLeast: 1)
        push.cancel()
        await #expect(throws: CancellationError.self) { try await push.value }

        #expect(c.recorder.take() == [
            "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
            "B.didMove(toParent: nil)",
        ])
        #expect(await c.window.snapshot() == before)
        #expect(await b.appearanceState == .disappeared)
        #expect(await b.parent == nil)

        try await n.pushViewController(b, animated: false)
        #expect(c.recorder.take().contains("B.viewDidLoad") == false)
    }

    // R6.9: a presentation cancelled in flight is balanced the same way.
    @Test func r6_9_cancelledPresentationIsBalanced() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        try await c.start(with: a)
        let b = c.controller("B")
        let before = await c.window.snapshot()

        let present = Task { try await a.present(b, style: .fullScreen) }
        await clock.sleepers(atLeast: 1)
        present.cancel()
        await #expect(throws: CancellationError.self) { try await present.value }

        #expect(c.recorder.take() == [
            "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
        ])
        #expect(await c.window.snapshot() == before)
        #expect(await a.presentedViewController == nil)
        #expect(await b.isBeingPresented == false)
    }

    // R6.9, R3.11: a multi-level dismissal cancelled in flight restores the whole chain.
    @Test func r6_9_cancelledDismissRestoresTheChain() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        try await c.start(with: a)
        let (b, cc) = (c.controller("B"), c.controller("C"))
        try await a.present(b, style: .fullScreen, animated: false)
        try await b.present(cc, style: .fullScreen, animated: false)
        c.recorder.clear()
        let before = await c.window.snapshot()

        let dismiss = Task { try await a.dismiss() }
        await clock.sleepers(atLeast: 1)
        dismiss.cancel()
        await #expect(throws: CancellationError.self) { try await dismiss.value }

        #expect(c.recorder.take() == [
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "A.viewWillDisappear(true)", "A.viewDidDisappear(true)", "C.viewWillAppear(true)", "C.viewDidAppear(true)",
        ])
        #expect(await c.window.snapshot() == before)
        #expect(await cc.presentingViewController === b)
        #expect(await b.isBeingDismissed == false)
    }

    // R6.9, R4.5: a request cancelled while it waits in the queue leaves no trace: no callbacks.
    @Test func r6_9_cancelledWaitingRequestLeavesNoTrace() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let (b, x) = (c.controller("B"), c.controller("X"))
        var reader = JournalReader(await c.window.journal())

        let first = Task { try await n.pushViewController(b) }
        await clock.sleepers(atLeast: 1)
        let waiting = Task { try await n.pushViewController(x) }
        await reader.waitAccepted(2)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        clock.advance(by: .seconds(1))
        #expect(try await first.value == .completed(sequence: 2))

        #expect(c.recorder.take().allSatisfy { !$0.hasPrefix("X.") })
        #expect(await c.tree() == "N(navigation, appeared)[A(content, disappeared), B(content, appeared)]")
    }

    // R6.10 (idea 56): isMovingToParent during the pushed controller's appearance callbacks,
    // isMovingFromParent during the popped one's disappearance; neither for a presentation
    // (isBeingPresented instead); all false afterwards.
    @Test func r6_10_movingFlags() async throws {
        let c = Conformance()
        let a = c.probe("A", logsFlags: true)
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.probe("B", logsFlags: true)
        let p = c.probe("P", logsFlags: true)

        try await n.pushViewController(b)
        try await n.popViewController()
        try await a.present(p, style: .overFullScreen)

        #expect(c.recorder.take() == [
            "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(true) []",
            "B.viewWillAppear(true) [movingToParent]", "A.viewDidDisappear(true) []",
            "B.viewDidAppear(true) [movingToParent]", "B.didMove(toParent: N)",
            "B.willMove(toParent: nil)", "B.viewWillDisappear(true) [movingFromParent]", "A.viewWillAppear(true) []",
            "B.viewDidDisappear(true) [movingFromParent]", "A.viewDidAppear(true) []", "B.didMove(toParent: nil)",
            "P.viewDidLoad", "P.viewWillAppear(true) [beingPresented]", "P.viewDidAppear(true) [beingPresented]",
        ])
        #expect(await b.isMovingToParent == false)
        #expect(await b.isMovingFromParent == false)
    }

    // R6.11: a controller that already has a parent cannot be pushed onto another stack.
    // Runtime decision (differs from UIKit's addChild, which first removes it from the old
    // parent): `.controllerInUse`, nothing changes.
    @Test func r6_11_pushingAControllerOwnedByAnotherStackFails() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let x = c.controller("X")
        let n1 = await c.navigation("N1", [a])
        let n2 = await c.navigation("N2", [x])
        let p = c.probe("P", children: [n1, n2])
        try await c.start(with: p)
        let before = await c.window.snapshot()

        let error = await navigationError { try await n1.pushViewController(x) }

        #expect(error?.code == .controllerInUse)
        #expect(error?.message == "\(x.id) RecordingController is already in a hierarchy.")
        #expect(c.recorder.take() == [])
        #expect(await c.window.snapshot() == before)
    }

    // R6.14: the `animated` argument of every callback is the transition's flag: a segue
    // declared `animates: false` is unanimated even when performed with `animated: true`.
    @Test func r6_14_animatedFlagFollowsTheTransition() async throws {
        let c = Conformance()
        let recorder = c.recorder
        let catalog = SceneCatalog([
            Scene("A", segues: [SegueDefinition(identifier: "s", kind: .show, destination: "B", animates: false)]) {
                RecordingController(context: $0, name: "A", recorder: recorder)
            },
            Scene("B") { RecordingController(context: $0, name: "B", recorder: recorder) },
        ])
        let a = try #require(catalog.instantiate("A", in: c.window) as? RecordingController)
        let n = await c.navigation("N", [a])
        try await c.start(with: n)

        try await a.performSegue(withIdentifier: "s", animated: true)
        try await n.popViewController(animated: true)

        #expect(c.recorder.take() == [
            "A.prepare(s, A → B)", "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(false)",
            "B.viewWillAppear(false)", "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "B.didMove(toParent: N)",
            "B.willMove(toParent: nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(toParent: nil)",
        ])
    }
}
