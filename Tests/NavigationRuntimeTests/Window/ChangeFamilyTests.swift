@testable import NavigationRuntime
import Testing

/// Each container's change family on its own (issue 12): the subtrees a change says it brings
/// in (what the depth, executor and split-entry checks walk), and the journal's record of it
/// read at the commit point (what the reference model replays). Apply and undo are in
/// `WindowTreeTests`.
@Suite struct ChangeFamilyTests {
    @Test func navigation_entersUnderItsStack_andRecordsPushPopAndStack() async {
        let w = window()
        let a = content(w), b = content(w), c = content(w)
        let nav = NavigationController(context: w.makeContext(), rootViewController: a)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            #expect(entering(.push(nav, b)) == ["\(b.id) under \(nav.id)"])
            #expect(entering(.setStack(nav, [a, c])) == ["\(a.id) under \(nav.id)", "\(c.id) under \(nav.id)"])
            #expect(entering(.pop(nav, keeping: 1)).isEmpty)

            let push = tree.apply(.push(nav, b))
            #expect(journal(push, tree) == .push(navigation: nav.id, pushed: b.id))
            #expect(entered(push, tree) == [b.id])
            let pop = tree.apply(.pop(nav, keeping: 1))
            #expect(journal(pop, tree) == .pop(navigation: nav.id, removed: [b.id]))
            #expect(entered(pop, tree).isEmpty)
            let stack = tree.apply(.setStack(nav, [a, c]))
            #expect(journal(stack, tree) == .setStack(navigation: nav.id, stack: [a.id, c.id]))
            #expect(entered(stack, tree) == [c.id])  // `a` stays: only what arrives enters
        }
    }

    @Test func tabBar_bringsNothingIn_andRecordsTheNewSelection() async {
        let w = window()
        let a = content(w), b = content(w)
        let tabs = TabBarController(context: w.makeContext(), viewControllers: [a, b])
        await w.withTree { tree in
            _ = tree.apply(.setRoot(tabs))
            #expect(entering(.selectTab(tabs, 1)).isEmpty)
            let select = tree.apply(.selectTab(tabs, 1))
            #expect(journal(select, tree) == .selectTab(tabBar: tabs.id, index: 1))
            #expect(entered(select, tree).isEmpty)
        }
    }

    @Test func split_aClassicSecondaryCountsTheLevelACollapseAdds_andEachChangeRecordsWhatItDid() async {
        let w = window()
        let p = content(w), s = content(w), t = content(w)
        let primary = NavigationController(context: w.makeContext(), rootViewController: p)
        let split = SplitViewController(context: w.makeContext(), primary: primary, secondary: s)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(split))
            // A classic split's secondary goes onto the primary's stack when it collapses.
            #expect(entering(.replaceSecondary(split, t)) == ["\(t.id) under \(split.id) +1"])
            #expect(entering(.setCollapsed(split, true, discardSecondary: false)).isEmpty)

            let replace = tree.apply(.replaceSecondary(split, t))
            #expect(journal(replace, tree) == .replaceSecondary(split: split.id, secondary: t.id))
            #expect(entered(replace, tree) == [t.id])
            let collapse = tree.apply(.setCollapsed(split, true, discardSecondary: false))
            #expect(journal(collapse, tree) == .setCollapsed(split: split.id, collapsed: true))
            #expect(entered(collapse, tree) == [split.id])  // rearranged whole
        }
    }

    @Test func columnSplit_recordsItsColumns() async {
        let w = window()
        let p = content(w), s = content(w)
        let split = SplitViewController(context: w.makeContext(), primaryColumn: p, secondaryColumn: nil)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(split))
            #expect(entering(.replaceSecondary(split, s)) == ["\(s.id) under \(split.id)"])
            let replace = tree.apply(.replaceSecondary(split, s))
            #expect(journal(replace, tree) == .setColumns(split: split.id, collapsed: false))
            #expect(entered(replace, tree) == [split.id])
        }
    }

    @Test func page_entersItsNewPages_andRecordsThePagesShown() async {
        let w = window()
        let a = content(w), b = content(w)
        let page = PageViewController(context: w.makeContext(), viewControllers: [a])
        await w.withTree { tree in
            _ = tree.apply(.setRoot(page))
            #expect(entering(.setPages(page, [b], order: AppearanceOrder())) == ["\(b.id) under \(page.id)"])
            let turn = tree.apply(.setPages(page, [b], order: AppearanceOrder()))
            #expect(journal(turn, tree) == .setPages(page: page.id, pages: [b.id]))
            #expect(entered(turn, tree) == [b.id])
        }
    }

    @Test func containment_addAndRemove_recordTheirParent() async {
        let w = window()
        let parent = content(w), child = content(w)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(parent))
            #expect(entering(.addChild(child, to: parent)) == ["\(child.id) under \(parent.id)"])
            let add = tree.apply(.addChild(child, to: parent))
            #expect(journal(add, tree) == .addChild(parent: parent.id, child: child.id))
            #expect(entered(add, tree) == [child.id])
            #expect(entering(.removeFromParent(child)).isEmpty)
            let remove = tree.apply(.removeFromParent(child))
            #expect(journal(remove, tree) == .removeFromParent(parent: parent.id, child: child.id))
            #expect(entered(remove, tree).isEmpty)
        }
    }

    @Test func presentation_entersUnderThePresenter_andRecordsTheResolvedStyleAndTheChain() async {
        let w = window()
        let root = content(w), first = content(w), second = content(w)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(root))
            #expect(entering(.present(presenter: root, presented: first, style: .pageSheet)) == ["\(first.id) under \(root.id)"])
            let present = tree.apply(.present(presenter: root, presented: first, style: .pageSheet))
            #expect(journal(present, tree) == .present(presenter: root.id, presented: first.id, style: .pageSheet))
            #expect(entered(present, tree) == [first.id])
            _ = tree.apply(.present(presenter: first, presented: second, style: .fullScreen))
            let dismiss = tree.apply(.dismiss(presenter: root))
            #expect(journal(dismiss, tree) == .dismiss(presenter: root.id, removed: [first.id, second.id]))
            #expect(entered(dismiss, tree).isEmpty)
        }
    }

    @Test func window_rootAndTraits_recordWhatTheWindowHasNow() async {
        let w = window()
        let root = content(w)
        await w.withTree { tree in
            #expect(entering(.setRoot(root)) == ["\(root.id) under window"])
            #expect(entering(.setRoot(nil)).isEmpty)
            let set = tree.apply(.setRoot(root))
            #expect(journal(set, tree) == .setRoot(root.id))
            #expect(entered(set, tree) == [root.id])
            let traits = tree.apply(.traits(.compact))
            #expect(journal(traits, tree) == .setTraits(.compact))
            let remove = tree.apply(.setRoot(nil))
            #expect(journal(remove, tree) == .removeRoot)
            #expect(entered(remove, tree).isEmpty)
        }
    }

    @Test func composite_entersAndRecordsItsPartsInOrder() async {
        let w = window()
        let a = content(w), b = content(w), presented = content(w)
        let nav = NavigationController(context: w.makeContext(), rootViewController: a)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            _ = tree.apply(.present(presenter: nav, presented: presented, style: .fullScreen))
            let change = Change.composite([.dismiss(presenter: nav), .push(nav, b)])
            #expect(entering(change) == ["\(b.id) under \(nav.id)"])
            let applied = tree.apply(change)
            #expect(
                journal(applied, tree)
                    == .composite([
                        .dismiss(presenter: nav.id, removed: [presented.id]), .push(navigation: nav.id, pushed: b.id),
                    ])
            )
            #expect(entered(applied, tree) == [b.id])
        }
    }
}

// MARK: - Support

private func window(_ traits: Traits = .regular) -> Window {
    Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
}

private func content(_ window: Window) -> GenericViewController {
    GenericViewController(context: window.makeContext())
}

/// What a change says it brings in: `child under parent`, `+n` for levels a collapse adds.
private func entering(_ change: Change) -> [String] {
    var result: [String] = []
    change.forEachEntering { entering in
        let parent = entering.parent.map { "\($0.id)" } ?? "window"
        result.append("\(entering.controller.id) under \(parent)" + (entering.extra > 0 ? " +\(entering.extra)" : ""))
    }
    return result
}

/// The journal's record of an applied change, as `Window.emitCommit` builds it.
private func journal(_ applied: AppliedChange, _ tree: WindowTree) -> CommittedChange { tree.record(of: applied) }

/// The roots of the subtrees the journal says entered.
private func entered(_ applied: AppliedChange, _ tree: WindowTree) -> [ControllerID] { tree.entered(applied).map(\.id) }
