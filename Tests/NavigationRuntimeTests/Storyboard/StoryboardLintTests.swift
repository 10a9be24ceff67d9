// Tests for lint: each rule with a minimal storyboard that triggers it and one that does not.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardLintTests {
    typealias XML = StoryboardXML

    func lint(_ xml: String, table: [String: Set<String>]? = nil, references: Bool = false) throws -> [StoryboardDiagnostic] {
        let storyboard = try StoryboardLoader.load(xml: xml, file: "mini.storyboard")
        return StoryboardLint(declaredUnwindActions: table, checksReferences: references).diagnostics(for: storyboard)
    }

    func rules(_ diagnostics: [StoryboardDiagnostic]) -> [String] { diagnostics.map { "\($0.severity.rawValue) \($0.ruleID)" } }

    @Test func missingDestination_whenSegueToUnknownScene_isError() throws {
        let bad = try lint(XML.document(initial: "a", XML.scene("a", body: XML.button("b1", XML.segue("s1", to: "nowhere")))))
        #expect(rules(bad) == ["error missing-destination"])
        #expect(bad[0].message == "show segue 's1' leads to missing scene 'nowhere'")
        let good = try lint(XML.document(initial: "a", XML.scene("a", body: XML.button("b1", XML.segue("s1", to: "b"))), XML.scene("b")))
        #expect(good.isEmpty)
    }

    @Test func missingDestination_whenUnwindToUnknownExit_isError() throws {
        let unwind = XML.segue("u1", to: "exit-x", kind: "unwind", "unwindAction=\"back:\"")
        let bad = try lint(XML.document(initial: "a", XML.scene("a", body: XML.button("b1", unwind))), table: ["UIViewController": ["back:"]])
        #expect(rules(bad) == ["error missing-destination"])
        let good = try lint(
            XML.document(initial: "a", XML.scene("a", body: XML.button("b1", unwind), extra: "<exit id=\"exit-x\" sceneMemberID=\"exit\"/>")),
            table: ["UIViewController": ["back:"]])
        #expect(good.isEmpty)
    }

    @Test func missingInitialViewController_isError() throws {
        #expect(rules(try lint(XML.document(initial: "zzz", XML.scene("a", attributes: "storyboardIdentifier=\"A\"")))) == [
            "error missing-initial-view-controller"
        ])
        #expect(try lint(XML.document(initial: "a", XML.scene("a"))).isEmpty)
    }

    @Test func duplicateSegueIdentifier_whenSameScene_isError_andAcrossScenesIsNot() throws {
        let bad = try lint(
            XML.document(
                initial: "a",
                XML.scene("a", body: XML.connections(XML.segue("s1", to: "b", "identifier=\"go\""), XML.segue("s2", to: "b", "identifier=\"go\""))),
                XML.scene("b")))
        #expect(rules(bad) == ["error duplicate-segue-identifier"])
        #expect(bad[0].message.contains("'go'"))
        let good = try lint(
            XML.document(
                initial: "a",
                XML.scene("a", body: XML.connections(XML.segue("s1", to: "b", "identifier=\"go\""))),
                XML.scene("b", body: XML.connections(XML.segue("s2", to: "a", "identifier=\"go\"")))))
        #expect(good.isEmpty)
    }

    @Test func duplicateStoryboardIdentifier_isError() throws {
        let bad = try lint(
            XML.document(
                initial: "a", XML.scene("a", attributes: "storyboardIdentifier=\"Same\""), XML.scene("b", attributes: "storyboardIdentifier=\"Same\"")))
        #expect(rules(bad) == ["error duplicate-storyboard-identifier"])
        let good = try lint(
            XML.document(initial: "a", XML.scene("a", attributes: "storyboardIdentifier=\"A\""), XML.scene("b", attributes: "storyboardIdentifier=\"B\"")))
        #expect(good.isEmpty)
    }

    static let unwindDocument = XML.document(
        initial: "a",
        XML.scene("a", attributes: "customClass=\"HomeViewController\"", body: XML.button("b1", XML.segue("s1", to: "b"))),
        XML.scene(
            "b", attributes: "customClass=\"DetailViewController\"",
            body: XML.button("b2", XML.segue("u1", to: "exit-b", kind: "unwind", "unwindAction=\"unwindToHome:\"")),
            extra: "<exit id=\"exit-b\" sceneMemberID=\"exit\"/>"))

    @Test func unhandledUnwindAction_whenTableLacksAction_isError() throws {
        let table: [String: Set<String>] = ["HomeViewController": ["other:"], "DetailViewController": []]
        let diagnostics = try lint(Self.unwindDocument, table: table)
        #expect(rules(diagnostics) == ["error unhandled-unwind-action"])
        #expect(
            diagnostics[0].message
                == "no controller of the app declares unwind action 'unwindToHome:': HomeViewController can be below this scene and is in the sources, "
                + "but does not declare it (add \"unwindToHome:\" to its `unwindActions`, or an `@IBAction` taking the segue)")
        // Below the exit only UIKit classes: no class of the sources is a candidate.
        let uikitOnly = try lint(Self.unwindDocument.replacingOccurrences(of: " customClass=\"HomeViewController\"", with: ""), table: table)
        #expect(uikitOnly.map(\.message) == ["no controller of the app declares unwind action 'unwindToHome:' (no class in the sources has it)"])
    }

    @Test func unhandledUnwindAction_whenDeclared_isClean() throws {
        #expect(try lint(Self.unwindDocument, table: ["HomeViewController": ["unwindToHome:"], "DetailViewController": []]).isEmpty)
        #expect(try lint(Self.unwindDocument, table: ["UIViewController": ["unwindToHome:"]]).isEmpty)
    }

    @Test func unhandledUnwindAction_whenUnknown_isWarning() throws {
        #expect(rules(try lint(Self.unwindDocument, table: nil)) == ["warning unhandled-unwind-action"])
        // A reachable custom class the table does not describe might declare it.
        #expect(rules(try lint(Self.unwindDocument, table: ["DetailViewController": []])) == ["warning unhandled-unwind-action"])
    }

    @Test func unreachableScene_isWarning_unlessItHasAStoryboardIdentifier() throws {
        let bad = try lint(XML.document(initial: "a", XML.scene("a"), XML.scene("lonely")))
        #expect(rules(bad) == ["warning unreachable-scene"])
        #expect(bad[0].message.contains("(lonely)"))
        #expect(try lint(XML.document(initial: "a", XML.scene("a"), XML.scene("lonely", attributes: "storyboardIdentifier=\"L\""))).isEmpty)
        #expect(try lint(XML.document(initial: "a", XML.scene("a", body: XML.button("b", XML.segue("s", to: "x", kind: "presentation"))), XML.scene("x"))).isEmpty)
    }

    @Test func pushOutsideNavigation_isErrorR212() throws {
        // a presents b modally; b pushes c: b is in no navigation controller.
        let bad = try lint(
            XML.document(
                initial: "a",
                XML.scene("a", body: XML.button("b1", XML.segue("s1", to: "b", kind: "modal"))),
                XML.scene("b", body: XML.button("b2", XML.segue("s2", to: "c", kind: "push"))),
                XML.scene("c")))
        #expect(rules(bad) == ["error R2.12"])
        #expect(bad[0].description.hasSuffix(": error: push segue 's2' from 'viewController', which is inside no navigation controller [R2.12]"))
        // The same push from a navigation controller's root, and from what that root pushes.
        let good = try lint(
            XML.document(
                initial: "nav",
                XML.scene("nav", kind: "navigationController", body: XML.connections(XML.segue("r", to: "b", kind: "relationship", "relationship=\"rootViewController\""))),
                XML.scene("b", body: XML.button("b2", XML.segue("s2", to: "c", kind: "push"))),
                XML.scene("c", body: XML.button("b3", XML.segue("s3", to: "d", kind: "push"))),
                XML.scene("d")))
        #expect(good.isEmpty)
    }

    @Test func missingReference_whenIdentifierAbsent_isError_whenStoryboardNotAmongThoseLinted_isWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try XML.document(initial: "x", XML.scene("x", attributes: "storyboardIdentifier=\"Known\"")).write(
            to: folder.appendingPathComponent("Other.storyboard"), atomically: true, encoding: .utf8)
        func main(_ placeholder: String) -> String {
            XML.document(
                initial: "a", XML.scene("a", body: XML.button("b1", XML.segue("s1", to: "p"))),
                XML.scene("p", kind: "viewControllerPlaceholder", attributes: placeholder))
        }
        func lintFile(_ xml: String) throws -> [StoryboardDiagnostic] {
            let url = folder.appendingPathComponent("Main.storyboard")
            try xml.write(to: url, atomically: true, encoding: .utf8)
            return StoryboardLint().diagnostics(for: try StoryboardLoader.load(contentsOf: url))
        }
        // A storyboard lint does not see may still be in the app (another target's, a dependency's).
        let missing = try lintFile(main("storyboardName=\"Missing\""))
        #expect(rules(missing) == ["warning missing-reference"])
        #expect(
            missing[0].message
                == "storyboard 'Missing' (Missing.storyboard) is not among the storyboards linted: UIKit raises when this reference is followed, unless the app gets it from elsewhere (lint the app's folder, or add its folder: --bundle DIR)")
        #expect(rules(try lintFile(main("storyboardName=\"Other\" referencedIdentifier=\"Unknown\""))) == ["error missing-reference"])
        #expect(try lintFile(main("storyboardName=\"Other\" referencedIdentifier=\"Known\"")).isEmpty)
        #expect(try lintFile(main("storyboardName=\"Other\"")).isEmpty)
        let resolved = try StoryboardLoader.resolveReference(
            try #require(try StoryboardLoader.load(contentsOf: folder.appendingPathComponent("Main.storyboard")).scene(controllerID: "p")),
            in: try StoryboardLoader.load(contentsOf: folder.appendingPathComponent("Main.storyboard")))
        #expect(resolved.controllerID == "x")
        #expect(resolved.file == folder.appendingPathComponent("Other.storyboard").path)
    }

    @Test func missingReference_whenSameStoryboardIdentifier_resolvesInTheFileItself() throws {
        func document(_ identifier: String) -> String {
            XML.document(
                initial: "a", XML.scene("a", body: XML.connections(XML.segue("s", to: "p"))),
                XML.scene("p", kind: "viewControllerPlaceholder", attributes: "referencedIdentifier=\"\(identifier)\""),
                XML.scene("t", attributes: "storyboardIdentifier=\"Target\""))
        }
        #expect(try lint(document("Target"), references: true).isEmpty)
        let storyboard = try StoryboardLoader.load(xml: document("Target"), file: "mini.storyboard")
        let resolved = try StoryboardLoader.resolveReference(try #require(storyboard.scene(controllerID: "p")), in: storyboard)
        #expect(resolved == StoryboardResolvedReference(placeholderID: "p", file: "mini.storyboard", controllerID: "t"))
        let bad = try lint(document("Nope"), references: true)
        #expect(rules(bad) == ["error missing-reference"])
        #expect(bad[0].message == "storyboard '(this)' has no controller with identifier 'Nope'")
    }

    @Test func diagnostic_rendersCompilerStyle() {
        let diagnostic = StoryboardDiagnostic(
            .warning, ruleID: "unreachable-scene", message: "m", location: StoryboardSourceLocation(file: "a/b.storyboard", line: 3, column: 7))
        #expect(diagnostic.description == "a/b.storyboard:3:7: warning: m [unreachable-scene]")
    }
}
