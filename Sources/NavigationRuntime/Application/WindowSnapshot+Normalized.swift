extension WindowSnapshot {
    /// The snapshot with everything restoration does not keep reset: what "a restored window
    /// equals the snapshot it was restored from" means.
    ///
    /// Controller ids are renumbered from 1 in depth-first order (a node, its children in
    /// order, then what it presents: ``allControllers``' order); the window id becomes 0, the
    /// sequence number 0, and ``transitionInFlight`` `false`. Everything else is kept: the
    /// structure, kinds, scene identifiers, class names, appearance states, selected tabs,
    /// presentation styles and traits.
    ///
    /// A window restored from a snapshot `s` taken between transitions satisfies
    /// `restored.snapshot().normalized() == s.normalized()`. (A snapshot taken while a
    /// transition was in flight restores to the tree at rest: its `appearing` and
    /// `disappearing` states become `appeared` and `disappeared`.)
    public func normalized() -> WindowSnapshot {
        var next: UInt64 = 0
        func renumber(_ node: ControllerSnapshot) -> ControllerSnapshot {
            next += 1
            var copy = node
            copy.id = ControllerID(next)
            copy.children = node.children.map(renumber)
            copy.presented = node.presented.map(renumber)
            return copy
        }
        return WindowSnapshot(
            window: WindowID(0),
            sequence: 0,
            traits: traits,
            transitionInFlight: false,
            root: root.map(renumber)
        )
    }
}
