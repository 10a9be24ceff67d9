/// One screen's state and callbacks: the runtime's `UIViewController`.
///
/// Conform an actor of your own and store the context the window gives you:
///
/// ```swift
/// actor InboxController: ViewController {
///     nonisolated let context: ControllerContext
///     var messages: [String] = []
///     init(context: ControllerContext) { self.context = context }
///
///     func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
///         if let detail = segue.destination as? MessageController { await detail.show(messages[0]) }
///     }
/// }
/// ```
///
/// Every conforming actor runs on its window's serial executor (``unownedExecutor`` returns
/// the window's), so a hop between the controllers of one window costs almost nothing and can
/// never interleave with another window's work. Do not declare your own `unownedExecutor`: a
/// controller on another executor is refused with ``NavigationError/Code/foreignExecutor``
/// when it would enter the window's tree. Every hook has a default that does nothing;
/// hooks may suspend. Only ``prepare(for:sender:)-7q0qc`` may throw: it runs before any appearance
/// callback, and a throw fails the transition with ``NavigationError/Code/hookFailed`` and
/// leaves the hierarchy as it was.
public protocol ViewController: Actor {
    /// The controller's place in its window. Store the one passed to your initializer.
    nonisolated var context: ControllerContext { get }

    /// What kind of controller this is. Content controllers keep the default, `.content`.
    nonisolated var kind: ControllerKind { get }

    /// The children a container starts with (adopted when it first enters the window's tree).
    nonisolated var initialChildren: [any ViewController] { get }

    /// How the controller is presented when a request does not say (R2.7). Default `.automatic`.
    nonisolated var modalPresentationStyle: PresentationStyle { get }

    /// How the controller animates when presented (UIKit's `modalTransitionStyle`). Default
    /// `.coverVertical`.
    nonisolated var modalTransitionStyle: TransitionStyle { get }

    /// Whether a context presentation this controller defines (R3.4) uses this controller's
    /// ``modalTransitionStyle`` instead of the presented controller's (R3.5). Default `false`.
    nonisolated var providesPresentationContextTransitionStyle: Bool { get }

    /// Whether context presentations (`.currentContext`, `.overCurrentContext`) from inside
    /// this controller cover it (R3.4). Default `false`.
    nonisolated var definesPresentationContext: Bool { get }

    /// Whether the runtime forwards appearance callbacks to this controller's children
    /// (R6.12). Default `true`. A custom container that returns `false` drives its children
    /// with ``ViewController/beginAppearanceTransition(_:animated:)`` and
    /// ``ViewController/endAppearanceTransition()``.
    nonisolated var shouldAutomaticallyForwardAppearanceMethods: Bool { get }

    /// The presented controller's answer to UIKit's adaptation delegate
    /// (`adaptivePresentationStyle(for:traitCollection:)`, R2.9): in compact width a popover
    /// becomes `.fullScreen`, `.overFullScreen`, or stays a popover for `.none`; `nil` (the
    /// default) keeps the standard adaptation (a form sheet, R2.8). Other answers are ignored.
    nonisolated func adaptivePresentationStyle(for traits: Traits) -> PresentationStyle?

    /// Whether the controller wants the appearance and containment callbacks delivered.
    /// Default `true`. A controller with no callbacks (like ``GenericViewController``)
    /// returns `false` so that transitions skip the calls; the runtime's bookkeeping of its
    /// appearance state is the same either way.
    nonisolated var receivesCallbacks: Bool { get }

    /// Called once, the first time the controller is about to appear, after the segue's
    /// `prepare` and before `viewWillAppear` (R1.4, R6.1).
    func viewDidLoad() async
    /// The controller is about to appear (R6.2–R6.9).
    func viewWillAppear(_ animated: Bool) async
    /// The controller appeared.
    func viewDidAppear(_ animated: Bool) async
    /// The controller is about to disappear.
    func viewWillDisappear(_ animated: Bool) async
    /// The controller disappeared.
    func viewDidDisappear(_ animated: Bool) async
    /// The controller is about to be added to `parent`, or removed when `parent` is `nil` (R6.11).
    func willMove(toParent parent: (any ViewController)?) async
    /// The controller was added to `parent`, or removed when `parent` is `nil` (R6.11).
    func didMove(toParent parent: (any ViewController)?) async

    // MARK: show / showDetail (§2)

    /// Whether this controller handles the action itself: UIKit's overriding
    /// `show(_:sender:)` or `showDetailViewController(_:sender:)`, which makes
    /// `targetViewController(forAction:sender:)` stop here (R2.2). Default: navigation
    /// controllers handle `show`, split view controllers both (R2.3), others neither. A custom
    /// container that returns `true` is asked ``performShow(_:action:sender:)``.
    nonisolated func overrides(_ action: ShowAction) -> Bool

    /// A custom container's `show` / `showDetailViewController` override: what to do with
    /// `viewController` now that this controller is the target (R2.2–R2.4). Called inside the
    /// request's transition, before its change; the answer becomes the change. Only called on
    /// controllers that are not built-in containers and whose ``overrides(_:)`` is `true`.
    /// Default: ``ShowHandling/present(_:)`` with the controller's own style (what UIKit's
    /// base `show` does).
    func performShow(_ viewController: any ViewController, action: ShowAction, sender: (any Sendable)?) async
        -> ShowHandling

    /// Whether a segue triggered from the storyboard (a control) should run (R1.1). Not
    /// consulted for ``performSegue(withIdentifier:sender:animated:policy:)`` (R1.2).
    ///
    /// `identifier` is the segue's storyboard identifier, whatever key triggered it (its
    /// element id, its control's id), or `""` for a segue without one (R1.1, R1.5).
    ///
    /// Implement this one or UIKit's spelling, `shouldPerformSegue(withIdentifier:sender: Any?)`
    /// (which may be synchronous): the default of this one asks that one, whose default is `true`.
    func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool

    /// UIKit's spelling of `shouldPerformSegue(withIdentifier:sender: (any Sendable)?)`,
    /// with `sender: Any?`, so that a ported `override func shouldPerformSegue(withIdentifier
    /// identifier: String, sender: Any?) -> Bool` runs as on iOS instead of compiling as an
    /// overload the runtime never calls (nothing silent). Called by that method's default
    /// implementation, with the same sender (R1.5). Default `true`.
    func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) async -> Bool

    /// Called on the source before a segue performs, after the destination is created and
    /// before its `viewDidLoad` (R1.1, R1.4). Throwing fails the transition and rolls it back.
    ///
    /// Implement this one or UIKit's spelling, `prepare(for:sender: Any?)`: the default of this
    /// one calls that one, whose default does nothing.
    func prepare(for segue: Segue, sender: (any Sendable)?) async throws

    /// UIKit's spelling of `prepare(for:sender: (any Sendable)?)`, with `sender: Any?`,
    /// so that a ported `override func prepare(for segue: UIStoryboardSegue, sender: Any?)`
    /// runs as on iOS instead of compiling as an overload the runtime never calls (nothing
    /// silent). Called by that method's default implementation, with the same sender (R1.5).
    /// Default: nothing.
    func prepare(for segue: Segue, sender: Any?) async throws

    // MARK: Unwinding (§7)

    /// The unwind actions this controller implements, by name as Interface Builder writes them
    /// (`unwindToMain:`): the analogue of `@IBAction func unwindToMain(_ segue: UIStoryboardSegue)`.
    nonisolated var unwindActions: Set<String> { get }

    /// Runs one of the controller's unwind actions: the destination's action body, called after
    /// the source's `prepare` and before any visual transition (R7.1). Read data from
    /// `segue.source` here.
    func performUnwindAction(_ action: String, segue: Segue) async

    /// Whether this controller accepts an unwind (R7.5). Default: it declares the action in
    /// ``unwindActions`` and is not the source.
    func canPerformUnwind(action: String, from source: any ViewController, sender: (any Sendable)?) async -> Bool

    /// The children an unwind search visits, in order (R7.4a, R7.6). Default: the children, most
    /// recent first (a navigation stack top to bottom, the selected tab first), without the
    /// child that contains the source.
    func allowedChildrenForUnwinding(from source: any ViewController) async -> [any ViewController]

    /// The legacy (iOS 6–8) hook (R7.7). Return ``LegacyUnwindAnswer/useDefaultSearch`` (the
    /// default) to let the iOS 9 search run at this controller; an override that answers takes
    /// precedence.
    func viewControllerForUnwindSegueAction(
        _ action: String,
        from source: any ViewController,
        sender: (any Sendable)?
    ) async -> LegacyUnwindAnswer

    /// A custom segue for the visual part of an unwind to `destination` (R7.7). Default `nil`.
    ///
    /// Asked once the destination is found and before the source's `prepare` (UIKit makes the
    /// unwind segue before `prepare` sees it, R7.1): first of the destination itself, then of
    /// each container above it on the unwind path, innermost first; the first answer wins, over
    /// the storyboard's custom unwind segue class too. This follows iOS 9's header for this
    /// (deprecated) method: "if any view controller along the unwind path has overridden this
    /// method and returns non-nil, the runtime will use that segue object instead of
    /// constructing an instance of the class specified in Interface Builder" (UIKit
    /// `UIViewController.h`, iOS 9 SDK); before iOS 9 only the destination's container was
    /// asked. Which controllers count as "the path", and in which order, Apple does not say:
    /// the destination first, then outward, is this runtime's decision (DEC, R7.7).
    ///
    /// The performer runs after the destination's unwind action, with the destination loaded;
    /// its ``SegueEffect`` is used: ``SegueEffect/unwind`` carries out the unwind,
    /// ``SegueEffect/none`` changes nothing, anything else fails the unwind with
    /// ``NavigationError/Code/invalidRequest`` (see ``SeguePerformer``).
    func segueForUnwinding(
        to destination: any ViewController,
        from source: any ViewController,
        identifier: String?
    ) async -> (any SeguePerformer)?

    /// Called on each container on the path from the destination up, outermost first, before
    /// the unwind's transition makes `child` visible (R7.8). With a custom unwind segue, only
    /// when its performer answers ``SegueEffect/unwind`` (in UIKit the built-in unwind segue's
    /// `perform()` makes these calls; a custom one replaces it).
    func unwind(for segue: Segue, towards child: any ViewController) async
}

/// What the legacy `viewControllerForUnwindSegueAction(_:from:sender:)` answers (R7.7).
public enum LegacyUnwindAnswer: Sendable {
    /// Not overridden: the iOS 9 search runs at this controller.
    case useDefaultSearch
    /// This controller is the destination.
    case destination(any ViewController)
    /// Nothing here: the search goes on up the chain.
    case notHere
}

extension ViewController {
    /// The window's executor: every controller of a window runs on it.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { context.window.unownedExecutor }

    public nonisolated var kind: ControllerKind { .content }
    public nonisolated var initialChildren: [any ViewController] { [] }
    public nonisolated var modalPresentationStyle: PresentationStyle { .automatic }
    public nonisolated var definesPresentationContext: Bool { false }
    public nonisolated var modalTransitionStyle: TransitionStyle { .coverVertical }
    public nonisolated var providesPresentationContextTransitionStyle: Bool { false }
    public nonisolated var receivesCallbacks: Bool { true }
    public nonisolated func adaptivePresentationStyle(for traits: Traits) -> PresentationStyle? { nil }
    public nonisolated var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    public func viewDidLoad() async {}
    public func viewWillAppear(_ animated: Bool) async {}
    public func viewDidAppear(_ animated: Bool) async {}
    public func viewWillDisappear(_ animated: Bool) async {}
    public func viewDidDisappear(_ animated: Bool) async {}
    public func willMove(toParent parent: (any ViewController)?) async {}
    public func didMove(toParent parent: (any ViewController)?) async {}
    public nonisolated func overrides(_ action: ShowAction) -> Bool { kind.semantics.overrides(action) }
    public func performShow(_ viewController: any ViewController, action: ShowAction, sender: (any Sendable)?) async
        -> ShowHandling
    { .present(nil) }
    public func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool {
        await shouldPerformSegue(withIdentifier: identifier, sender: sender as Any?)
    }
    public func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) async -> Bool { true }
    public func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        try await prepare(for: segue, sender: sender as Any?)
    }
    public func prepare(for segue: Segue, sender: Any?) async throws {}
    public nonisolated var unwindActions: Set<String> { [] }
    public func performUnwindAction(_ action: String, segue: Segue) async {}
    public func canPerformUnwind(action: String, from source: any ViewController, sender: (any Sendable)?) async -> Bool {
        self !== source && unwindActions.contains(action)
    }
    public func allowedChildrenForUnwinding(from source: any ViewController) async -> [any ViewController] {
        defaultChildrenForUnwinding(from: source)
    }
    public func viewControllerForUnwindSegueAction(
        _ action: String,
        from source: any ViewController,
        sender: (any Sendable)?
    ) async -> LegacyUnwindAnswer { .useDefaultSearch }
    public func segueForUnwinding(
        to destination: any ViewController,
        from source: any ViewController,
        identifier: String?
    ) async -> (any SeguePerformer)? { nil }
    public func unwind(for segue: Segue, towards child: any ViewController) async {}

    /// The controller's id within its window.
    public nonisolated var id: ControllerID { context.id }
}

/// A content controller with no code of its own: what a storyboard scene whose class has no
/// registered factory becomes, and a convenient leaf for tests and load runs.
public actor GenericViewController: ViewController {
    public nonisolated let context: ControllerContext
    /// The class name the scene asked for (its `customClass`), if any.
    public nonisolated let className: String?
    public nonisolated let modalPresentationStyle: PresentationStyle
    public nonisolated let definesPresentationContext: Bool
    private nonisolated let declaredActions: Set<String>
    private nonisolated let declarations: UnwindDeclarations?
    public nonisolated let initialChildren: [any ViewController]

    /// The unwind actions given at init, plus what ``UnwindDeclarations`` says of its class and
    /// scene now.
    public nonisolated var unwindActions: Set<String> {
        guard let declarations else { return declaredActions }
        return declaredActions.union(declarations.actions(className: className, controllerID: context.scene?.identifier))
    }

    /// Creates a generic controller.
    ///
    /// - Parameters:
    ///   - context: The context its window gave it.
    ///   - className: The class name its scene asked for (its `customClass`), if any.
    ///   - modalPresentationStyle: How it is presented when a request does not say (R2.7).
    ///   - definesPresentationContext: Whether it is a presentation context (R3.4).
    ///   - unwindActions: the unwind actions it accepts (e.g. learnt from the app's sources or
    ///     a `handles` step); accepting one does nothing else.
    ///   - declarations: a shared table of declared actions consulted on every search.
    ///   - children: embedded children (a storyboard's container views), on screen with it.
    public init(
        context: ControllerContext,
        className: String? = nil,
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false,
        unwindActions: Set<String> = [],
        declarations: UnwindDeclarations? = nil,
        children: [any ViewController] = []
    ) {
        self.context = context
        self.className = className
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        self.declaredActions = unwindActions
        self.declarations = declarations
        self.initialChildren = children
        // Most have no children: then there is nothing to claim, and the call (its arguments
        // retained and released around it) is skipped.
        if !children.isEmpty { context.claimChildren(children, forBuiltIn: self) }
    }

    // Its claims name it unretained (see `Claimant`): its initial children forget it here,
    // before its memory can go.
    deinit { ControllerContext.releaseClaims(on: initialChildren, by: self) }

    public nonisolated var receivesCallbacks: Bool { false }
}
