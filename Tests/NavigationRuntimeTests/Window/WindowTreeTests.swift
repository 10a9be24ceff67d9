@testable import NavigationRuntime
import Synchronization
import Testing

/// `WindowTree` on its own (issue 12): changes applied to plain controllers and undone, the
/// visible set of each container kind, the structural checks with their exact codes, and the
/// subtrees restoration and deep links build. Synchronous, on the window's executor
/// (`Window.withTree`), with no transition, no queue and no callback: in the spirit of
/// `TransitionQueueStateMachineTests`.
@Suite struct WindowTreeTests {
    // MARK: - Apply, then undo: the exact tree back

    @Test func push_thenUndo_restoresTheExactTree() async {
        let w = window()
        let a = content(w), b = content(w)
        let nav = NavigationController(context: w.makeContext(), rootViewController: a)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            let all: [any ViewController] = [nav, a, b]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)

            let applied = tree.apply(.push(nav, b))
            #expect(nav.context.children.map(\.id) == [a.id, b.id])
            #expect(b.context.parent === nav)
            #expect(b.context.isAttached)
            #expect(b.context.claim.load(ordering: .relaxed) == nav.id.rawValue)
            #expect(moves(applied) == ["\(b.id): nil -> \(nav.id)"])
            #expect(shown(tree) == [nav.id, b.id])

            tree.undo(applied)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
            #expect(shown(tree) == [nav.id, a.id])
        }
    }

    @Test func setRoot_adoptsInitialChildren_andUndoGivesThemBackToTheClaim() async {
        let w = window()
        let a = content(w), b = content(w)
        let nav = NavigationController(context: w.makeContext(), viewControllers: [a, b])
        await w.withTree { tree in
            let all: [any ViewController] = [nav, a, b]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)
            #expect(a.context.parent == nil)
            #expect(a.context.claim.load(ordering: .relaxed) == nav.id.rawValue)

            let applied = tree.apply(.setRoot(nav))
            #expect(tree.root === nav)
            #expect(applied.adopted.map(\.id) == [nav.id])
            #expect(applied.moves.map(\.isAdoption) == [true, true])
            #expect(moves(applied) == ["\(a.id): nil -> \(nav.id)", "\(b.id): nil -> \(nav.id)"])
            #expect(nav.context.didAdoptInitialChildren)
            #expect(([nav, a, b] as [any ViewController]).map { $0.context.isAttached } == [true, true, true])
            #expect(shown(tree) == [nav.id, b.id])

            tree.undo(applied)
            #expect(tree.root == nil)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
            #expect(nav.context.children.isEmpty)
            #expect(!nav.context.didAdoptInitialChildren)
        }
    }

    @Test func popAndSetStack_thenUndo_restoreTheExactTree() async {
        let w = window()
        let a = content(w), b = content(w), c = content(w), d = content(w)
        let nav = NavigationController(context: w.makeContext(), viewControllers: [a, b, c])
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            let all: [any ViewController] = [nav, a, b, c, d]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)

            let pop = tree.apply(.pop(nav, keeping: 1))
            #expect(nav.context.children.map(\.id) == [a.id])
            #expect(b.context.parent == nil && c.context.parent == nil)
            #expect(!b.context.isAttached && !c.context.isAttached)
            #expect(c.context.claim.load(ordering: .relaxed) == 0)
            #expect(moves(pop) == ["\(b.id): \(nav.id) -> nil", "\(c.id): \(nav.id) -> nil"])
            tree.undo(pop)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)

            let stack = tree.apply(.setStack(nav, [a, d]))
            #expect(nav.context.children.map(\.id) == [a.id, d.id])
            #expect(moves(stack) == ["\(b.id): \(nav.id) -> nil", "\(c.id): \(nav.id) -> nil", "\(d.id): nil -> \(nav.id)"])
            #expect(shown(tree) == [nav.id, d.id])
            tree.undo(stack)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
        }
    }

    @Test func presentationChain_dismissThenUndo_restoresIt_andFinishingCutsTheUpwardLinks() async {
        let w = window()
        let r = content(w), b = content(w), c = content(w)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(r))
            _ = tree.apply(.present(presenter: r, presented: b, style: .fullScreen))
            _ = tree.apply(.present(presenter: b, presented: c, style: .pageSheet))
            let all: [any ViewController] = [r, b, c]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)
            #expect(walk(tree) == ["+\(b.id)@1", "-\(b.id)@1", "+\(c.id)@2", "-\(c.id)@2"])

            let dismiss = tree.apply(.dismiss(presenter: r))
            #expect(dismiss.dismissed.map(\.id) == [b.id, c.id])
            #expect(r.context.presented == nil)
            #expect(!b.context.isAttached && !c.context.isAttached)
            // Until the end phase the chain keeps its upward links (R3.1, R6.6).
            #expect(b.context.presenting === r && c.context.presenting === b)
            #expect(tree.departing.map(\.presented.id) == [b.id, c.id])
            #expect(shown(tree) == [r.id])

            tree.undo(dismiss)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
            #expect(tree.departing.isEmpty)

            let again = tree.apply(.dismiss(presenter: r))
            tree.finishDismissals(again)
            #expect(b.context.presenting == nil && b.context.presentationStyle == nil)
            #expect(c.context.presenting == nil && c.context.presentationStyle == nil)
            #expect(b.context.presented == nil)  // the whole chain was taken apart at the change
            #expect(tree.departing.isEmpty)
        }
    }

    @Test func tabBar_selectTab_showsTheSelectedChild_andUndoSelectsBack() async {
        let w = window()
        let a = content(w), b = content(w), c = content(w)
        let tabs = TabBarController(context: w.makeContext(), viewControllers: [a, b, c])
        await w.withTree { tree in
            _ = tree.apply(.setRoot(tabs))
            let all: [any ViewController] = [tabs, a, b, c]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)
            #expect(shown(tree) == [tabs.id, a.id])

            let select = tree.apply(.selectTab(tabs, 2))
            #expect(tabs.context.selectedIndex == 2)
            #expect(select.moves.isEmpty)
            #expect(shown(tree) == [tabs.id, c.id])

            tree.undo(select)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
            #expect(shown(tree) == [tabs.id, a.id])
        }
    }

    @Test func classicSplit_collapsePushesTheSecondaryOntoTheNavigationPrimary_expandAndUndoPutItBack() async {
        let w = window()
        let m = content(w), d = content(w)
        let nav = NavigationController(context: w.makeContext(), rootViewController: m)
        let split = SplitViewController(context: w.makeContext(), primary: nav, secondary: d)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(split))
            let all: [any ViewController] = [split, nav, m, d]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)
            #expect(shown(tree) == [split.id, nav.id, m.id, d.id])

            let collapse = tree.apply(.setCollapsed(split, true, discardSecondary: false))
            #expect(split.context.isCollapsed)
            #expect(split.context.children.map(\.id) == [nav.id])
            #expect(nav.context.children.map(\.id) == [m.id, d.id])
            #expect(d.context.parent === nav)
            #expect(split.context.splitStash?.secondary === d && split.context.splitStash?.primaryDepth == 1)
            #expect(moves(collapse) == ["\(d.id): \(split.id) -> \(nav.id)"])
            #expect(shown(tree) == [split.id, nav.id, d.id])

            let expand = tree.apply(.setCollapsed(split, false, discardSecondary: false))
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
            tree.undo(expand)
            #expect(nav.context.children.map(\.id) == [m.id, d.id])
            tree.undo(collapse)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
        }
    }

    @Test func classicSplit_collapseDiscardingTheSecondary_freesIt_andUndoBringsItBack() async {
        let w = window()
        let m = content(w), d = content(w)
        let nav = NavigationController(context: w.makeContext(), rootViewController: m)
        let split = SplitViewController(context: w.makeContext(), primary: nav, secondary: d)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(split))
            let all: [any ViewController] = [split, nav, m, d]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)

            let collapse = tree.apply(.setCollapsed(split, true, discardSecondary: true))
            #expect(d.context.parent == nil && !d.context.isAttached)
            #expect(d.context.claim.load(ordering: .relaxed) == 0)
            #expect(split.context.splitStash == nil)
            #expect(nav.context.children.map(\.id) == [m.id])
            #expect(shown(tree) == [split.id, nav.id, m.id])

            tree.undo(collapse)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
        }
    }

    @Test func columnSplit_replaceSecondaryAndCollapse_thenUndo_restoreTheColumns() async {
        let w = window()
        let p = content(w), s = content(w)
        let split = SplitViewController(context: w.makeContext(), primaryColumn: p, secondaryColumn: nil)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(split))
            let all: [any ViewController] = [split, p, s]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)
            #expect(split.context.splitColumns == [.primary])
            #expect(shown(tree) == [split.id, p.id])

            let replace = tree.apply(.replaceSecondary(split, s))
            #expect(split.context.children.map(\.id) == [p.id, s.id])
            #expect(split.context.splitColumns == [.primary, .secondary])
            #expect(shown(tree) == [split.id, p.id, s.id])
            let afterReplace = TreeFields(tree, all, asUndoLeavesThem: true)

            let collapse = tree.apply(.setCollapsed(split, true, discardSecondary: false, topColumn: .secondary))
            #expect(split.context.isCollapsed && split.context.selectedIndex == 1)
            #expect(collapse.moves.isEmpty)  // a column-style split's children stay (R5.7)
            #expect(shown(tree) == [split.id, s.id])

            tree.undo(collapse)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == afterReplace)
            tree.undo(replace)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
        }
    }

    @Test func splitEnteringACompactWindow_collapsesAsItIsAttached_andUndoUnadoptsIt() async {
        let w = window(.compact)
        let m = content(w), d = content(w)
        let nav = NavigationController(context: w.makeContext(), rootViewController: m)
        let split = SplitViewController(context: w.makeContext(), primary: nav, secondary: d)
        await w.withTree { tree in
            let all: [any ViewController] = [split, nav, m, d]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)

            let applied = tree.apply(.setRoot(split))
            #expect(split.context.isCollapsed)
            #expect(nav.context.children.map(\.id) == [m.id, d.id])
            // The secondary's adoption names the parent it ends with, once (R6.11).
            #expect(moves(applied).contains("\(d.id): nil -> \(nav.id)"))
            #expect(!moves(applied).contains("\(d.id): nil -> \(split.id)"))
            #expect(shown(tree) == [split.id, nav.id, d.id])

            tree.undo(applied)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
        }
    }

    @Test func splitEnteringACompactWindow_whoseDelegateDiscardsTheSecondary_leavesItOut() async {
        let w = window(.compact)
        let m = content(w), d = content(w)
        let nav = NavigationController(context: w.makeContext(), rootViewController: m)
        let split = SplitViewController(context: w.makeContext(), primary: nav, secondary: d)
        await w.withTree { tree in
            tree.entryDecisions[ObjectIdentifier(split)] = SplitEntryDecision(discardSecondary: true)
            let applied = tree.apply(.setRoot(split))
            #expect(tree.entryDecisions.isEmpty)  // used up by the change
            #expect(split.context.isCollapsed)
            #expect(split.context.children.map(\.id) == [nav.id])
            #expect(d.context.parent == nil && !d.context.isAttached)
            #expect(d.context.claim.load(ordering: .relaxed) == 0)
            #expect(!moves(applied).contains { $0.hasPrefix("\(d.id):") })
        }
    }

    @Test func composite_undoesItsPartsInReverse() async {
        let w = window()
        let a = content(w), b = content(w), p = content(w)
        let nav = NavigationController(context: w.makeContext(), viewControllers: [a, b])
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            _ = tree.apply(.present(presenter: nav, presented: p, style: .formSheet))
            let all: [any ViewController] = [nav, a, b, p]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)

            let unwind = tree.apply(.composite([.dismiss(presenter: nav), .pop(nav, keeping: 1)]))
            #expect(unwind.dismissed.map(\.id) == [p.id])
            #expect(moves(unwind) == ["\(b.id): \(nav.id) -> nil"])
            #expect(shown(tree) == [nav.id, a.id])

            tree.undo(unwind)
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == before)
            #expect(walk(tree) == ["+\(nav.id)@0", "+\(b.id)@0", "-\(b.id)@0", "-\(nav.id)@0", "+\(p.id)@1", "-\(p.id)@1"])
        }
    }

    @Test func traits_applyAndUndo() async {
        let w = window()
        await w.withTree { tree in
            let applied = tree.apply(.traits(.compact))
            #expect(tree.traits == .compact)
            tree.undo(applied)
            #expect(tree.traits == .regular)
        }
    }

    @Test func visibleSet_aFullScreenPresentationCoversItsPresenter_aSheetDoesNot() async {
        let w = window()
        let r = content(w), sheet = content(w), full = content(w)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(r))
            _ = tree.apply(.present(presenter: r, presented: sheet, style: .formSheet))
            #expect(walk(tree) == ["+\(r.id)@0", "-\(r.id)@0", "+\(sheet.id)@1", "-\(sheet.id)@1"])
            _ = tree.apply(.present(presenter: sheet, presented: full, style: .fullScreen))
            #expect(walk(tree) == ["+\(r.id)@0", "-\(r.id)@0", "+\(full.id)@2", "-\(full.id)@2"])
        }
    }

    @Test func tearDown_releasesEveryLink() async {
        let w = window()
        let a = content(w), b = content(w), p = content(w)
        let nav = NavigationController(context: w.makeContext(), viewControllers: [a, b])
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            _ = tree.apply(.present(presenter: b, presented: p, style: .fullScreen))
            tree.tearDown()
            #expect(tree.root == nil)
            for controller in [nav, a, b, p] as [any ViewController] {
                let context = controller.context
                #expect(context.parent == nil && context.presenting == nil && context.presented == nil)
                #expect(context.children.isEmpty && !context.isAttached)
            }
        }
    }

    // MARK: - Validation: exact codes, nothing changed

    @Test func validate_refusesAControllerOfAnotherWindow() async {
        let w = window(), other = window()
        let a = content(w), stranger = content(other)
        let nav = NavigationController(context: w.makeContext(), rootViewController: a)
        let strangerChild = content(other)
        let carrier = NavigationController(context: w.makeContext(), rootViewController: strangerChild)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            let before = TreeFields(tree, [nav, a, stranger], asUndoLeavesThem: true)
            let error = navigationError { try tree.validate(.push(nav, stranger)) }
            #expect(error?.code == .foreignController)
            #expect(error?.controllers == [stranger.id])
            // Also as an initial child of a controller that enters.
            #expect(navigationError { try tree.validate(.present(presenter: a, presented: carrier, style: .fullScreen)) }?.code
                == .foreignController)
            #expect(TreeFields(tree, [nav, a, stranger], asUndoLeavesThem: true) == before)
        }
    }

    @Test func validate_refusesAControllerOnAnotherExecutor_whereverItEnters() async {
        let w = window()
        let a = content(w)
        let nav = NavigationController(context: w.makeContext(), rootViewController: a)
        let foreign = ElsewhereController(context: w.makeContext())
        let foreignChild = ElsewhereController(context: w.makeContext())
        let carrier = NavigationController(context: w.makeContext(), rootViewController: foreignChild)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            let push = navigationError { try tree.validate(.push(nav, foreign)) }
            #expect(push?.code == .foreignExecutor)
            #expect(push?.controllers == [foreign.id])
            let adopted = navigationError {
                try tree.validate(.composite([.pop(nav, keeping: 1), .present(presenter: a, presented: carrier, style: .fullScreen)]))
            }
            #expect(adopted?.code == .foreignExecutor)
            #expect(adopted?.controllers == [foreignChild.id])
            // And the primitives that build a subtree refuse it too.
            let loose = content(w)
            #expect(navigationError { try tree.link(foreign, presentedBy: loose, style: .fullScreen) }?.code == .foreignExecutor)
            #expect(loose.context.presented == nil)
        }
    }

    @Test func validate_refusesATreeDeeperThanTheLimit() async {
        let w = window()
        let chain: [any ViewController] = (0...Window.maximumDepth).map { _ in content(w) }
        let (first, second) = (chain[0], chain[1])
        await w.withTree { tree in
            var linked = 0
            for index in 1..<chain.count where navigationError({
                try tree.link(chain[index], presentedBy: chain[index - 1], style: .fullScreen)
            }) == nil {
                linked += 1
            }
            #expect(linked == Window.maximumDepth)
            let error = navigationError { try tree.validate(.setRoot(first)) }
            #expect(error?.code == .treeTooDeep)
            #expect(error?.controllers == [first.id])
            #expect(navigationError { try tree.validate(.setRoot(second)) } == nil)  // exactly the limit
        }
    }

    /// The synchronous path's push check (one read of a leaf's context) gives exactly what
    /// `checkPushable` then `validatePush` give: the same code, message and controllers, or none.
    @Test func checkAndValidatePush_isBothChecks() async {
        let w = window()
        let other = window()
        let a = content(w), b = content(w), fresh = content(w), loose = content(w), claimed = content(w)
        let withChild = GenericViewController(context: w.makeContext(), children: [content(w)])
        let nav = NavigationController(context: w.makeContext(), viewControllers: [a, b])
        let innerNav = NavigationController(context: w.makeContext(), rootViewController: content(w))
        _ = NavigationController(context: w.makeContext(), rootViewController: claimed)
        // A navigation controller at the depth limit: pushing onto it goes one deeper.
        let chain: [any ViewController] = (1..<Window.maximumDepth).map { _ in content(w) }
        let deepNav = NavigationController(context: w.makeContext(), viewControllers: [])
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            _ = tree.apply(.present(presenter: b, presented: loose, style: .formSheet))
            for index in 1..<chain.count {
                #expect(navigationError { try tree.link(chain[index], presentedBy: chain[index - 1], style: .fullScreen) } == nil)
            }
            #expect(navigationError { try tree.link(deepNav, presentedBy: chain[chain.count - 1], style: .fullScreen) } == nil)
            let cases: [(String, any ViewController, NavigationController)] = [
                ("pushed twice", b, nav), ("a navigation controller", innerNav, nav), ("claimed", claimed, nav),
                ("presented", loose, nav), ("another window's", content(other), nav),
                ("on its own executor", ElsewhereController(context: w.makeContext()), nav), ("fresh", fresh, nav),
                ("with a child", withChild, nav), ("past the depth limit", fresh, deepNav),
                ("a subtree past the limit", withChild, deepNav),
            ]
            var failures = 0
            for (name, controller, navigation) in cases {
                let combined = navigationError { try tree.checkAndValidatePush(of: controller, onto: navigation) }
                let both = navigationError {
                    try tree.checkPushable(controller, onto: navigation)
                    try tree.validatePush(of: controller, onto: navigation)
                }
                #expect(combined?.code == both?.code, "\(name)")
                #expect(combined?.message == both?.message, "\(name)")
                #expect(combined?.controllers == both?.controllers, "\(name)")
                if combined != nil { failures += 1 }
            }
            // Every case but the fresh leaf and the fresh container under `nav` is refused.
            #expect(failures == cases.count - 2)
            #expect(navigationError { try tree.checkAndValidatePush(of: fresh, onto: deepNav) }?.code == .treeTooDeep)
        }
    }

    @Test func requestChecks_throwUIKitsErrors() async {
        let w = window()
        let a = content(w), b = content(w), fresh = content(w), loose = content(w), claimed = content(w)
        let nav = NavigationController(context: w.makeContext(), viewControllers: [a, b])
        let innerNav = NavigationController(context: w.makeContext(), rootViewController: content(w))
        _ = NavigationController(context: w.makeContext(), rootViewController: claimed)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(nav))
            _ = tree.apply(.present(presenter: b, presented: loose, style: .formSheet))
            func code(_ body: () throws -> Void) -> NavigationError.Code? { navigationError(body)?.code }

            #expect(code { try tree.checkPushable(b, onto: nav) } == .pushedTwice)
            #expect(code { try tree.checkPushable(innerNav, onto: nav) } == .pushingNavigationController)
            #expect(code { try tree.checkPushable(claimed, onto: nav) } == .controllerInUse)
            #expect(code { try tree.checkPushable(loose, onto: nav) } == .controllerInUse)
            #expect(code { try tree.checkStack([a, fresh, fresh], for: nav) } == .pushedTwice)
            #expect(code { try tree.checkInsertable(loose, into: nil, code: .presentingActiveController) }
                == .presentingActiveController)
            #expect(code { try tree.checkAttached(fresh) } == .notInWindowHierarchy)
            #expect(code { try tree.checkPushable(fresh, onto: nav) } == nil)
            #expect(code { try tree.checkStack([a, fresh], for: nav) } == nil)
            #expect(tree.isFree(claimed, for: nil) == false)
            #expect(tree.isFree(fresh, for: nil))
        }
    }

    @Test func requestChecks_theMoreNavigationControllersStackIsTheTabBars() async {
        let w = window()
        let tabs = (0...TabBarController.maximumVisibleTabs).map { _ in content(w) as any ViewController }
        let tabBar = TabBarController(context: w.makeContext(), viewControllers: tabs)
        let fresh = content(w)
        await w.withTree { tree in
            _ = tree.apply(.setRoot(tabBar))
            guard let more = tabBar.moreStorage else {
                Issue.record("a tab bar with \(tabs.count) tabs has a More navigation controller")
                return
            }
            let error = navigationError { try tree.checkPushable(fresh, onto: more) }
            #expect(error?.code == .invalidRequest)
            #expect(error?.controllers == [more.id, tabBar.id])
        }
    }

    // MARK: - Subtrees built outside the tree (restoration, deep links)

    @Test func link_buildsAChainThatEntersWithItsPresenter_andLeavesWithIt() async {
        let w = window()
        let r = content(w), p = content(w), q = content(w)
        await w.withTree { tree in
            #expect(
                navigationError {
                    try tree.link(p, presentedBy: r, style: .formSheet)
                    try tree.link(q, presentedBy: p, style: .fullScreen)
                } == nil
            )
            let all: [any ViewController] = [r, p, q]
            let before = TreeFields(tree, all, asUndoLeavesThem: true)
            #expect(!p.context.isAttached)

            let applied = tree.apply(.setRoot(r))
            #expect(all.map { $0.context.isAttached } == [true, true, true])
            #expect(walk(tree) == ["+\(r.id)@0", "-\(r.id)@0", "+\(q.id)@2", "-\(q.id)@2"])

            // Undone, the chain leaves as every subtree leaves the tree: its downward links and
            // styles kept, its upward links cut (no reference cycle outlives the tree), which
            // `attach` sets again if it ever enters.
            tree.undo(applied)
            var detached = before
            for index in detached.fields.indices { detached.fields[index].presenting = nil }
            #expect(TreeFields(tree, all, asUndoLeavesThem: true) == detached)
            #expect(r.context.presented === p && p.context.presented === q)
        }
    }

    @Test func link_refusesWhatTheTreeOrAnotherPresentationHolds() async {
        let w = window(), other = window()
        let r = content(w), p = content(w), x = content(w), y = content(w), stranger = content(other)
        let tabs = TabBarController(context: w.makeContext(), viewControllers: [content(w), content(w)])
        await w.withTree { tree in
            _ = tree.apply(.setRoot(r))
            func code(_ body: () throws -> Void) -> NavigationError.Code? { navigationError(body)?.code }

            #expect(code { try tree.link(p, presentedBy: r, style: .fullScreen) } == .invalidRequest)
            #expect(code { try tree.link(x, presentedBy: p, style: .fullScreen) } == nil)
            #expect(code { try tree.link(y, presentedBy: p, style: .fullScreen) } == .alreadyPresenting)
            #expect(code { try tree.link(x, presentedBy: y, style: .fullScreen) } == .presentingActiveController)
            #expect(code { try tree.link(stranger, presentedBy: y, style: .fullScreen) } == .foreignController)
            #expect(code { try tree.unlink(r) } == .invalidRequest)
            #expect(y.context.presented == nil && x.context.presenting === p)

            _ = tree.apply(.present(presenter: r, presented: tabs, style: .fullScreen))
            #expect(code { try tree.preselect(1, of: tabs) } == .invalidRequest)
            #expect(tabs.context.selectedIndex == 0)
        }
    }

    @Test func unlink_undoesALink() async {
        let w = window()
        let r = content(w), p = content(w), q = content(w)
        await w.withTree { tree in
            let before = TreeFields(tree, [r, p, q], asUndoLeavesThem: true)
            #expect(
                navigationError {
                    try tree.link(p, presentedBy: r, style: .pageSheet)
                    try tree.link(q, presentedBy: p, style: .pageSheet)
                    try tree.unlink(p)
                } == nil
            )
            #expect(r.context.presented == nil && p.context.presenting == nil && p.context.presentationStyle == nil)
            #expect(p.context.presented === q)  // what it presents stays linked to it
            #expect(navigationError { try tree.unlink(q) } == nil)
            #expect(TreeFields(tree, [r, p, q], asUndoLeavesThem: true) == before)
        }
    }

    @Test func preselect_aTabBarEntersShowingThatTab() async {
        let w = window()
        let a = content(w), b = content(w), c = content(w)
        let tabs = TabBarController(context: w.makeContext(), viewControllers: [a, b, c])
        await w.withTree { tree in
            #expect(navigationError { try tree.preselect(-1, of: tabs) }?.code == .invalidRequest)
            #expect(navigationError { try tree.preselect(2, of: tabs) } == nil)
            _ = tree.apply(.setRoot(tabs))
            #expect(shown(tree) == [tabs.id, c.id])
        }
    }

    @Test func precollapse_aColumnSplitEntersACompactWindowWithThatColumnOnTop() async {
        let w = window(.compact)
        let p = content(w), s = content(w), m = content(w), d = content(w)
        let split = SplitViewController(context: w.makeContext(), primaryColumn: p, secondaryColumn: s)
        let classic = SplitViewController(context: w.makeContext(), primary: m, secondary: d)
        await w.withTree { tree in
            #expect(navigationError { try tree.precollapse(split, showing: 2) }?.code == .invalidRequest)
            #expect(navigationError { try tree.precollapse(classic, showing: 0) }?.code == .invalidRequest)
            #expect(!split.context.isCollapsed && !classic.context.isCollapsed)
            #expect(navigationError { try tree.precollapse(split, showing: 0) } == nil)
            _ = tree.apply(.setRoot(split))
            #expect(split.context.isCollapsed && split.context.selectedIndex == 0)
            #expect(shown(tree) == [split.id, p.id])
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

/// The error `body` throws, if it is a ``NavigationError``.
private func navigationError(_ body: () throws -> Void) -> NavigationError? {
    do {
        try body()
        return nil
    } catch {
        return error as? NavigationError
    }
}

/// The containment moves of an applied change, as `child: from -> to`.
private func moves(_ applied: AppliedChange) -> [String] {
    applied.moves.map { "\($0.controller.id): \($0.from.map { "\($0.id)" } ?? "nil") -> \($0.to.map { "\($0.id)" } ?? "nil")" }
}

/// The controllers on screen, in the will-phase order.
private func shown(_ tree: WindowTree) -> [ControllerID] {
    tree.visibleSet().walk.filter { !$0.isExit }.map(\.controller.id)
}

/// The whole visible walk: `+id@layer` entering, `-id@layer` leaving.
private func walk(_ tree: WindowTree) -> [String] {
    tree.visibleSet().walk.map { "\($0.isExit ? "-" : "+")\($0.controller.id)@\($0.layer)" }
}


/// An actor of its own, whose executor a foreign controller borrows.
private actor Elsewhere {}

/// A controller actor that runs on another actor's executor instead of its window's.
private actor ElsewhereController: ViewController {
    nonisolated let context: ControllerContext
    private nonisolated let elsewhere = Elsewhere()
    nonisolated var unownedExecutor: UnownedSerialExecutor { elsewhere.unownedExecutor }

    init(context: ControllerContext) { self.context = context }
}
