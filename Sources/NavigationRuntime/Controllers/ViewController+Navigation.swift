// The UIKit-shaped requests a controller makes to its window's transition queue, and the
// hierarchy as the controller sees it. Every request below:
// - joins the window's queue and commits after every request accepted before it; requests from
//   one task commit in program order;
// - Cancellation: cancelling the calling task before the commit point removes the request,
//   leaves the hierarchy unchanged, balances every appearance callback already delivered and
//   throws `CancellationError`; after the commit point the transition runs to its end;
// - made from inside a running transition of the same window (a hook navigating), is deferred
//   and returns `.deferred(id)` at once (R4.5).

extension ViewController {
    /// Performs the segue with this identifier from the controller's scene, as code does
    /// (R1.2: `shouldPerformSegue` is not consulted).
    ///
    /// Runs, in one transition: instantiate the destination, make the ``Segue``,
    /// `prepare(for:sender:)`, perform, commit, appearance callbacks (R1.1, R1.10).
    ///
    /// - Parameters:
    ///   - identifier: The segue's identifier in the scene's segue table.
    ///   - sender: Delivered unchanged to `prepare(for:sender:)` (R1.5).
    ///   - animated: Whether the transition animates (and takes the window's duration).
    ///   - policy: What to do if the window is busy. Defaults to ``BusyPolicy/enqueue``.
    /// - Returns: How the request ended.
    /// - Throws: ``NavigationError`` (`.unknownSegueIdentifier` naming the scene and the
    ///   identifier, R1.3; `.hookFailed`; `.windowClosed`; ...) or `CancellationError`.
    ///
    /// Ordering, busy policies and deferral: <doc:RequestContract>. Cancelled before the commit
    /// point (waiting, in `prepare`, or during the animation) it throws `CancellationError`: the
    /// destination is discarded, the tree is as it was and every callback already delivered is
    /// balanced (R6.9); what your `prepare` already did to your own state stays.
    @discardableResult
    public func performSegue(
        withIdentifier identifier: String?,
        sender: (any Sendable)? = nil,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await context.window.submit(
            .segue(from: self, identifier: identifier, sender: .box(sender), triggered: false),
            animated: animated,
            policy: policy
        )
    }

    /// Triggers the segue as its storyboard control would: `shouldPerformSegue` is consulted
    /// first and a `false` drops it silently (``TransitionOutcome/vetoed``, R1.1).
    ///
    /// `identifier` names the segue as ``Scene/segue(named:)`` finds it: its storyboard
    /// identifier, else (a segue with none, like most a control triggers) its element id or the
    /// id of the control that triggers it (`"saveButton"`, a cell's id). The hooks see the
    /// segue's storyboard identifier whatever key found it.
    ///
    /// Same guarantees and errors as ``performSegue(withIdentifier:sender:animated:policy:)``.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and changes nothing, also after `shouldPerformSegue` answered `true`
    /// (the hook is not asked again); a veto is ``TransitionOutcome/vetoed``, not a cancellation.
    @discardableResult
    public func triggerSegue(
        withIdentifier identifier: String,
        sender: (any Sendable)? = nil,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await context.window.submit(
            .segue(from: self, identifier: identifier, sender: .box(sender), triggered: true),
            animated: animated,
            policy: policy
        )
    }

    /// Presents a controller modally (R3.1–R3.9).
    ///
    /// The presentation is rerouted as UIKit does: context styles go to the nearest ancestor
    /// that ``definesPresentationContext`` (R3.4), others to the controller that owns the
    /// screen layer (R3.3). The call returns after the whole end phase, where UIKit runs the
    /// completion: after the presented controller's `viewDidAppear` and, for a full-screen
    /// style, the presenter's `viewDidDisappear`, which comes after it (R3.2, R6.4).
    ///
    /// Cancelled before the commit point (see <doc:RequestContract>), the presented controller
    /// gets `viewWillAppear`, `viewWillDisappear`, `viewDidDisappear`, the presenter its appear
    /// callbacks back, and nothing is presented (R6.9); the call throws `CancellationError`.
    ///
    /// - Parameters:
    ///   - viewController: The controller to present: not yet in any window's tree.
    ///   - style: The style; the controller's ``ViewController/modalPresentationStyle`` when `nil`.
    ///   - animated: Whether the transition animates (and takes the window's duration).
    ///   - policy: What to do if the window is busy. Defaults to ``BusyPolicy/enqueue``.
    /// - Throws: ``NavigationError`` `.alreadyPresenting` (R3.6), `.notInWindowHierarchy`
    ///   (R3.7), `.presentingActiveController` (R3.9), `.foreignController`, `.foreignExecutor`, `.windowClosed`;
    ///   or `CancellationError`.
    @discardableResult
    public func present(
        _ viewController: any ViewController,
        style: PresentationStyle? = nil,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await context.window.submit(.present(viewController, from: self, style: style), animated: animated, policy: policy)
    }

    /// Dismisses what this controller (or the nearest ancestor) presents, with its whole
    /// chain; if nothing is presented and this controller's layer was presented, dismisses
    /// that (R3.10, R3.11). With nothing to dismiss: ``TransitionOutcome/noChange`` (R3.12).
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError`: the whole chain stays presented, `presentingViewController` and
    /// `presentedViewController` are as before, and the callbacks already delivered are
    /// balanced (R6.9, R3.11).
    @discardableResult
    public func dismiss(animated: Bool = true, policy: BusyPolicy = .enqueue) async throws -> TransitionOutcome {
        try await context.window.submit(.dismiss(from: self), animated: animated, policy: policy)
    }

    /// Shows a controller where `show` leads from here (R2.1): the first controller on the
    /// next-responder chain that overrides `show` handles it (a navigation controller pushes,
    /// a split view controller shows, a custom container answers
    /// ``ViewController/performShow(_:action:sender:)``); with none, it is presented modally.
    ///
    /// A navigation controller shown from inside a navigation stack is presented modally, as
    /// on iOS (a `show` segue to a `UINavigationController`): UIKit does not push it, and does
    /// not raise R4.3's error for it (only `pushViewController` does). Evidence: SwiftyJSON's
    /// PR #686 and passforios's `addPasswordSegue`, which show a navigation controller so.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and `viewController` is neither pushed, shown nor presented; the
    /// callbacks already delivered are balanced as for a cancelled push or presentation (R6.9).
    @discardableResult
    public func show(
        _ viewController: any ViewController,
        sender: (any Sendable)? = nil,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await context.window.submit(
            .show(viewController, from: self, sender: .box(sender), detail: false),
            animated: animated,
            policy: policy
        )
    }

    /// Shows a controller as the detail (R2.4): a split view's secondary, or what a custom
    /// container that overrides `showDetailViewController` answers; else presented modally (a
    /// navigation controller does not override it).
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError`: the secondary (or the collapsed primary's stack) is as it was, and
    /// the callbacks already delivered are balanced (R6.9).
    @discardableResult
    public func showDetailViewController(
        _ viewController: any ViewController,
        sender: (any Sendable)? = nil,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await context.window.submit(
            .show(viewController, from: self, sender: .box(sender), detail: true),
            animated: animated,
            policy: policy
        )
    }

    /// The controller that would handle the action for this one: itself if it overrides it,
    /// else the first on its next-responder chain that does, else `nil` (R2.2).
    public func targetViewController(forAction action: ShowAction, sender: (any Sendable)? = nil)
        async -> (any ViewController)?
    {
        await context.window.targetViewController(forAction: action, from: self)
    }

    // MARK: - The hierarchy as this controller sees it (read on the window's executor)

    /// The container this controller is a child of: the pre-Swift 3 spelling of ``parent``,
    /// kept for one release.
    @available(*, deprecated, renamed: "parent")
    public var parentViewController: (any ViewController)? { parent }

    /// The children, in order: the pre-Swift 4.2 spelling of ``children``, kept for one release.
    @available(*, deprecated, renamed: "children")
    public var childViewControllers: [any ViewController] { children }

    /// The nearest navigation controller among the ancestors (UIKit's
    /// `navigationController`): set from the navigation controller's initializer on, like
    /// ``parent``.
    public var navigationController: NavigationController? { nearestAncestor(NavigationController.self) }

    /// What this controller, or the nearest ancestor, presents (R3.1).
    ///
    /// During a dismissal it still names the controller being dismissed, up to the dismissal's
    /// end phase (cleared before the did-callbacks), as on iOS: a presenter's `viewWillAppear`
    /// can test `presentedViewController?.isBeingDismissed` (R3.1, R6.6).
    public var presentedViewController: (any ViewController)? {
        let state = context.window.tree
        var current: (any ViewController)? = self
        while let controller = current {
            if let presented = controller.context.presented ?? state.departingPresented(by: controller) { return presented }
            current = controller.context.parent
        }
        return nil
    }

    /// The controller that presents this one, or this one's nearest presented ancestor (R3.1).
    ///
    /// During a dismissal it still names the presenter, up to the dismissal's end phase
    /// (cleared before the did-callbacks): `viewWillDisappear` of a dismissed controller can
    /// read it (R3.1, R6.6).
    public var presentingViewController: (any ViewController)? {
        var current: (any ViewController)? = self
        while let controller = current {
            if let presenting = controller.context.presenting { return presenting }
            current = controller.context.parent
        }
        return nil
    }

    /// The style this controller was presented with (resolved), while presented.
    public var presentationStyle: PresentationStyle? { context.presentationStyle }

    /// The transition style its presentation used, while presented: its own
    /// ``modalTransitionStyle``, or the context's when the context provides it (R3.5).
    public var presentationTransitionStyle: TransitionStyle? {
        context.presentationStyle == nil ? nil : context.presentationTransitionStyle
    }

    /// Whether `viewDidLoad` has run (R6.1). Reading it loads nothing.
    public var isViewLoaded: Bool { context.isViewLoaded }

    /// Loads the controller if it is not loaded yet, as UIKit's `loadViewIfNeeded()` (R6.1):
    /// `viewDidLoad` runs now, once; when the controller is shown later it gets no second
    /// `viewDidLoad` (its first `viewWillAppear` still comes after it). Does nothing when
    /// ``isViewLoaded``. Not a transition: it is not queued, and runs even while the window is
    /// busy (UIKit loads synchronously); the journal records the `viewDidLoad` callback.
    public func loadViewIfNeeded() async {
        await context.window.loadViewIfNeeded(self, animated: false)
    }

    /// The controller's view, loaded first if needed: UIKit's `view` getter, which loads the
    /// view on first access (R6.1). The headless stand-in is a ``ControllerView`` value (see
    /// there for what differs from UIKit).
    public var view: ControllerView {
        get async {
            await loadViewIfNeeded()
            return ControllerView(controller: id, appearance: context.appearance)
        }
    }

    /// The controller's view if it is loaded, else `nil`; never loads (UIKit's
    /// `viewIfLoaded`, R6.1).
    public var viewIfLoaded: ControllerView? {
        context.isViewLoaded ? ControllerView(controller: id, appearance: context.appearance) : nil
    }

    /// Where the controller is in the appearance state machine.
    public var appearanceState: AppearanceState { context.appearance }

    /// Whether the controller is in its window's tree.
    public var isInWindowHierarchy: Bool { context.isAttached }

    /// True for the whole transition that presents it: from its begin phase (its
    /// `viewWillAppear`), through the animation, to its end phase (its `viewDidAppear`) (R3.13).
    public var isBeingPresented: Bool { context.isBeingPresented }

    /// True for the whole transition that dismisses it: from its `viewWillDisappear`, through
    /// the animation, to its `viewDidDisappear` (R3.13, R6.6).
    public var isBeingDismissed: Bool { context.isBeingDismissed }

    /// True only during the callbacks of the transition that adds it to a container (R6.10).
    public var isMovingToParent: Bool { context.isMovingToParent }

    /// True only during the callbacks of the transition that removes it from a container (R6.10).
    public var isMovingFromParent: Bool { context.isMovingFromParent }
}

extension Window {
    /// Makes `controller` the window's root, in one transition (the old root's tree leaves
    /// with disappear callbacks, the new one appears). `nil` removes the root, as UIKit's
    /// `window.rootViewController = nil`: the old tree disappears (balanced will/did
    /// callbacks) and nothing is visible; `.noChange` when there is no root.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the old root stays, its callbacks balanced (R6.9).
    ///
    /// - Throws: ``NavigationError`` `.foreignController`, `.foreignExecutor`, `.controllerInUse`,
    ///   `.windowClosed`; or `CancellationError`.
    @discardableResult
    public func setRootViewController(
        _ controller: (any ViewController)?,
        animated: Bool = false,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await submit(.setRoot(controller), animated: animated, policy: policy)
    }

    /// Instantiates a scene of `catalog` and makes it the root.
    ///
    /// A request like ``setRootViewController(_:animated:policy:)`` with the
    /// ``BusyPolicy/enqueue`` policy (see <doc:RequestContract>). Cancelled before the commit
    /// point it throws `CancellationError`: the instantiated controller is discarded and the
    /// old root stays.
    ///
    /// - Throws: ``NavigationError`` `.invalidStoryboard` if the catalog has no such scene;
    ///   `.hookTimedOut` if a hook outlived ``Configuration/hookDeadline`` before the commit
    ///   point (the old root stays).
    @discardableResult
    public func setRoot(
        scene identifier: String,
        from catalog: SceneCatalog,
        animated: Bool = false
    ) async throws -> any ViewController {
        guard let controller = catalog.instantiate(identifier, in: self) else {
            throw NavigationError(.invalidStoryboard, "The catalog has no scene '\(identifier)'.", window: id, identifier: identifier)
        }
        if case .hookTimedOut(let timeout) = try await setRootViewController(controller, animated: animated),
            timeout.sequence == nil
        {
            throw NavigationError(
                .hookTimedOut,
                "\(timeout.hook) of controller \(timeout.controller.map { String($0.rawValue) } ?? "?") did not return within the hook deadline: scene '\(identifier)' did not become the root.",
                window: id, controllers: timeout.controller.map { [$0] } ?? [], identifier: identifier)
        }
        return controller
    }
}
