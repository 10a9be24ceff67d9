import Synchronization

/// Hears of a navigation controller's transitions (UIKit's `UINavigationControllerDelegate`).
///
/// It is told of the top the navigation controller shows (R4.12): when a push, a pop or a new
/// stack changes it, and when the navigation controller itself comes on screen (at launch as the
/// window's root, at each selection of its tab, presented, or uncovered by a dismissal), as UIKit
/// tells it (observed: rdar 44966342, 29912893). Not when the navigation controller leaves the
/// screen.
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
        context.claimChildren(viewControllers, forBuiltIn: self)
    }

    // Its claims name it unretained (see `Claimant`): its initial children forget it here,
    // before its memory can go.
    deinit { ControllerContext.releaseClaims(on: initialChildren, by: self) }

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
    /// Pushing a navigation controller is an error (R4.3), as in UIKit; `show` of one from
    /// inside a stack presents it instead (see ``ViewController/show(_:sender:animated:policy:)``).
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError`: the stack is as it was, and the pushed controller got
    /// `willMove(toParent:)`, its balanced will/did callbacks and `didMove(toParent: nil)` (R6.9).
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

    /// Pops the top controller (R6.3) and returns it, as UIKit's `popViewController(animated:)`
    /// does; `nil` when there is nothing to pop (a one-element stack, R4.6).
    ///
    /// The runtime's pop is a request on the window's queue: it returns once the transition
    /// has run (UIKit returns at once and animates afterwards, R4.1). `nil` too when the
    /// request did not pop (``BusyPolicy/dropIfBusy`` dropped it, a later
    /// ``BusyPolicy/replacePending`` request superseded it) and when it was made from a hook
    /// of a running transition of this window: it is then deferred (R4.5) and what it pops is
    /// decided when it runs, against the stack as it is then. ``pop(animated:policy:)`` says
    /// which of these happened.
    ///
    /// - Throws: ``NavigationError`` `.notInWindowHierarchy`, `.windowClosed`; or
    ///   `CancellationError` before the commit point (nothing is popped).
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the top controller stays, its callbacks balanced as in a
    /// cancelled interactive pop (R4.10, R6.9).
    @discardableResult
    public func popViewController(animated: Bool = true, policy: BusyPolicy = .enqueue) async throws
        -> (any ViewController)?
    {
        try await pop(animated: animated, policy: policy).poppedViewControllers.last
    }

    /// Pops every controller above `viewController` in one transition (R4.8): only the old top
    /// disappears and only `viewController` appears. Returns the popped controllers bottom to
    /// top, as UIKit's `popToViewController(_:animated:)` does (R4.8); `[]` when
    /// `viewController` is the top already (R4.7).
    ///
    /// `nil` when the request did not run (dropped, superseded, or deferred because it was
    /// made from a hook, R4.5; see ``popViewController(animated:policy:)``):
    /// ``pop(to:animated:policy:)`` says which.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the whole stack stays, callbacks balanced (R6.9).
    ///
    /// - Throws: ``NavigationError`` `.notInStack` if it is not in the stack (R4.7).
    @discardableResult
    public func popToViewController(
        _ viewController: any ViewController,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> [any ViewController]? {
        try await pop(to: viewController, animated: animated, policy: policy).viewControllersAsUIKitReturns
    }

    /// Pops to the root in one transition (R4.8) and returns the popped controllers bottom to
    /// top, as UIKit's `popToRootViewController(animated:)` does; `[]` for a one-element stack
    /// (R4.6). `nil` when the request did not run (see
    /// ``popToViewController(_:animated:policy:)``); ``popToRoot(animated:policy:)`` says why.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the whole stack stays, callbacks balanced (R6.9).
    @discardableResult
    public func popToRootViewController(animated: Bool = true, policy: BusyPolicy = .enqueue) async throws
        -> [any ViewController]?
    {
        try await popToRoot(animated: animated, policy: policy).viewControllersAsUIKitReturns
    }

    /// ``popViewController(animated:policy:)`` with the request's outcome: how the request
    /// ended (``TransitionOutcome``: `.completed(sequence:)`, `.noChange` for a one-element
    /// stack (R4.6), `.dropped`, `.superseded`, `.deferred(id)`) and what it popped.
    @discardableResult
    public func pop(animated: Bool = true, policy: BusyPolicy = .enqueue) async throws -> PopResult {
        let receipt = PopReceipt()
        let outcome = try await context.window.submit(.pop(self, receipt), animated: animated, policy: policy)
        return PopResult(outcome: outcome, receipt: receipt)
    }

    /// ``popToViewController(_:animated:policy:)`` with the request's outcome (see
    /// ``pop(animated:policy:)``).
    ///
    /// - Throws: ``NavigationError`` `.notInStack` if it is not in the stack (R4.7).
    @discardableResult
    public func pop(
        to viewController: any ViewController,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> PopResult {
        let receipt = PopReceipt()
        let outcome = try await context.window.submit(.popTo(viewController, in: self, receipt), animated: animated, policy: policy)
        return PopResult(outcome: outcome, receipt: receipt)
    }

    /// ``popToRootViewController(animated:policy:)`` with the request's outcome (see
    /// ``pop(animated:policy:)``).
    @discardableResult
    public func popToRoot(animated: Bool = true, policy: BusyPolicy = .enqueue) async throws -> PopResult {
        let receipt = PopReceipt()
        let outcome = try await context.window.submit(.popToRoot(self, receipt), animated: animated, policy: policy)
        return PopResult(outcome: outcome, receipt: receipt)
    }

    /// Replaces the stack in one transition from the old top to the new top (R4.9).
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the old stack stays, callbacks balanced (R6.9).
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

/// What a pop request did: how it ended and which controllers it popped (the outcome spelling
/// of UIKit's `popViewController(animated:)`, `popToViewController(_:animated:)` and
/// `popToRootViewController(animated:)`, see ``NavigationController/pop(animated:policy:)``).
public struct PopResult: Sendable {
    /// How the request ended. Only `.completed(sequence:)` popped anything.
    public let outcome: TransitionOutcome
    /// The popped controllers, bottom to top (R4.8); empty unless ``outcome`` is
    /// `.completed(sequence:)`. A pop from the More navigation controller's stack pops the
    /// excess tab shown there (R5.2).
    public let poppedViewControllers: [any ViewController]

    init(outcome: TransitionOutcome, receipt: PopReceipt) {
        self.outcome = outcome
        self.poppedViewControllers = outcome.sequence == nil ? [] : receipt.popped
    }

    /// UIKit's return value of the pop-to methods: the popped controllers, `[]` when the
    /// request was valid and popped nothing (R4.6, R4.7), `nil` when it did not run.
    var viewControllersAsUIKitReturns: [any ViewController]? {
        switch outcome {
        case .completed: poppedViewControllers
        case .hookTimedOut(let timeout): timeout.sequence == nil ? nil : poppedViewControllers
        case .noChange: []
        case .vetoed, .dropped, .superseded, .deferred, .noDestination: nil
        }
    }
}

/// Where the window notes what a pop request pops, when its turn comes (the stack it pops is
/// the one at that time, R4.5).
//
// Sendable through its lock: the window writes it on its executor, the requesting task reads
// it after the request returned.
final class PopReceipt: Sendable {
    private let storage = Locked<[any ViewController]>([])

    var popped: [any ViewController] {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
