import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// R3.14: the transition coordinator, its alongside blocks and completions.
@Suite struct TransitionCoordinatorTests {
    /// Registers alongside and completion blocks from `viewWillAppear`, logging them.
    private actor Animating: ViewController {
        nonisolated let context: ControllerContext
        nonisolated let recorder: CallbackRecorder
        init(context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.recorder = recorder
            recorder.name(self, "X")
        }
        func viewWillAppear(_ animated: Bool) async {
            let recorder = recorder
            guard let coordinator = transitionCoordinator else {
                recorder.record("X.viewWillAppear: no coordinator")
                return
            }
            recorder.record("X.viewWillAppear(animated: \(coordinator.isAnimated), interactive: \(coordinator.isInteractive))")
            coordinator.animate(alongsideTransition: { recorder.record("alongside") }) { cancelled in
                recorder.record("completion(cancelled: \(cancelled))")
            }
        }
        func viewDidAppear(_ animated: Bool) async { recorder.record("X.viewDidAppear") }
        func viewWillDisappear(_ animated: Bool) async { recorder.record("X.viewWillDisappear") }
    }

    // R3.14: non-nil only during a transition; alongside blocks run in flight, completions at the end.
    @Test func coordinator_existsOnlyDuringTheTransition_andRunsItsBlocks() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let navigation = f.navigation("N", [a])
        try await f.start(with: navigation)
        let x = Animating(context: f.window.makeContext(), recorder: f.recorder)
        #expect(await x.transitionCoordinator == nil)
        try await navigation.pushViewController(x, animated: true)
        #expect(f.recorder.take() == [
            "A.viewWillDisappear(true)", "X.viewWillAppear(animated: true, interactive: false)", "alongside",
            "A.viewDidDisappear(true)", "X.viewDidAppear", "completion(cancelled: false)",
        ])
        #expect(await x.transitionCoordinator == nil)
    }

    // R3.14, R4.10: a cancelled interactive pop completes its coordinator with isCancelled.
    @Test func cancelledInteractivePop_completesWithIsCancelled() async throws {
        let f = Fixture()
        let x = Animating(context: f.window.makeContext(), recorder: f.recorder)
        let b = f.controller("B")
        let navigation = f.navigation("N", [x, b])
        try await f.start(with: navigation)
        let gesture = await navigation.beginInteractivePop()
        try await gesture.cancel()
        #expect(f.recorder.take() == [
            "B.willMove(toParent: nil)", "B.viewWillDisappear(true)",
            "X.viewWillAppear(animated: true, interactive: true)", "alongside",
            "X.viewWillDisappear", "B.viewWillAppear(true)", "B.viewDidAppear(true)", "B.didMove(toParent: N)",
            "completion(cancelled: true)",
        ])
    }
}
