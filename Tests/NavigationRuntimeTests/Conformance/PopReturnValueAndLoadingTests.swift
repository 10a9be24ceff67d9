import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Issue 17, item 5: what a port writes. UIKit's pops return the popped controllers (R4.6,
/// R4.7, R4.8); the outcome stays reachable through `pop`, `pop(to:)` and `popToRoot`. Lazy
/// loading as UIKit has it: `loadViewIfNeeded()`, `view`, `viewIfLoaded` (R6.1).
@Suite struct PopReturnValueAndLoadingTests {
    private func stack(_ f: Fixture, _ names: [String]) async throws -> (NavigationController, [RecordingController]) {
        let controllers = names.map { f.controller($0) }
        let navigation = f.navigation("N", controllers)
        try await f.start(with: navigation)
        return (navigation, controllers)
    }

    // R4.6: popViewController returns the popped controller, nil on a one-element stack.
    @Test func r4_6_popViewController_returnsThePoppedController_nilWhenNothingToPop() async throws {
        let f = Fixture()
        let (n, c) = try await stack(f, ["A", "B"])
        let popped = try await n.popViewController(animated: false)
        #expect(popped === c[1])
        #expect(try await n.popViewController(animated: false) == nil, "R4.6")
        #expect(try await n.popToRootViewController(animated: false)?.isEmpty == true, "R4.6: [] for one element")
        let result = try await n.pop(animated: false)
        #expect(result.outcome == .noChange)
        #expect(result.poppedViewControllers.isEmpty)
        #expect(f.recorder.take().filter { $0.hasPrefix("A.view") } == [
            "A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
        ], "R6.1: A loads when it first appears; the pops that changed nothing delivered nothing")
    }

    // R4.8: popTo / popToRoot return the popped controllers bottom to top; R4.7: [] for the top.
    @Test func r4_8_popToAndPopToRoot_returnThePoppedControllersBottomToTop() async throws {
        let f = Fixture()
        let (n, c) = try await stack(f, ["A", "B", "C", "D", "E"])
        #expect(try await n.popToViewController(c[4], animated: false).map { $0.map(\.id) } == [], "R4.7: the top")
        let toB = try #require(try await n.popToViewController(c[1], animated: false))
        #expect(toB.map(\.id) == [c[2].id, c[3].id, c[4].id])
        let result = try await n.pop(to: c[0], animated: false)
        #expect(result.outcome == .completed(sequence: 3))
        #expect(result.poppedViewControllers.map(\.id) == [c[1].id])
        try await n.setViewControllers(c, animated: false)
        let toRoot = try #require(try await n.popToRootViewController(animated: false))
        #expect(toRoot.map(\.id) == [c[1].id, c[2].id, c[3].id, c[4].id])
        #expect(try await n.popToRoot(animated: false).outcome == .noChange)
    }

    // R4.5: a pop made from a hook of a running transition is deferred: it has popped nothing
    // yet, so UIKit's spelling returns nil and the outcome spelling says `.deferred`; it pops
    // when its turn comes, against the stack as it is then.
    @Test func r4_5_deferredPop_returnsNil_andTheOutcomeSaysDeferred() async throws {
        let f = Fixture()
        let (n, c) = try await stack(f, ["A", "B"])
        let recorder = f.recorder
        let d = f.controller("D")
        await d.setOnDidAppear {
            let popped = try? await n.popViewController(animated: false)
            recorder.record("nested popViewController → \(popped.map { recorder.name(of: $0) } ?? "nil")")
            let outcome = try? await n.pop(animated: false)
            recorder.record("nested pop → \(outcome.map { "\($0.outcome)" } ?? "threw"), popped \(outcome?.poppedViewControllers.count ?? -1)")
        }
        recorder.clear()
        try await n.pushViewController(d, animated: false)
        try await f.window.waitUntilIdle()
        let log = recorder.take()
        #expect(log.contains("nested popViewController → nil"))
        #expect(log.contains { $0.hasPrefix("nested pop → deferred(") && $0.hasSuffix("popped 0") })
        // Both deferred pops ran after the push: D, then B.
        #expect(await n.viewControllers.map(\.id) == [c[0].id])
    }

    // A dropped request popped nothing: nil / `.dropped`.
    @Test func droppedPop_returnsNil_andTheOutcomeSaysDropped() async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let (n, _) = try await stack(f, ["A", "B", "C"])
        let push = Task { try await n.pushViewController(f.controller("D")) }
        await clock.sleepers(atLeast: 1)
        #expect(try await n.popViewController(policy: .dropIfBusy) == nil)
        #expect(try await n.popToRootViewController(policy: .dropIfBusy) == nil)
        #expect(try await n.pop(policy: .dropIfBusy).outcome == .dropped)
        clock.advance(by: .seconds(1))
        #expect(try await push.value == .completed(sequence: 2))
        #expect(await n.viewControllers.count == 4)
    }

    // R6.1: loadViewIfNeeded loads once: viewDidLoad now, none when shown later.
    @Test func r6_1_loadViewIfNeeded_loadsOnce_andShowingLaterDoesNotLoadAgain() async throws {
        let f = Fixture()
        let (n, _) = try await stack(f, ["A"])
        let b = f.controller("B")
        #expect(await b.isViewLoaded == false)
        #expect(await b.viewIfLoaded == nil, "viewIfLoaded never loads")
        #expect(f.recorder.take() == [])
        await b.loadViewIfNeeded()
        #expect(f.recorder.take() == ["B.viewDidLoad"])
        #expect(await b.isViewLoaded)
        await b.loadViewIfNeeded()
        #expect(f.recorder.take() == [], "once")
        try await n.pushViewController(b, animated: false)
        #expect(f.recorder.take() == [
            "B.willMove(toParent: N)", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "B.didMove(toParent: N)",
        ], "R6.2 without B.viewDidLoad: it was loaded")
    }

    // R6.1: accessing `view` loads (the headless stand-in is a value); `viewIfLoaded` does not.
    @Test func r6_1_view_loadsOnFirstAccess_andReportsWhetherItIsInTheWindow() async throws {
        let f = Fixture()
        let (n, c) = try await stack(f, ["A"])
        let b = f.controller("B")
        let view = await b.view
        #expect(f.recorder.take() == ["B.viewDidLoad"])
        #expect(view.controller == b.id && view.appearance == .disappeared && !view.isInWindow)
        #expect(await b.viewIfLoaded == view)
        _ = await b.view
        #expect(f.recorder.take() == [], "loaded once")
        try await n.pushViewController(b, animated: false)
        #expect(await b.view.isInWindow)
        #expect(await c[0].view.isInWindow == false, "covered by the push: off the window")
        #expect(!f.recorder.take().contains("B.viewDidLoad"))
    }
}
