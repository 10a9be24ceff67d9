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
    var parents: [(any ViewController, (any ViewController)?)] {
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
}
