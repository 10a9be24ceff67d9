import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Tab bar delegate at init.
///
/// `TabBarController(context:viewControllers:delegate:)`: the delegate is in place from the start.
@Suite struct TabBarDelegateInitTests {
    struct Delegate: TabBarControllerDelegate {
        let recorder: CallbackRecorder
        let refuses: Int?

        func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: any ViewController) async
            -> Bool
        {
            recorder.record("shouldSelect(\(recorder.name(of: viewController)))")
            return await tabBarController.viewControllers.firstIndex { $0 === viewController } != refuses
        }

        func tabBarController(_ tabBarController: TabBarController, didSelect viewController: any ViewController) async {
            recorder.record("didSelect(\(recorder.name(of: viewController)))")
        }
    }

    /// The delegate given to the initializer answers the first tap, and vetoes it (R5.3).
    @Test func delegateGivenAtInit_answersTheFirstTap_andVetoesIt_R5_3() async throws {
        let fixture = Fixture()
        let first = fixture.controller("First")
        let second = fixture.controller("Second")
        let third = fixture.controller("Third")
        let tabs = TabBarController(
            context: fixture.window.makeContext(),
            viewControllers: [first, second, third],
            delegate: Delegate(recorder: fixture.recorder, refuses: 2)
        )
        #expect(await tabs.delegate != nil)
        try await fixture.start(with: tabs)

        try await tabs.tapTab(at: 1)
        #expect(fixture.recorder.take() == [
            "shouldSelect(Second)", "Second.viewDidLoad", "First.viewWillDisappear(false)", "Second.viewWillAppear(false)",
            "First.viewDidDisappear(false)", "Second.viewDidAppear(false)", "didSelect(Second)",
        ])
        let outcome = try await tabs.tapTab(at: 2)
        #expect(outcome == .vetoed)
        #expect(fixture.recorder.take() == ["shouldSelect(Third)"])
        #expect(await tabs.selectedIndex == 1)
    }
}
