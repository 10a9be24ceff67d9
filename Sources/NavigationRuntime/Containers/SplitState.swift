/// The columns of a split view controller and the stacks collapsing touches, captured before
/// a change so that it can be undone and its containment moves computed.
struct SplitState {
    /// What a collapse put aside, to restore when the split expands again.
    struct Stash {
        /// The secondary column before the collapse.
        let secondary: any ViewController
        /// How deep the primary stack was before the secondary went onto it (`nil`: it did
        /// not, the secondary waits aside).
        let primaryDepth: Int?
    }

    let split: SplitViewController
    let children: [any ViewController]
    let collapsed: Bool
    let stash: Stash?
    /// The children of every controller whose children collapsing or expanding may change:
    /// the navigation primary, the secondary, the stashed secondary, and each navigation
    /// controller nested on the primary stack (a collapsed navigation secondary, R5.6).
    let stacks: [(owner: any ViewController, children: [any ViewController])]
    /// A column-style split's columns (`nil`: classic) and the child shown while collapsed.
    let columns: [SplitColumn]?
    let top: Int

    init(_ split: SplitViewController) {
        let context = split.context
        self.split = split
        self.children = context.children
        self.collapsed = context.isCollapsed
        self.columns = context.splitColumns
        self.top = context.selectedIndex
        self.stash = context.splitStash
        var stacks: [(owner: any ViewController, children: [any ViewController])] = []
        func capture(_ owner: any ViewController) {
            guard !stacks.contains(where: { $0.owner === owner }) else { return }
            stacks.append((owner, owner.context.children))
        }
        if let primary = context.children.first as? NavigationController {
            capture(primary)
            for nested in primary.context.children where nested.kind == .navigation { capture(nested) }
        }
        if context.children.count > 1 { capture(context.children[1]) }
        if let stash = context.splitStash { capture(stash.secondary) }
        self.stacks = stacks
    }

    /// Every controller whose parent may change, with its parent in this state.
    private var parents: [(any ViewController, (any ViewController)?)] {
        var result: [(any ViewController, (any ViewController)?)] = children.map { ($0, split) }
        for (owner, stack) in stacks { result += stack.map { ($0, owner) } }
        if let stash, !result.contains(where: { $0.0 === stash.secondary }) { result.append((stash.secondary, nil)) }
        return result
    }

    /// The containment moves from this state to `new`, for controllers whose parent differs.
    func moves(to new: SplitState, in split: SplitViewController) -> [AppliedChange.Move] {
        let after = new.parents
        var moves: [AppliedChange.Move] = []
        var seen: Set<ObjectIdentifier> = []
        for (controller, old) in parents where seen.insert(ObjectIdentifier(controller)).inserted {
            let now = after.first { $0.0 === controller }?.1 ?? nil
            if old !== now { moves.append(.init(controller: controller, from: old, to: now)) }
        }
        for (controller, now) in after where seen.insert(ObjectIdentifier(controller)).inserted {
            if now != nil { moves.append(.init(controller: controller, from: nil, to: now)) }
        }
        return moves
    }

    /// The controllers that have a parent in `current` (captured after a change) and none in
    /// this state: what the change brought into the split.
    func arrivals(since current: SplitState) -> [any ViewController] {
        let kept = Set(parents.compactMap { $0.1 == nil ? nil : ObjectIdentifier($0.0) })
        return current.parents.compactMap { controller, parent in
            parent != nil && !kept.contains(ObjectIdentifier(controller)) ? controller : nil
        }
    }

    /// Puts everything back as captured; `reparent` sets each controller's parent.
    func restore(attached: Bool, reparent: (any ViewController, (any ViewController)?) -> Void) {
        let context = split.context
        context.children = children
        context.isCollapsed = collapsed
        context.splitStash = stash
        context.splitColumns = columns
        context.selectedIndex = top
        for (owner, stack) in stacks { owner.context.children = stack }
        for (controller, parent) in parents { reparent(controller, parent) }
    }
}

extension Window {
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
}
