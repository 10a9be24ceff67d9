/// What a segue does when it performs (storyboard segue kinds, R2.1–R2.13).
///
/// An open set, like ``ControllerKind`` and ``StoryboardSegueKind``: a new kind is a new static
/// member, not an enum case that breaks every exhaustive `switch`. Read what a kind carries with
/// ``performer``, ``unwindAction`` and ``modalPresentationStyle``; compare kinds by ``name``.
public struct SegueKind: Sendable, CustomStringConvertible {
    enum Storage: Sendable {
        case show
        case showDetail
        case presentModally(PresentationStyle?)
        case presentAsPopover
        case push
        case replace
        /// Boxed (`indirect`): an unboxed `any SeguePerformer` (an opaque existential) would
        /// make the kind, ``Segue``, ``SegueDefinition`` and `TransitionRequest` address-only,
        /// copied to the stack before every `switch` over them.
        indirect case custom(any SeguePerformer)
        case unwind(action: String)
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// `show(_:sender:)`: push inside a navigation controller, else present modally (R2.1); a
    /// navigation controller destination is presented even inside one (see
    /// ``ViewController/show(_:sender:animated:policy:)``).
    public static let show = Self(.show)
    /// `showDetailViewController(_:sender:)`: the split view's secondary, else modal (R2.4).
    public static let showDetail = Self(.showDetail)
    /// Present modally, with this style, or the destination's own when `nil` (R2.7).
    public static func presentModally(_ style: PresentationStyle?) -> Self { Self(.presentModally(style)) }
    /// Present as a popover; adapts in compact width (R2.8).
    public static let presentAsPopover = Self(.presentAsPopover)
    /// The legacy (iOS 5–7) push: needs a navigation controller around the source (R2.12).
    public static let push = Self(.push)
    /// The legacy replace: show detail (R2.12).
    public static let replace = Self(.replace)
    /// A custom segue: the performer decides what happens (R1.8, R2.13).
    public static func custom(_ performer: any SeguePerformer) -> Self { Self(.custom(performer)) }
    /// An unwind segue to the controller that handles this action (§7).
    public static func unwind(action: String) -> Self { Self(.unwind(action: action)) }

    /// A short name for reports: `show`, `showDetail`, `presentation`, `popoverPresentation`,
    /// `push`, `replace`, `custom` or `unwind`.
    public var name: String {
        switch storage {
        case .show: "show"
        case .showDetail: "showDetail"
        case .presentModally: "presentation"
        case .presentAsPopover: "popoverPresentation"
        case .push: "push"
        case .replace: "replace"
        case .custom: "custom"
        case .unwind: "unwind"
        }
    }

    public var description: String { name }

    /// A custom segue's performer (``custom(_:)``), else `nil`.
    public var performer: (any SeguePerformer)? {
        if case .custom(let performer) = storage { performer } else { nil }
    }

    /// An unwind segue's action (``unwind(action:)``), else `nil`.
    public var unwindAction: String? {
        if case .unwind(let action) = storage { action } else { nil }
    }

    /// A modal segue's style (``presentModally(_:)``): `.some(nil)` for the destination's own,
    /// `nil` for any other kind.
    public var modalPresentationStyle: PresentationStyle?? {
        if case .presentModally(let style) = storage { .some(style) } else { nil }
    }
}

/// What a custom segue's performer asks the runtime to do with the destination.
public enum SegueEffect: Sendable, Hashable {
    /// Like a show segue.
    case show
    /// Like a show-detail segue.
    case showDetail
    /// Present modally with this style (the destination's own when `nil`).
    case present(PresentationStyle?)
    /// Push onto the source's navigation controller (an error if there is none).
    case push
    /// Make the destination the window's root.
    case replaceRoot
    /// Nothing structural (the performer only animated, or did its own thing).
    case none
    /// Carry out the unwind, as UIKit's built-in unwind segue does (R7.8, R7.9): the
    /// containers on the path hear ``ViewController/unwind(for:towards:)``, then one transition
    /// dismisses what covers the destination and makes it visible. Only a custom *unwind*
    /// segue may answer it; a forward custom segue that does fails with
    /// ``NavigationError/Code/invalidRequest``.
    case unwind
}

/// A custom segue (UIKit's `UIStoryboardSegue` subclass overriding `perform()`, R1.8).
///
/// The runtime creates the ``Segue``, asks the source to prepare, loads the destination's view
/// (`viewDidLoad`, R1.4, R6.1), then calls ``perform(_:)`` inside the transition; the returned
/// effect is applied as that transition's change. Throwing fails the transition with
/// ``NavigationError/Code/hookFailed`` and changes nothing.
///
/// **Unwind segues.** A performer can also carry out an unwind: a custom unwind segue class
/// (a storyboard's `customClass` on an unwind segue, registered in the ``ClassRegistry``, or
/// ``SegueDefinition/unwindPerformer``), or the answer of
/// ``ViewController/segueForUnwinding(to:from:identifier:)``. It runs after the source's
/// `prepare` and the destination's unwind action (R7.1), with the destination loaded. A UIKit
/// custom unwind segue's `perform()` animates and then dismisses or pops itself; here it answers
/// ``SegueEffect/unwind`` to have the runtime carry out the unwind (containers'
/// `unwind(for:towards:)`, then the transition) or ``SegueEffect/none`` for no structural change
/// (a navigation request it made is deferred to after the unwind's transition, R4.5). Any other
/// effect would show a controller that is already in the tree: the unwind fails with
/// ``NavigationError/Code/invalidRequest`` and changes nothing.
public protocol SeguePerformer: Sendable {
    /// Performs the segue: returns what to do with its destination.
    func perform(_ segue: Segue) async throws -> SegueEffect
}

/// A ``SeguePerformer`` from a closure.
public struct ClosureSeguePerformer: SeguePerformer {
    private let body: @Sendable (Segue) async throws -> SegueEffect

    /// Creates a performer that runs `body`.
    public init(_ body: @escaping @Sendable (Segue) async throws -> SegueEffect) { self.body = body }

    public func perform(_ segue: Segue) async throws -> SegueEffect { try await body(segue) }
}

/// One performance of a segue: identifier, source, destination, kind (UIKit's
/// `UIStoryboardSegue`, R1.6). The three are fixed for its lifetime.
///
/// The runtime makes a new one for each trigger. One made in code is inert until
/// ``perform(animated:policy:)`` is called, which neither consults `shouldPerformSegue` nor
/// calls `prepare` (R1.9).
public struct Segue: Sendable {
    /// The storyboard identifier, if any.
    public let identifier: String?
    /// The controller the segue starts from.
    public let source: any ViewController
    /// The controller the segue leads to.
    public let destination: any ViewController
    /// What the segue does.
    public let kind: SegueKind
    /// Whether the transition this segue performs animates: the request's `animated` and the
    /// segue's own `animates` (`animates="NO"` in a storyboard). What a custom performer reads
    /// to decide whether to animate (UIKit's custom segues read the storyboard's Animates
    /// checkbox the same way). `true` for a segue made in code until it is performed.
    public internal(set) var isAnimated: Bool = true
    private let performHandler: (@Sendable (Segue) async throws -> Void)?

    /// The clock the window times its transitions with (``Window/Configuration/clock``: a
    /// manual clock in tests): what a custom performer's animation sleeps on, so that a test
    /// drives it without wall time.
    public var clock: any Clock<Duration> { source.context.window.configuration.clock }

    /// How long this segue's animation takes: the window's
    /// ``Window/Configuration/transitionDuration`` when ``isAnimated``, else `.zero`.
    ///
    /// ```swift
    /// struct SlideUp: SeguePerformer {
    ///     func perform(_ segue: Segue) async throws -> SegueEffect {
    ///         try await segue.clock.sleep(for: segue.transitionDuration)   // the animation
    ///         return .present(.fullScreen)
    ///     }
    /// }
    /// ```
    public var transitionDuration: Duration {
        isAnimated ? source.context.window.configuration.transitionDuration : .zero
    }

    /// Creates a segue of a given kind (UIKit's `init(identifier:source:destination:)`).
    public init(identifier: String?, source: any ViewController, destination: any ViewController, kind: SegueKind) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.kind = kind
        self.performHandler = nil
    }

    /// Creates a segue whose ``perform(animated:policy:)`` runs `performHandler`, once per
    /// call (UIKit's `init(identifier:source:destination:performHandler:)`, R1.7).
    public init(
        identifier: String?,
        source: any ViewController,
        destination: any ViewController,
        performHandler: @escaping @Sendable (Segue) async throws -> Void
    ) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.kind = .custom(ClosureSeguePerformer { _ in .none })
        self.performHandler = performHandler
    }

    /// Performs the segue now (R1.9): no `shouldPerformSegue`, no `prepare`.
    ///
    /// A segue made with a perform handler runs the handler (which typically calls
    /// `source.present(destination)`); any other segue is a request on the source's window.
    ///
    /// See <doc:RequestContract>. A request cancelled before the commit point throws
    /// `CancellationError` and changes nothing; with a perform handler, cancellation is what the
    /// requests the handler makes do with it.
    @discardableResult
    public func perform(animated: Bool = true, policy: BusyPolicy = .enqueue) async throws -> TransitionOutcome {
        if let performHandler {
            try await performHandler(self)
            return .noChange
        }
        return try await source.context.window.submit(.performSegue(self), animated: animated, policy: policy)
    }
}
