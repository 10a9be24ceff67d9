import Foundation
import NavigationRuntime
import Testing

/// Storyboards into windows: every segue of every real fixture, triggered from its source scene
/// with the generic controller fallback, ends in an outcome or a typed error (never a crash).
@Suite struct StoryboardInstantiationTests {
    @Test(arguments: StoryboardFixtures.all)
    func everySegueOfTheFixture_runsFromItsSourceScene(_ url: URL) async throws {
        let storyboard = try StoryboardLoader.load(contentsOf: url)
        let catalog = storyboard.catalog(directory: url.deletingLastPathComponent())
        var triggered = 0
        var outcomes: [String: Int] = [:]
        for scene in storyboard.scenes {
            for segue in scene.segues where !segue.kind.isContainment && segue.kind.isKnown {
                let window = Window(configuration: .immediate)
                guard let source = catalog.instantiate(scene.controllerID, in: window) else {
                    Issue.record("\(url.lastPathComponent): scene \(scene.controllerID) did not instantiate")
                    continue
                }
                try await window.setRootViewController(source, animated: false)
                let before = await window.snapshot()
                do {
                    let outcome = try await source.triggerSegue(withIdentifier: segue.identifier ?? segue.id, animated: false)
                    outcomes["\(outcome)".components(separatedBy: "(").first ?? "", default: 0] += 1
                } catch let error as NavigationError {
                    outcomes[error.code.description, default: 0] += 1
                    #expect(await window.snapshot() == before, "\(url.lastPathComponent) \(segue.id): a failure changed the tree")
                }
                triggered += 1
                await window.close()
            }
        }
        let expected = storyboard.scenes.flatMap(\.segues).filter { !$0.kind.isContainment && $0.kind.isKnown }.count
        #expect(triggered == expected, "\(url.lastPathComponent): \(outcomes)")
    }

    // R7.4
    @Test func aShowSegueInsideANavigationController_pushes_andUnwindFindsTheDeclaredClass_R7_4() async throws {
        let url = try #require(StoryboardFixtures.named("DemystifyingUnwindSegues"))
        let storyboard = try StoryboardLoader.load(contentsOf: url)
        let registry = ClassRegistry()
        let catalog = storyboard.catalog(registry: registry)
        let window = Window(configuration: .immediate)
        let initial = try #require(storyboard.initialViewControllerID)
        let navigation = try #require(catalog.instantiate(initial, in: window) as? NavigationController)
        try await window.setRootViewController(navigation)
        let root = try #require(await navigation.topViewController)
        #expect(try await root.triggerSegue(withIdentifier: "hED-sZ-vX7", animated: false) == .completed(sequence: 2))
        let pushed = try #require(await navigation.topViewController)
        #expect(pushed.context.scene?.identifier == "JT9-9f-Tkg")
        #expect(try await pushed.performUnwind(action: "unwindToRootViewController:") == .noDestination(action: "unwindToRootViewController:"))
        registry.declare(unwindActions: ["unwindToRootViewController:"], forClass: "RootViewController")
        #expect(try await pushed.performUnwind(action: "unwindToRootViewController:", animated: false) == .completed(sequence: 3))
        #expect(await navigation.viewControllers.map(\.id) == [root.id])
    }
}
