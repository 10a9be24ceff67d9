// A container's change family: the structural changes of one kind of container, with how each
// is applied, undone and journaled, kept beside the container (Containers/Navigation/
// NavigationChange.swift, ...). `Change` names the families; `WindowTree` dispatches to them.

/// A family of structural changes to a window's tree: a navigation controller's push, pop and
/// new stack; a tab bar's selection; a split view controller's columns; a page view
/// controller's pages; a custom container's children; presentation; the window's root and
/// traits. Each family lives with what it changes and knows all of its change's life:
///
/// - the controllers it brings into the tree (``forEachEntering(_:)``: the depth, window and
///   executor checks and the split entry decisions walk them);
/// - applying it (``apply(to:)``), which returns what it did, with its ``Undo`` record;
/// - through that record (``ChangeRecord``): undoing it, the subtrees that entered, and the
///   ``CommittedChange`` the journal records at the commit point.
///
/// Only ``WindowTree`` calls these, on the window's executor (see its isolation note).
protocol ChangeFamily {
    /// What applying a change of this family did, enough to undo and journal it.
    associatedtype Undo: ChangeRecord

    /// Calls `body` with the root of each subtree the change brings into the tree, the
    /// controller it enters under (`nil`: the window) and the levels a collapse adds on top.
    func forEachEntering(_ body: (Entering) throws -> Void) rethrows

    /// Applies the change (R4.1: the tree reflects it from the begin phase on). The change has
    /// passed ``WindowTree/validate(_:)``: it is not checked again.
    func apply(to tree: WindowTree) -> AppliedChange
}

/// A subtree a change brings into the tree (see ``ChangeFamily/forEachEntering(_:)``).
struct Entering {
    /// The subtree's root.
    let controller: any ViewController
    /// What it enters under: its parent or presenter (`nil`: it becomes the window's root).
    let parent: (any ViewController)?
    /// Levels a collapse adds above it (a classic split's secondary goes onto the primary's stack).
    var extra = 0
}

/// What applying a change of one family did (``ChangeFamily/Undo``).
protocol ChangeRecord {
    /// Reverts the change, the last one applied: the tree is exactly as before it.
    /// `applied` is the whole record (its moves), of which this is the undo data.
    func undo(_ applied: AppliedChange, in tree: WindowTree)
    /// The roots of the subtrees the change brought into the tree (journaled before the
    /// commit, so that a reference model can replay it without knowing the controllers).
    func entered(_ applied: AppliedChange, in tree: WindowTree) -> [any ViewController]
    /// The change as the journal records it, read at the commit point from this record and
    /// the tree (built only when someone listens).
    func record(in tree: WindowTree) -> CommittedChange
}
