// Split view controllers' structural changes: collapsing, expanding, replacing a column, and undoing them.

extension WindowTree {
    /// Collapses a classic split (R5.6): the secondary leaves the columns. With
    /// `discardSecondary` (the delegate's `true` to `collapseSecondary(_:onto:)`) it is
    /// dropped. Otherwise UIKit's default, `collapseSecondaryViewController(_:for:)` of the
    /// primary: a navigation primary "responds by pushing the secondary view controller onto
    /// its navigation stack" (UISplitViewControllerDelegate's documentation of the method, as
    /// quoted in malcolmhall.com/2017/01/27/default-behaviour-of-uisplitviewcontroller-
    /// collapsesecondaryviewcontroller): the secondary itself, a navigation controller
    /// included, which stays whole and nested (see `splitShowChange(of:in:detail:from:)`); any
    /// other primary "does nothing", so the secondary waits aside until the split expands.
    func collapseSplit(_ split: SplitViewController, discardSecondary: Bool) {
        let context = split.context
        context.isCollapsed = true
        guard context.children.count > 1 else { return }
        let primary = context.children[0]
        let secondary = context.children[1]
        context.children = [primary]
        setParent(secondary, nil)
        if discardSecondary {
            detach(secondary)
            context.splitStash = nil
            return
        }
        guard let navigation = primary as? NavigationController else {
            detach(secondary)
            context.splitStash = .init(secondary: secondary, primaryDepth: nil)
            return
        }
        context.splitStash = .init(secondary: secondary, primaryDepth: navigation.context.children.count)
        navigation.context.children.append(secondary)
        setParent(secondary, navigation)
    }

    /// Expands a classic split: a secondary comes back as the second column. UIKit's default,
    /// `separateSecondaryViewController(for:)` of a navigation primary, "pops and returns the
    /// view controller from the top of its navigation stack" (ibid.). DEC on what UIKit leaves
    /// open:
    /// - after a collapse (the stash), everything pushed above the collapse point leaves the
    ///   primary, so that the detail side goes back whole; without one (the secondary was
    ///   discarded, or the split had none), the top alone, never the primary's root;
    /// - of what left, the last navigation controller (a nested detail, R2.6) becomes the
    ///   secondary, with the content controllers shown above it pushed back onto its own stack;
    ///   else the last content controller; what lies below it leaves the tree;
    /// - nothing left: the secondary put aside at the collapse comes back if it is still free
    ///   (e.g. the user went back from a nested detail); else the split keeps its primary only.
    func expandSplit(_ split: SplitViewController) {
        let context = split.context
        context.isCollapsed = false
        guard let primary = context.children.first else { return }
        let stash = context.splitStash
        context.splitStash = nil
        var above: [any ViewController] = []
        if let navigation = primary as? NavigationController {
            let stack = navigation.context.children
            let depth = stash?.primaryDepth ?? (stash == nil ? max(1, stack.count - 1) : stack.count)
            if stack.count > depth {
                above = Array(stack[depth...])
                navigation.context.children.removeLast(above.count)
                for controller in above {
                    setParent(controller, nil)
                    detach(controller)
                }
            }
        }
        var secondary: (any ViewController)?
        if let index = above.lastIndex(where: { $0.kind == .navigation }) {
            let nested = above[index]
            let shownAbove = above[(index + 1)...]
            nested.context.children += shownAbove
            for controller in shownAbove { setParent(controller, nested) }
            secondary = nested
        } else if let last = above.last {
            secondary = last
        } else if let stashed = stash?.secondary, isFree(stashed, for: split) {
            secondary = stashed
        }
        guard let secondary else {
            context.children = [primary]
            return
        }
        context.children = [primary, secondary]
        setParent(secondary, split)
    }

    /// Collapses (with `top` on screen; `nil`: the proposal, without the delegate) or expands a
    /// column-style split. Its children stay where they are (R5.7).
    func setColumnsCollapsed(_ split: SplitViewController, _ collapse: Bool, top: SplitColumn?) {
        let context = split.context
        context.isCollapsed = collapse
        guard collapse else {
            context.selectedIndex = 0
            return
        }
        let columns = context.splitColumns ?? []
        let fallback: SplitColumn = columns.contains(.compact) ? .compact : columns.contains(.secondary) ? .secondary : .primary
        context.selectedIndex = columns.firstIndex(of: top ?? fallback) ?? columns.firstIndex(of: fallback) ?? 0
    }

    /// Puts `controller` in the secondary column of a column-style split (after the primary
    /// when the column was empty) and returns the controller it replaced. Collapsed without a
    /// compact column, the secondary becomes the column on top.
    func replaceSecondaryColumn(of split: SplitViewController, with controller: any ViewController)
        -> (any ViewController)?
    {
        let context = split.context
        var columns = context.splitColumns ?? [.primary]
        var old: (any ViewController)?
        let index: Int
        if let existing = columns.firstIndex(of: .secondary), context.children.indices.contains(existing) {
            index = existing
            old = context.children[existing]
            context.children[existing] = controller
        } else {
            index = min(1, context.children.count)
            context.children.insert(controller, at: index)
            columns.insert(.secondary, at: min(1, columns.count))
            if context.isCollapsed && context.selectedIndex >= index { context.selectedIndex += 1 }
        }
        context.splitColumns = columns
        if context.isCollapsed && !columns.contains(.compact) { context.selectedIndex = index }
        return old
    }

    /// Puts a split view controller, and the stacks its collapsing touches, back as `state`
    /// captured them (undoing a change to it).
    func restore(_ state: SplitState) {
        let split = state.split
        let context = split.context
        let attached = context.isAttached
        context.children = state.children
        context.isCollapsed = state.collapsed
        context.splitStash = state.stash
        context.splitColumns = state.columns
        context.selectedIndex = state.top
        for (owner, stack) in state.stacks { owner.context.children = stack }
        for (controller, parent) in state.parents {
            setParent(controller, parent)
            if parent == nil { detach(controller) } else if attached { reattach(controller) }
        }
    }
}
