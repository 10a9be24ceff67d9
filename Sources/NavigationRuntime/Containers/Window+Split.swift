extension Window {
    /// What `show` / `showDetailViewController` do when a split view controller is the target
    /// (R2.3–R2.6, R5.8): the delegate may claim a show-detail; the current secondary again is
    /// nothing; collapsed, push onto a navigation primary; expanded, show-detail replaces the
    /// secondary and show pushes onto a navigation primary.
    func splitShowChange(of controller: any ViewController, in split: SplitViewController, detail: Bool) async throws
        -> Change?
    {
        if split.context.splitColumns != nil {
            return try await columnShowChange(of: controller, in: split, detail: detail)
        }
        let children = split.context.children
        guard let primary = children.first else { return nil }
        if detail {
            if split.context.hasDelegate, await split.claimsShowDetail(controller) { return nil }
            if children.count > 1, children[1] === controller { return nil }
        }
        if split.context.isCollapsed || !detail, let navigation = primary as? NavigationController {
            try checkPushable(controller, onto: navigation)
            return .push(navigation, controller)
        }
        try checkInsertable(controller, into: split, code: .controllerInUse)
        return .replaceSecondary(split, controller)
    }

    /// Changes the window's traits as one transition: every split view controller in the tree
    /// whose width class changes collapses or expands (R5.6), with its appearance callbacks.
    ///
    /// - Returns: ``TransitionOutcome/completed(sequence:)``, or `.noChange` for the same traits.
    @discardableResult
    public func setTraits(_ traits: Traits, animated: Bool = false, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try await submit(.setTraits(traits), animated: animated, policy: policy)
    }

    func traitsChange(to traits: Traits) async -> Change? {
        guard traits != self.traits else { return nil }
        var changes: [Change] = [.traits(traits)]
        let collapse = traits.horizontalSizeClass == .compact
        for split in attachedSplits() where split.context.isCollapsed != collapse {
            if split.context.splitColumns != nil {
                let top = collapse ? await topColumnForCollapsing(split) : nil
                changes.append(.setCollapsed(split, collapse, discardSecondary: false, topColumn: top))
                continue
            }
            var discard = false
            if collapse, split.context.hasDelegate, split.context.children.count > 1 {
                discard = await split.discardsSecondary(split.context.children[1], onto: split.context.children[0])
            }
            changes.append(.setCollapsed(split, collapse, discardSecondary: discard))
        }
        return .composite(changes)
    }

    private func attachedSplits() -> [SplitViewController] {
        var result: [SplitViewController] = []
        func visit(_ controller: any ViewController) {
            if let split = controller as? SplitViewController { result.append(split) }
            for child in controller.context.children { visit(child) }
            if let presented = controller.context.presented { visit(presented) }
        }
        if let root { visit(root) }
        return result
    }
}

// MARK: - Column-style splits (R5.7)

extension Window {
    /// What `show` / `showDetailViewController` do when a column-style split is the target:
    /// the delegate may claim a show-detail, the current secondary again is nothing (R2.5);
    /// `show` pushes onto a navigation primary (R2.3); a show-detail replaces or sets the
    /// secondary column, except collapsed with a navigation compact column, which it is pushed
    /// onto (the collapsed interface's stack, as R2.6). Collapsed without a compact column, the
    /// new secondary comes on top (see ``setColumnsCollapsed(_:_:top:)``).
    private func columnShowChange(of controller: any ViewController, in split: SplitViewController, detail: Bool)
        async throws -> Change?
    {
        let context = split.context
        if detail {
            if context.hasDelegate, await split.claimsShowDetail(controller) { return nil }
            if column(.secondary, of: split) === controller { return nil }
        }
        if !detail, let navigation = column(.primary, of: split) as? NavigationController {
            try checkPushable(controller, onto: navigation)
            return .push(navigation, controller)
        }
        if context.isCollapsed, let compact = column(.compact, of: split) as? NavigationController {
            try checkPushable(controller, onto: compact)
            return .push(compact, controller)
        }
        try checkInsertable(controller, into: split, code: .controllerInUse)
        return .replaceSecondary(split, controller)
    }

    /// The controller of a column of a column-style split.
    func column(_ column: SplitColumn, of split: SplitViewController) -> (any ViewController)? {
        let context = split.context
        guard let index = context.splitColumns?.firstIndex(of: column), context.children.indices.contains(index) else {
            return nil
        }
        return context.children[index]
    }

    /// The column a column-style split shows when it collapses (R5.7): the compact column if
    /// it has a controller; else the delegate's answer to the proposal (the secondary when it
    /// has a controller, else the primary), an answer naming an empty column being ignored.
    private func topColumnForCollapsing(_ split: SplitViewController) async -> SplitColumn {
        let columns = split.context.splitColumns ?? []
        if columns.contains(.compact) { return .compact }
        let proposed: SplitColumn = columns.contains(.secondary) ? .secondary : .primary
        guard split.context.hasDelegate else { return proposed }
        let answer = await split.topColumnForCollapsing(proposed: proposed)
        return answer != .compact && columns.contains(answer) ? answer : proposed
    }

    /// Collapses (with `top` on screen; `nil`: the proposal, without the delegate) or expands a
    /// column-style split. Its children stay where they are (R5.7).
    func setColumnsCollapsed(_ split: SplitViewController, _ collapse: Bool, top: SplitColumn?) {
        let context = split.context
        context.isCollapsed = collapse
        guard collapse else {
            context.selectedIndex = 0
            return
        }
        let columns = context.splitColumns ?? []
        let fallback: SplitColumn = columns.contains(.compact) ? .compact : columns.contains(.secondary) ? .secondary : .primary
        context.selectedIndex = columns.firstIndex(of: top ?? fallback) ?? columns.firstIndex(of: fallback) ?? 0
    }

    /// Puts `controller` in the secondary column of a column-style split (after the primary
    /// when the column was empty) and returns the controller it replaced. Collapsed without a
    /// compact column, the secondary becomes the column on top.
    func replaceSecondaryColumn(of split: SplitViewController, with controller: any ViewController)
        -> (any ViewController)?
    {
        let context = split.context
        var columns = context.splitColumns ?? [.primary]
        var old: (any ViewController)?
        let index: Int
        if let existing = columns.firstIndex(of: .secondary), context.children.indices.contains(existing) {
            index = existing
            old = context.children[existing]
            context.children[existing] = controller
        } else {
            index = min(1, context.children.count)
            context.children.insert(controller, at: index)
            columns.insert(.secondary, at: min(1, columns.count))
            if context.isCollapsed && context.selectedIndex >= index { context.selectedIndex += 1 }
        }
        context.splitColumns = columns
        if context.isCollapsed && !columns.contains(.compact) { context.selectedIndex = index }
        return old
    }
}
