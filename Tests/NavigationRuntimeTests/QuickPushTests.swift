import NavigationRuntime
import NavigationRuntimeTesting
import Testing

@Suite struct QuickPushTests {
    @Test func push_deliversUIKitOrder() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let nav = f.navigation("N", [a])
        await nav.setDelegate(RecordingNavigationDelegate(recorder: f.recorder))
        try await f.start(with: nav)
        let b = f.controller("B")
        let outcome = try await nav.pushViewController(b, animated: true)
        #expect(outcome == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "N.delegate.willShow(B)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(toParent: N)",
            "N.delegate.didShow(B)",
        ])
    }
}
