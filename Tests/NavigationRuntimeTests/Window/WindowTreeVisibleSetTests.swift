@testable import NavigationRuntime
import Testing

// `WindowTree.applyNotingVisibility`: a change that names what it takes off and puts on screen
// walks only those runs of the visible walk; each case checks the difference against the whole
// visible sets. And the containers' tree nodes that the walks read.

// MARK: - The visible sets of a change that names its controllers

extension WindowTreeTests {
    /// `applyNotingVisibility` walks only the old and new tops of a navigation controller on
    /// screen: who appears and who disappears, in each callback order, must be what the whole
    /// visible sets before and after say, wherever the stack sits (under a tab bar, embedded in
    /// a content controller, under a presentation, covered, off screen) and whatever its tops
    /// present.
    /// A walk of one controller is kept without an array; any longer walk spills into the
    /// array in walk order, and the queries answer the same either way.
    @Test func visibleSet_keepsALeafInline_andSpillsLongerWalksInOrder() {
        let w = window()
        let a = content(w), b = content(w), p = content(w)
        func walk(_ steps: [(any ViewController, Int, Bool)]) -> VisibleSet {
            var set = VisibleSet()
            for (controller, layer, isExit) in steps { set.append(.init(controller: controller, layer: layer, isExit: isExit)) }
            return set
        }
        func ids(_ set: VisibleSet) -> [String] { set.steps.map { "\($0.isExit ? "-" : "+")\($0.controller.id.rawValue)@\($0.layer)" } }
        let leaf = walk([(a, 0, false), (a, 0, true)])
        #expect(leaf.leaf === a)
        #expect(leaf.steps.isEmpty)
        #expect(ids(leaf) == [])
        #expect(leaf.walk.map { "\($0.isExit ? "-" : "+")\($0.controller.id.rawValue)@\($0.layer)" } == ["+\(a.id.rawValue)@0", "-\(a.id.rawValue)@0"])
        let nested = walk([(a, 0, false), (b, 0, false), (b, 0, true), (a, 0, true)])
        #expect(nested.leaf == nil)
        #expect(ids(nested) == ["+\(a.id.rawValue)@0", "+\(b.id.rawValue)@0", "-\(b.id.rawValue)@0", "-\(a.id.rawValue)@0"])
        let presenting = walk([(a, 0, false), (a, 0, true), (p, 1, false), (p, 1, true)])
        #expect(presenting.leaf == nil)
        #expect(ids(presenting) == ["+\(a.id.rawValue)@0", "-\(a.id.rawValue)@0", "+\(p.id.rawValue)@1", "-\(p.id.rawValue)@1"])
        let other = walk([(b, 0, false), (b, 0, true)])

        #expect(leaf.contains(a) && !leaf.contains(b))
        #expect(leaf.missing(from: other, postOrder: false, topLayerFirst: true).map(\.id) == [a.id])
        #expect(other.missing(from: nested, postOrder: true, topLayerFirst: false).isEmpty)
        #expect(presenting.missing(from: leaf, postOrder: true, topLayerFirst: true).map(\.id) == [p.id])
        #expect(presenting.missing(from: other, postOrder: false, topLayerFirst: true).map(\.id) == [p.id, a.id])
        var visited: [ControllerID] = []
        leaf.forEachMissing(from: nested, postOrder: true, topLayerFirst: false) { visited.append($0.id) }
        #expect(visited.isEmpty)
        nested.forEachMissing(from: leaf, postOrder: true, topLayerFirst: false) { visited.append($0.id) }
        #expect(visited == [b.id])
        #expect(leaf.containsMissing(from: other) { $0 === a })
        #expect(!leaf.containsMissing(from: nested) { _ in true })
    }

    @Test func stackChanges_appearingAndDisappearing_matchTheWholeVisibleSets() async {
        let w = window()
        await w.withTree { tree in
            // A tab bar of two stacks, the first embedded in a content controller; the second
            // stack's top presents a popover (two layers leave with it), and a third stack is
            // presented over the tab bar.
            let a = content(w), b = content(w), c = content(w), d = content(w), e = content(w)
            let nav1 = NavigationController(context: w.makeContext(), rootViewController: a)
            let host = GenericViewController(context: w.makeContext(), children: [nav1])
            let nav2 = NavigationController(context: w.makeContext(), viewControllers: [b, c])
            let tabs = TabBarController(context: w.makeContext(), viewControllers: [host, nav2])
            _ = tree.apply(.setRoot(tabs))
            let popover = content(w)
            _ = tree.apply(.present(presenter: c, presented: popover, style: .popover))

            // The first tab: embedded stack on screen.
            expectSameDifference(tree, .push(nav1, d))
            expectSameDifference(tree, .pop(nav1, keeping: 1))
            // The second tab, off screen: nothing appears or disappears.
            expectSameDifference(tree, .push(nav2, d))
            expectSameDifference(tree, .pop(nav2, keeping: 2))
            _ = tree.apply(.selectTab(tabs, 1))
            // On screen now: the popover leaves with its presenter, top layer first.
            expectSameDifference(tree, .push(nav2, d))
            expectSameDifference(tree, .pop(nav2, keeping: 2))
            expectSameDifference(tree, .pop(nav2, keeping: 1))
            expectSameDifference(tree, .setStack(nav2, [b, c]))
            expectSameDifference(tree, .setStack(nav2, [b, e]))
            expectSameDifference(tree, .setStack(nav2, [e]))

            // A stack presented over the tab bar, then covered by a full-screen presentation.
            let f = content(w), g = content(w)
            let nav3 = NavigationController(context: w.makeContext(), rootViewController: f)
            _ = tree.apply(.present(presenter: tabs, presented: nav3, style: .formSheet))
            expectSameDifference(tree, .push(nav3, g))
            expectSameDifference(tree, .pop(nav3, keeping: 1))
            let cover = content(w)
            _ = tree.apply(.present(presenter: nav3, presented: cover, style: .fullScreen))
            expectSameDifference(tree, .push(nav3, g))
            expectSameDifference(tree, .pop(nav3, keeping: 1))
        }
    }
}

extension WindowTreeTests {
    /// A tab bar's new selection walks only the old and new selected tabs, and a presentation
    /// or a dismissal only its presenter's run: the difference must be the whole sets', with
    /// the bar on screen, covered, presented or with a More tab (then the whole tree is
    /// walked), and for presenters that are covered, nested in a chain, in a tab or off screen.
    @Test func tabSelectionsAndPresentations_appearingAndDisappearing_matchTheWholeVisibleSets() async {
        let w = window()
        await w.withTree { tree in
            // A tab bar of a stack with a pushed top, an embedding content controller and a leaf.
            let a = content(w), b = content(w), c = content(w), d = content(w)
            let nav = NavigationController(context: w.makeContext(), viewControllers: [a, b])
            let host = GenericViewController(context: w.makeContext(), children: [c])
            let tabs = TabBarController(context: w.makeContext(), viewControllers: [nav, host, d])
            _ = tree.apply(.setRoot(tabs))

            // On screen, the top of the first tab presenting a sheet (it leaves with its tab).
            let sheet = content(w)
            expectSameDifference(tree, .present(presenter: b, presented: sheet, style: .formSheet))
            expectSameDifference(tree, .selectTab(tabs, 1))
            expectSameDifference(tree, .selectTab(tabs, 2))
            expectSameDifference(tree, .selectTab(tabs, 0))
            // A presenter in a tab that is not selected: nothing appears or disappears.
            let hidden = content(w)
            expectSameDifference(tree, .present(presenter: c, presented: hidden, style: .fullScreen))
            expectSameDifference(tree, .dismiss(presenter: c))
            expectSameDifference(tree, .dismiss(presenter: b))

            // A full-screen presentation over the tab bar covers it: a selection changes nothing
            // on screen; a chain on top, dismissed from its middle and from its bottom.
            let cover = content(w), second = content(w), third = content(w)
            expectSameDifference(tree, .present(presenter: tabs, presented: cover, style: .fullScreen))
            expectSameDifference(tree, .selectTab(tabs, 1))
            expectSameDifference(tree, .present(presenter: cover, presented: second, style: .overFullScreen))
            expectSameDifference(tree, .present(presenter: second, presented: third, style: .fullScreen))
            expectSameDifference(tree, .dismiss(presenter: second))
            expectSameDifference(tree, .present(presenter: second, presented: third, style: .pageSheet))
            expectSameDifference(tree, .dismiss(presenter: cover))
            expectSameDifference(tree, .dismiss(presenter: tabs))

            // A tab bar presented over the root, under a sheet of its own tab.
            let inner1 = content(w), inner2 = content(w), innerSheet = content(w)
            let presentedTabs = TabBarController(context: w.makeContext(), viewControllers: [inner1, inner2])
            expectSameDifference(tree, .present(presenter: tabs, presented: presentedTabs, style: .formSheet))
            expectSameDifference(tree, .selectTab(presentedTabs, 1))
            expectSameDifference(tree, .present(presenter: inner2, presented: innerSheet, style: .overCurrentContext))
            expectSameDifference(tree, .selectTab(presentedTabs, 0))
            expectSameDifference(tree, .selectTab(presentedTabs, 1))
            expectSameDifference(tree, .dismiss(presenter: inner2))
            expectSameDifference(tree, .dismiss(presenter: tabs))

            // Seven tabs: the bar has a More tab, and the whole tree is walked.
            let many = (0..<7).map { _ in content(w) }
            let moreTabs = TabBarController(context: w.makeContext(), viewControllers: many)
            _ = tree.apply(.setRoot(moreTabs))
            for index in [5, 6, 0, 4, 5] { expectSameDifference(tree, .selectTab(moreTabs, index)) }
        }
    }
}

extension WindowTreeTests {
    /// A container's tree nodes are its children, each with its own context and kind, after
    /// every kind of write of the children: a change, its undo, a new stack, a rewind.
    @Test func childNodes_followEveryWriteOfTheChildren() async throws {
        let w = window()
        let a = content(w), b = content(w), c = content(w)
        let nav = NavigationController(context: w.makeContext(), rootViewController: a)
        try await w.setRootViewController(nav)
        let checkpoint = try await w.checkpoint()
        await w.withTree { tree in
            func expectNodes(_ sourceLocation: SourceLocation = #_sourceLocation) {
                let nodes = nav.context.childNodes()
                #expect(nodes.map(\.context.id) == nav.context.children.map(\.id), sourceLocation: sourceLocation)
                #expect(nodes.allSatisfy { $0.context === $0.controller.context && $0.kind == .content }, sourceLocation: sourceLocation)
            }
            expectNodes()
            let pushed = tree.apply(.push(nav, b))
            expectNodes()
            tree.undo(pushed)
            expectNodes()
            _ = tree.apply(.setStack(nav, [c, b]))
            expectNodes()
            _ = tree.apply(.pop(nav, keeping: 1))
            expectNodes()
        }
        try await w.rewind(to: checkpoint)
        await w.withTree { _ in
            #expect(nav.context.childNodes().map(\.context.id) == [a.id])
        }
    }
}

/// Applies `change` with `applyNotingVisibility` and checks its sets' difference, in the four
/// orders the transition reads, against the whole visible sets before and after it.
private func expectSameDifference(_ tree: WindowTree, _ change: Change, sourceLocation: SourceLocation = #_sourceLocation) {
    let wholeBefore = tree.visibleSet()
    let (before, _, after) = tree.applyNotingVisibility(change)
    let wholeAfter = tree.visibleSet()
    for postOrder in [false, true] {
        let appearing = after.missing(from: before, postOrder: postOrder, topLayerFirst: false).map(\.id)
        let disappearing = before.missing(from: after, postOrder: postOrder, topLayerFirst: true).map(\.id)
        let wholeAppearing = wholeAfter.missing(from: wholeBefore, postOrder: postOrder, topLayerFirst: false).map(\.id)
        let wholeDisappearing = wholeBefore.missing(from: wholeAfter, postOrder: postOrder, topLayerFirst: true).map(\.id)
        #expect(appearing == wholeAppearing, sourceLocation: sourceLocation)
        #expect(disappearing == wholeDisappearing, sourceLocation: sourceLocation)
        var each: [ControllerID] = []
        before.forEachMissing(from: after, postOrder: postOrder, topLayerFirst: true) { each.append($0.id) }
        #expect(each == wholeDisappearing, sourceLocation: sourceLocation)
    }
}

// MARK: - Support

private func window(_ traits: Traits = .regular) -> Window {
    Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
}

private func content(_ window: Window) -> GenericViewController {
    GenericViewController(context: window.makeContext())
}
