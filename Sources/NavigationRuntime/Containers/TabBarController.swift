/// Hears of a tab bar controller's user selections (UIKit's `UITabBarControllerDelegate`, R5.3).
public protocol TabBarControllerDelegate: Sendable {
    /// Whether a user tap may select this child. Not asked for programmatic selection (R5.3).
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: any ViewController) async -> Bool
    /// A user tap selected this child (also when it was already selected, R5.3).
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: any ViewController) async
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: any ViewController) async -> Bool {
        true
    }
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: any ViewController) async {}
}

/// Children, one selected and on screen (UIKit's `UITabBarController`, §5).
///
/// Selection is a transition on the window's queue: the old tab disappears and the new one
/// appears (R5.5); unselected tabs are not loaded until first selected. A tab keeps its own
/// navigation stack while another is shown.
public actor TabBarController: ViewController {
    public nonisolated let context: ControllerContext
    public nonisolated let initialChildren: [any ViewController]
    public nonisolated let modalPresentationStyle: PresentationStyle
    public nonisolated let definesPresentationContext: Bool
    public nonisolated var kind: ControllerKind { .tabBar }
    public nonisolated var receivesCallbacks: Bool { false }

    /// The delegate, if any.
    public private(set) var delegate: (any TabBarControllerDelegate)?

    /// Creates a tab bar controller with these children; the first is selected.
    public init(
        context: ControllerContext,
        viewControllers: [any ViewController],
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false
    ) {
        self.context = context
        self.initialChildren = viewControllers
        context.claim(viewControllers)
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
    }

    /// Sets the delegate.
    public func setDelegate(_ delegate: (any TabBarControllerDelegate)?) { self.delegate = delegate }

    /// The children, in tab order.
    public var viewControllers: [any ViewController] {
        context.didAdoptInitialChildren ? context.children : initialChildren
    }

    /// The selected child's index.
    public var selectedIndex: Int { context.selectedIndex }

    /// The selected child.
    public var selectedViewController: (any ViewController)? {
        let children = viewControllers
        return children.indices.contains(context.selectedIndex) ? children[context.selectedIndex] : nil
    }

    /// Selects a tab programmatically: no delegate calls (R5.3); selecting the selected tab
    /// changes nothing (R5.5).
    ///
    /// - Throws: ``NavigationError`` `.invalidRequest` for an index out of range,
    ///   `.notInWindowHierarchy`, `.windowClosed`; or `CancellationError`.
    @discardableResult
    public func selectTab(at index: Int, animated: Bool = false, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try await context.window.submit(.selectTab(self, index: index, userTap: false), animated: animated, policy: policy)
    }

    /// Selects a tab as a user tap does: `shouldSelect` first (a `false` is a veto), then the
    /// switch, then `didSelect`, also when re-tapping the selected tab, which returns a
    /// navigation tab to its root (R5.3, R5.4).
    @discardableResult
    public func tapTab(at index: Int, animated: Bool = false, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try await context.window.submit(.selectTab(self, index: index, userTap: true), animated: animated, policy: policy)
    }

    func shouldSelect(_ controller: any ViewController) async -> Bool {
        await delegate?.tabBarController(self, shouldSelect: controller) ?? true
    }

    func didSelect(_ controller: any ViewController) async {
        await delegate?.tabBarController(self, didSelect: controller)
    }
}
