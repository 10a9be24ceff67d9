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
        #expect(await parent.childViewControllers.map(\.id) == [child.id])
        #expect(await child.parentViewController === parent)

        await child.willMove(toParent: nil)  // the container's own call
        #expect(try await child.removeFromParent() == .completed(sequence: 3))
        #expect(f.recorder.take() == [
            "C.didMove(toParent: P)", "C.willMove(toParent: nil)",
            "C.viewWillDisappear(false)", "C.viewDidDisappear(false)", "C.didMove(toParent: nil)",
        ])
        #expect(await parent.childViewControllers.isEmpty)
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
        var warnings: [String] = []
        for await event in journal {
            if case .warning(let text) = event.kind { warnings.append(text) }
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
}
