// A custom container's change family: `addChild` and `removeFromParent` (R6.11).

/// The structural changes of a custom container's children.
enum ContainmentChange: ChangeFamily {
    /// A custom container adds a child (`addChild`, R6.11). With `completesMove` the runtime
    /// also delivers `didMove(toParent:)` (a custom container's `show` override, R2.3).
    case addChild(any ViewController, to: any ViewController, completesMove: Bool = false)
    /// A child leaves its container (`removeFromParent`, R6.11). With `completesMove` the
    /// runtime also delivers `willMove(toParent: nil)` (a custom container's `show` override).
    case removeFromParent(any ViewController, completesMove: Bool = false)

    /// What a containment change did.
    enum Undo: ChangeRecord {
        case addChild(parent: any ViewController, child: any ViewController)
        case removeFromParent(parent: any ViewController, child: any ViewController, index: Int)
        /// The child had already left its parent: nothing changed.
        case none

        func undo(_ applied: AppliedChange, in tree: WindowTree) {
            switch self {
            case .addChild(let parent, let child):
                parent.context.children.removeAll { $0 === child }
                tree.setParent(child, nil)
                tree.detach(child)
            case .removeFromParent(let parent, let child, let index):
                parent.context.children.insert(child, at: min(index, parent.context.children.count))
                tree.setParent(child, parent)
                if parent.context.isAttached { tree.reattach(child) }
            case .none:
                break
            }
        }

        func entered(_ applied: AppliedChange, in tree: WindowTree) -> [any ViewController] {
            switch self {
            case .addChild(_, let child): [child]
            case .removeFromParent, .none: []
            }
        }

        func record(in tree: WindowTree) -> CommittedChange {
            switch self {
            case .addChild(let parent, let child): .addChild(parent: parent.id, child: child.id)
            case .removeFromParent(let parent, let child, _): .removeFromParent(parent: parent.id, child: child.id)
            case .none: .composite([])
            }
        }
    }

    @inline(__always)
    func forEachEntering(_ body: (Entering) throws -> Void) rethrows {
        switch self {
        case .addChild(let controller, let parent, _): try body(Entering(controller: controller, parent: parent))
        case .removeFromParent: break
        }
    }

    @inline(__always)
    func apply(to tree: WindowTree) -> AppliedChange {
        switch self {
        case .addChild(let child, let parent, let completesMove):
            var applied = AppliedChange(undo: .containment(.addChild(parent: parent, child: child)))
            var move = AppliedChange.Move(controller: child, from: nil, to: parent)
            move.deliversDidMove = completesMove
            applied.moves.append(move)
            parent.context.children.append(child)
            tree.setParent(child, parent)
            if parent.context.isAttached { tree.attach(child, into: &applied) }
            return applied

        case .removeFromParent(let child, let completesMove):
            guard let parent = child.context.parent,
                let index = parent.context.children.firstIndex(where: { $0 === child })
            else { return AppliedChange(undo: .containment(.none)) }
            var applied = AppliedChange(undo: .containment(.removeFromParent(parent: parent, child: child, index: index)))
            var move = AppliedChange.Move(controller: child, from: parent, to: nil)
            move.deliversWillMove = completesMove
            applied.moves.append(move)
            parent.context.children.remove(at: index)
            tree.setParent(child, nil)
            tree.detach(child)
            return applied
        }
    }
}
