// The undo log: reverting an `AppliedChange` (each family undoes its own, see `ChangeRecord`),
// so that a transition rolls back before its commit point.

import Synchronization

extension WindowTree {
    /// Reverts an applied change, the last one applied: the tree is exactly as before
    /// ``apply(_:)`` (parents, children, presentations, split state, adoptions, claims).
    func undo(_ applied: AppliedChange) {
        guard let record = applied.undo.record else {
            if case .composite(let parts) = applied.undo {
                for part in parts.reversed() { undo(part) }
            }
            return  // each part undid its own adoptions
        }
        record.undo(applied, in: self)
        for container in applied.adopted {
            let context = container.context
            for child in context.children { child.context.parent = nil }
            for child in container.initialChildren {
                // Back to "claimed by the container, not yet adopted" (a split that collapsed
                // as it entered may have moved or freed its secondary).
                child.context.parent = nil
                child.context.claim.store(container.id.rawValue, ordering: .relaxed)
            }
            context.children = []
            context.didAdoptInitialChildren = false
            if container.kind == .split {
                context.isCollapsed = false
                context.splitStash = nil
                context.selectedIndex = 0
            }
        }
    }

    /// Undoes `replaceChildren`: the container's children are `old` again, with their parents.
    func restoreChildren(of container: any ViewController, to old: [any ViewController], moves: [AppliedChange.Move]) {
        let context = container.context
        for move in moves where move.to === container || move.from === container {
            setParent(move.controller, move.from)
            if move.to === container { detach(move.controller) }
        }
        context.children = old
        if context.isAttached {
            for child in old { reattach(child) }
        }
    }
}
