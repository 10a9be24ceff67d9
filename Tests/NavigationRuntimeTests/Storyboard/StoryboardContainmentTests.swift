// Tests: containment cycles through storyboard references, and containment deeper than the
// runtime's one depth limit (issue 18 findings 1 and 2): typed errors, never a stack overflow.

import Foundation
import NavigationRuntime
import Testing

@Suite struct StoryboardContainmentTests {
    typealias XML = StoryboardXML

    static func relationship(_ id: String, to destination: String, _ name: String) -> String {
        XML.segue(id, to: destination, kind: "relationship", "relationship=\"\(name)\"")
    }

    /// A navigation controller whose root relationship is a placeholder naming that very
    /// navigation controller: before, instantiating it recursed until the stack overflowed.
    static func selfRootingNavigation() throws -> Storyboard {
        try StoryboardLoader.load(
            xml: XML.document(
                initial: "nav",
                XML.scene(
                    "nav", kind: "navigationController", attributes: "storyboardIdentifier=\"Nav\"",
                    body: XML.connections(Self.relationship("r", to: "p", "rootViewController"))),
                XML.scene("p", kind: "viewControllerPlaceholder", attributes: "referencedIdentifier=\"Nav\"")),
            file: "/app/Main.storyboard")
    }

    @Test func navigationRootedInAReferenceToItself_isACycleNamingTheChain_andIsNeverInstantiated() async throws {
        let main = try Self.selfRootingNavigation()
        let bundle = StoryboardBundle(storyboards: [main])
        #expect(bundle.unresolvedReferences().isEmpty, "the reference itself resolves")
        let problems = bundle.containmentProblems()
        #expect(problems.map(\.code) == [.relationshipCycle])
        #expect(problems.map(\.message) == [
            "containment cycle through storyboard references Main:nav -> Main:p -> Main:nav: a controller would contain itself",
        ])
        #expect(problems.first?.file == "/app/Main.storyboard")
        #expect(problems.first?.line == 14, "at the placeholder that closes the cycle")

        let catalog = main.catalog(bundle: bundle)
        let window = Window(configuration: .immediate)
        let error = #expect(throws: NavigationError.self) { try catalog.instantiateInitialViewController(in: window) }
        #expect(error?.code == .invalidStoryboard)
        #expect(error?.message == "The storyboard's initial view controller cannot be instantiated: scene 'nav' leads into a containment cycle through storyboard references.")
        #expect(catalog.instantiate("p", in: window) == nil)
        #expect(catalog.refusal(of: "nav") != nil)
        // The catalog of a lone storyboard (references against its folder) refuses it too.
        #expect(main.catalog().instantiate("nav", in: window) == nil)
        await window.close()
    }

    /// A segue to a refused scene is refused with the reason (its destination is found by its
    /// slot in the catalog, which keeps the refusal).
    @Test func segueToASceneInACycle_isInvalidStoryboard_withTheReason() async throws {
        let main = try StoryboardLoader.load(
            xml: XML.document(
                initial: "home",
                XML.scene("home", body: XML.connections(XML.segue("s", to: "nav", kind: "show", "identifier=\"toNav\""))),
                XML.scene(
                    "nav", kind: "navigationController", attributes: "storyboardIdentifier=\"Nav\"",
                    body: XML.connections(Self.relationship("r", to: "p", "rootViewController"))),
                XML.scene("p", kind: "viewControllerPlaceholder", attributes: "referencedIdentifier=\"Nav\"")),
            file: "/app/Main.storyboard")
        let window = Window(configuration: .immediate)
        let home = try main.catalog(bundle: StoryboardBundle(storyboards: [main])).instantiateInitialViewController(in: window)
        try await window.setRootViewController(home, animated: false)
        let error = await #expect(throws: NavigationError.self) { try await home.performSegue(withIdentifier: "toNav", animated: false) }
        #expect(error?.code == .invalidStoryboard)
        #expect(error?.message.hasSuffix("leads to scene 'nav', which cannot be instantiated: scene 'nav' leads into a containment cycle through storyboard references.") == true, "\(error?.message ?? "")")
        #expect(await window.snapshot().root?.children.isEmpty == true, "nothing changed")
        await window.close()
    }

    @Test func containmentCycleAcrossTwoStoryboards_throughEmbedAndTabs() throws {
        // A's navigation controller's root embeds a reference to B; B's tab bar holds a reference
        // back to A's navigation controller.
        let a = try StoryboardLoader.load(
            xml: XML.document(
                initial: "nav",
                XML.scene(
                    "nav", kind: "navigationController", attributes: "storyboardIdentifier=\"Nav\"",
                    body: XML.connections(Self.relationship("r", to: "home", "rootViewController"))),
                XML.scene("home", body: XML.connections(XML.segue("e", to: "pb", kind: "embed"))),
                XML.scene("pb", kind: "viewControllerPlaceholder", attributes: "storyboardName=\"B\"")),
            file: "/app/A.storyboard")
        let b = try StoryboardLoader.load(
            xml: XML.document(
                initial: "tabs",
                XML.scene("tabs", kind: "tabBarController", body: XML.connections(Self.relationship("t", to: "pa", "viewControllers"))),
                XML.scene("pa", kind: "viewControllerPlaceholder", attributes: "storyboardName=\"A\" referencedIdentifier=\"Nav\"")),
            file: "/app/B.storyboard")
        let bundle = StoryboardBundle(storyboards: [a, b])
        #expect(bundle.unresolvedReferences().isEmpty)
        let problems = bundle.containmentProblems()
        #expect(problems.map(\.code) == [.relationshipCycle])
        #expect(problems.first?.message.contains("A:nav -> A:home -> A:pb -> B:tabs -> B:pa -> A:nav") == true, "\(problems)")
        let diagnostics = StoryboardLint().diagnostics(for: bundle)
        #expect(diagnostics.filter { $0.ruleID == "containment-cycle" }.map(\.severity) == [.error])
    }

    /// `depth` nested tab bar controllers (each the only tab of the one above), the innermost
    /// holding a content controller.
    static func nestedTabBars(_ depth: Int) -> String {
        var scenes: [String] = []
        scenes.reserveCapacity(depth + 1)
        for level in 0..<depth {
            scenes.append(XML.scene("t\(level)", kind: "tabBarController", body: XML.connections(Self.relationship("r\(level)", to: level + 1 == depth ? "leaf" : "t\(level + 1)", "viewControllers"))))
        }
        scenes.append(XML.scene("leaf"))
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="t0">
            <scenes>
            \(scenes.joined(separator: "\n"))
            </scenes>
            </document>
            """
    }

    /// The same as values (no parsing: the test stays fast at a depth that overflowed).
    static func nestedTabBarValues(_ depth: Int, file: String) -> Storyboard {
        var scenes: [StoryboardScene] = []
        for level in 0..<depth {
            let destination = level + 1 == depth ? "leaf" : "t\(level + 1)"
            let segue = StoryboardSegue(
                id: "r\(level)", sourceControllerID: "t\(level)", destinationID: destination, kind: .relationship,
                relationship: "viewControllers", trigger: StoryboardSegueTrigger(kind: .controller))
            scenes.append(StoryboardScene(controllerID: "t\(level)", kind: .tabBarController, segues: [segue]))
        }
        scenes.append(StoryboardScene(controllerID: "leaf", kind: .viewController))
        return Storyboard(file: file, initialViewControllerID: "t0", scenes: scenes)
    }

    @Test func containmentDeeperThanTheLimit_isRefused_atTheLimitItIsInstantiated() async throws {
        // Before: 15,000 nested container scenes overflowed the stack while instantiating.
        let deep = Self.nestedTabBarValues(15_000, file: "/app/Deep.storyboard")
        let problems = StoryboardBundle(storyboards: [deep]).containmentProblems()
        #expect(problems.map(\.code) == [.containmentTooDeep])
        #expect(problems.first?.message == "the containment of scene 't0' is 15001 controllers deep, deeper than Window.maximumDepth (\(Window.maximumDepth))")
        let window = Window(configuration: .immediate)
        let catalog = deep.catalog()
        #expect(throws: NavigationError.self) { try catalog.instantiateInitialViewController(in: window) }
        #expect(catalog.instantiate("t\(15_000 - Window.maximumDepth)", in: window) == nil)
        // The deepest chain that fits is instantiated, committed and snapshotted.
        let fits: any ViewController = try #require(catalog.instantiate("t\(15_000 - Window.maximumDepth + 1)", in: window))
        try await window.setRootViewController(fits)
        let snapshot = await window.snapshot()
        #expect(snapshot.allControllers.count == Window.maximumDepth)
        _ = try JSONEncoder().encode(snapshot)
        await window.close()
        let parsed = try StoryboardLoader.load(xml: Self.nestedTabBars(Window.maximumDepth), file: "/app/Deep.storyboard")
        let lint = StoryboardLint().diagnostics(for: parsed)
        #expect(lint.filter { $0.ruleID == "containment-too-deep" }.map(\.location?.line) == [6])
        #expect(StoryboardLint().diagnostics(for: Self.nestedTabBarValues(Window.maximumDepth - 1, file: "/app/Fits.storyboard")).filter { $0.ruleID.hasPrefix("containment") }.isEmpty)
    }
}
