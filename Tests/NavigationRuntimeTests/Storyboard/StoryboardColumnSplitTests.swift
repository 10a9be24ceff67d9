// Tests: a storyboard split in the iOS 14 column style loads as a column-style split (R5.7);
// split relationships the runtime does not model are lint warnings.

import Foundation
import NavigationRuntime
import Testing

@Suite struct StoryboardColumnSplitTests {
    typealias XML = StoryboardXML

    /// DEC: the XML a user reported from Interface Builder for a double-column split with a
    /// compact column (Apple does not document it): `allowDoubleColumnStyle="YES"` and a
    /// `compactViewController` relationship beside `masterViewController` / `detailViewController`.
    static func columnSplit(extraRelationship: String = "", extraScene: String = "") -> String {
        XML.document(
            initial: "split",
            XML.scene(
                "split", kind: "splitViewController", attributes: "allowDoubleColumnStyle=\"YES\"",
                body: XML.connections(
                    XML.segue("m", to: "list", kind: "relationship", "relationship=\"masterViewController\""),
                    XML.segue("d", to: "detail", kind: "relationship", "relationship=\"detailViewController\""),
                    XML.segue("c", to: "compactNav", kind: "relationship", "relationship=\"compactViewController\""),
                    extraRelationship)),
            XML.scene("list", attributes: "customClass=\"ListController\""),
            XML.scene("detail", attributes: "customClass=\"DetailController\""),
            XML.scene(
                "compactNav", kind: "navigationController",
                body: XML.connections(XML.segue("r", to: "compactList", kind: "relationship", "relationship=\"rootViewController\""))),
            XML.scene("compactList", attributes: "customClass=\"CompactListController\""),
            extraScene)
    }

    @Test func aCompactViewControllerRelationship_makesAColumnStyleSplit_R5_7() async throws {
        let storyboard = try StoryboardLoader.load(xml: Self.columnSplit(), file: "Main.storyboard")
        let window = Window(configuration: .immediate)
        let split = try #require(try storyboard.catalog().instantiateInitialViewController(in: window) as? SplitViewController)
        #expect(split.isColumnStyle)
        try await window.setRootViewController(split, animated: false)
        let primary = try #require(await split.viewController(for: .primary))
        let secondary = try #require(await split.viewController(for: .secondary))
        let compact = try #require(await split.viewController(for: .compact) as? NavigationController)
        #expect(primary.context.scene?.identifier == "list")
        #expect(secondary.context.scene?.identifier == "detail")
        #expect(await compact.viewControllers.map { $0.context.scene?.identifier } == ["compactList"])
        #expect(await window.snapshot().root?.columns == [.primary, .secondary, .compact])

        // Compact width shows the compact column, as on iOS; it does not push the detail onto the list.
        try await window.setTraits(.compact)
        #expect(await split.isCollapsed)
        #expect(await split.topColumn == .compact)
        #expect(await split.viewControllers.map(\.id) == [primary.id, secondary.id, compact.id])
    }

    @Test func aSplitWithoutACompactRelationship_staysClassic() throws {
        let xml = XML.document(
            initial: "split",
            XML.scene(
                "split", kind: "splitViewController",
                body: XML.connections(
                    XML.segue("m", to: "list", kind: "relationship", "relationship=\"masterViewController\""),
                    XML.segue("d", to: "detail", kind: "relationship", "relationship=\"detailViewController\""))),
            XML.scene("list"), XML.scene("detail"))
        let storyboard = try StoryboardLoader.load(xml: xml, file: "Main.storyboard")
        let split = try #require(try storyboard.catalog().instantiateInitialViewController(in: Window()) as? SplitViewController)
        #expect(!split.isColumnStyle)
        #expect(StoryboardLint().diagnostics(for: storyboard).isEmpty)
    }

    @Test func aSplitRelationshipTheRuntimeDoesNotModel_isALintWarning() throws {
        let modelled = try StoryboardLoader.load(xml: Self.columnSplit(), file: "Main.storyboard")
        #expect(StoryboardLint().diagnostics(for: modelled).isEmpty)

        let xml = Self.columnSplit(
            extraRelationship: XML.segue("s", to: "side", kind: "relationship", "relationship=\"supplementaryViewController\""),
            extraScene: XML.scene("side"))
        let storyboard = try StoryboardLoader.load(xml: xml, file: "Main.storyboard")
        let diagnostics = StoryboardLint().diagnostics(for: storyboard)
        #expect(diagnostics.map { "\($0.severity.rawValue) \($0.ruleID)" } == ["warning unsupported-relationship"])
        #expect(
            diagnostics.first?.message
                == "relationship 'supplementaryViewController' of splitViewController is ignored: "
                + "the runtime's split has no supplementary column (primary, secondary and compact only); "
                + "'side' is never instantiated through it")
        #expect(diagnostics.first?.location?.line == storyboard.scenes.first?.segues.last?.location?.line)
        #expect(StoryboardLint.Rule.allCases.contains(.unsupportedRelationship))
    }
}
