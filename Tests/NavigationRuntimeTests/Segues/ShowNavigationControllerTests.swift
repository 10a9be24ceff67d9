import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// `show` of a navigation controller from inside a navigation stack: iOS presents it modally
/// and does not raise R4.3 (which only `pushViewController` raises). Evidence: SwiftyJSON PR
/// #686 ("The previous segue is pointed to the navigation controller. This causes the show
/// segue to be presented instead on the current navigation controller"); passforios's
/// `addPasswordSegue` / `editPasswordSegue`, show segues from a stack to a navigation
/// controller, which run on iOS (../shared/fixtures/apps/mssun__passforios).
@Suite struct ShowNavigationControllerTests {
    typealias DSL = StoryboardDSL

    /// passforios's shape: a list in a navigation controller, a `show` segue to a navigation
    /// controller over the form.
    static let storyboard = Storyboard(initial: "listNav") {
        DSL.Navigation("listNav", root: "list")
        DSL.Controller("list", class: "PasswordsViewController") {
            DSL.SegueTo("addNav", .show, identifier: "addPasswordSegue", trigger: .barButtonItem("add"))
        }
        DSL.Navigation("addNav", root: "add")
        DSL.Controller("add", class: "AddPasswordTableViewController")
    }

    @Test(arguments: [Traits.compact, .regular])
    func showSegueToANavigationController_insideAStack_presentsIt(traits: Traits) async throws {
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
        let catalog = Self.storyboard.catalog(registry: ClassRegistry())
        let listNav = try #require(try catalog.instantiateInitialViewController(in: window) as? NavigationController)
        try await window.setRootViewController(listNav)
        let list = try #require(await listNav.topViewController)

        #expect(try await list.triggerSegue(withIdentifier: "addPasswordSegue").sequence == 2)

        let snapshot = await window.snapshot()
        #expect(snapshot.rendered == "UINavigationController[PasswordsViewController] presents UINavigationController[AddPasswordTableViewController]")
        #expect(snapshot.root?.presented?.presentationStyle == .pageSheet, "R2.11: .automatic, as the storyboard's navigation controller")
        let addNav = try #require(await list.presentedViewController as? NavigationController)
        #expect(await addNav.presentingViewController === listNav)
        #expect(await listNav.viewControllers.count == 1, "nothing pushed")
        await window.close()
    }

    // R6.4: presented full screen, the order is the presentation's (presented side first); R4.3
    // still holds for an explicit push of the same navigation controller.
    @Test func show_ofAFullScreenNavigationController_presents_R6_4_andPushStillFails_R4_3() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let n = f.navigation("N", [a])
        try await f.start(with: n)
        let b = f.controller("B")
        let n2 = NavigationController(context: f.window.makeContext(), rootViewController: b, modalPresentationStyle: .fullScreen)
        f.recorder.name(n2, "N2")

        await #expect(throws: NavigationError(.pushingNavigationController, "")) { try await n.pushViewController(n2) }
        #expect(f.recorder.take() == [])

        #expect(try await a.show(n2, animated: false) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "B.willMove(toParent: N2)", "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "B.viewDidAppear(false)", "A.viewDidDisappear(false)", "B.didMove(toParent: N2)",
        ])
        #expect(await n.presentedViewController === n2)
        #expect(await n2.presentationStyle == .fullScreen)
        #expect(await n.viewControllers.map(\.id) == [a.id])
    }

    // The split's `show` is its navigation primary's: it presents a navigation controller too.
    // A collapsed split's show-detail of one still nests it on the primary (R2.6).
    @Test func split_show_ofANavigationController_presents_butCollapsedShowDetailNests_R2_6() async throws {
        let f = Fixture()
        let p = f.controller("P")
        let s = f.controller("S")
        let primary = f.navigation("PN", [p])
        let split = SplitViewController(context: f.window.makeContext(), primary: primary, secondary: s)
        try await f.start(with: split)
        let n2 = f.navigation("N2", [f.controller("X")])
        #expect(try await s.show(n2, animated: false) == .completed(sequence: 2))
        #expect(await split.presentedViewController === n2)
        #expect(await primary.viewControllers.map(\.id) == [p.id])
        try await split.dismiss(animated: false)

        try await f.window.setTraits(.compact)
        let n3 = f.navigation("N3", [f.controller("Y")])
        try await p.showDetailViewController(n3, animated: false)
        #expect(await primary.viewControllers.last === n3, "R2.6: nested on the collapsed primary")
        #expect(await split.presentedViewController == nil)
    }
}
