// The journal's record of a commit: the subtrees that entered the tree, then the change as a `CommittedChange`.

extension Window {
    /// Journals a commit: first the subtrees that entered the tree (so that a reference model
    /// can replay the change without knowing the controllers), then the change itself.
    func emitCommit(_ applied: AppliedChange, request id: RequestID) {
        for controller in tree.entered(applied) {
            emit(.entered(snapshot(of: controller)), request: id)
        }
        emit(.committed(tree.record(of: applied)), request: id)
    }
}

extension WindowTree {
    /// The roots of the subtrees a change brought into the tree.
    func entered(_ applied: AppliedChange) -> [any ViewController] {
        if let record = applied.undo.record { return record.entered(applied, in: self) }
        guard case .composite(let parts) = applied.undo else { return [] }
        return parts.flatMap(entered)
    }

    /// The change as the journal records it, read at the commit point from the undo data and
    /// the tree (built only when someone listens).
    func record(of applied: AppliedChange) -> CommittedChange {
        if let record = applied.undo.record { return record.record(in: self) }
        guard case .composite(let parts) = applied.undo else { return .composite([]) }
        return .composite(parts.map(record(of:)))
    }
}
