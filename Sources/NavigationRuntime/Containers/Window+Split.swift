extension Window {
    /// What `show` / `showDetailViewController` do when a split view controller is the target
    /// (R2.3–R2.6, R5.8): the delegate may claim a show-detail; the current secondary again is
    /// nothing; collapsed, push onto a navigation primary; expanded, show-detail replaces the
    /// secondary and show pushes onto a navigation primary.
    func splitShowChange(of controller: any ViewController, in split: SplitViewController, detail: Bool) async throws
        -> Change?
    {
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
