// A split view controller's change family: a new secondary column and collapsing or expanding
// (R5.6-R5.8). Its undo record is the split's state before the change (`SplitState`).

/// The structural changes of a ``SplitViewController``.
enum SplitChange: ChangeFamily {
    typealias Undo = SplitState

    /// Replace the secondary column (expanded show-detail, R5.8).
    case replaceSecondary(SplitViewController, any ViewController)
    /// Collapse (`true`) or expand (R5.6); a column-style split collapsing shows `topColumn` (R5.7).
    case setCollapsed(SplitViewController, Bool, discardSecondary: Bool, topColumn: SplitColumn? = nil)

    @inline(__always)
    func forEachEntering(_ body: (Entering) throws -> Void) rethrows {
        switch self {
        case .replaceSecondary(let split, let controller):
            // A classic split's secondary goes onto the primary's stack when it collapses.
            try body(Entering(controller: controller, parent: split, extra: split.context.splitColumns == nil ? 1 : 0))
        case .setCollapsed:
            break  // collapsing is counted in advance (see `Window.maximumDepth`)
        }
    }

    @inline(__always)
    func apply(to tree: WindowTree) -> AppliedChange {
        switch self {
        case .replaceSecondary(let split, let controller) where split.context.splitColumns != nil:
            var applied = AppliedChange(undo: .split(SplitState(split)))
            if let old = tree.replaceSecondaryColumn(of: split, with: controller) {
                tree.setParent(old, nil)
                tree.detach(old)
                applied.moves.append(.init(controller: old, from: split, to: nil))
            }
            tree.setParent(controller, split)
            applied.moves.append(.init(controller: controller, from: nil, to: split))
            if split.context.isAttached { tree.attach(controller, into: &applied) }
            return applied

        case .replaceSecondary(let split, let controller):
            var applied = AppliedChange(undo: .split(SplitState(split)))
            let context = split.context
            if context.children.count > 1 {
                let old = context.children[1]
                context.children[1] = controller
                tree.setParent(old, nil)
                tree.detach(old)
                applied.moves.append(.init(controller: old, from: split, to: nil))
            } else {
                context.children.append(controller)
            }
            tree.setParent(controller, split)
            applied.moves.append(.init(controller: controller, from: nil, to: split))
            if context.isAttached { tree.attach(controller, into: &applied) }
            return applied

        case .setCollapsed(let split, let collapse, let discard, let top):
            let state = SplitState(split)
            if split.context.splitColumns != nil {
                tree.setColumnsCollapsed(split, collapse, top: top)
            } else if collapse {
                tree.collapseSplit(split, discardSecondary: discard)
            } else {
                tree.expandSplit(split)
            }
            var applied = AppliedChange(undo: .split(state))
            applied.moves = state.moves(to: SplitState(split), in: split)
            if split.context.isAttached {
                for child in split.context.children { tree.attach(child, into: &applied) }
            }
            return applied
        }
    }
}

extension SplitState: ChangeRecord {
    func undo(_ applied: AppliedChange, in tree: WindowTree) {
        let current = SplitState(split)
        tree.restore(self)
        // A secondary the change brought in leaves again (free to be shown elsewhere).
        for controller in arrivals(since: current) {
            tree.setParent(controller, nil)
            tree.detach(controller)
        }
    }

    func entered(_ applied: AppliedChange, in tree: WindowTree) -> [any ViewController] {
        // A collapse or expansion rearranges the whole split, and a column-style split's
        // columns are journaled whole; a classic split's new secondary enters alone.
        if collapsed != split.context.isCollapsed || columns != nil { return [split] }
        let children = split.context.children
        return children.count > 1 ? [children[1]] : []
    }

    func record(in tree: WindowTree) -> CommittedChange {
        let context = split.context
        if columns != nil { return .setColumns(split: split.id, collapsed: context.isCollapsed) }
        if context.isCollapsed != collapsed { return .setCollapsed(split: split.id, collapsed: context.isCollapsed) }
        return .replaceSecondary(split: split.id, secondary: context.children.count > 1 ? context.children[1].id : nil)
    }
}
