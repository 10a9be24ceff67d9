/// The columns of a split view controller and the stacks collapsing touches, captured before
/// a change so that it can be undone and its containment moves computed.
struct SplitState {
    /// What a collapse put aside, to restore when the split expands again.
    struct Stash {
        /// The secondary column before the collapse.
        let secondary: any ViewController
        /// How deep the primary stack was before the secondary's controllers went onto it
        /// (`nil`: they did not, the secondary waits aside or was discarded).
        let primaryDepth: Int?
    }

    let split: SplitViewController
    let children: [any ViewController]
    let collapsed: Bool
    let stash: Stash?
    let primaryStack: [any ViewController]?
    let secondaryStack: [any ViewController]?
    let stashedStack: [any ViewController]?
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
        self.primaryStack = (context.children.first as? NavigationController)?.context.children
        self.secondaryStack = context.children.count > 1 ? context.children[1].context.children : nil
        self.stashedStack = context.splitStash.map { $0.secondary.context.children }
    }

    /// Every controller whose parent may change, with its parent in this state.
    private var parents: [(any ViewController, (any ViewController)?)] {
        var result: [(any ViewController, (any ViewController)?)] = children.map { ($0, split) }
        if let primary = children.first, let primaryStack { result += primaryStack.map { ($0, primary) } }
        if children.count > 1, let secondaryStack { result += secondaryStack.map { ($0, children[1]) } }
        if let stash {
            if !children.contains(where: { $0 === stash.secondary }) { result.append((stash.secondary, nil)) }
            if let stashedStack { result += stashedStack.map { ($0, stash.secondary) } }
        }
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
        if let primary = children.first as? NavigationController, let primaryStack {
            primary.context.children = primaryStack
        }
        if children.count > 1, let secondaryStack { children[1].context.children = secondaryStack }
        if let stash, let stashedStack { stash.secondary.context.children = stashedStack }
        for (controller, parent) in parents { reparent(controller, parent) }
    }
}

extension Window {
    /// Collapses a split (R5.6): the secondary leaves the columns; by default its controllers
    /// go onto a navigation primary (a navigation secondary gives its stack, which is never
    /// pushed itself, R4.3); with `discardSecondary` (the delegate's `true`) it is dropped.
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
        let depth = navigation.context.children.count
        let moved: [any ViewController]
        if secondary is NavigationController {
            moved = secondary.context.children
            secondary.context.children = []
            detach(secondary)
        } else {
            moved = [secondary]
        }
        for controller in moved { setParent(controller, navigation) }
        navigation.context.children += moved
        context.splitStash = .init(secondary: secondary, primaryDepth: depth)
    }

    /// Expands a split: what the collapse put onto the primary stack (and anything shown on it
    /// since) becomes the secondary column again; a secondary put aside comes back.
    func expandSplit(_ split: SplitViewController) {
        let context = split.context
        context.isCollapsed = false
        guard let stash = context.splitStash, let primary = context.children.first else { return }
        context.splitStash = nil
        var above: [any ViewController] = []
        if let depth = stash.primaryDepth, let navigation = primary as? NavigationController,
            navigation.context.children.count > depth
        {
            above = Array(navigation.context.children[depth...])
            navigation.context.children.removeLast(above.count)
            for controller in above {
                setParent(controller, nil)
                detach(controller)
            }
        }
        let secondary: any ViewController
        if stash.secondary is NavigationController {
            secondary = stash.secondary
            if !above.isEmpty {
                secondary.context.children = above
                for controller in above { setParent(controller, secondary) }
            }
        } else {
            secondary = above.last ?? stash.secondary
        }
        context.children = [primary, secondary]
        setParent(secondary, split)
    }
}
