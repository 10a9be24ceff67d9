import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// §5 (tab bar and split view) and the §2 rules that route through a split.
@Suite struct TabBarControllerTests {
    private struct Veto: TabBarControllerDelegate {
        let recorder: CallbackRecorder
        let allow: Bool
        func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: any ViewController) async -> Bool {
            recorder.record("T.shouldSelect(\(recorder.name(of: viewController)))")
            return allow
        }
        func tabBarController(_ tabBarController: TabBarController, didSelect viewController: any ViewController) async {
            recorder.record("T.didSelect(\(recorder.name(of: viewController)))")
        }
    }

    private func tabs(_ f: Fixture, _ children: [any ViewController], allow: Bool = true) async throws -> TabBarController {
        let tabBar = TabBarController(context: f.window.makeContext(), viewControllers: children)
        f.recorder.name(tabBar, "T")
        await tabBar.setDelegate(Veto(recorder: f.recorder, allow: allow))
        try await f.window.setRootViewController(tabBar, animated: false)
        return tabBar
    }

    // R5.5, R6.1
    @Test func tabSwitch_order_andLazyLoading_R5_5_R6_1() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let b = f.controller("B")
        let tabBar = try await tabs(f, [a, b])
        #expect(f.recorder.take() == [
            "A.willMove(toParent: T)", "B.willMove(toParent: T)", "A.viewDidLoad", "A.viewWillAppear(false)",
            "A.viewDidAppear(false)", "A.didMove(toParent: T)", "B.didMove(toParent: T)",
        ], "R5.5: B is not loaded until first selected")
        #expect(await b.isViewLoaded == false)
        #expect(try await tabBar.selectTab(at: 1) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "B.viewDidAppear(false)",
        ], "R5.3: a programmatic selection calls no delegate method")
        #expect(try await tabBar.selectTab(at: 1) == .noChange, "R5.5: the same tab again: no events")
        #expect(f.recorder.take() == [])
    }

    // R5.3
    @Test func userTap_vetoed_changesNothing_R5_3() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let b = f.controller("B")
        let tabBar = try await tabs(f, [a, b], allow: false)
        f.recorder.clear()
        #expect(try await tabBar.tapTab(at: 1) == .vetoed)
        #expect(f.recorder.take() == ["T.shouldSelect(B)"])
        #expect(await tabBar.selectedIndex == 0)
    }

    // R5.3, R5.4
    @Test func userTap_selects_thenDidSelect_andReTapPopsToRoot_R5_3_R5_4() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let a2 = f.controller("A2")
        let navigation = f.navigation("N", [a])
        let b = f.controller("B")
        let tabBar = try await tabs(f, [navigation, b])
        try await navigation.pushViewController(a2, animated: false)
        f.recorder.clear()
        #expect(try await tabBar.tapTab(at: 0) == .completed(sequence: 3))
        #expect(f.recorder.take() == [
            "T.shouldSelect(N)", "A2.willMove(toParent: nil)", "A2.viewWillDisappear(false)", "A.viewWillAppear(false)",
            "A2.viewDidDisappear(false)", "A.viewDidAppear(false)", "A2.didMove(toParent: nil)", "T.didSelect(N)",
        ])
        #expect(try await tabBar.tapTab(at: 1) == .completed(sequence: 4))
        #expect(f.recorder.take() == [
            "T.shouldSelect(B)", "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "T.didSelect(B)",
        ])
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await tabBar.selectTab(at: 7) }
    }
}

@Suite struct SplitViewControllerTests {
    private struct Claim: SplitViewControllerDelegate {
        let claimsDetail: Bool
        let discards: Bool
        func splitViewController(_ splitViewController: SplitViewController, showDetail viewController: any ViewController) async -> Bool {
            claimsDetail
        }
        func splitViewController(
            _ splitViewController: SplitViewController,
            collapseSecondary secondary: any ViewController,
            onto primary: any ViewController
        ) async -> Bool { discards }
    }

    /// S(primary N[P], secondary D1).
    private func split(_ f: Fixture, delegate: Claim? = nil) async throws
        -> (SplitViewController, NavigationController, RecordingController, RecordingController)
    {
        let p = f.controller("P")
        let d1 = f.controller("D1")
        let navigation = f.navigation("N", [p])
        let split = SplitViewController(context: f.window.makeContext(), primary: navigation, secondary: d1)
        f.recorder.name(split, "S")
        if let delegate { await split.setDelegate(delegate) }
        try await f.start(with: split)
        return (split, navigation, p, d1)
    }

    // R5.8, R2.4
    @Test func expanded_showDetail_replacesTheSecondary_R5_8_R2_4() async throws {
        let f = Fixture()
        let (split, navigation, p, d1) = try await split(f)
        let d2 = f.controller("D2")
        #expect(try await p.showDetailViewController(d2, animated: false) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "D1.willMove(toParent: nil)", "D2.willMove(toParent: S)", "D2.viewDidLoad", "D1.viewWillDisappear(false)",
            "D2.viewWillAppear(false)", "D1.viewDidDisappear(false)", "D2.viewDidAppear(false)",
            "D1.didMove(toParent: nil)", "D2.didMove(toParent: S)",
        ])
        #expect(await split.viewControllers.map(\.id) == [navigation.id, d2.id])
        #expect(await navigation.viewControllers.map(\.id) == [p.id], "no push")
        #expect(try await p.showDetailViewController(d2) == .noChange, "R2.5: the current secondary again")
        _ = d1
    }

    // R2.6, R5.8
    @Test func collapsed_showDetail_pushesOntoThePrimary_R2_6_R5_8() async throws {
        let f = Fixture(traits: .compact)
        let (split, navigation, p, d1) = try await split(f)
        #expect(await split.isCollapsed)
        #expect(await navigation.viewControllers.map(\.id) == [p.id, d1.id], "R5.6: collapsed at start")
        let d2 = f.controller("D2")
        #expect(try await p.showDetailViewController(d2, animated: false) == .completed(sequence: 2))
        #expect(await navigation.viewControllers.map(\.id) == [p.id, d1.id, d2.id])
    }

    // R2.5
    @Test func delegateClaimingShowDetail_leavesTheSplitAlone_R2_5() async throws {
        let f = Fixture()
        let (split, navigation, p, d1) = try await split(f, delegate: Claim(claimsDetail: true, discards: false))
        #expect(try await p.showDetailViewController(f.controller("D2")) == .noChange)
        #expect(await split.viewControllers.map(\.id) == [navigation.id, d1.id])
    }

    // R5.6
    @Test func collapse_default_putsTheSecondaryOntoThePrimary_thenExpandRestoresIt_R5_6() async throws {
        let f = Fixture()
        let (split, navigation, p, d1) = try await split(f)
        #expect(try await f.window.setTraits(.compact) == .completed(sequence: 2))
        #expect(await navigation.viewControllers.map(\.id) == [p.id, d1.id])
        #expect(await split.viewControllers.map(\.id) == [navigation.id])
        #expect(await d1.appearanceState == .appeared)
        #expect(try await f.window.setTraits(.regular) == .completed(sequence: 3))
        #expect(await navigation.viewControllers.map(\.id) == [p.id])
        #expect(await split.viewControllers.map(\.id) == [navigation.id, d1.id])
        #expect(await d1.appearanceState == .appeared)
        #expect(await p.appearanceState == .appeared)
    }

    // R5.6
    @Test func collapse_whenTheDelegateDiscards_dropsTheSecondary_R5_6() async throws {
        let f = Fixture()
        let (split, navigation, p, d1) = try await split(f, delegate: Claim(claimsDetail: false, discards: true))
        try await f.window.setTraits(.compact)
        #expect(await navigation.viewControllers.map(\.id) == [p.id])
        #expect(await split.viewControllers.map(\.id) == [navigation.id])
        #expect(await d1.appearanceState == .disappeared)
        #expect(f.recorder.take() == [
            "D1.willMove(toParent: nil)", "D1.viewWillDisappear(false)", "D1.viewDidDisappear(false)", "D1.didMove(toParent: nil)",
        ])
    }
}
