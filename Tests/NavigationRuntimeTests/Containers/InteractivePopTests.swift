import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// R4.10, R4.11, R6.9, R6.14: the interactive pop (edge swipe), finished or cancelled.
@Suite struct InteractivePopTests {
    private func stack() async throws -> (Fixture, NavigationController, RecordingController, RecordingController) {
        let f = Fixture()
        let a = f.controller("A")
        let b = f.controller("B")
        let navigation = f.navigation("N", [a, b])
        try await f.start(with: navigation)
        return (f, navigation, a, b)
    }

    // R4.10, R4.11, R6.9: cancelled, the stack is restored with UIKit's cancel sequence.
    @Test func cancelled_restoresTheStack_withTheCancelSequence() async throws {
        let (f, navigation, a, b) = try await stack()
        let gesture = await navigation.beginInteractivePop()
        #expect(f.recorder.take() == ["B.willMove(toParent: nil)", "A.viewDidLoad", "B.viewWillDisappear(true)", "A.viewWillAppear(true)"])
        // R4.11: during the gesture the stack reports the post-pop state.
        #expect(await navigation.viewControllers.map(\.id) == [a.id])
        #expect(try await gesture.cancel() == .noChange)
        #expect(f.recorder.take() == [
            "A.viewWillDisappear(true)", "A.viewDidDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
            "B.didMove(toParent: N)",
        ])
        #expect(await navigation.viewControllers.map(\.id) == [a.id, b.id])
        #expect(await b.appearanceState == .appeared)
        #expect(await a.appearanceState == .disappeared)
        #expect(await f.window.snapshot().sequence == 1, "nothing committed")
    }

    // R4.10, R6.3, R6.14: finished, it is a normal pop (animated: true).
    @Test func finished_isANormalPop() async throws {
        let (f, navigation, a, _) = try await stack()
        let gesture = await navigation.beginInteractivePop()
        f.recorder.clear()
        #expect(try await gesture.finish() == .completed(sequence: 2))
        #expect(f.recorder.take() == ["B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(toParent: nil)"])
        #expect(await navigation.viewControllers.map(\.id) == [a.id])
    }

    // R4.6: nothing to pop: the gesture ends at once with .noChange.
    @Test func onARootOnlyStack_endsAtOnce() async throws {
        let f = Fixture()
        let navigation = f.navigation("N", [f.controller("A")])
        try await f.start(with: navigation)
        let gesture = await navigation.beginInteractivePop()
        #expect(try await gesture.finish() == .noChange)
    }

    // R4.5: a push requested during the gesture waits for it.
    @Test func aPushDuringTheGesture_waitsForIt() async throws {
        let (f, navigation, a, b) = try await stack()
        let gesture = await navigation.beginInteractivePop()
        let c = f.controller("C")
        let push = Task { try await navigation.pushViewController(c, animated: false) }
        while await f.window.pendingRequestCount < 1 { await Task.yield() }
        try await gesture.cancel()
        #expect(try await push.value == .completed(sequence: 2))
        #expect(await navigation.viewControllers.map(\.id) == [a.id, b.id, c.id])
    }
}
