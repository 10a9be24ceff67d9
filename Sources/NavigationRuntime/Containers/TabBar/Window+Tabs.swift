extension Window {
    /// Selects a tab (R5.3–R5.5): a user tap asks `shouldSelect` first and hears `didSelect`
    /// after the end phase, also on the selected tab, which a navigation tab pops to its root.
    func selectTab(
        _ tabBar: TabBarController,
        index: Int,
        userTap: Bool,
        id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        try tree.checkAttached(tabBar)
        let children = tabBar.context.children
        guard children.indices.contains(index) else {
            throw NavigationError(
                .invalidRequest,
                "Tab index \(index) is out of range: \(describe(tabBar)) has \(children.count) tabs.",
                window: self.id, controllers: [tabBar.id]
            )
        }
        let child = children[index]
        if userTap {
            let select = try await userCode(.named("tabBarController(_:shouldSelect:)"), on: tabBar.id) {
                await tabBar.shouldSelect(child)
            }
            guard select else { return .vetoed }
            try checkpoint(cancellable: cancellable)
        }
        let outcome: TransitionOutcome
        if index != tabBar.context.selectedIndex {
            outcome = try await runChange(.selectTab(tabBar, index), request: id, animated: animated, cancellable: cancellable)
        } else if userTap, let navigation = child as? NavigationController, navigation.context.children.count > 1 {
            outcome = try await runChange(.pop(navigation, keeping: 1), request: id, animated: animated, cancellable: cancellable)
        } else {
            outcome = .noChange
        }
        if userTap && !isClosed {
            try await userCode(.named("tabBarController(_:didSelect:)"), on: tabBar.id) { await tabBar.didSelect(child) }
        }
        return outcome
    }
}
