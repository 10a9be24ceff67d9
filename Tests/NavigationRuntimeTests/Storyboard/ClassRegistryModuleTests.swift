// Tests: ClassRegistry names a class bare or qualified by its module, as Swift's runtime does.

import Foundation
import NavigationRuntime
import Testing

@Suite struct ClassRegistryModuleTests {
    typealias XML = StoryboardXML

    actor PortedController: ViewController {
        nonisolated let context: ControllerContext
        nonisolated let registeredAs: String
        init(context: ControllerContext, registeredAs: String) {
            self.context = context
            self.registeredAs = registeredAs
        }
    }

    /// Scenes as Interface Builder writes them: a module (FoodTracker's table), a module
    /// inherited from the target (the name written is the old target's), no module, and a
    /// framework's class.
    static let storyboard: Storyboard = {
        let xml = XML.document(
            initial: "meals",
            XML.scene(
                "meals", attributes: "customClass=\"MealTableViewController\" customModule=\"FoodTracker\"",
                body: XML.connections(
                    XML.segue("fade", to: "target", kind: "custom", "identifier=\"fade\" customClass=\"FadeSegue\" customModule=\"FoodTracker\" customModuleProvider=\"target\""))),
            XML.scene("target", attributes: "customClass=\"MealViewController\" customModule=\"OldTarget\" customModuleProvider=\"target\""),
            XML.scene("bare", attributes: "customClass=\"AboutController\""),
            XML.scene("framework", attributes: "customClass=\"PickerController\" customModule=\"ThirdParty\""))
        return (try? StoryboardLoader.load(xml: xml, file: "Main.storyboard")) ?? Storyboard(scenes: [])
    }()

    static func registering(_ names: [String]) -> ClassRegistry {
        var registry = ClassRegistry()
        for name in names {
            registry.register(controller: name) { context, _ in PortedController(context: context, registeredAs: name) }
        }
        return registry
    }

    static func registeredAs(_ scene: String, _ registry: ClassRegistry) -> String? {
        let window = Window(configuration: .immediate)
        return (storyboard.catalog(registry: registry).instantiate(scene, in: window) as? PortedController)?.registeredAs
    }

    @Test func aModuleQualifiedName_matchesTheScenesModule_noModule_orTheTargetsModule() {
        let registry = Self.registering([
            "FoodTracker.MealTableViewController", "MyPort.MealViewController", "MyPort.AboutController",
            "FoodTracker.PickerController",
        ])
        #expect(Self.storyboard.scenes.first?.customModuleProvider == nil)
        #expect(Self.storyboard.scenes.dropFirst().first?.customModuleProvider == "target")
        #expect(Self.registeredAs("meals", registry) == "FoodTracker.MealTableViewController")
        #expect(Self.registeredAs("target", registry) == "MyPort.MealViewController")
        #expect(Self.registeredAs("bare", registry) == "MyPort.AboutController")
        // Another module's class of the same name is not the scene's: generic, and discoverable.
        #expect(Self.registeredAs("framework", registry) == nil)
        #expect(Self.storyboard.unusedRegistrations(in: registry) == ["FoodTracker.PickerController"])
    }

    @Test func theMostPreciseRegistrationWins_andAnAmbiguousOneMatchesNothing() {
        let registry = Self.registering([
            "MealTableViewController", "FoodTracker.MealTableViewController", "A.AboutController", "B.AboutController",
        ])
        #expect(Self.registeredAs("meals", registry) == "FoodTracker.MealTableViewController")
        #expect(Self.registeredAs("bare", registry) == nil)
        #expect(
            Self.storyboard.unusedRegistrations(in: registry) == ["A.AboutController", "B.AboutController", "MealTableViewController"])
        let bare = Self.registering(["MealTableViewController", "PickerController"])
        #expect(Self.registeredAs("meals", bare) == "MealTableViewController")
        #expect(Self.registeredAs("framework", bare) == "PickerController")
        #expect(Self.storyboard.unusedRegistrations(in: bare) == [])
    }

    @Test func aModuleQualifiedSegueClass_runsItsPerformer() async throws {
        var registry = ClassRegistry()
        registry.register(segue: "MyPort.FadeSegue", performer: ClosureSeguePerformer { _ in .none })
        #expect(Self.storyboard.unusedRegistrations(in: registry) == [])
        let window = Window(configuration: .immediate)
        let meals = try #require(Self.storyboard.catalog(registry: registry).instantiate("meals", in: window))
        try await window.setRootViewController(meals, animated: false)
        _ = try await meals.triggerSegue(withIdentifier: "fade", animated: false)
        // The performer presents nothing; the unregistered fallback would present modally.
        #expect(await meals.presentedViewController == nil)

        var typo = ClassRegistry()
        typo.register(segue: "MyPort.FadeSeque", performer: ClosureSeguePerformer { _ in .none })
        #expect(Self.storyboard.unusedRegistrations(in: typo) == ["MyPort.FadeSeque"])
    }
}
