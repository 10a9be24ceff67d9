// The containment API for custom containers (UIKit's addChild / removeFromParent and manual
// appearance forwarding, R6.11, R6.12). A custom container is a content controller with
// children: it adds and removes them through its window's queue, and, if it returns `false`
// from `shouldAutomaticallyForwardAppearanceMethods`, drives their appearance itself.

extension ViewController {
    /// Adds `child` to this controller's children (`addChild(_:)`, R6.11), as a transition on
    /// the window's queue. The runtime calls `child.willMove(toParent: self)` and, if this
    /// controller is on screen and forwards appearance automatically, the child's appearance
    /// callbacks; call `child.didMove(toParent: self)` yourself when your transition ends.
    ///
    /// - Throws: ``NavigationError`` `.invalidRequest` (built-in containers manage their own
    ///   children), `.controllerInUse`, `.foreignController`, `.notInWindowHierarchy`,
    ///   `.windowClosed`; or `CancellationError`.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError`: `child` is not added and gets `didMove(toParent: nil)` after its
    /// `willMove`, its appearance callbacks balanced (R6.9).
    @discardableResult
    public func addChild(_ child: any ViewController, animated: Bool = false, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try await context.window.submit(.addChild(child, to: self), animated: animated, policy: policy)
    }

    /// Removes this controller from its custom container (`removeFromParent()`, R6.11), as a
    /// transition: the runtime calls `didMove(toParent: nil)` (call `willMove(toParent: nil)`
    /// yourself first). Without a custom-container parent: ``TransitionOutcome/noChange``.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the controller stays a child, its callbacks balanced (R6.9).
    @discardableResult
    public func removeFromParent(animated: Bool = false, policy: BusyPolicy = .enqueue) async throws -> TransitionOutcome {
        try await context.window.submit(.removeFromParent(self), animated: animated, policy: policy)
    }

    /// Starts an appearance transition of this controller, for a container that forwards
    /// appearance by hand (R6.12): `viewWillAppear` (`isAppearing`) or `viewWillDisappear`.
    /// A call the appearance state machine does not allow is dropped with the journal warning
    /// "Unbalanced calls to begin/end appearance transitions for <X>." and returns `false`.
    @discardableResult
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) async -> Bool {
        await context.window.appearanceTransition(of: self, begin: isAppearing ? .appearing : .disappearing, animated: animated)
    }

    /// Ends the appearance transition begun last: `viewDidAppear` or `viewDidDisappear`;
    /// unbalanced, a warning and `false` (R6.12).
    @discardableResult
    public func endAppearanceTransition() async -> Bool {
        await context.window.appearanceTransition(of: self, begin: nil, animated: false)
    }
}

extension Window {
    /// Runs one manual appearance callback if the state machine allows it (R6.12, §0).
    func appearanceTransition(
        of controller: any ViewController,
        begin target: AppearanceState?,
        animated: Bool
    ) async -> Bool {
        guard controller.context.window === self, !isClosed else { return false }
        let state = controller.context.appearance
        let animated = target == nil ? controller.context.manualAppearanceAnimated : animated
        let callback: ControllerCallback?
        switch (target, state) {
        case (.appearing?, .disappeared), (.appearing?, .disappearing): callback = .viewWillAppear(animated: animated)
        case (.disappearing?, .appeared), (.disappearing?, .appearing): callback = .viewWillDisappear(animated: animated)
        case (nil, .appearing): callback = .viewDidAppear(animated: animated)
        case (nil, .disappearing): callback = .viewDidDisappear(animated: animated)
        default: callback = nil
        }
        guard let callback else {
            emit(
                .warning("Unbalanced calls to begin/end appearance transitions for \(describe(controller))."),
                request: runningRequest
            )
            return false
        }
        if target != nil { controller.context.manualAppearanceAnimated = animated }
        if note(callback, to: controller) {
            await callHook(callback, on: controller, parent: nil, animated: animated)
        }
        return true
    }
}
