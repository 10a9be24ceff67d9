import Foundation

/// A route table for deep links: URL patterns with `:parameters`, each mapped to the
/// navigation steps that show what the URL names.
///
/// ```swift
/// var router = DeepLinkRouter(catalog: catalog)
/// router.register("app://inbox/:id") { link in
///     // Dismiss first: with a sheet up, the visible path runs into it, and the push would
///     // land on the sheet's stack.
///     [.dismissAll, .selectTab("inbox"), .popToRoot, .push(scene: "message", payload: link["id"])]
/// }
/// await app.register(deepLinks: router)
/// let outcome = await app.open(url: URL(string: "app://inbox/42")!)
/// ```
///
/// Matching: a pattern is `scheme://segment/segment/...`. The scheme is compared without
/// regard to case; every other segment must equal the URL's segment (exactly), or be a
/// `:name` that captures it (percent-decoded). Segments are what lies between `/`s after
/// `scheme://` (so the host is the first), empty ones ignored; the query and fragment are
/// not part of the match, and the query's items are parameters too (a path parameter wins
/// over a query item of the same name). A pattern without `://` matches those segments
/// under any scheme. The first registered route that matches wins.
///
/// The handler runs when the URL is opened; the steps it returns are resolved against the
/// window's tree only when the deep link's turn comes on the window's queue.
///
/// A URL is input: a step that names its scene by a parameter (`.push(scene: link["name"]!)`)
/// makes whatever scene of the catalog the URL names, a tab bar or the app's root included
/// (only a navigation controller is refused, R4.3). Check such a parameter against the
/// scenes the route means to show, and return no steps for any other (the link then changes
/// nothing: ``DeepLinkOutcome/opened(_:_:)`` with ``TransitionOutcome/noChange``) or a
/// fallback:
///
/// ```swift
/// router.register("app://item/:kind") { link in
///     guard let kind = link["kind"], ["photo", "note"].contains(kind) else { return [] }
///     return [.popToRoot, .push(scene: kind)]
/// }
/// ```
public struct DeepLinkRouter: Sendable {
    /// Makes the steps for a matched URL.
    public typealias Handler = @Sendable (DeepLink) -> [DeepLinkStep]

    /// One registered route.
    public struct Route: Sendable {
        /// The pattern as registered.
        public let pattern: String
        let scheme: String?
        let segments: [Segment]
        let handler: Handler
    }

    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    /// The catalog the steps' scenes are instantiated from.
    public let catalog: SceneCatalog
    /// The routes, in registration order.
    public private(set) var routes: [Route] = []

    /// Creates an empty route table whose steps instantiate scenes of `catalog`.
    public init(catalog: SceneCatalog) {
        self.catalog = catalog
    }

    /// Adds a route (after those registered before it).
    ///
    /// - Parameters:
    ///   - pattern: e.g. `app://inbox/:id` (see the type's discussion for the rules).
    ///   - handler: the steps for a URL that matches, from its parameters.
    public mutating func register(_ pattern: String, _ handler: @escaping Handler) {
        let (scheme, rest) = Self.split(pattern)
        let segments = rest.map { segment -> Segment in
            if segment.hasPrefix(":") && segment.count > 1 { return .parameter(String(segment.dropFirst())) }
            return .literal(segment)
        }
        routes.append(Route(pattern: pattern, scheme: scheme?.lowercased(), segments: segments, handler: handler))
    }

    /// The first route that matches `url`, as a ``DeepLink`` with its parameters, or `nil`.
    public func match(_ url: URL) -> (link: DeepLink, route: Route)? {
        let (scheme, segments) = Self.split(url.absoluteString)
        var query: [String: String] = [:]
        for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            query[item.name] = item.value ?? ""
        }
        for route in routes {
            if let expected = route.scheme, expected != scheme?.lowercased() { continue }
            guard route.segments.count == segments.count else { continue }
            var parameters = query
            var matches = true
            for (pattern, segment) in zip(route.segments, segments) {
                switch pattern {
                case .literal(let literal):
                    matches = literal == segment
                case .parameter(let name):
                    parameters[name] = segment.removingPercentEncoding ?? segment
                }
                if !matches { break }
            }
            if matches { return (DeepLink(url: url, pattern: route.pattern, parameters: parameters), route) }
        }
        return nil
    }

    /// The scheme (if the string has `://`) and the non-empty segments before `?` or `#`.
    private static func split(_ string: String) -> (scheme: String?, segments: [String]) {
        let end = string.firstIndex { $0 == "?" || $0 == "#" } ?? string.endIndex
        let body = string[..<end]
        var scheme: String?
        var rest = Substring(body)
        if let range = body.range(of: "://") {
            scheme = String(body[..<range.lowerBound])
            rest = body[range.upperBound...]
        }
        return (scheme, rest.split(separator: "/").map(String.init))
    }
}

/// A URL matched by a ``DeepLinkRouter`` route.
public struct DeepLink: Sendable, Hashable {
    /// The URL opened.
    public let url: URL
    /// The pattern of the route that matched.
    public let pattern: String
    /// The `:parameters` of the pattern and the query's items, by name.
    public let parameters: [String: String]

    /// Creates a deep link.
    public init(url: URL, pattern: String, parameters: [String: String]) {
        self.url = url
        self.pattern = pattern
        self.parameters = parameters
    }

    /// The parameter with this name, if any.
    public subscript(_ name: String) -> String? { parameters[name] }
}

/// One navigation step of a deep link, resolved against the window's tree (as the steps
/// before it in the same link left it) when the link's turn comes.
///
/// A link's steps are resolved one after the other against the tree as the steps before
/// them leave it, then committed together: the presentations and dismissals in order, then
/// the net change of each tab bar and navigation stack they touched (a push then a
/// `popToRoot` leaves no trace). Controllers the link makes are set up before they enter
/// the tree (what a presented controller presents, a new tab bar's selection).
///
/// "The visible path" is the path `top` follows: from the root, descending
/// through containers (a navigation controller's top, a tab bar's selected child, a split's
/// secondary when expanded or primary when collapsed; a content controller is a leaf), and
/// continuing into what the first controller of the path that presents presents.
public enum DeepLinkStep: Sendable, CustomStringConvertible {
    /// Selects the tab of the innermost tab bar controller on the visible path whose
    /// controller, or (for a navigation tab) whose stack's root, has this scene identifier
    /// (a storyboard scene's element id, or its Storyboard ID). Selecting the selected tab
    /// changes nothing.
    case selectTab(String)
    /// Selects the tab at this index of the innermost tab bar controller on the visible path.
    case selectTabIndex(Int)
    /// Instantiates the scene (named by its identifier, a storyboard scene's element id, or by
    /// its Storyboard ID, as ``SceneCatalog/instantiateViewController(withIdentifier:in:)``
    /// finds it) and pushes it onto the innermost navigation controller on the visible path. A ``DeepLinkReceiver`` receives the payload before the transition.
    case push(scene: String, payload: (any Sendable)? = nil)
    /// Instantiates the scene (named as in ``push(scene:payload:)``) and presents it from the top of the presentation chain (the
    /// root, or the last presented controller: where UIKit reroutes a presentation, R3.3),
    /// with `style` (the controller's own ``ViewController/modalPresentationStyle`` when
    /// `nil`), resolved for the window's traits and the controller's adaptation (R2.8, R2.9).
    case present(scene: String, style: PresentationStyle? = nil, payload: (any Sendable)? = nil)
    /// Pops the innermost navigation controller on the visible path to its root.
    case popToRoot
    /// Dismisses the last presented controller of the chain.
    case dismiss
    /// Dismisses every presented controller (nothing presented: changes nothing).
    case dismissAll

    public var description: String {
        switch self {
        case .selectTab(let scene): "selectTab(\(EchoedText.shown(scene, quoted: false)))"
        case .selectTabIndex(let index): "selectTab(at: \(index))"
        case .push(let scene, _): "push(\(EchoedText.shown(scene, quoted: false)))"
        case .present(let scene, let style, _): "present(\(EchoedText.shown(scene, quoted: false))" + (style.map { ", \($0)" } ?? "") + ")"
        case .popToRoot: "popToRoot"
        case .dismiss: "dismiss"
        case .dismissAll: "dismissAll"
        }
    }
}

/// A controller that wants the data of the deep link that instantiated it.
///
/// The runtime calls ``receive(deepLink:)`` on a controller a ``DeepLinkStep/push(scene:payload:)``
/// or ``DeepLinkStep/present(scene:style:payload:)`` step made, right after its scene's
/// factory, before the transition begins (like `prepare(for:sender:)`, before `viewDidLoad`).
/// If a later step of the same link fails, the controller is dropped and never shown.
public protocol DeepLinkReceiver: ViewController {
    /// Receives the link and the step's payload.
    func receive(deepLink: DeepLinkDelivery) async
}

/// What a ``DeepLinkReceiver`` receives.
public struct DeepLinkDelivery: Sendable {
    /// The matched URL and its parameters.
    public let link: DeepLink
    /// The index of the step that made the controller.
    public let step: Int
    /// The step's payload, if any.
    public let payload: (any Sendable)?

    /// Creates a delivery (the runtime makes them; tests of a receiver may too).
    public init(link: DeepLink, step: Int, payload: (any Sendable)?) {
        self.link = link
        self.step = step
        self.payload = payload
    }
}

/// How ``Application/open(url:in:animated:policy:)`` ended.
public enum DeepLinkOutcome: Sendable {
    /// The steps ran as one transition in this window: ``TransitionOutcome/completed(sequence:)``
    /// (one commit), `.noChange` if every step found the tree already as asked, `.dropped` /
    /// `.superseded` per the busy policy, or `.deferred` if opened from inside a transition.
    case opened(WindowID, TransitionOutcome)
    /// No route matches the URL (or no router is registered); nothing was queued.
    case unroutable(URL)
    /// There is no key window (or no open window with the id given); nothing was queued.
    case noWindow(URL)
    /// A step could not apply to the tree as it was at the link's turn; the tree is unchanged.
    case stepFailed(DeepLinkStepFailure)
    /// The request failed otherwise (e.g. ``NavigationError/Code/windowClosed``); nothing changed.
    case failed(NavigationError)
    /// The calling task was cancelled before the commit point; nothing changed.
    case cancelled
}

extension DeepLinkOutcome: CustomStringConvertible {
    /// The case and what it carries, for a log line: `opened(W1, completed(sequence: 2))`,
    /// `unroutable("app://nowhere")`. A URL is input: it is escaped and cut to its first 200
    /// characters and its length (see ``RestorationProblem/maximumEchoedCharacters``).
    public var description: String {
        switch self {
        case .opened(let window, let outcome): "opened(\(window), \(outcome))"
        case .unroutable(let url): "unroutable(\(EchoedText.shown(url.absoluteString)))"
        case .noWindow(let url): "noWindow(\(EchoedText.shown(url.absoluteString)))"
        case .stepFailed(let failure): "stepFailed(\(failure))"
        case .failed(let error): "failed(\(error))"
        case .cancelled: "cancelled"
        }
    }
}

/// A deep-link step that could not apply.
public struct DeepLinkStepFailure: Sendable, CustomStringConvertible {
    /// Why a step could not apply.
    public enum Reason: Sendable, Hashable {
        /// The window has no root controller.
        case noRootViewController
        /// No tab bar controller is on the visible path.
        case noTabBarController
        /// The tab bar controller has no tab with this scene identifier.
        case noSuchTab(String)
        /// The index is not one of the tab bar controller's tabs.
        case tabIndexOutOfRange(Int, count: Int)
        /// No navigation controller is on the visible path.
        case noNavigationController
        /// The catalog has no scene with this identifier or Storyboard ID (or refuses to make it).
        case unknownScene(String)
        /// The scene makes a navigation controller, which cannot be pushed (R4.3).
        case pushingNavigationController(String)
        /// Nothing is presented.
        case nothingPresented
    }

    /// The step's index in the route's list.
    public let index: Int
    /// The step.
    public let step: DeepLinkStep
    /// Why it could not apply.
    public let reason: Reason

    /// The step's index, the step and the reason, as `step 1 push(Item): unknownScene("Item")`.
    /// A scene named by the link (a URL's parameter, say) is cut to its first 200 characters
    /// and its length (see ``RestorationProblem/maximumEchoedCharacters``).
    public var description: String {
        let why: String =
            switch reason {
            case .noSuchTab(let scene): "noSuchTab(\(EchoedText.shown(scene)))"
            case .unknownScene(let scene): "unknownScene(\(EchoedText.shown(scene)))"
            case .pushingNavigationController(let scene): "pushingNavigationController(\(EchoedText.shown(scene)))"
            default: "\(reason)"
            }
        return "step \(index) \(step): " + why
    }
}
