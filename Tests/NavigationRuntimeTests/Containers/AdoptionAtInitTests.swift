import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Issue 17, item 4: children are adopted at init. UIKit's container initializers
/// (`UINavigationController(rootViewController:)`, `UITabBarController.viewControllers = …`,
/// `UISplitViewController.viewControllers = …`, a custom container's `addChild` in `init`) set
/// the child's `parent` at once, so apps read `navigationController` (to configure its
/// `navigationItem`, its toolbar) between init and presentation (R6.11: `addChild` is what
/// sets `parent`). The containment callbacks still come when the container enters a window.
@Suite struct AdoptionAtInitTests {
    @Test func navigationController_rootKnowsItsContainer_rightAfterInit() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let b = f.controller("B")
        let navigation = NavigationController(context: f.window.makeContext(), rootViewController: a)
        #expect(await a.parent === navigation)
        #expect(await a.navigationController === navigation)
        #expect(await a.tabBarController == nil)
        #expect(await a.splitViewController == nil)
        #expect(await navigation.parent == nil)
        #expect(await navigation.children.map(\.id) == [a.id])
        #expect(await b.parent == nil, "not claimed")

        // Entering the window: the same answers, and the containment callbacks come now (R6.11).
        f.recorder.name(navigation, "N")
        try await f.window.setRootViewController(navigation, animated: false)
        #expect(f.recorder.take() == [
            "A.willMove(toParent: N)", "A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
            "A.didMove(toParent: N)",
        ])
        #expect(await a.parent === navigation)
        #expect(await a.navigationController === navigation)
    }

    @Test func tabBarAndSplit_nestedChildrenKnowEveryContainer_rightAfterInit() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let s = f.controller("S")
        let p = f.controller("P")
        let d = f.controller("D")
        let navigation = NavigationController(context: f.window.makeContext(), rootViewController: a)
        let tabs = TabBarController(context: f.window.makeContext(), viewControllers: [navigation, s])
        #expect(await a.tabBarController === tabs)
        #expect(await a.navigationController === navigation)
        #expect(await navigation.parent === tabs)
        #expect(await s.parent === tabs)
        #expect(await s.navigationController == nil)

        let primary = NavigationController(context: f.window.makeContext(), rootViewController: p)
        let split = SplitViewController(context: f.window.makeContext(), primary: primary, secondary: d)
        #expect(await p.splitViewController === split)
        #expect(await p.navigationController === primary)
        #expect(await d.parent === split)
        #expect(await d.splitViewController === split)

        let lone = f.controller("L")
        let columns = SplitViewController(context: f.window.makeContext(), primaryColumn: lone, secondaryColumn: nil)
        #expect(await lone.splitViewController === columns)
    }

    @Test func customContainer_claimingWithItself_isTheParentAfterInit() async throws {
        let f = Fixture()
        let k = f.controller("K")
        let holder = ClaimingContainer(context: f.window.makeContext(), children: [k])
        #expect(await k.parent === holder)
        let generic = GenericViewController(context: f.window.makeContext(), children: [f.controller("E")])
        let e = try #require(await generic.children.first)
        #expect(await e.parent === generic)
    }

    // R6.11: a child belongs to one container. The first claim wins, from any thread; the
    // others are refused when they would enter the window, and never show as the parent.
    @Test func concurrentInits_firstClaimWins_andIsTheParent() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let window = f.window
        let navigations = await withTaskGroup(of: NavigationController.self) { group in
            for _ in 0..<8 {
                group.addTask { NavigationController(context: window.makeContext(), rootViewController: a) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let parent = try #require(await a.parent as? NavigationController)
        #expect(navigations.contains { $0 === parent })
        for navigation in navigations where navigation !== parent {
            await #expect(throws: NavigationError(.controllerInUse, "")) {
                try await window.setRootViewController(navigation)
            }
        }
        try await window.setRootViewController(parent)
        #expect(await a.navigationController === parent)
    }

    // No reference cycle: a container that never enters a window is freed with its children
    // (the child's link to it is weak); the child is then free, with no parent.
    @Test func containerThatNeverEntersAWindow_isFreed() async throws {
        let f = Fixture()
        let a = f.controller("A")
        weak var released: NavigationController?
        do {
            let navigation = NavigationController(context: f.window.makeContext(), rootViewController: a)
            released = navigation
            #expect(await a.parent === navigation)
        }
        #expect(released == nil)
        #expect(await a.parent == nil)
        #expect(await a.navigationController == nil)
    }

    // A container held by another cannot enter the window on its own; the refused request
    // changes no claim, so the parents stay as the initializers set them.
    @Test func containerHeldByAnother_isRefused_andTheClaimsStay() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let navigation = NavigationController(context: f.window.makeContext(), rootViewController: a)
        // A second container that already holds A's navigation controller: setting A's
        // container as root fails and leaves everything as it was.
        let tabs = TabBarController(context: f.window.makeContext(), viewControllers: [navigation])
        await #expect(throws: NavigationError(.controllerInUse, "")) {
            try await f.window.setRootViewController(navigation)
        }
        #expect(await a.parent === navigation)
        #expect(await navigation.parent === tabs)
        try await f.window.setRootViewController(tabs)
        #expect(await a.tabBarController === tabs)
    }
}
