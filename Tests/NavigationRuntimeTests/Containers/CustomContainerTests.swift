import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// R6.11, R6.12: the containment API of custom containers.
@Suite struct CustomContainerTests {
    /// A content controller that forwards its children's appearance by hand.
    private actor ManualContainer: ViewController {
        nonisolated let context: ControllerContext
        nonisolated let recorder: CallbackRecorder
        init(context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.recorder = recorder
            recorder.name(self, "P")
        }
        nonisolated var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        func viewWillAppear(_ animated: Bool) async { recorder.record("P.viewWillAppear(\(animated))") }
        func viewDidAppear(_ animated: Bool) async { recorder.record("P.viewDidAppear(\(animated))") }
    }

    // R6.11
    @Test func addChild_callsWillMoveOnly_removeFromParent_callsDidMoveOnly_R6_11() async throws {
        let f = Fixture()
        let parent = f.controller("P")
        try await f.start(with: parent)
        let child = f.controller("C")
        #expect(try await parent.addChild(child) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "C.willMove(toParent: P)", "C.viewDidLoad", "C.viewWillAppear(false)", "C.viewDidAppear(false)",
        ], "R6.11: no didMove; R6.12: appearance forwarded automatically by default")
        await child.didMove(toParent: parent)  // the container's own call
        #expect(await parent.children.map(\.id) == [child.id])
        #expect(await child.parent === parent)

        await child.willMove(toParent: nil)  // the container's own call
        #expect(try await child.removeFromParent() == .completed(sequence: 3))
        #expect(f.recorder.take() == [
            "C.didMove(toParent: P)", "C.willMove(toParent: nil)",
            "C.viewWillDisappear(false)", "C.viewDidDisappear(false)", "C.didMove(toParent: nil)",
        ])
        #expect(await parent.children.isEmpty)
        #expect(try await child.removeFromParent() == .noChange)
    }

    @Test func addChild_toABuiltInContainer_isInvalid_andAChildInUse_isRefused() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let navigation = f.navigation("N", [a])
        try await f.start(with: navigation)
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await navigation.addChild(f.controller("X")) }
        await #expect(throws: NavigationError(.controllerInUse, "")) { try await a.addChild(navigation) }
    }

    // R6.12
    @Test func manualForwarding_beginEnd_andUnbalancedCallsWarn_R6_12() async throws {
        let f = Fixture()
        let container = ManualContainer(context: f.window.makeContext(), recorder: f.recorder)
        try await f.start(with: container)
        let child = f.controller("C")
        let journal = await f.window.journal()
        try await container.addChild(child)
        #expect(f.recorder.take() == ["C.willMove(toParent: P)"], "no automatic appearance forwarding")
        #expect(await child.endAppearanceTransition() == false, "end without begin")
        #expect(await child.beginAppearanceTransition(true, animated: true))
        #expect(await child.beginAppearanceTransition(true, animated: true) == false, "begin twice")
        #expect(await child.endAppearanceTransition())
        #expect(f.recorder.take() == ["C.viewWillAppear(true)", "C.viewDidAppear(true)"])
        #expect(await child.appearanceState == .appeared)
        await f.window.close()
        let warnings = await JournalReader.collect(journal).compactMap { event -> String? in
            if case .warning(let text) = event.kind { return text }
            return nil
        }
        #expect(warnings == [
            "Unbalanced calls to begin/end appearance transitions for \(child.id) RecordingController.",
            "Unbalanced calls to begin/end appearance transitions for \(child.id) RecordingController.",
        ])
    }

    // R3.3
    @Test func aChildOfACustomContainer_presentsThroughItsLayerOwner_R3_3() async throws {
        let f = Fixture()
        let parent = f.controller("P")
        try await f.start(with: parent)
        let child = f.controller("C")
        try await parent.addChild(child)
        let modal = f.controller("M")
        try await child.present(modal, style: .fullScreen, animated: false)
        #expect(await modal.presentingViewController === parent)
        #expect(await child.presentedViewController === modal, "R3.1: visible from descendants")
    }

    // MARK: - Custom containers in show / showDetail resolution (R2.2–R2.4)

    /// A container that overrides `show` (and, optionally, `showDetail`) and answers with a
    /// fixed handling, or by replacing its last child.
    private actor ShowingContainer: ViewController {
        nonisolated let context: ControllerContext
        nonisolated let initialChildren: [any ViewController]
        nonisolated let recorder: CallbackRecorder
        nonisolated let handledActions: Set<ShowAction>
        private var answer: ShowHandling?

        init(context: ControllerContext, children: [any ViewController], recorder: CallbackRecorder, handles: Set<ShowAction>) {
            self.context = context
            self.initialChildren = children
            self.recorder = recorder
            self.handledActions = handles
            context.claim(children, for: self)
            recorder.name(self, "C")
        }

        func setAnswer(_ answer: ShowHandling?) { self.answer = answer }

        nonisolated func overrides(_ action: ShowAction) -> Bool { handledActions.contains(action) }

        func performShow(_ viewController: any ViewController, action: ShowAction, sender: (any Sendable)?) async
            -> ShowHandling
        {
            recorder.record("C.performShow(\(recorder.name(of: viewController)), \(action), sender: \(sender as? String ?? "nil"))")
            if let answer { return answer }
            guard let last = children.last else { return .addChild }
            return .replaceChild(last)
        }
    }

    // R2.2, R2.3, R6.11
    @Test func show_fromAChildOfACustomContainer_letsTheContainerReplaceItsChild_R2_2_R2_3() async throws {
        let f = Fixture()
        let journal = await f.window.journal()
        let a = f.controller("A")
        let container = ShowingContainer(context: f.window.makeContext(), children: [a], recorder: f.recorder, handles: [.show])
        try await f.start(with: container)
        #expect(await a.targetViewController(forAction: .show) === container, "R2.2: the first that overrides show")
        #expect(await a.targetViewController(forAction: .showDetail) == nil, "it does not override showDetail")
        let b = f.controller("B")
        #expect(try await a.show(b, sender: "cell", animated: false) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "C.performShow(B, show, sender: cell)",
            "A.willMove(toParent: nil)", "B.willMove(toParent: C)", "B.viewDidLoad",
            "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "B.viewDidAppear(false)",
            "A.didMove(toParent: nil)", "B.didMove(toParent: C)",
        ], "the runtime delivers both containment callbacks of a show override")
        #expect(await container.children.map(\.id) == [b.id])
        #expect(await a.parent == nil)
        #expect(await b.parent === container)

        let snapshot = await f.window.snapshot()
        await f.window.close()
        let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        #expect(report.violations == [], "the journal replays to the snapshot (linearizable)")
    }

    // R2.2, R2.4
    @Test func showDetail_forwardedByACustomContainer_toItsNavigationChild_pushes_R2_4() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let navigation = f.navigation("N", [a])
        let container = ShowingContainer(
            context: f.window.makeContext(), children: [navigation], recorder: f.recorder, handles: [.showDetail]
        )
        await container.setAnswer(.forward(to: navigation))
        try await f.start(with: container)
        let b = f.controller("B")
        #expect(await a.targetViewController(forAction: .showDetail) === container, "N does not override showDetail")
        #expect(try await a.showDetailViewController(b, animated: false) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "C.performShow(B, showDetail, sender: nil)",
            "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "B.didMove(toParent: N)",
        ], "R6.2: a push")
        #expect(await navigation.viewControllers.map(\.id) == [a.id, b.id])
        #expect(await b.presentingViewController == nil, "not presented (R2.4 would present without the container)")
    }

    // R2.1, R2.2
    @Test func customContainer_answers_present_handled_andAddChild_R2_1() async throws {
        let f = Fixture()
        let container = ShowingContainer(context: f.window.makeContext(), children: [], recorder: f.recorder, handles: [.show])
        try await f.start(with: container)
        let a = f.controller("A")
        #expect(try await container.show(a, animated: false) == .completed(sequence: 2), "no child yet: addChild")
        #expect(f.recorder.take() == [
            "C.performShow(A, show, sender: nil)", "A.willMove(toParent: C)", "A.viewDidLoad",
            "A.viewWillAppear(false)", "A.viewDidAppear(false)", "A.didMove(toParent: C)",
        ])
        await container.setAnswer(.handled)
        #expect(try await a.show(f.controller("X"), animated: false) == .noChange)
        #expect(f.recorder.take() == ["C.performShow(X, show, sender: nil)"])
        await container.setAnswer(.present(.overFullScreen))
        let m = f.controller("M")
        #expect(try await a.show(m, animated: false) == .completed(sequence: 3))
        #expect(await m.presentationStyle == .overFullScreen)
        #expect(await m.presentingViewController === container, "R3.3: rerouted to the layer owner")
    }

    // R2.2: bad answers are typed errors that change nothing.
    @Test func customContainer_badAnswers_areTypedErrors_andChangeNothing() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let container = ShowingContainer(context: f.window.makeContext(), children: [a], recorder: f.recorder, handles: [.show])
        try await f.start(with: container)
        let before = await f.window.snapshot()
        await container.setAnswer(.forward(to: container))
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await a.show(f.controller("B"), animated: false) }
        await container.setAnswer(.replaceChild(f.controller("Stranger")))
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await a.show(f.controller("B"), animated: false) }
        await container.setAnswer(.addChild)
        await #expect(throws: NavigationError(.controllerInUse, "")) { try await a.show(a, animated: false) }
        let navigation = f.navigation("N2", [f.controller("R")])
        await container.setAnswer(.push(onto: navigation))
        await #expect(throws: NavigationError(.notInWindowHierarchy, "")) { try await a.show(f.controller("B"), animated: false) }
        #expect(await f.window.snapshot() == before)
    }

    // R2.3, R6.9, DESIGN §3.4: a custom container's show cancelled before its commit point
    // leaves the shown container free, with its own initial children back.
    @Test func cancelledShowIntoACustomContainer_leavesTheShownContainerFree_R6_9() async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let container = ShowingContainer(context: f.window.makeContext(), children: [], recorder: f.recorder, handles: [.show])
        try await f.start(with: container)
        let before = await f.window.snapshot()
        let r = f.controller("R")
        let shown = f.navigation("N", [r])
        let show = Task { try await container.show(shown, animated: true) }
        await clock.sleepers(atLeast: 1)
        #expect(await container.children.map(\.id) == [shown.id], "R4.1: from the begin phase")
        show.cancel()
        await #expect(throws: CancellationError.self) { try await show.value }
        #expect(await f.window.snapshot() == before)
        #expect(await shown.parent == nil)
        #expect(await r.parent === shown, "N's initial child again: its parent since N's init (issue 17, item 4)")
        #expect(await r.appearanceState == .disappeared)
        #expect(f.recorder.take().filter { $0.hasPrefix("R.") } == [
            "R.willMove(toParent: N)", "R.viewDidLoad", "R.viewWillAppear(true)",
            "R.viewWillDisappear(true)", "R.viewDidDisappear(true)", "R.didMove(toParent: nil)",
        ], "R6.9: balanced")
        let presenting = Task { try await container.present(shown, animated: true) }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(try await presenting.value == .completed(sequence: 2), "N and its R are free to be shown again")
        #expect(await shown.viewControllers.map(\.id) == [r.id])
    }
}

