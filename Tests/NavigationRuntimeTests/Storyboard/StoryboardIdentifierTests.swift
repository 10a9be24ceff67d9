import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Instantiation by storyboard ID.
///
/// `instantiateViewController(withIdentifier:)` and `instantiateInitialViewController()` as UIKit
/// code calls them, and the one rule for snapshot class names.
@Suite struct StoryboardIdentifierTests {
    typealias DSL = StoryboardDSL

    actor ListController: ViewController {
        nonisolated let context: ControllerContext
        init(context: ControllerContext) { self.context = context }
    }

    /// Nav (initial) → List (`customClass` ListController, Storyboard ID "List"); Detail (ID
    /// "Detail", no class); Tabs (ID "Tabs") over List and Detail.
    static let storyboard = Storyboard(initial: "nav-el") {
        DSL.Navigation("nav-el", root: "list-el")
        DSL.Controller("list-el", class: "ListController", storyboardIdentifier: "List")
        DSL.Controller("detail-el", storyboardIdentifier: "Detail")
        DSL.TabBar("tabs-el", tabs: ["list-el", "detail-el"], storyboardIdentifier: "Tabs")
    }

    static var registry: ClassRegistry {
        var registry = ClassRegistry()
        registry.register(controller: "ListController") { context, _ in ListController(context: context) }
        return registry
    }

    /// instantiateViewController(withIdentifier:) finds a scene by its Storyboard ID.
    @Test func instantiateWithIdentifier_findsASceneByItsStoryboardID() async throws {
        let window = Window(configuration: .immediate)
        let catalog = Self.storyboard.catalog(registry: Self.registry)

        let detail = try catalog.instantiateViewController(withIdentifier: "Detail", in: window)
        #expect(detail.context.scene?.identifier == "detail-el")
        #expect(detail.storyboard === catalog)
        let list = try catalog.instantiateViewController(withIdentifier: "List", in: window, as: ListController.self)
        #expect(list.context.scene?.identifier == "list-el")
        let tabs = try catalog.instantiateViewController(withIdentifier: "Tabs", in: window, as: TabBarController.self)
        try await window.setRootViewController(tabs)
        #expect(await window.snapshot().root?.children.map(\.className) == ["ListController", "UIViewController"])
    }

    /// An unknown Storyboard ID, or an element id, is a typed error with UIKit's message.
    @Test func unknownIdentifier_orElementID_isATypedErrorWithUIKitsMessage() throws {
        let window = Window(configuration: .immediate)
        let catalog = Self.storyboard.catalog(registry: Self.registry)
        for identifier in ["Missing", "detail-el", ""] {
            let error = #expect(throws: NavigationError.self) {
                try catalog.instantiateViewController(withIdentifier: identifier, in: window)
            }
            #expect(error?.code == .unknownStoryboardIdentifier)
            #expect(error?.identifier == identifier)
            #expect(error?.message == "Storyboard doesn't contain a view controller with identifier '\(identifier)'.")
        }
    }

    /// Asking for the wrong type is a typed error naming the type made.
    @Test func wrongType_isATypedErrorNamingTheTypeMade() throws {
        let window = Window(configuration: .immediate)
        let catalog = Self.storyboard.catalog(registry: Self.registry)
        let error = #expect(throws: NavigationError.self) {
            try catalog.instantiateViewController(withIdentifier: "Detail", in: window, as: ListController.self)
        }
        #expect(error?.code == .unexpectedControllerType)
        #expect(error?.message == "The view controller with identifier 'Detail' is a UIViewController, not a ListController.")
    }

    /// instantiateInitialViewController() makes the storyboard's initial controller.
    @Test func instantiateInitial_makesTheInitialController() async throws {
        let window = Window(configuration: .immediate)
        let catalog = Self.storyboard.catalog(registry: Self.registry)
        let root = try catalog.instantiateInitialViewController(in: window)
        try await window.setRootViewController(root)
        let snapshot = await window.snapshot()
        #expect(snapshot.root?.scene == "nav-el")
        #expect(snapshot.root?.className == "UINavigationController")
        #expect(snapshot.root?.children.map(\.className) == ["ListController"])
        #expect(catalog.initialSceneIdentifier == "nav-el")
    }

    /// Without an initial scene, instantiateInitialViewController() throws instead of UIKit's nil.
    @Test func instantiateInitial_withoutAnInitialScene_throws() throws {
        let window = Window(configuration: .immediate)
        let catalog = SceneCatalog([Scene("home") { GenericViewController(context: $0) }])
        let error = #expect(throws: NavigationError.self) { try catalog.instantiateInitialViewController(in: window) }
        #expect(error?.code == .invalidStoryboard)
        #expect(error?.message == "The storyboard has no initial view controller.")
        let dangling = SceneCatalog([Scene("home") { GenericViewController(context: $0) }], initialScene: "gone")
        #expect(throws: NavigationError(.invalidStoryboard, "")) { try dangling.instantiateInitialViewController(in: window) }
    }

    /// A catalog built in Swift finds scenes by identifier, or by their storyboard identifier when they have one.
    @Test func swiftCatalog_findsScenesByIdentifier_orByStoryboardIdentifier() throws {
        let window = Window(configuration: .immediate)
        let catalog = SceneCatalog(
            [
                Scene("home") { GenericViewController(context: $0) },
                Scene("settings-scene", storyboardIdentifier: "Settings") { GenericViewController(context: $0) },
            ],
            initialScene: "home"
        )
        #expect(try catalog.instantiateViewController(withIdentifier: "home", in: window).context.scene?.identifier == "home")
        #expect(
            try catalog.instantiateViewController(withIdentifier: "Settings", in: window).context.scene?.identifier
                == "settings-scene")
        #expect(throws: NavigationError(.unknownStoryboardIdentifier, "")) {
            try catalog.instantiateViewController(withIdentifier: "settings-scene", in: window)
        }
        #expect(try catalog.instantiateInitialViewController(in: window).context.scene?.identifier == "home")
    }
}

/// Snapshot class names.
///
/// One rule for class names: the scene's class, else UIKit's class for a built-in kind, else
/// the Swift type.
@Suite struct SnapshotClassNameTests {
    actor InboxController: ViewController {
        nonisolated let context: ControllerContext
        init(context: ControllerContext) { self.context = context }
    }

    /// A navigation controller is UINavigationController from a storyboard, the DSL and code alike.
    @Test func navigationController_isUINavigationController_fromStoryboardDSLAndCode() async throws {
        let window = Window(configuration: .immediate)
        let loaded = try StoryboardLoader.load(
            xml: StoryboardXML.document(
                initial: "n",
                StoryboardXML.scene(
                    "n", kind: "navigationController",
                    body: StoryboardXML.connections(
                        StoryboardXML.segue("r", to: "c", kind: "relationship", "relationship=\"rootViewController\""))),
                StoryboardXML.scene("c", kind: "tableViewController")
            ))
        let fromXML = try loaded.catalog().instantiateInitialViewController(in: window)
        let fromDSL = try Storyboard(initial: "n") {
            StoryboardDSL.Navigation("n", root: "c")
            StoryboardDSL.Controller("c")
        }.catalog().instantiateInitialViewController(in: window)
        let inbox = InboxController(context: window.makeContext())
        let fromCode = NavigationController(context: window.makeContext(), rootViewController: inbox)
        let generic = GenericViewController(context: window.makeContext())
        let named = GenericViewController(context: window.makeContext(), className: "ComposeController")
        let tabs = TabBarController(
            context: window.makeContext(), viewControllers: [fromXML, fromDSL, fromCode, generic, named])
        try await window.setRootViewController(tabs)

        let root = try #require(await window.snapshot().root)
        #expect(root.className == "UITabBarController")
        #expect(root.children.map(\.className) == [
            "UINavigationController", "UINavigationController", "UINavigationController", "UIViewController",
            "ComposeController",
        ])
        #expect(root.children.prefix(3).map { $0.children.map(\.className) } == [
            ["UITableViewController"], ["UIViewController"], ["InboxController"],
        ])
        #expect(ControllerSnapshot.className(of: SplitViewController(
            context: window.makeContext(), primary: GenericViewController(context: window.makeContext()),
            secondary: GenericViewController(context: window.makeContext()))) == "UISplitViewController")
    }

    /// A storyboard customClass wins, on containers too.
    @Test func storyboardCustomClass_wins_onContainersToo() async throws {
        let window = Window(configuration: .immediate)
        let root = try Storyboard(initial: "n") {
            StoryboardDSL.Navigation("n", root: "c", class: "ThemedNavigationController")
            StoryboardDSL.Controller("c", class: "InboxViewController")
        }.catalog().instantiateInitialViewController(in: window)
        try await window.setRootViewController(root)
        let snapshot = await window.snapshot()
        #expect(snapshot.root?.className == "ThemedNavigationController")
        #expect(snapshot.root?.children.map(\.className) == ["InboxViewController"])
    }

    /// UIKit's class for each Interface Builder element.
    @Test func everyInterfaceBuilderElement_hasUIKitsClass() {
        let kinds: [StoryboardControllerKind] = [
            .viewController, .navigationController, .tabBarController, .splitViewController, .tableViewController,
            .collectionViewController, .pageViewController, .hostingController, StoryboardControllerKind("avPlayerViewController"),
        ]
        #expect(kinds.map(\.uiKitClassName) == [
            "UIViewController", "UINavigationController", "UITabBarController", "UISplitViewController",
            "UITableViewController", "UICollectionViewController", "UIPageViewController", "UIHostingController",
            "AVPlayerViewController",
        ])
    }
}
