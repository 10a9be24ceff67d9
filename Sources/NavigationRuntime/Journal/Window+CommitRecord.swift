// The journal's record of a commit: the subtrees that entered the tree, then the change as a `CommittedChange`.

extension Window {
    /// Journals a commit: first the subtrees that entered the tree (so that a reference model
    /// can replay the change without knowing the controllers), then the change itself.
    func emitCommit(_ applied: AppliedChange, request id: RequestID) {
        for controller in entered(applied) {
            emit(.entered(snapshot(of: controller)), request: id)
        }
        emit(.committed(record(of: applied)), request: id)
    }

    /// The roots of the subtrees a change brought into the tree.
    private func entered(_ applied: AppliedChange) -> [any ViewController] {
        switch applied.undo {
        case .root: return root.map { [$0] } ?? []
        case .push(let navigation): return navigation.context.children.last.map { [$0] } ?? []
        case .stack, .pages: return applied.moves.filter { $0.to != nil && !$0.isAdoption }.map(\.controller)
        case .present(let presenter): return presenter.context.presented.map { [$0] } ?? []
        case .split(let state):
            // A collapse or expansion rearranges the whole split, and a column-style split's
            // columns are journaled whole; a classic split's new secondary enters alone.
            if state.collapsed != state.split.context.isCollapsed || state.columns != nil { return [state.split] }
            let children = state.split.context.children
            return children.count > 1 ? [children[1]] : []
        case .composite(let parts): return parts.flatMap(entered)
        case .addChild(_, let child): return [child]
        case .pop, .dismiss, .selectTab, .traits, .removeFromParent: return []
        }
    }

    /// The change as the journal records it, read at the commit point from the undo data and
    /// the tree (built only when someone listens).
    private func record(of applied: AppliedChange) -> CommittedChange {
        switch applied.undo {
        case .split(let state):
            let context = state.split.context
            if state.columns != nil { return .setColumns(split: state.split.id, collapsed: context.isCollapsed) }
            if context.isCollapsed != state.collapsed {
                return .setCollapsed(split: state.split.id, collapsed: context.isCollapsed)
            }
            return .replaceSecondary(split: state.split.id, secondary: context.children.count > 1 ? context.children[1].id : nil)
        case .traits:
            return .setTraits(traits)
        case .addChild(let parent, let child):
            return .addChild(parent: parent.id, child: child.id)
        case .removeFromParent(let parent, let child, _):
            return .removeFromParent(parent: parent.id, child: child.id)
        case .selectTab(let tabBar, _):
            return .selectTab(tabBar: tabBar.id, index: tabBar.context.selectedIndex)
        case .composite(let parts):
            return .composite(parts.map(record(of:)))
        case .root:
            guard let root else { return .removeRoot }
            return .setRoot(root.id)
        case .push(let navigation):
            return .push(navigation: navigation.id, pushed: navigation.context.children.last?.id ?? ControllerID(0))
        case .pop(let navigation, let removed):
            return .pop(navigation: navigation.id, removed: removed.map(\.id))
        case .stack(let navigation, _):
            return .setStack(navigation: navigation.id, stack: navigation.context.children.map(\.id))
        case .pages(let page, _):
            return .setPages(page: page.id, pages: page.context.children.map(\.id))
        case .present(let presenter):
            let presented = presenter.context.presented
            return .present(
                presenter: presenter.id,
                presented: presented?.id ?? ControllerID(0),
                style: presented?.context.presentationStyle ?? .fullScreen
            )
        case .dismiss(let presenter, let chain, _):
            return .dismiss(presenter: presenter.id, removed: chain.map(\.id))
        }
    }
}
