import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// R5.1, R5.2: the tab bar's More navigation controller (UIKIT-SEMANTICS §11 idea 47).
@Suite struct MoreNavigationTests {
    private struct Delegate: TabBarControllerDelegate {
        let recorder: CallbackRecorder
        func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: any ViewController) async -> Bool {
            recorder.record("T.shouldSelect(\(recorder.name(of: viewController)))")
            return true
        }
        func tabBarController(_ tabBarController: TabBarController, didSelect viewController: any ViewController) async {
            recorder.record("T.didSelect(\(recorder.name(of: viewController)))")
        }
    }

    /// T with seven tabs C0…C6 (classic: four on the bar and More), delegate recording.
    private func sevenTabs(_ f: Fixture) async throws -> (TabBarController, [RecordingController], NavigationController) {
        let tabs = (0..<7).map { f.controller("C\($0)") }
        let tabBar = TabBarController(context: f.window.makeContext(), viewControllers: tabs)
        f.recorder.name(tabBar, "T")
        let more = await tabBar.moreNavigationController
        f.recorder.name(more, "More")
        await tabBar.setDelegate(Delegate(recorder: f.recorder))
        try await f.start(with: tabBar)
        return (tabBar, tabs, more)
    }

    // R5.1, R5.2
    @Test func sevenTabs_fourOnTheBarAndMore_moreIsNotAViewController_R5_1_R5_2() async throws {
        let f = Fixture()
        let (tabBar, tabs, more) = try await sevenTabs(f)
        #expect(tabBar.hasMoreTab)
        #expect(await tabBar.viewControllers.map(\.id) == tabs.map(\.id), "R5.1: More is not in viewControllers")
        #expect(await tabBar.moreViewControllers.map(\.id) == tabs[4...].map(\.id), "4 + More")
        #expect(await tabBar.selectedIndex == 0)
        #expect(await tabBar.selectedViewController === tabs[0])
        #expect(await more.viewControllers.count == 1, "the More list")
        let snapshot = await f.window.snapshot()
        let node = try #require(snapshot.root)
        #expect(node.children.count == 8)
        #expect(node.children.last?.id == more.id && node.children.last?.kind == .navigation)
        #expect(node.children.last?.children.map(\.className) == ["UIMoreListController"])
        #expect(node.children.last?.appearance == .disappeared)

        // Five tabs or fewer: no More tab, though the controller exists (UIKit's docs).
        let few = TabBarController(context: f.window.makeContext(), viewControllers: [f.controller("X")])
        #expect(few.hasMoreTab == false)
        let idle = await few.moreNavigationController
        #expect(await few.moreNavigationController === idle)
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await few.tapMoreTab() }
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await few.select(idle) }
    }

    // R5.1, R5.2, R5.3, R5.5
    @Test func selectingAnExcessTab_showsItOnMore_programmaticallyWithoutDelegate_R5_2_R5_3() async throws {
        let f = Fixture()
        let (tabBar, tabs, more) = try await sevenTabs(f)
        #expect(try await tabBar.selectTab(at: 5) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "C5.viewDidLoad", "C0.viewWillDisappear(false)", "C5.viewWillAppear(false)",
            "C0.viewDidDisappear(false)", "C5.viewDidAppear(false)",
        ], "R5.5 order; R5.3: no delegate call for a programmatic selection")
        #expect(await tabBar.selectedIndex == 5)
        #expect(await tabBar.selectedViewController === tabs[5])
        let stack = await more.viewControllers
        #expect(stack.count == 2 && stack.last === tabs[5], "R5.2: on the More navigation controller, over its list")
        #expect(await more.topViewController === tabs[5])
        #expect(await more.appearanceState == .appeared)
        #expect(await stack[0].appearanceState == .disappeared, "the More list is covered")

        // Another excess tab replaces it on More; the list stays hidden.
        #expect(try await tabBar.select(tabs[6]) == .completed(sequence: 3))
        #expect(f.recorder.take() == [
            "C6.viewDidLoad", "C5.viewWillDisappear(false)", "C6.viewWillAppear(false)",
            "C5.viewDidDisappear(false)", "C6.viewDidAppear(false)",
        ])
        #expect(await more.viewControllers.last === tabs[6])

        // More itself: selectedIndex is NSNotFound (nil); only selectedViewController selects it (R5.1).
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await tabBar.selectTab(at: 7) }
        #expect(try await tabBar.select(more) == .completed(sequence: 4))
        #expect(f.recorder.take() == ["C6.viewWillDisappear(false)", "C6.viewDidDisappear(false)"])
        #expect(await tabBar.selectedIndex == nil)
        #expect(await tabBar.selectedViewController === more)
        #expect(await more.viewControllers.count == 1)
        #expect(await more.viewControllers[0].appearanceState == .appeared)
        #expect(try await tabBar.select(more) == .noChange, "R5.5: the selected one again")

        // Back to a tab on the bar: More leaves the screen.
        #expect(try await tabBar.selectTab(at: 1) == .completed(sequence: 5))
        #expect(f.recorder.take() == [
            "C1.viewDidLoad", "C1.viewWillAppear(false)", "C1.viewDidAppear(false)",
        ])
        #expect(await more.appearanceState == .disappeared)
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await tabBar.select(f.controller("Stranger")) }
    }

    // R5.2, R5.3, R5.4
    @Test func userTaps_onAnExcessRow_andOnTheMoreTab_callTheDelegate_R5_3() async throws {
        let f = Fixture()
        let (tabBar, tabs, more) = try await sevenTabs(f)
        #expect(try await tabBar.tapTab(at: 4) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "T.shouldSelect(C4)", "C4.viewDidLoad", "C0.viewWillDisappear(false)", "C4.viewWillAppear(false)",
            "C0.viewDidDisappear(false)", "C4.viewDidAppear(false)", "T.didSelect(C4)",
        ])
        // Tapping More while an excess tab shows on it returns to the list (as R5.4 for a stack).
        #expect(try await tabBar.tapMoreTab() == .completed(sequence: 3))
        #expect(f.recorder.take() == [
            "T.shouldSelect(More)", "C4.viewWillDisappear(false)", "C4.viewDidDisappear(false)", "T.didSelect(More)",
        ], "the delegate hears of the More navigation controller")
        #expect(try await tabBar.tapMoreTab() == .noChange)
        #expect(f.recorder.take() == ["T.shouldSelect(More)", "T.didSelect(More)"], "R5.3: also on a re-tap")
        // The More stack's back button (a pop) returns from an excess tab to the list.
        try await tabBar.selectTab(at: 5)
        f.recorder.clear()
        #expect(try await more.pop(animated: false).outcome == .completed(sequence: 5))
        #expect(f.recorder.take() == ["C5.viewWillDisappear(false)", "C5.viewDidDisappear(false)"])
        #expect(await tabBar.selectedViewController === more)
        #expect(try await more.pop(animated: false).outcome == .noChange, "R4.6: the list alone")
        _ = tabs
        // The More stack is the tab bar's to manage.
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await more.pushViewController(f.controller("X")) }
        await #expect(throws: NavigationError(.invalidRequest, "")) {
            try await more.setViewControllers([f.controller("Y")], animated: false)
        }
    }

    // R5.1, R5.2, DESIGN §6: the journal of More selections replays to the snapshot.
    @Test func moreSelections_replayThroughTheReferenceModel_andKeepEveryInvariant() async throws {
        let f = Fixture()
        let journal = await f.window.journal()
        let (tabBar, tabs, more) = try await sevenTabs(f)
        try await tabBar.selectTab(at: 6)
        let inner = f.controller("Inner")
        try await tabs[6].present(inner, style: .fullScreen, animated: false)
        try await inner.dismiss(animated: false)
        try await tabBar.select(more)
        try await tabBar.tapTab(at: 5)
        try await tabBar.selectTab(at: 2)
        try await tabBar.tapTab(at: 4)
        let snapshot = await f.window.snapshot()
        await f.window.close()
        let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        #expect(report.violations == [])
        #expect(report.commits == 8)
    }

    // R5.1, R5.2, R8.5: a snapshot with More (or an excess tab) selected round-trips.
    @Test(arguments: [4, 6, 7])
    func snapshotWithMoreSelected_roundTrips_R5_1_R8_5(selected: Int) async throws {
        let app = Application()
        let catalog = RestorationScenes.catalog
        let window = await app.openWindow(configuration: .immediate)
        let scenes = ["home", "inbox", "message", "detail", "settings", "profile", "home"]
        var tabs: [any ViewController] = []
        for scene in scenes { tabs.append(try #require(catalog.instantiate(scene, in: window))) }
        let tabBar = TabBarController(context: window.makeContext(), viewControllers: tabs)
        try await window.setRootViewController(tabBar)
        if selected == 7 { try await tabBar.select(tabBar.moreNavigationController) } else { try await tabBar.selectTab(at: selected) }
        let snapshot = await window.snapshot()
        let expected: String
        switch selected {
        case 7: expected = "tabBar*[home inbox message detail settings profile home navigation*[?*]]{7}"
        case 4: expected = "tabBar*[home inbox message detail settings* profile home navigation*[?]]{4}"
        default: expected = "tabBar*[home inbox message detail settings profile home* navigation*[?]]{6}"
        }
        #expect(snapshot.stateRendered == expected)

        let json = try JSONEncoder().encode(snapshot)
        let outcome = await app.restore(json: json, catalog: catalog, configuration: .immediate)
        let restored = try #require(outcome.window, "\(outcome.problems)")
        #expect(await restored.snapshot().normalized() == snapshot.normalized())
        let root = try #require(await restored.rootViewController as? TabBarController)
        #expect(await root.selectedIndex == (selected == 7 ? nil : selected))
    }

    // R5.2, R8.5: a More navigation controller that is not as the tab bar makes it is refused.
    @Test func restoration_refusesABadMoreNavigationController() async throws {
        let app = Application()
        func content(_ id: UInt64) -> ControllerSnapshot {
            ControllerSnapshot(id: ControllerID(id), scene: "home", className: "HomeController", kind: .content, appearance: .disappeared)
        }
        let badMore = ControllerSnapshot(
            id: ControllerID(50), className: "UINavigationController", kind: .navigation, appearance: .disappeared,
            children: [content(51), content(52)]
        )
        let seven = ControllerSnapshot(
            id: ControllerID(1), className: "UITabBarController", kind: .tabBar, appearance: .disappeared,
            children: (2..<9).map(content) + [badMore], selectedIndex: 0
        )
        let six = ControllerSnapshot(
            id: ControllerID(60), className: "UITabBarController", kind: .tabBar, appearance: .disappeared,
            children: (61..<67).map(content), selectedIndex: 0
        )
        for (root, path) in [(seven, "root.children[7]"), (six, "root")] {
            let snapshot = WindowSnapshot(window: WindowID(1), sequence: 3, traits: .regular, transitionInFlight: false, root: root)
            let outcome = await app.restore(snapshot, catalog: RestorationScenes.catalog)
            #expect(outcome.problems.map(\.path) == [path])
            #expect(outcome.problems.map(\.reason) == [.invalidMoreNavigation])
        }
        #expect(await app.openWindows.isEmpty)
    }

    // R5.2, R6.9, DESIGN §3.4: a More selection cancelled before its commit point changes nothing.
    @Test func cancelledSelectionOfAnExcessTab_rollsBack_R5_2_R6_9() async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let tabs = (0..<6).map { f.controller("C\($0)") }
        let tabBar = TabBarController(context: f.window.makeContext(), viewControllers: tabs)
        let more = await tabBar.moreNavigationController
        try await f.start(with: tabBar)
        let before = await f.window.snapshot()
        let select = Task { try await tabBar.selectTab(at: 5, animated: true) }
        await clock.sleepers(atLeast: 1)
        #expect(await more.topViewController === tabs[5])
        select.cancel()
        await #expect(throws: CancellationError.self) { try await select.value }
        #expect(f.recorder.take() == [
            "C5.viewDidLoad", "C0.viewWillDisappear(true)", "C5.viewWillAppear(true)",
            "C5.viewWillDisappear(true)", "C5.viewDidDisappear(true)", "C0.viewWillAppear(true)", "C0.viewDidAppear(true)",
        ])
        #expect(await f.window.snapshot() == before)
        #expect(await tabBar.selectedIndex == 0)
        #expect(await more.viewControllers.count == 1)
    }

    // R5.2, R7.8: an unwind to a controller in an excess tab selects that tab, on More.
    @Test func unwindIntoAnExcessTab_selectsIt_onMore_R5_2_R7_8() async throws {
        let f = Fixture()
        let target = GenericViewController(context: f.window.makeContext(), unwindActions: ["back:"])
        let deeper = f.controller("Deeper")
        let stack = f.navigation("N", [target, deeper])
        var tabs: [any ViewController] = (0..<6).map { f.controller("C\($0)") }
        tabs.append(stack)
        let tabBar = TabBarController(context: f.window.makeContext(), viewControllers: tabs)
        let more = await tabBar.moreNavigationController
        try await f.start(with: tabBar)
        let source = try #require(tabs[0] as? RecordingController)
        #expect(try await source.performUnwind(action: "back:", requireDestination: true, animated: false) == .completed(sequence: 2))
        #expect(await tabBar.selectedIndex == 6)
        #expect(await stack.viewControllers.map(\.id) == [target.id])
        #expect(await more.topViewController === stack)
        #expect(await target.appearanceState == .appeared)
    }
}

