// The window's own change family: its root and its traits.

/// The structural changes of the window itself.
enum WindowChange: ChangeFamily {
    case setRoot((any ViewController)?)
    /// Set the window's traits.
    case traits(Traits)

    /// What a window change did.
    enum Undo: ChangeRecord {
        case root(old: (any ViewController)?)
        case traits(old: Traits)

        func undo(_ applied: AppliedChange, in tree: WindowTree) {
            switch self {
            case .root(let old):
                if let current = tree.root { tree.detach(current) }
                tree.root = old
                if let old { tree.reattach(old) }
            case .traits(let old):
                tree.traits = old
            }
        }

        func entered(_ applied: AppliedChange, in tree: WindowTree) -> [any ViewController] {
            switch self {
            case .root: tree.root.map { [$0] } ?? []
            case .traits: []
            }
        }

        func record(in tree: WindowTree) -> CommittedChange {
            switch self {
            case .root: tree.root.map { .setRoot($0.id) } ?? .removeRoot
            case .traits: .setTraits(tree.traits)
            }
        }
    }

    @inline(__always)
    func forEachEntering(_ body: (Entering) throws -> Void) rethrows {
        switch self {
        case .setRoot(let controller): if let controller { try body(Entering(controller: controller, parent: nil)) }
        case .traits: break
        }
    }

    @inline(__always)
    func apply(to tree: WindowTree) -> AppliedChange {
        switch self {
        case .setRoot(let new):
            let old = tree.root
            if let old { tree.detach(old) }
            tree.root = new
            var applied = AppliedChange(undo: .window(.root(old: old)))
            if let new { tree.attach(new, into: &applied) }
            return applied
        case .traits(let traits):
            let old = tree.traits
            tree.traits = traits
            return AppliedChange(undo: .window(.traits(old: old)))
        }
    }
}
