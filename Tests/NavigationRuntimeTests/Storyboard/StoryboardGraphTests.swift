// Tests for the Graphviz DOT export.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardGraphTests {
    typealias DSL = StoryboardDSL

    @Test func dot_drawsScenesSeguesRelationshipsAndExits() {
        let storyboard = Storyboard(initial: "nav") {
            DSL.Navigation("nav", root: "home")
            DSL.Controller("home", class: "HomeViewController") {
                DSL.SegueTo("detail", .show, identifier: "showDetail")
                DSL.SegueTo("ghost", .presentation)
                DSL.Embed("child")
            }
            DSL.Controller("detail", storyboardIdentifier: "Detail \"quoted\"") {
                DSL.Unwind("unwindToHome:", exit: "exit-1")
                DSL.Exit("exit-1")
            }
            DSL.Controller("child")
            DSL.Reference("ref", storyboard: "Settings", identifier: "Root")
        }
        #expect(StoryboardGraph(storyboard).dot == #"""
            digraph "storyboard" {
              rankdir=LR;
              node [shape=box, fontname="Helvetica"];
              edge [fontname="Helvetica", fontsize=10];
              "nav" [label="navigationController", peripheries=2];
              "home" [label="HomeViewController\n(viewController)"];
              "detail" [label="viewController\n'Detail \"quoted\"'"];
              "child" [label="viewController"];
              "ref" [label="viewControllerPlaceholder\n→ Settings:Root", shape=folder];
              "nav" -> "home" [label="rootViewController", style=dashed];
              "home" -> "detail" [label="show\n'showDetail'"];
              "home" -> "ghost" [label="presentation"];
              "home" -> "child" [label="embed", style=dashed];
              "detail" -> "unwind:unwindToHome:" [label="unwind", style=dotted];
              "ghost" [label="missing ghost", style=dotted];
              "unwind:unwindToHome:" [label="unwindToHome:", shape=ellipse];
            }

            """#)
    }

    @Test(arguments: StoryboardFixtures.all)
    func dot_whenRealFixture_hasOneNodePerSceneAndOneEdgePerSegue(_ url: URL) throws {
        let storyboard = try StoryboardLoader.load(contentsOf: url)
        let lines = StoryboardGraph(storyboard).dot.split(separator: "\n")
        #expect(lines.filter { $0.contains(" -> ") }.count == storyboard.segues.count)
        #expect(lines.filter { $0.contains("[label=") && !$0.contains(" -> ") && !$0.contains("missing ") && !$0.contains("shape=ellipse") }.count
            == storyboard.scenes.count)
        #expect(lines.first?.hasPrefix("digraph \"") == true)
        #expect(lines.last == "}")
    }
}
