import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// The finding rules of ``NavigationExplorer`` on catalogs built in code: a presentation whose
/// only actions push behind it, a tab bar nested in its own tab, a custom segue with no
/// performer, and the unreached-scene wording.
@Suite struct ExplorerFindingRulesTests {
    static func lines(_ exploration: Exploration) -> [String] {
        exploration.findings.map { "\($0.severity.rawValue) \($0.kind.rawValue) \($0.subject): \($0.message)" }
    }

    /// A navigation controller over an inbox that presents a message full screen; the message's
    /// only segue is a `show`, which pushes onto the navigation controller behind it (R2.2):
    /// the presentation stays, and only code can dismiss it.
    static func inbox(messageShows: Bool) -> SceneCatalog {
        SceneCatalog([
            Scene("nav") { context in
                NavigationController(context: context, viewControllers: [context.catalog?.instantiate("inbox", in: context.window)].compactMap { $0 })
            },
            Scene("inbox", segues: [SegueDefinition(identifier: "compose", kind: .presentModally(.fullScreen), destination: "message")]) {
                GenericViewController(context: $0, className: "InboxController")
            },
            Scene("message", segues: messageShows ? [SegueDefinition(identifier: "more", kind: .show, destination: "other")] : []) {
                GenericViewController(context: $0, className: "MessageController")
            },
            Scene("other") { GenericViewController(context: $0, className: "OtherController") },
        ])
    }

    /// Before: every state led to the unexpanded states at the depth bound, so all counted as
    /// possibly having a way back, and only the stack's growth was reported.
    @Test func aPresentationWhoseOnlySeguePushesBehindItHasNoWayBack() async throws {
        let exploration = try await NavigationExplorer(catalog: Self.inbox(messageShows: true), initialScene: "nav").explore()
        #expect(exploration.states.count == 15)
        #expect(exploration.bounds == [.depth(8, unexpanded: 2)])
        #expect(
            Self.lines(exploration) == [
                "warning no-way-back message: presented message (fullScreen) in #1: no storyboard action leads back (only code can dismiss it)",
                "warning unbounded-growth other: a loop grows a stack without bound: it ends in [other] twice in #3",
            ])
        #expect(exploration.findings.first?.reproductions.map(\.steps) == ["# message presented with no storyboard way back\nsegue inbox compose\nexpect outcome completed\nexpect top message\n"])
        // The same screen with no segue at all: reported before and after.
        let bare = try await NavigationExplorer(catalog: Self.inbox(messageShows: false), initialScene: "nav").explore()
        #expect(
            Self.lines(bare) == [
                "warning no-way-back message: presented message (fullScreen) in #1: no storyboard action leads back (only code can dismiss it)",
                "note unreached-scene other: scene other is never shown",
            ])
    }

    /// Depth 1: the initial state is expanded, its successors are not, and none looks like an
    /// expanded one, so they stay open (no finding is guessed from a search that saw nothing).
    @Test func anUnexpandedStateWithNoExpandedTwinStaysOpen() async throws {
        let exploration = try await NavigationExplorer(
            catalog: Self.inbox(messageShows: true), initialScene: "nav", configuration: .init(maximumDepth: 1)
        ).explore()
        #expect(exploration.states.count == 2)
        #expect(exploration.findings.map(\.kind) == [.unreachedScene, .unreachedSegue])
    }

    /// GoMap's shape: a tab's root shows the tab bar controller that holds it, which nests the
    /// tab bar in itself once per run of the loop. Before: no finding (no stack or chain repeats).
    @Test func aTabBarPushedInsideItsOwnTabGrowsWithoutBound() async throws {
        typealias DSL = StoryboardDSL
        let storyboard = Storyboard(initial: "tabs") {
            DSL.TabBar("tabs", tabs: ["navA", "navB"])
            DSL.Navigation("navA", root: "a")
            DSL.Navigation("navB", root: "b")
            DSL.Controller("a") { DSL.SegueTo("tabs", .show, identifier: "again") }
            DSL.Controller("b")
        }
        let exploration = try await NavigationExplorer(
            catalog: storyboard.catalog(), initialScene: "tabs", configuration: .init(maximumDepth: 3)
        ).explore()
        #expect(exploration.states.count == 7)
        #expect(Self.lines(exploration) == ["warning unbounded-growth tabs navA: a loop nests containers without bound: [tabs → navA] holds [tabs → navA] again in #1"])
        #expect(exploration.findings.first?.reproductions.map(\.steps) == ["# [tabs → navA] nested in itself\nsegue a again\nexpect outcome completed\nexpect top a\n"])
    }

    /// A container holding another scene's container is no nesting: no finding.
    @Test func aTabBarInANavigationControllerIsNoGrowth() async throws {
        typealias DSL = StoryboardDSL
        let storyboard = Storyboard(initial: "nav") {
            DSL.Navigation("nav", root: "a")
            DSL.Controller("a") { DSL.SegueTo("tabs", .presentation, identifier: "open") }
            DSL.TabBar("tabs", tabs: ["navB"])
            DSL.Navigation("navB", root: "b")
            DSL.Controller("b")
        }
        let exploration = try await NavigationExplorer(catalog: storyboard.catalog(), initialScene: "nav").explore()
        #expect(exploration.isExhaustive)
        #expect(!exploration.findings.contains { $0.kind == .unboundedGrowth })
    }

    /// A scene that shows itself (a folder in a folder) grows its stack for ever as far as the
    /// storyboard says: still a warning, but the message says it is a drill-down (a new user
    /// read ResearchKit's as a false alarm). A two-scene loop is not called one.
    @Test func aSceneThatShowsItself_isCalledADrillDown() async throws {
        let catalog = SceneCatalog([
            Scene("nav") { context in
                NavigationController(context: context, viewControllers: [context.catalog?.instantiate("folder", in: context.window)].compactMap { $0 })
            },
            Scene("folder", segues: [SegueDefinition(identifier: "open", kind: .show, destination: "folder")]) {
                GenericViewController(context: $0, className: "FolderViewController")
            },
        ])
        let exploration = try await NavigationExplorer(catalog: catalog, initialScene: "nav", configuration: .init(maximumDepth: 3)).explore()
        #expect(
            Self.lines(exploration) == [
                "warning unbounded-growth folder: a loop grows a stack without bound: it ends in [folder] twice in #1 "
                    + "(folder has a segue to itself: a drill-down, which only its data bounds)"
            ])
        let other = try await NavigationExplorer(catalog: Self.inbox(messageShows: true), initialScene: "nav").explore()
        #expect(!Self.lines(other).contains { $0.contains("drill-down") })
    }

    /// A custom segue with no performer: the runtime presents full screen, UIKit runs its
    /// `perform()`. The no-way-back it leads to says so and is a note. Before: a warning that
    /// named no assumption.
    @Test func aFindingOnACustomSegueWithNoPerformerIsANoteThatSaysSo() async throws {
        var custom = SegueDefinition(identifier: "menu", kind: .presentModally(.fullScreen), destination: "menu")
        custom.customClassWithoutPerformer = "RevealSegue"
        let catalog = SceneCatalog([
            Scene("home", segues: [custom, SegueDefinition(identifier: "cover", kind: .presentModally(.fullScreen), destination: "cover")]) {
                GenericViewController(context: $0)
            },
            Scene("menu") { GenericViewController(context: $0) },
            Scene("cover") { GenericViewController(context: $0) },
        ])
        let exploration = try await NavigationExplorer(catalog: catalog, initialScene: "home").explore()
        #expect(
            Self.lines(exploration) == [
                "note no-way-back menu: presented menu (fullScreen) in #1: no storyboard action leads back (only code can dismiss it); assumed: custom segue home/menu (RevealSegue) presents full screen, but its perform() decides what it does",
                "warning no-way-back cover: presented cover (fullScreen) in #2: no storyboard action leads back (only code can dismiss it)",
            ])
        #expect(exploration.findings.map(\.assumption) == ["assumed: custom segue home/menu (RevealSegue) presents full screen, but its perform() decides what it does", nil])
    }

    /// A storyboard custom segue with no registered performer is marked; a registered one is not.
    @Test func theCatalogMarksCustomSeguesWithNoPerformer() {
        typealias DSL = StoryboardDSL
        let storyboard = Storyboard(initial: "a") {
            DSL.Controller("a") {
                DSL.SegueTo("b", .custom, identifier: "flip", customClass: "FlipSegue")
                DSL.SegueTo("b", .presentation, identifier: "plain")
            }
            DSL.Controller("b")
        }
        #expect(storyboard.catalog().scenes["a"]?.segues.map(\.customClassWithoutPerformer) == ["FlipSegue", nil])
        var registry = ClassRegistry()
        registry.register(segue: "FlipSegue", performer: ClosureSeguePerformer { _ in .none })
        #expect(storyboard.catalog(registry: registry).scenes["a"]?.segues.map(\.customClassWithoutPerformer) == [nil, nil])
    }

    /// An unreached scene nothing leads to says so, bounds or not; one the bounds kept out says
    /// "(within the bounds)".
    @Test func unreachedScenesSayWhy() async throws {
        let catalog = SceneCatalog([
            Scene("a", segues: [SegueDefinition(identifier: "next", kind: .show, destination: "b")]) { GenericViewController(context: $0) },
            Scene("b", segues: [SegueDefinition(identifier: "next", kind: .show, destination: "c")]) { GenericViewController(context: $0) },
            Scene("c") { GenericViewController(context: $0) },
            Scene("orphan") { GenericViewController(context: $0) },
        ])
        var configuration = NavigationExplorer.Configuration(maximumDepth: 1)
        configuration.reachableScenes = ["a", "b", "c"]
        let exploration = try await NavigationExplorer(catalog: catalog, initialScene: "a", configuration: configuration).explore()
        #expect(
            Self.lines(exploration).filter { $0.hasPrefix("note unreached-scene") } == [
                "note unreached-scene c: scene c is never shown (within the bounds)",
                "note unreached-scene orphan: scene orphan is never shown: no segue, relationship or reference leads to it from the initial scene",
            ])
        // Unknown reachability (a catalog built in code, by default): the bounds are blamed.
        let unknown = try await NavigationExplorer(catalog: catalog, initialScene: "a", configuration: .init(maximumDepth: 1)).explore()
        #expect(unknown.findings.contains { $0.message == "scene orphan is never shown (within the bounds)" })
    }

    /// `isExhaustive` is true when no bound was reached; a bound reads as `explore` prints it.
    @Test func exhaustiveAndBoundsInWords() async throws {
        let whole = try await NavigationExplorer(catalog: Self.inbox(messageShows: false), initialScene: "nav").explore()
        #expect(whole.bounds.isEmpty)
        #expect(whole.isExhaustive)
        let cut = try await NavigationExplorer(
            catalog: Self.inbox(messageShows: true), initialScene: "nav", configuration: .init(maximumDepth: 2, maximumStates: 2)
        ).explore()
        #expect(!cut.isExhaustive)
        #expect(cut.bounds.map(\.description) == ["state bound 2 reached: 1 transition led to a state not kept"])
        #expect(Exploration.Bound.depth(8, unexpanded: 3).description == "depth bound 8 reached: 3 states at depth 8 not expanded")
    }
}
