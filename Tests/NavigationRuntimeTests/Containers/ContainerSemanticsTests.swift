@testable import NavigationRuntime
import Foundation
import Testing

/// Each container kind's rules on their own (`ContainerSemantics`, issue 12): which children are
/// on screen, which one a path follows, the unwind search order and show handling, on plain
/// layouts. The visible set, presentation's window check (R3.7), deep links, the restoration
/// validator and the unwind resolver all ask these rules, so each is pinned here once.
@Suite struct ContainerSemanticsTests {
    private func layout(
        _ count: Int, selected: Int = 0, collapsed: Bool = false, columns: [SplitColumn]? = nil
    ) -> ContainerLayout {
        ContainerLayout(count: count, selectedIndex: selected, isCollapsed: collapsed, columns: columns)
    }

    private func overrides(_ kind: ControllerKind, _ action: ShowAction) -> Bool {
        kind.semantics.overrides(action)
    }

    private func shown(_ kind: ControllerKind, _ layout: ContainerLayout) -> [Int] {
        (0..<layout.count).filter { kind.semantics.shows(child: $0, in: layout) }
    }

    @Test func navigation_showsAndFollowsTheTop_unwindsTopDown_handlesShowOnly_R4_1_R7_6_R2_1() {
        let stack = layout(3)
        #expect(shown(.navigation, stack) == [2])
        #expect(ControllerKind.navigation.semantics.followedChild(in: stack) == 2)
        #expect(ControllerKind.navigation.semantics.followedChild(in: layout(0)) == nil)
        #expect(ControllerKind.navigation.semantics.unwindOrder(in: stack) == [2, 1, 0])
        #expect(overrides(.navigation, .show) == true)
        #expect(overrides(.navigation, .showDetail) == false)
    }

    @Test func tabBar_showsAndFollowsTheSelectedTab_unwindsItFirst_passesShowUp_R7_6_R2_1() {
        let tabs = layout(4, selected: 2)
        #expect(shown(.tabBar, tabs) == [2])
        #expect(ControllerKind.tabBar.semantics.followedChild(in: tabs) == 2)
        #expect(ControllerKind.tabBar.semantics.followedChild(in: layout(2, selected: 5)) == nil)
        #expect(ControllerKind.tabBar.semantics.unwindOrder(in: tabs) == [2, 0, 1, 3])
        #expect(overrides(.tabBar, .show) == false)
        #expect(overrides(.tabBar, .showDetail) == false)
    }

    @Test func classicSplit_expandedShowsBoth_followsTheSecondary_collapsedOnlyThePrimary_R5_6() {
        #expect(shown(.split, layout(2)) == [0, 1])
        #expect(ControllerKind.split.semantics.followedChild(in: layout(2)) == 1)
        #expect(ControllerKind.split.semantics.followedChild(in: layout(1)) == 0)
        #expect(shown(.split, layout(2, collapsed: true)) == [0])
        #expect(ControllerKind.split.semantics.followedChild(in: layout(2, collapsed: true)) == 0)
        #expect(ControllerKind.split.semantics.unwindOrder(in: layout(2)) == [1, 0])
        #expect(overrides(.split, .show) == true)
        #expect(overrides(.split, .showDetail) == true)
    }

    @Test func columnSplit_expandedShowsAllButCompact_collapsedTheTopColumn_R5_7() {
        let columns: [SplitColumn] = [.primary, .secondary, .compact]
        #expect(shown(.split, layout(3, columns: columns)) == [0, 1])
        #expect(ControllerKind.split.semantics.followedChild(in: layout(3, columns: columns)) == 1)
        #expect(shown(.split, layout(3, selected: 2, collapsed: true, columns: columns)) == [2])
        #expect(ControllerKind.split.semantics.followedChild(in: layout(3, selected: 2, collapsed: true, columns: columns)) == 2)
        // A child without a column is not on screen.
        #expect(shown(.split, layout(3, columns: [.primary, .secondary])) == [0, 1])
    }

    @Test func content_showsEveryChild_isALeaf_unwindsInOrder_R7_6() {
        #expect(shown(.content, layout(3)) == [0, 1, 2])
        #expect(ControllerKind.content.semantics.followedChild(in: layout(3)) == nil)
        #expect(ControllerKind.content.semantics.unwindOrder(in: layout(3)) == [0, 1, 2])
        #expect(overrides(.content, .show) == false)
    }

    @Test func page_showsEveryPage_followsTheFirst_unwindsInOrder_passesShowUp_R5_13() {
        #expect(shown(.page, layout(2)) == [0, 1])
        #expect(ControllerKind.page.semantics.followedChild(in: layout(2)) == 0)
        #expect(ControllerKind.page.semantics.followedChild(in: layout(0)) == nil)
        #expect(ControllerKind.page.semantics.unwindOrder(in: layout(2)) == [0, 1])
        #expect(overrides(.page, .show) == false)
        #expect(overrides(.page, .showDetail) == false)
    }

    @Test func snapshotSelection_isTheTabBarsTab_andACollapsedColumnSplitsTopColumn_only() {
        #expect(ControllerKind.tabBar.semantics.snapshotSelection(in: layout(3, selected: 2)) == 2)
        let columns: [SplitColumn] = [.primary, .secondary, .compact]
        #expect(ControllerKind.split.semantics.snapshotSelection(in: layout(3, selected: 2, collapsed: true, columns: columns)) == 2)
        #expect(ControllerKind.split.semantics.snapshotSelection(in: layout(3, selected: 2, columns: columns)) == nil)
        #expect(ControllerKind.split.semantics.snapshotSelection(in: layout(2, collapsed: true)) == nil)
        for kind in [ControllerKind.content, .navigation, .page] {
            #expect(kind.semantics.snapshotSelection(in: layout(2, selected: 1)) == nil)
        }
    }

    @Test func controllerKind_isAnOpenSet_anUnknownNameHasContentsRules_andRoundTrips() throws {
        let custom = ControllerKind(rawValue: "carousel")
        #expect(custom != .content)
        #expect(custom.rawValue == "carousel")
        #expect(shown(custom, layout(2)) == [0, 1])
        #expect(ControllerKind(rawValue: "tabBar") == .tabBar)
        #expect(shown(ControllerKind(rawValue: "tabBar"), layout(3, selected: 1)) == [1])
        #expect(ControllerKind.builtIn.map(\.rawValue) == ["content", "navigation", "tabBar", "split", "page"])
    }

    /// A kind is one word (a built-in by number, a custom name behind one reference), and its
    /// equality, hash, word and coding follow its name whichever way it was made.
    @Test func controllerKind_isOneWord_andEqualByName_whicheverWayMade() throws {
        #expect(MemoryLayout<ControllerKind>.size == 8)
        #expect(MemoryLayout<ControllerKind?>.size == 8)
        for kind in ControllerKind.builtIn {
            let named = ControllerKind(rawValue: kind.rawValue)
            #expect(named == kind)
            #expect(named.hashValue == kind.hashValue)
            #expect(named.word == TreeHasher.word(for: kind.rawValue))
            #expect(ObjectIdentifier(named.semantics) == ObjectIdentifier(kind.semantics))
            for other in ControllerKind.builtIn where other.rawValue != kind.rawValue { #expect(named != other) }
        }
        let carousel = ControllerKind(rawValue: "carousel")
        let again = ControllerKind(rawValue: "carousel")
        #expect(carousel == again)
        #expect(Set([carousel, again, .content]).count == 2)
        #expect(carousel != ControllerKind(rawValue: "carousels"))
        #expect(carousel.word == TreeHasher.word(for: "carousel"))
        #expect(ObjectIdentifier(carousel.semantics) == ObjectIdentifier(ContentSemantics.self))
        let encoded = try JSONEncoder().encode([carousel, .navigation])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["carousel","navigation"]"#)
        #expect(try JSONDecoder().decode([ControllerKind].self, from: encoded) == [carousel, .navigation])
    }
}
