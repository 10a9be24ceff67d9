import NavigationRuntime
import NavigationRuntimeTesting
import Testing

// UIKIT-SEMANTICS §3 (presentation, R3.1–R3.13) and ideas 18–30 of §11.
// Runtime decisions tested as such: misuse UIKit only logs ("Attempt to present … which is
// already presenting …", "… not in the window hierarchy") is a thrown typed `NavigationError`
// carrying UIKit's words; completion = the async call returning normally. Not covered: R3.5
// (providesPresentationContextTransitionStyle) and R3.14 (transitionCoordinator) do not exist.

@Suite struct PresentationConformanceTests {
    // R3.1, R3.3 (idea 18): a full-screen presentation from a child is made by the layer owner
    // (the root N); the child reports N's presented controller (ancestor rule).
    @Test func r3_1_r3_3_fullScreenFromChildIsReroutedToTheRoot() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")
        let journal = await c.window.journal()

        #expect(try await a.present(b, style: .fullScreen) == .completed(sequence: 2))

        #expect(await b.presentingViewController === n)
        #expect(await n.presentedViewController === b)
        #expect(await a.presentedViewController === b)
        #expect(await a.presentingViewController == nil)
        #expect(await c.tree() == "N(navigation, disappeared)[A(content, disappeared)] ▸ B(content, appeared, fullScreen)")
        let committed = await c.closeAndCollect(journal).compactMap { event -> CommittedChange? in
            if case .committed(let change) = event.kind { return change }
            return nil
        }
        #expect(committed == [.present(presenter: n.id, presented: b.id, style: .fullScreen)])
    }

    // R3.1: a child of the presented controller reports the same presenting controller; the
    // relations persist until the dismissal and are gone after it.
    @Test func r3_1_childOfPresentedSeesThePresenterUntilDismissal() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let x = c.controller("X")
        let n2 = await c.navigation("N2", [x])

        try await a.present(n2, style: .fullScreen)

        #expect(await x.presentingViewController === n)
        #expect(await n2.presentingViewController === n)
        #expect(await x.presentedViewController == nil)
        #expect(await n.presentedViewController === n2)

        try await x.dismiss()

        #expect(await x.presentingViewController == nil)
        #expect(await n2.presentingViewController == nil)
        #expect(await a.presentedViewController == nil)
        #expect(await c.tree() == "N(navigation, appeared)[A(content, appeared)]")
    }

    // R3.3: inside a presented layer, a full-screen presentation is made by the controller that
    // was itself presented last (the presented navigation controller N2).
    @Test func r3_3_presentationFromPresentedLayerGoesToItsOwner() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let x = c.controller("X")
        let n2 = await c.navigation("N2", [x])
        try await a.present(n2, style: .fullScreen)
        let d = c.controller("D")

        try await x.present(d, style: .fullScreen)

        #expect(await d.presentingViewController === n2)
        #expect(await c.tree() == """
            N(navigation, disappeared)[A(content, disappeared)] ▸ N2(navigation, disappeared, fullScreen)[X(content, disappeared)] \
            ▸ D(content, appeared, fullScreen)
            """)
    }

    // R3.4, R6.8 (idea 19): currentContext walks up to the first controller that defines a
    // presentation context (N1): N1 presents and is covered; only N1 and A disappear, P, N2
    // and X get nothing.
    @Test func r3_4_r6_8_currentContextPresentsFromTheDefiningAncestor() async throws {
        let c = Conformance()
        let (_, n1, a) = try await c.contextWorld(n1Defines: true)
        let b = c.controller("B")
        let journal = await c.window.journal()

        try await a.present(b, style: .currentContext)

        #expect(await b.presentingViewController === n1)
        #expect(c.recorder.take() == [
            "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
        ])
        #expect(await c.tree() == """
            P(content, appeared)[N1(navigation, disappeared)[A(content, disappeared)] ▸ B(content, appeared, currentContext), \
            N2(navigation, appeared)[X(content, appeared)]]
            """)
        #expect(c.callbacks(await c.closeAndCollect(journal)) == [
            "B.viewDidLoad", "N1.viewWillDisappear(true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "B.viewDidAppear(true)", "A.viewDidDisappear(true)", "N1.viewDidDisappear(true)",
        ])
    }

    // R3.4 (idea 20): with no defining ancestor the window's root (P) presents and is covered.
    @Test func r3_4_currentContextWithoutDefinerUsesTheRoot() async throws {
        let c = Conformance()
        let (p, _, a) = try await c.contextWorld(n1Defines: false)
        let b = c.controller("B")

        try await a.present(b, style: .currentContext)

        #expect(await b.presentingViewController === p)
        #expect(c.recorder.take() == [
            "B.viewDidLoad", "P.viewWillDisappear(true)", "A.viewWillDisappear(true)", "X.viewWillDisappear(true)",
            "B.viewWillAppear(true)", "B.viewDidAppear(true)", "A.viewDidDisappear(true)", "X.viewDidDisappear(true)",
            "P.viewDidDisappear(true)",
        ])
    }

    // R3.4, R6.5: overCurrentContext uses the same context (N1) and leaves it on screen.
    @Test func r3_4_overCurrentContextKeepsTheContextOnScreen() async throws {
        let c = Conformance()
        let (_, n1, a) = try await c.contextWorld(n1Defines: true)
        let b = c.controller("B")

        try await a.present(b, style: .overCurrentContext)
        #expect(await b.presentingViewController === n1)
        #expect(c.recorder.take() == ["B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])

        try await b.dismiss()
        #expect(c.recorder.take() == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"])
    }

    // R3.6 (idea 22): presenting on a controller that already presents changes nothing: no
    // callbacks, no completion. Runtime decision: `.alreadyPresenting` is thrown with UIKit's
    // sentence (after rerouting to N, "from" names the caller A).
    @Test func r3_6_alreadyPresentingFailsAndChangesNothing() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")
        try await a.present(b, style: .fullScreen)
        c.recorder.clear()
        let before = await c.window.snapshot()
        let x = c.controller("X")

        let error = await navigationError { try await a.present(x, style: .fullScreen) }

        #expect(error?.code == .alreadyPresenting)
        #expect(error?.message == """
            Attempt to present \(x.id) RecordingController on \(n.id) UINavigationController \
            (from \(a.id) RecordingController) which is already presenting \(b.id) RecordingController.
            """)
        #expect(error?.controllers == [x.id, n.id, a.id, b.id])
        #expect(c.recorder.take() == [])
        #expect(await c.window.snapshot() == before)
    }

    // R3.7 (idea 23): presenting from a controller that is not in the window hierarchy (never
    // added; dismissed; popped) changes nothing. Runtime decision: `.notInWindowHierarchy`.
    @Test func r3_7_presentingFromOutsideTheHierarchyFails() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let detached = c.controller("Detached")
        let dismissed = c.controller("Dismissed")
        try await a.present(dismissed, style: .fullScreen)
        try await dismissed.dismiss()
        let popped = c.controller("Popped")
        try await n.pushViewController(popped)
        try await n.popViewController()
        c.recorder.clear()
        let before = await c.window.snapshot()

        for source in [detached, dismissed, popped] {
            let b = c.controller("B")
            let error = await navigationError { try await source.present(b, style: .fullScreen) }
            #expect(error?.code == .notInWindowHierarchy)
            #expect(error?.message == "\(source.id) RecordingController is not in the window hierarchy.")
            #expect(error?.controllers == [source.id])
        }
        #expect(c.recorder.take() == [])
        #expect(await c.window.snapshot() == before)
    }

    // R3.7: a controller below the top of a navigation stack has no view in the window (it was
    // never even loaded): presenting from it must fail like any controller off screen.
    @Test func r3_7_presentingFromBelowTheTopOfAStackFails() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let b = c.controller("B")
        let n = await c.navigation("N", [a, b])
        try await c.start(with: n)
        let before = await c.window.snapshot()
        let x = c.controller("X")

        var error: NavigationError?
        var outcome: TransitionOutcome?
        do { outcome = try await a.present(x, style: .fullScreen) } catch let thrown as NavigationError { error = thrown }

        let after = await c.window.snapshot()
        do {
            #expect(outcome == nil)
            #expect(error?.code == .notInWindowHierarchy)
            #expect(error?.message == "Attempt to present \(x.id) RecordingController on \(a.id) RecordingController whose view is not in the window hierarchy.")
            #expect(after == before)
        }
    }

    // R3.8 (idea 24): runtime decision: a present or dismiss made while a presentation is in
    // flight is queued (never interleaved, never dropped with a warning). The second present
    // then meets R3.6 and fails with `.alreadyPresenting`; the queued dismiss then dismisses B.
    @Test func r3_8_requestsDuringAPresentationWaitForIt() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        try await c.start(with: a)
        let b = c.controller("B")
        let x = c.controller("X")
        var reader = JournalReader(await c.window.journal())

        let first = Task { try await a.present(b, style: .fullScreen) }
        await clock.sleepers(atLeast: 1)
        let second = Task { try await a.present(x, style: .fullScreen) }
        await reader.waitAccepted(2)  // the first's and the second's
        let third = Task { try await a.dismiss() }
        await reader.waitAccepted(1)
        #expect(await c.window.pendingRequestCount == 2)
        #expect(c.recorder.take() == ["B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)"])

        clock.advance(by: .seconds(1))
        #expect(try await first.value == .completed(sequence: 2))
        let error = await navigationError { _ = try await second.value }
        #expect(error?.code == .alreadyPresenting)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(try await third.value == .completed(sequence: 3))

        #expect(c.recorder.take() == [
            "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
            "B.viewDidDisappear(true)",
        ])
        #expect(await c.tree() == "A(content, appeared)")
    }

    // R3.9 (idea 25): presenting an active controller (the root, a controller in a stack, one
    // already presented, or the presenter itself) fails with UIKit's reason; nothing changes.
    @Test func r3_9_presentingAnActiveControllerFails() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B", style: .overFullScreen)
        try await a.present(b)
        c.recorder.clear()
        let before = await c.window.snapshot()

        let cases: [(source: any ViewController, target: any ViewController, name: String)] = [
            (b, n, "UINavigationController"), (b, a, "RecordingController"), (b, b, "RecordingController"),
        ]
        for (source, target, name) in cases {
            let error = await navigationError { try await source.present(target, style: .fullScreen) }
            #expect(error?.code == .presentingActiveController)
            #expect(error?.message == "Application tried to present modally an active controller \(target.id) \(name).")
        }
        let other = c.controller("Other")
        let error = await navigationError { try await other.present(b) }
        #expect(error?.code == .notInWindowHierarchy)  // R3.7 is checked first: Other is detached
        #expect(c.recorder.take() == [])
        #expect(await c.window.snapshot() == before)
    }

    // R3.9: a controller in a navigation controller's stack is "in a container" even before
    // that navigation controller enters the window (N3.viewControllers == [X]); presenting it
    // must fail. (If it does not, X.present(N3) then makes X its own presenter's ancestor and
    // crashes the process with a stack overflow: see the report.)
    @Test func r3_9_presentingAControllerOfAStackNotYetInTheWindowFails() async throws {
        let c = Conformance()
        let a = c.controller("A")
        try await c.start(with: a)
        let x = c.controller("X")
        let n3 = await c.navigation("N3", [x])
        #expect(await n3.viewControllers.map(\.id) == [x.id])

        var error: NavigationError?
        do { try await a.present(x, style: .overFullScreen) } catch let thrown as NavigationError { error = thrown }
        let tree = await c.tree()

        do {
            #expect(error?.code == .presentingActiveController)
            #expect(tree == "A(content, appeared)")
        }
    }

    // R3.10 (idea 26): dismiss on the presented controller (which presents nothing) forwards to
    // its presenter: it dismisses itself. R3.2: the completion (the call returning) comes after
    // B.viewDidDisappear.
    @Test func r3_10_r3_2_dismissOnThePresentedControllerDismissesIt() async throws {
        let c = Conformance()
        let a = c.controller("A")
        try await c.start(with: a)
        let b = c.controller("B")
        try await a.present(b, style: .fullScreen)
        c.recorder.record("present.completion")
        // R6.4: the presented side finishes first; the completion follows the whole end phase.
        #expect(Array(c.recorder.take().suffix(3)) == ["B.viewDidAppear(true)", "A.viewDidDisappear(true)", "present.completion"])

        #expect(try await b.dismiss() == .completed(sequence: 3))
        c.recorder.record("dismiss.completion")

        #expect(c.recorder.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
            "B.viewDidDisappear(true)", "dismiss.completion",
        ])
        #expect(await a.presentedViewController == nil)
        #expect(await b.presentingViewController == nil)
        #expect(await c.tree() == "A(content, appeared)")
    }

    // R3.1, R6.6 (issue 17 item 3): during a dismissal, up to its end phase, the dismissed
    // controller and its presenter still name each other: B (inside the presented N2) reads
    // `presentingViewController` and `navigationController` in `viewWillDisappear`, the
    // presenter tests `presentedViewController?.isBeingDismissed` in `viewWillAppear`. They
    // are cleared in the end phase, before the did-callbacks; the presenter finishes first.
    @Test func r3_1_r6_6_relationsHoldUntilTheDismissalsEndPhase() async throws {
        let c = Conformance()
        let a = c.probe("A")
        try await c.start(with: a)
        let b = c.probe("B")
        let n2 = await c.navigation("N2", [b])
        try await a.present(n2, style: .fullScreen)
        let recorder = c.recorder
        await b.setOnCallback { callback in
            guard callback.hasSuffix("Disappear") else { return }
            let presenting = recorder.name(of: await b.presentingViewController)
            let navigation = recorder.name(of: await b.navigationController)
            let dismissing = await n2.isBeingDismissed
            recorder.record("  B: presenting \(presenting), navigation \(navigation), N2 being dismissed \(dismissing)")
        }
        await a.setOnCallback { callback in
            guard callback.hasSuffix("Appear") else { return }
            let presented = await a.presentedViewController
            let dismissing = await presented?.isBeingDismissed
            recorder.record("  A: presented \(recorder.name(of: presented)), being dismissed \(dismissing.map(String.init) ?? "-")")
        }
        c.recorder.clear()

        try await n2.dismiss()

        #expect(c.recorder.take() == [
            "B.viewWillDisappear(true)", "  B: presenting A, navigation N2, N2 being dismissed true",
            "A.viewWillAppear(true)", "  A: presented N2, being dismissed true",
            "A.viewDidAppear(true)", "  A: presented nil, being dismissed -",
            "B.viewDidDisappear(true)", "  B: presenting nil, navigation nil, N2 being dismissed true",
        ])
        #expect(await n2.isBeingDismissed == false)
        #expect(await a.presentedViewController == nil)
    }

    // R3.1, R6.9: a dismissal cancelled before its commit point restores the relations, and
    // the ones it kept alive for its callbacks are forgotten (nothing lingers).
    @Test func r3_1_cancelledDismissal_restoresTheRelations() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.probe("A")
        try await c.start(with: a)
        let b = c.probe("B")
        try await a.present(b, style: .fullScreen, animated: false)
        let dismissal = Task { try await b.dismiss() }
        await clock.sleepers(atLeast: 1)
        #expect(await a.presentedViewController === b)
        #expect(await b.presentingViewController === a)
        dismissal.cancel()
        await #expect(throws: CancellationError.self) { try await dismissal.value }
        #expect(await a.presentedViewController === b)
        #expect(await b.presentingViewController === a)
        #expect(await c.tree() == "A(content, disappeared) ▸ B(content, appeared, fullScreen)")
        try await b.dismiss(animated: false)
        #expect(await a.presentedViewController == nil)
        #expect(await b.presentingViewController == nil)
    }

    // R3.11, R6.7 (idea 27): A.dismiss (or B.presentingViewController.dismiss) removes B and C
    // in one transition; only C (the one on screen) disappears, B gets no events; A appears.
    @Test(arguments: [false, true])
    func r3_11_r6_7_dismissFromTheBottomRemovesTheWholeChain(viaPresentingOfB: Bool) async throws {
        let c = Conformance()
        let (a, b, cc) = try await c.chain()
        let journal = await c.window.journal()

        let dismisser: any ViewController
        if viaPresentingOfB { dismisser = try #require(await b.presentingViewController) } else { dismisser = a }
        #expect(try await dismisser.dismiss() == .completed(sequence: 4))
        c.recorder.record("dismiss.completion")

        #expect(c.recorder.take() == [
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
            "C.viewDidDisappear(true)", "dismiss.completion",
        ])
        #expect(await c.tree() == "A(content, appeared)")
        let committed = await c.closeAndCollect(journal).compactMap { event -> CommittedChange? in
            if case .committed(let change) = event.kind { return change }
            return nil
        }
        #expect(committed == [.dismiss(presenter: a.id, removed: [b.id, cc.id])])
    }

    // R3.11 (idea 28): B.dismiss when B presents C dismisses only C; B appears again.
    @Test func r3_11_dismissFromTheMiddleRemovesOnlyWhatItPresents() async throws {
        let c = Conformance()
        let (_, b, cc) = try await c.chain()

        try await b.dismiss()

        #expect(c.recorder.take() == [
            "C.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)", "C.viewDidDisappear(true)",
        ])
        #expect(await cc.presentingViewController == nil)
        #expect(await c.tree() == "A(content, disappeared) ▸ B(content, appeared, fullScreen)")
    }

    // R3.12: dismiss with nothing to dismiss is a no-op; the completion still runs (the call
    // returns `.noChange`); nothing is committed.
    @Test func r3_12_dismissWithNothingToDismissIsANoOp() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)

        #expect(try await a.dismiss() == .noChange)
        #expect(try await n.dismiss() == .noChange)
        #expect(c.recorder.take() == [])
        #expect(await c.window.snapshot().sequence == 1)
    }

    // R3.12: a controller that neither presents nor was presented has nothing to dismiss, even
    // when it is not in a window: the dismissal is a no-op whose completion still runs.
    @Test func r3_12_dismissFromAControllerOutsideTheWindowIsANoOp() async throws {
        let c = Conformance()
        let a = c.controller("A")
        try await c.start(with: a)
        let x = c.controller("X")

        var result: Result<TransitionOutcome, any Error>
        do { result = .success(try await x.dismiss()) } catch { result = .failure(error) }

        do {
            #expect((try? result.get()) == .noChange)
        }
        #expect(c.recorder.take() == [])
        #expect(await c.tree() == "A(content, appeared)")
    }

    // R3.13 (idea 30): isBeingPresented is true in the presented controller's appearance
    // callbacks and false after; isBeingDismissed likewise for the dismissal. The presenter
    // sees neither.
    @Test func r3_13_beingPresentedAndDismissedFlags() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.probe("A", logsFlags: true)
        try await c.start(with: a)
        let b = c.probe("B", logsFlags: true)
        #expect(await b.isBeingPresented == false)

        async let presented = a.present(b, style: .fullScreen)
        await clock.sleepers(atLeast: 1)
        #expect(await b.isBeingPresented)  // in flight: between viewWillAppear and viewDidAppear
        clock.advance(by: .seconds(1))
        _ = try await presented
        #expect(await b.isBeingPresented == false)

        try await b.dismiss(animated: false)
        #expect(await b.isBeingDismissed == false)

        #expect(c.recorder.take() == [
            "B.viewDidLoad", "A.viewWillDisappear(true) []", "B.viewWillAppear(true) [beingPresented]",
            "B.viewDidAppear(true) [beingPresented]", "A.viewDidDisappear(true) []",
            "B.viewWillDisappear(false) [beingDismissed]", "A.viewWillAppear(false) []",
            "A.viewDidAppear(false) []", "B.viewDidDisappear(false) [beingDismissed]",
        ])
    }
}
