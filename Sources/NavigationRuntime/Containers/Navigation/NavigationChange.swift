// A navigation controller's change family: push, pop and a new stack (R4.1-R4.5).

/// The structural changes of a ``NavigationController``'s stack.
enum NavigationChange: ChangeFamily {
    case push(NavigationController, any ViewController)
    /// Pop every controller above the first `keeping` ones.
    case pop(NavigationController, keeping: Int)
    case setStack(NavigationController, [any ViewController])

    /// What a stack change did.
    enum Undo: ChangeRecord {
        case push(NavigationController)
        case pop(NavigationController, removed: [any ViewController])
        case stack(NavigationController, old: [any ViewController])

        /// The navigation controller whose stack changed (for its delegate, R4.12).
        var navigation: NavigationController {
            switch self {
            case .push(let navigation), .pop(let navigation, _), .stack(let navigation, _): navigation
            }
        }

        func undo(_ applied: AppliedChange, in tree: WindowTree) {
            switch self {
            case .push(let navigation):
                if let pushed = navigation.context.children.popLast() {
                    tree.setParent(pushed, nil)
                    tree.detach(pushed)
                }
            case .pop(let navigation, let removed):
                let context = navigation.context
                context.children.append(contentsOf: removed)
                for controller in removed {
                    tree.setParent(controller, navigation)
                    if context.isAttached { tree.reattach(controller) }
                }
            case .stack(let navigation, let old):
                tree.restoreChildren(of: navigation, to: old, moves: applied.moves)
            }
        }

        func entered(_ applied: AppliedChange, in tree: WindowTree) -> [any ViewController] {
            switch self {
            case .push(let navigation): navigation.context.children.last.map { [$0] } ?? []
            case .pop: []
            case .stack: applied.arrivals
            }
        }

        func record(in tree: WindowTree) -> CommittedChange {
            switch self {
            case .push(let navigation):
                .push(navigation: navigation.id, pushed: navigation.context.children.last?.id ?? ControllerID(0))
            case .pop(let navigation, let removed):
                .pop(navigation: navigation.id, removed: removed.map(\.id))
            case .stack(let navigation, _):
                .setStack(navigation: navigation.id, stack: navigation.context.children.map(\.id))
            }
        }
    }

    /// The navigation controller whose stack changes.
    var navigation: NavigationController {
        switch self {
        case .push(let navigation, _), .pop(let navigation, _), .setStack(let navigation, _): navigation
        }
    }

    @inline(__always)
    func forEachEntering(_ body: (Entering) throws -> Void) rethrows {
        switch self {
        case .push(let navigation, let controller):
            try body(Entering(controller: controller, parent: navigation))
        case .setStack(let navigation, let controllers):
            for controller in controllers { try body(Entering(controller: controller, parent: navigation)) }
        case .pop:
            break
        }
    }

    @inline(__always)
    func apply(to tree: WindowTree) -> AppliedChange {
        var applied = applyStack(to: tree)
        applied.hasNavigationDelegate = navigation.context.hasDelegate
        return applied
    }

    @inline(__always)
    private func applyStack(to tree: WindowTree) -> AppliedChange {
        switch self {
        case .push(let navigation, let controller):
            let context = navigation.context
            // The move in the array literal: appending it to an empty array would grow one.
            var applied = AppliedChange(
                undo: .navigation(.push(navigation)), moves: [.init(controller: controller, from: nil, to: navigation)])
            context.children.append(controller)
            let pushed = controller.context  // read once for both
            tree.setParent(of: pushed, navigation)
            if context.isAttached { tree.attach(controller, context: pushed, into: &applied) }
            return applied

        case .pop(let navigation, let keeping):
            let context = navigation.context
            let removed = Array(context.children[keeping...])
            context.children.removeLast(removed.count)
            var applied = AppliedChange(undo: .navigation(.pop(navigation, removed: removed)))
            for controller in removed {
                applied.moves.append(.init(controller: controller, from: navigation, to: nil))
                let popped = controller.context  // read once for both
                tree.setParent(of: popped, nil)
                tree.detach(popped)
            }
            return applied

        case .setStack(let navigation, let stack):
            var applied = AppliedChange(undo: .navigation(.stack(navigation, old: navigation.context.children)))
            tree.replaceChildren(of: navigation, with: stack, into: &applied)
            return applied
        }
    }
}
