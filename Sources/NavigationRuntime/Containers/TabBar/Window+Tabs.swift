extension Window {
    /// A user tap on a tab (R5.3–R5.5): asks `shouldSelect` first and tells `didSelect` after
    /// the end phase, also on the selected tab, which a navigation tab pops to its root. A
    /// programmatic selection asks no delegate and is resolved without a suspension point
    /// (``resolveProgrammaticSelection(_:index:)``).
    func tapTab(
        _ tabBar: TabBarController,
        index: Int,
        id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        let child = try tab(at: index, of: tabBar)
        let select = try await userCode(.named("tabBarController(_:shouldSelect:)"), on: tabBar.id) {
            await tabBar.shouldSelect(child)
        }
        guard select else { return .vetoed }
        try checkpoint(cancellable: cancellable)
        let outcome: TransitionOutcome
        if let change = selectionChange(tabBar, index: index, child: child, userTap: true) {
            outcome = try await runChange(change, request: id, animated: animated, cancellable: cancellable)
        } else {
            outcome = .noChange
        }
        if !isClosed {
            try await userCode(.named("tabBarController(_:didSelect:)"), on: tabBar.id) { await tabBar.didSelect(child) }
        }
        return outcome
    }

    /// The tab at `index` of `tabBar`, which must be in the window's tree; a typed error for an
    /// index out of range.
    private func tab(at index: Int, of tabBar: TabBarController) throws -> any ViewController {
        try tree.checkAttached(tabBar)
        let children = tabBar.context.children
        guard children.indices.contains(index) else {
            throw NavigationError(
                .invalidRequest,
                "Tab index \(index) is out of range: \(describe(tabBar)) has \(children.count) tabs.",
                window: self.id, controllers: [tabBar.id]
            )
        }
        return children[index]
    }

    /// What selecting tab `index` (whose controller is `child`) changes: the selection, or, for
    /// a tap on the selected tab, its navigation stack popped to the root (R5.1); `nil`: nothing.
    private func selectionChange(_ tabBar: TabBarController, index: Int, child: any ViewController, userTap: Bool) -> Change? {
        if index != tabBar.context.selectedIndex { return .selectTab(tabBar, index) }
        if userTap, let navigation = child as? NavigationController, navigation.context.children.count > 1 {
            return .pop(navigation, keeping: 1)
        }
        return nil
    }

    /// A programmatic selection (``TabBarController/selectTab(at:animated:policy:)``) resolved
    /// with no suspension point: it asks no delegate (R5.3), so the synchronous core runs it
    /// (see ``resolveSynchronously(_:)``). A user tap asks the delegate first and takes
    /// ``tapTab(_:index:id:animated:cancellable:)``.
    func resolveProgrammaticSelection(_ tabBar: TabBarController, index: Int) throws -> Resolution {
        let child = try tab(at: index, of: tabBar)
        guard let change = selectionChange(tabBar, index: index, child: child, userTap: false) else { return .outcome(.noChange) }
        return .change(change)
    }
}
