// Applying a `Change` to a window's tree, recording what it did as an `AppliedChange`.

extension WindowTree {
    /// Applies a change to the tree (R4.1: the tree reflects it from the begin phase on) and
    /// returns what it did, for ``undo(_:)`` and the transition's callbacks. The split
    /// decisions asked for it (``entryDecisions``) are used up.
    ///
    /// The change must have passed ``validate(_:)`` (and the request's own checks): `apply`
    /// does not check again.
    func apply(_ change: Change) -> AppliedChange {
        let applied = applyPart(change)
        if !entryDecisions.isEmpty { entryDecisions.removeAll() }
        return applied
    }

    private func applyPart(_ change: Change) -> AppliedChange {
        switch change {
        case .replaceSecondary(let split, let controller) where split.context.splitColumns != nil:
            let state = SplitState(split)
            var applied = AppliedChange(undo: .split(state))
            if let old = replaceSecondaryColumn(of: split, with: controller) {
                setParent(old, nil)
                detach(old)
                applied.moves.append(.init(controller: old, from: split, to: nil))
            }
            setParent(controller, split)
            applied.moves.append(.init(controller: controller, from: nil, to: split))
            if split.context.isAttached { attach(controller, into: &applied) }
            return applied

        case .replaceSecondary(let split, let controller):
            let state = SplitState(split)
            var applied = AppliedChange(undo: .split(state))
            let context = split.context
            if context.children.count > 1 {
                let old = context.children[1]
                context.children[1] = controller
                setParent(old, nil)
                detach(old)
                applied.moves.append(.init(controller: old, from: split, to: nil))
            } else {
                context.children.append(controller)
            }
            setParent(controller, split)
            applied.moves.append(.init(controller: controller, from: nil, to: split))
            if context.isAttached { attach(controller, into: &applied) }
            return applied

        case .setCollapsed(let split, let collapse, let discard, let top):
            let state = SplitState(split)
            if split.context.splitColumns != nil {
                setColumnsCollapsed(split, collapse, top: top)
            } else if collapse {
                collapseSplit(split, discardSecondary: discard)
            } else {
                expandSplit(split)
            }
            var applied = AppliedChange(undo: .split(state))
            applied.moves = state.moves(to: SplitState(split), in: split)
            if split.context.isAttached {
                for child in split.context.children { attach(child, into: &applied) }
            }
            return applied

        case .traits(let traits):
            let old = self.traits
            self.traits = traits
            return AppliedChange(undo: .traits(old: old))

        case .addChild(let child, let parent, let completesMove):
            var applied = AppliedChange(undo: .addChild(parent: parent, child: child))
            var move = AppliedChange.Move(controller: child, from: nil, to: parent)
            move.deliversDidMove = completesMove
            applied.moves.append(move)
            parent.context.children.append(child)
            setParent(child, parent)
            if parent.context.isAttached { attach(child, into: &applied) }
            return applied

        case .removeFromParent(let child, let completesMove):
            guard let parent = child.context.parent,
                let index = parent.context.children.firstIndex(where: { $0 === child })
            else { return AppliedChange(undo: .traits(old: traits)) }
            var applied = AppliedChange(undo: .removeFromParent(parent: parent, child: child, index: index))
            var move = AppliedChange.Move(controller: child, from: parent, to: nil)
            move.deliversWillMove = completesMove
            applied.moves.append(move)
            parent.context.children.remove(at: index)
            setParent(child, nil)
            detach(child)
            return applied

        case .selectTab(let tabBar, let index):
            let old = tabBar.context.selectedIndex
            tabBar.context.selectedIndex = index
            return AppliedChange(undo: .selectTab(tabBar, old: old))

        case .composite(let changes):
            let parts = changes.map { applyPart($0) }
            var applied = AppliedChange(undo: .composite(parts))
            for part in parts {
                applied.moves += part.moves
                applied.presented += part.presented
                applied.dismissed += part.dismissed
                applied.adopted += part.adopted
            }
            return applied

        case .setRoot(let new):
            let old = root
            if let old { detach(old) }
            root = new
            var applied = AppliedChange(undo: .root(old: old))
            if let new { attach(new, into: &applied) }
            return applied

        case .push(let navigation, let controller):
            let context = navigation.context
            var applied = AppliedChange(undo: .push(navigation))
            applied.moves.append(.init(controller: controller, from: nil, to: navigation))
            context.children.append(controller)
            setParent(controller, navigation)
            if context.isAttached { attach(controller, into: &applied) }
            return applied

        case .pop(let navigation, let keeping):
            let context = navigation.context
            let removed = Array(context.children[keeping...])
            context.children.removeLast(removed.count)
            var applied = AppliedChange(undo: .pop(navigation, removed: removed))
            for controller in removed {
                applied.moves.append(.init(controller: controller, from: navigation, to: nil))
                setParent(controller, nil)
                detach(controller)
            }
            return applied

        case .setStack(let navigation, let stack):
            var applied = AppliedChange(undo: .stack(navigation, old: navigation.context.children))
            replaceChildren(of: navigation, with: stack, into: &applied)
            return applied

        case .setPages(let page, let pages, let order):
            var applied = AppliedChange(undo: .pages(page, old: page.context.children))
            applied.order = order
            replaceChildren(of: page, with: pages, into: &applied)
            return applied

        case .present(let presenter, let presented, let style):
            presenter.context.presented = presented
            presented.context.presenting = presenter
            presented.context.presentationStyle = style
            var applied = AppliedChange(
                undo: .present(presenter: presenter),
                presented: [presented]
            )
            attach(presented, into: &applied)
            return applied

        case .dismiss(let presenter):
            var chain: [any ViewController] = []
            var next = presenter.context.presented
            while let controller = next {
                chain.append(controller)
                next = controller.context.presented
            }
            let styles = chain.map(\.context.presentationStyle)
            // The chain leaves the tree now (R4.1), but its upward links (`presenting`, and the
            // parents inside it) and styles stay until the end phase, and the cut links are
            // remembered: until then the relations still hold (R3.1, R6.6). `finishDismissals`
            // cuts them for good; `undo` restores them.
            var previous = presenter
            for controller in chain {
                executorState.departing.append((previous, controller))
                previous.context.presented = nil
                markDetached(controller)
                previous = controller
            }
            return AppliedChange(
                undo: .dismiss(presenter: presenter, chain: chain, styles: styles),
                dismissed: chain
            )
        }
    }

    /// Makes `children` the container's children: the ones that leave are detached, the ones
    /// that arrive attached, each with its containment move (a stack's `setViewControllers`, a
    /// page view controller's pages).
    private func replaceChildren(
        of container: any ViewController,
        with children: [any ViewController],
        into applied: inout AppliedChange
    ) {
        let context = container.context
        let (removedControllers, addedControllers) = stackDifference(from: context.children, to: children)
        for removed in removedControllers {
            applied.moves.append(.init(controller: removed, from: container, to: nil))
            setParent(removed, nil)
            detach(removed)
        }
        context.children = children
        for added in addedControllers {
            applied.moves.append(.init(controller: added, from: added.context.parent, to: container))
            setParent(added, container)
            if context.isAttached { attach(added, into: &applied) }
        }
    }

    /// The controllers only in `old` and only in `new`, in stack order. Pushes and pops change
    /// the tail, so the common prefix is skipped first; long tails are compared by identity sets.
    private func stackDifference(
        from old: [any ViewController],
        to new: [any ViewController]
    ) -> (removed: [any ViewController], added: [any ViewController]) {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] === new[prefix] { prefix += 1 }
        let oldTail = old[prefix...]
        let newTail = new[prefix...]
        if oldTail.count * newTail.count <= 64 {
            return (
                oldTail.filter { controller in !newTail.contains { $0 === controller } },
                newTail.filter { controller in !oldTail.contains { $0 === controller } }
            )
        }
        let oldSet = Set(oldTail.map(ObjectIdentifier.init))
        let newSet = Set(newTail.map(ObjectIdentifier.init))
        return (
            oldTail.filter { !newSet.contains(ObjectIdentifier($0)) },
            newTail.filter { !oldSet.contains(ObjectIdentifier($0)) }
        )
    }
}
