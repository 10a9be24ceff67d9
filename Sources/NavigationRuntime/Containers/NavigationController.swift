/// Hears of a navigation controller's transitions (UIKit's `UINavigationControllerDelegate`).
public protocol NavigationControllerDelegate: Sendable {
    /// The stack's new top is about to be shown: the begin phase of the transition (R4.12).
    func navigationController(
        _ navigationController: NavigationController,
        willShow viewController: any ViewController,
        animated: Bool
    ) async
    /// The stack's new top was shown: the end phase of the transition (R4.12).
    func navigationController(
        _ navigationController: NavigationController,
        didShow viewController: any ViewController,
        animated: Bool
    ) async
}

extension NavigationControllerDelegate {
    public func navigationController(
        _ navigationController: NavigationController,
        willShow viewController: any ViewController,
        animated: Bool
    ) async {}
    public func navigationController(
        _ navigationController: NavigationController,
        didShow viewController: any ViewController,
        animated: Bool
    ) async {}
}

/// A stack of children, the top one on screen (UIKit's `UINavigationController`, §4).
///
/// Every change is a transition on the window's queue. ``viewControllers`` reflects a change
/// from its begin phase on (R4.1) and is rolled back if the transition is cancelled (R4.11).
/// Misuse is a typed error that leaves the stack as it was: pushing an instance already in the
/// stack (R4.2), pushing a navigation controller (R4.3), popping to a controller not in the
/// stack (R4.7). Popping a one-element stack changes nothing (R4.6).
public actor NavigationController: ViewController {
    public nonisolated let context: ControllerContext
    public nonisolated let initialChildren: [any ViewController]
    public nonisolated let modalPresentationStyle: PresentationStyle
    public nonisolated let definesPresentationContext: Bool
    public nonisolated var kind: ControllerKind { .navigation }
    public nonisolated var receivesCallbacks: Bool { false }

    /// The delegate, if any.
    public private(set) var delegate: (any NavigationControllerDelegate)?

    /// Creates a navigation controller whose stack starts with `viewControllers` (bottom to top).
    public init(
        context: ControllerContext,
        viewControllers: [any ViewController],
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false
    ) {
        self.context = context
        self.initialChildren = viewControllers
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        context.claim(viewControllers, for: self)
    }

    /// Creates a navigation controller with one root controller.
    public init(
        context: ControllerContext,
        rootViewController: any ViewController,
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false
    ) {
        self.init(
            context: context,
            viewControllers: [rootViewController],
            modalPresentationStyle: modalPresentationStyle,
            definesPresentationContext: definesPresentationContext
        )
    }

    /// Sets the delegate.
    public func setDelegate(_ delegate: (any NavigationControllerDelegate)?) {
        self.delegate = delegate
        context.hasDelegate = delegate != nil
    }

    /// The stack, bottom to top. A tab bar's More navigation controller reports the selected
    /// excess tab on top of its list, as UIKit's push of it does (R5.2).
    public var viewControllers: [any ViewController] {
        let stack = context.didAdoptInitialChildren ? context.children : initialChildren
        if let tabBar = context.parent as? TabBarController, tabBar.moreStorage === self,
            let shown = tabBar.childShownInMore()
        {
            return stack + [shown]
        }
        return stack
    }

    /// The top of the stack.
    public var topViewController: (any ViewController)? { viewControllers.last }

    /// The top of the stack, or what it presents (the last of its presentation chain).
    public var visibleViewController: (any ViewController)? {
        guard let top = topViewController else { return nil }
        var visible = top
        while let presented = visible.context.presented { visible = presented }
        if let presented = context.presented {
            visible = presented
            while let next = visible.context.presented { visible = next }
        }
        return visible
    }

    /// Pushes a controller onto the stack (R6.2).
    ///
    /// - Throws: ``NavigationError`` `.pushedTwice` (R4.2), `.pushingNavigationController`
    ///   (R4.3), `.controllerInUse`, `.foreignController`, `.notInWindowHierarchy`,
    ///   `.windowClosed`; or `CancellationError` before the commit point.
    @discardableResult
    public func pushViewController(
        _ viewController: any ViewController,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await context.window.submit(.push(viewController, onto: self), animated: animated, policy: policy)
    }

    /// Pops the top controller (R6.3); a one-element stack is left alone (`.noChange`, R4.6).
    @discardableResult
    public func popViewController(animated: Bool = true, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try await context.window.submit(.pop(self), animated: animated, policy: policy)
    }

    /// Pops every controller above `viewController` in one transition (R4.8): only the old top
    /// disappears and only `viewController` appears.
    ///
    /// - Throws: ``NavigationError`` `.notInStack` if it is not in the stack (R4.7).
    @discardableResult
    public func popToViewController(
        _ viewController: any ViewController,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await context.window.submit(.popTo(viewController, in: self), animated: animated, policy: policy)
    }

    /// Pops to the root in one transition (R4.8); a one-element stack is left alone (R4.6).
    @discardableResult
    public func popToRootViewController(animated: Bool = true, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try await context.window.submit(.popToRoot(self), animated: animated, policy: policy)
    }

    /// Replaces the stack in one transition from the old top to the new top (R4.9).
    @discardableResult
    public func setViewControllers(
        _ viewControllers: [any ViewController],
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await context.window.submit(.setViewControllers(viewControllers, in: self), animated: animated, policy: policy)
    }

    func notifyDelegate(willShow viewController: any ViewController, animated: Bool) async {
        await delegate?.navigationController(self, willShow: viewController, animated: animated)
    }

    func notifyDelegate(didShow viewController: any ViewController, animated: Bool) async {
        await delegate?.navigationController(self, didShow: viewController, animated: animated)
    }
}
