import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Races between containers' transitions on one window, and windows side by side, made
/// deterministic by a manual clock (the queue decides the order, not the scheduler).
@Suite struct ContainerRaceTests {
    // R5.5, R4.5: a tab switch requested while a push runs in another tab waits its turn; the
    // push completes in its tab, then the switch shows the other tab.
    @Test func tabSwitch_duringAPushInAnotherTab_runsAfterIt() async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let a = f.controller("A")
        let b = f.controller("B")
        let first = f.navigation("N1", [a])
        let tabBar = TabBarController(context: f.window.makeContext(), viewControllers: [first, b])
        f.recorder.name(tabBar, "T")
        try await f.start(with: tabBar)
        let pushed = f.controller("P")
        let push = Task { try await first.pushViewController(pushed) }
        await clock.sleepers(atLeast: 1)
        let select = Task { try await tabBar.selectTab(at: 1, animated: true) }
        while await f.window.pendingRequestCount < 1 { await Task.yield() }
        #expect(await tabBar.selectedIndex == 0, "the switch waits")
        clock.advance(by: .seconds(1))
        #expect(try await push.value == .completed(sequence: 2))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(try await select.value == .completed(sequence: 3))
        #expect(await first.viewControllers.map(\.id) == [a.id, pushed.id], "the stack is kept in its tab")
        #expect(await pushed.appearanceState == .disappeared)
        #expect(await b.appearanceState == .appeared)
        #expect(f.recorder.take() == [
            "P.willMove(toParent: N1)", "P.viewDidLoad", "A.viewWillDisappear(true)", "P.viewWillAppear(true)",
            "A.viewDidDisappear(true)", "P.viewDidAppear(true)", "P.didMove(toParent: N1)",
            "B.viewDidLoad", "P.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "P.viewDidDisappear(true)", "B.viewDidAppear(true)",
        ])
    }

    // R5.6, R2.6, R5.8: a show-detail queued behind a collapse is resolved against the
    // collapsed split: it pushes onto the primary instead of replacing the secondary.
    @Test func showDetail_queuedBehindACollapse_pushesOntoThePrimary() async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let p = f.controller("P")
        let d1 = f.controller("D1")
        let navigation = f.navigation("N", [p])
        let split = SplitViewController(context: f.window.makeContext(), primary: navigation, secondary: d1)
        try await f.start(with: split)
        let collapse = Task { try await f.window.setTraits(.compact, animated: true) }
        await clock.sleepers(atLeast: 1)
        let d2 = f.controller("D2")
        let show = Task { try await p.showDetailViewController(d2, animated: false) }
        while await f.window.pendingRequestCount < 1 { await Task.yield() }
        clock.advance(by: .seconds(1))
        #expect(try await collapse.value == .completed(sequence: 2))
        #expect(try await show.value == .completed(sequence: 3))
        #expect(await navigation.viewControllers.map(\.id) == [p.id, d1.id, d2.id])
        #expect(await split.viewControllers.map(\.id) == [navigation.id])
        #expect(await d2.appearanceState == .appeared)
    }

    // R8.7: two windows each doing 1,000 segues at once: both gapless, and each window's
    // journal replays (reference model) to exactly its final tree.
    @Test func twoWindows_1000SeguesEach_gapless_andEachEqualToItsReplay() async throws {
        let catalog = SceneCatalog([
            Scene("root", segues: [SegueDefinition(identifier: "next", kind: .show, destination: "leaf")]) {
                GenericViewController(context: $0)
            },
            Scene("leaf", segues: [SegueDefinition(identifier: "next", kind: .show, destination: "leaf")]) {
                GenericViewController(context: $0)
            },
        ])
        @Sendable func run(_ id: UInt64) async throws -> InvariantChecker.Report {
            let window = Window(id: WindowID(id), configuration: .immediate)
            let journal = await window.journal()
            let root = catalog.instantiate("root", in: window) ?? GenericViewController(context: window.makeContext())
            let navigation = NavigationController(context: window.makeContext(), rootViewController: root)
            try await window.setRootViewController(navigation)
            for _ in 0..<1_000 {
                let top = await navigation.topViewController ?? root
                try await top.performSegue(withIdentifier: "next", animated: false)
            }
            let snapshot = await window.snapshot()
            #expect(snapshot.sequence == 1_001)
            #expect(snapshot.root?.children.count == 1_001)
            await window.close()
            return await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        }
        async let first = run(1)
        async let second = run(2)
        let (one, two) = try await (first, second)
        #expect(one.violations == [])
        #expect(two.violations == [])
        #expect(one.commits == 1_001)
        #expect(two.commits == 1_001)
    }
}
