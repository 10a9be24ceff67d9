// The undo log: reverting an `AppliedChange`, so that a transition rolls back before its commit point.

import Synchronization

extension WindowTree {
    /// Reverts an applied change, the last one applied: the tree is exactly as before
    /// ``apply(_:)`` (parents, children, presentations, split state, adoptions, claims).
    func undo(_ applied: AppliedChange) {
        switch applied.undo {
        case .split(let state):
            let current = SplitState(state.split)
            restore(state)
            // A secondary the change brought in leaves again (free to be shown elsewhere).
            for controller in state.arrivals(since: current) {
                setParent(controller, nil)
                detach(controller)
            }
        case .traits(let old):
            traits = old
            return
        case .addChild(let parent, let child):
            parent.context.children.removeAll { $0 === child }
            setParent(child, nil)
            detach(child)
        case .removeFromParent(let parent, let child, let index):
            parent.context.children.insert(child, at: min(index, parent.context.children.count))
            setParent(child, parent)
            if parent.context.isAttached { reattach(child) }
            return
        case .selectTab(let tabBar, let old):
            tabBar.context.selectedIndex = old
            return
        case .composite(let parts):
            for part in parts.reversed() { undo(part) }
            return
        case .root(let old):
            if let current = root { detach(current) }
            root = old
            if let old { reattach(old) }
        case .push(let navigation):
            if let pushed = navigation.context.children.popLast() {
                setParent(pushed, nil)
                detach(pushed)
            }
        case .pop(let navigation, let removed):
            let context = navigation.context
            context.children.append(contentsOf: removed)
            for controller in removed {
                setParent(controller, navigation)
                if context.isAttached { reattach(controller) }
            }
        case .stack(let navigation, let old):
            restoreChildren(of: navigation, to: old, moves: applied.moves)
        case .pages(let page, let old):
            restoreChildren(of: page, to: old, moves: applied.moves)
        case .present(let presenter):
            if let presented = presenter.context.presented {
                detach(presented)
                presented.context.presenting = nil
                presented.context.presentationStyle = nil
            }
            presenter.context.presented = nil
        case .dismiss(let presenter, let chain, let styles):
            executorState.departing.removeAll()
            var previous = presenter
            for (controller, style) in zip(chain, styles) {
                previous.context.presented = controller
                controller.context.presenting = previous
                controller.context.presentationStyle = style
                previous = controller
            }
            if presenter.context.isAttached, let first = chain.first {
                reattach(first)
            }
        }
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
    private func restoreChildren(of container: any ViewController, to old: [any ViewController], moves: [AppliedChange.Move]) {
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
