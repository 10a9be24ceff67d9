// Applying a `Change` to a window's tree (each family applies its own, see `ChangeFamily`),
// and the children replacement that stacks and pages share.

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
        case .navigation(let change): return change.apply(to: self)
        case .tabBar(let change): return change.apply(to: self)
        case .split(let change): return change.apply(to: self)
        case .page(let change): return change.apply(to: self)
        case .containment(let change): return change.apply(to: self)
        case .presentation(let change): return change.apply(to: self)
        case .window(let change): return change.apply(to: self)
        case .composite(let changes):
            let parts = changes.map { applyPart($0) }
            var applied = AppliedChange(undo: .composite(parts))
            for part in parts {
                applied.moves += part.moves
                applied.presented += part.presented
                applied.dismissed += part.dismissed
                applied.adopted += part.adopted
                applied.hasNavigationDelegate = applied.hasNavigationDelegate || part.hasNavigationDelegate
            }
            return applied
        }
    }

    /// Makes `children` the container's children: the ones that leave are detached, the ones
    /// that arrive attached, each with its containment move (a stack's `setViewControllers`, a
    /// page view controller's pages).
    func replaceChildren(
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
