// Tests: a window of a storyboard app restores by making each controller once; the catalog
// knows a container scene's kind without making it.

import Foundation
import NavigationRuntime
import Synchronization
import Testing

@Suite struct StoryboardRestorationTests {
    typealias XML = StoryboardXML

    /// A tab bar of two navigation controllers, each with a `Counted` root.
    static let storyboard: Storyboard = {
        let xml = XML.document(
            initial: "tabs",
            XML.scene(
                "tabs", kind: "tabBarController",
                body: XML.connections(
                    XML.segue("t1", to: "nav1", kind: "relationship", "relationship=\"viewControllers\""),
                    XML.segue("t2", to: "nav2", kind: "relationship", "relationship=\"viewControllers\""))),
            XML.scene(
                "nav1", kind: "navigationController",
                body: XML.connections(XML.segue("r1", to: "root1", kind: "relationship", "relationship=\"rootViewController\""))),
            XML.scene(
                "nav2", kind: "navigationController",
                body: XML.connections(XML.segue("r2", to: "root2", kind: "relationship", "relationship=\"rootViewController\""))),
            XML.scene("root1", attributes: "customClass=\"Counted\""),
            XML.scene("root2", attributes: "customClass=\"Counted\""))
        return (try? StoryboardLoader.load(xml: xml, file: "Main.storyboard")) ?? Storyboard(scenes: [])
    }()

    /// How many `Counted` controllers were made.
    final class Counter: Sendable {
        private let made = Atomic<Int>(0)
        func add() { made.add(1, ordering: .relaxed) }
        var count: Int { made.load(ordering: .relaxed) }
    }

    /// The storyboard's catalog, whose `Counted` controllers are counted as they are made.
    static func counting() -> (catalog: SceneCatalog, made: Counter) {
        let made = Counter()
        var registry = ClassRegistry()
        registry.register(controller: "Counted") { context, _ in
            made.add()
            return GenericViewController(context: context, className: "Counted")
        }
        return (storyboard.catalog(registry: registry), made)
    }

    /// Restoring the tab bar makes each root once: the tab bar's and the navigation
    /// controllers' scenes are not made to check their kind (each would make its whole
    /// subtree again: 6 roots made before, for 2 restored).
    @Test func aTabBarOfStacks_restores_makingEachControllerOnce_R8_5() async throws {
        let (catalog, made) = Self.counting()
        let window = Window(configuration: .immediate)
        let root = try catalog.instantiateInitialViewController(in: window)
        try await window.setRootViewController(root, animated: false)
        #expect(made.count == 2)
        let snapshot = await window.snapshot()

        let outcome = await Application().restore(snapshot, catalog: catalog, configuration: .immediate)
        let restored = try #require(outcome.window, "\(outcome.problems)")
        #expect(made.count == 4)
        #expect(await restored.snapshot().normalized() == snapshot.normalized())
        await restored.close()
        await window.close()
    }

    /// A snapshot that names a container scene with another kind is refused at its path, the
    /// kind read from the catalog.
    @Test func aContainerSceneOfAnotherKind_isRefusedAtItsPath() async throws {
        let (catalog, made) = Self.counting()
        let window = Window(configuration: .immediate)
        let root = try catalog.instantiateInitialViewController(in: window)
        try await window.setRootViewController(root, animated: false)
        var snapshot = await window.snapshot()
        snapshot.root?.children[1].kind = .tabBar
        snapshot.root?.children[1].selectedIndex = 0  // valid as a tab bar: only the scene disagrees

        let outcome = await Application().restore(snapshot, catalog: catalog, configuration: .immediate)
        #expect(outcome.window == nil)
        #expect(outcome.problems.map(\.path) == ["root.children[1]"])
        #expect(outcome.problems.map(\.reason) == [.kindMismatch(snapshot: .tabBar, scene: .navigation)])
        await window.close()
        // The window's two, and the first tab's root, made before the second tab was refused.
        #expect(made.count == 3)
    }
}
