import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Hierarchy accessors.
///
/// `parent`, `children`, `navigationController`, `tabBarController`, `splitViewController`, read
/// the way UIKit code reads them (`self.tabBarController?.selectedIndex`, …).
@Suite struct HierarchyAccessorTests {
    /// Tab[Nav[A, B], Split[Nav[P], D]], then B presents Nav2[X].
    struct World {
        let fixture = Fixture()
        let a, b, p, d, x: RecordingController
        let nav, primaryNav, nav2: NavigationController
        let split: SplitViewController
        let tabs: TabBarController

        init() {
            let window = fixture.window
            a = fixture.controller("A")
            b = fixture.controller("B")
            p = fixture.controller("P")
            d = fixture.controller("D")
            x = fixture.controller("X")
            nav = fixture.navigation("Nav", [a, b])
            primaryNav = fixture.navigation("PrimaryNav", [p])
            nav2 = fixture.navigation("Nav2", [x])
            split = SplitViewController(context: window.makeContext(), primary: primaryNav, secondary: d)
            tabs = TabBarController(context: window.makeContext(), viewControllers: [nav, split])
        }
    }

    /// Each accessor names the nearest container of its kind on the parent chain.
    @Test func accessors_nameTheNearestContainerOfTheirKind() async throws {
        let world = World()
        try await world.fixture.start(with: world.tabs)

        #expect(await world.a.navigationController === world.nav)
        #expect(await world.a.tabBarController === world.tabs)
        #expect(await world.a.splitViewController == nil)
        #expect(await world.nav.tabBarController === world.tabs)
        #expect(await world.nav.navigationController == nil, "a container is not its own ancestor")
        #expect(await world.tabs.tabBarController == nil)

        #expect(await world.p.splitViewController === world.split)
        #expect(await world.p.navigationController === world.primaryNav)
        #expect(await world.p.tabBarController === world.tabs)
        #expect(await world.d.splitViewController === world.split)
        #expect(await world.d.navigationController == nil)
    }

    /// A presented controller has no containers but its own: presentation is not containment.
    @Test func presentedController_hasNoContainersButItsOwn() async throws {
        let world = World()
        try await world.fixture.start(with: world.tabs)
        try await world.b.present(world.nav2, animated: false)

        #expect(await world.nav2.parent == nil)
        #expect(await world.nav2.tabBarController == nil)
        #expect(await world.nav2.presentingViewController === world.tabs, "R3.3: the root presents")
        #expect(await world.x.navigationController === world.nav2)
        #expect(await world.x.tabBarController == nil)
        #expect(await world.x.splitViewController == nil)
        #expect(await world.x.presentingViewController?.tabBarController == nil)
        #expect(await world.b.tabBarController === world.tabs, "the presenter keeps its own")
    }

    /// Parent and children follow pushes and pops.
    @Test func parentAndChildren_followPushesAndPops() async throws {
        let world = World()
        #expect(await world.nav.children.map(\.id) == [world.a.id, world.b.id], "before entering the tree: the initial children")
        try await world.fixture.start(with: world.tabs)

        #expect(await world.tabs.parent == nil)
        #expect(await world.tabs.children.map(\.id) == [world.nav.id, world.split.id])
        #expect(await world.b.parent === world.nav)
        #expect(await world.split.children.map(\.id) == [world.primaryNav.id, world.d.id])

        try await world.nav.popViewController(animated: false)
        #expect(await world.b.parent == nil)
        #expect(await world.nav.children.map(\.id) == [world.a.id])
    }

    /// The deprecated spellings parentViewController and childViewControllers still answer.
    ///
    /// The pre-Swift 3 / 4.2 spellings still answer, for one release. Calling a deprecated
    /// symbol warns (and warnings are errors in this package) except from a declaration that is
    /// itself deprecated: so is this test.
    @available(*, deprecated, message: "exercises the deprecated spellings on purpose")
    @Test func deprecatedSpellings_stillAnswer() async throws {
        let world = World()
        try await world.fixture.start(with: world.tabs)
        #expect(await world.b.parentViewController === world.nav)
        #expect(await world.nav.childViewControllers.map(\.id) == [world.a.id, world.b.id])
        #expect(await world.tabs.parentViewController == nil)
    }
}
