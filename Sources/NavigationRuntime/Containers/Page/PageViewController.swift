import Synchronization

/// Supplies the pages before and after a page for a gesture-driven turn (UIKit's
/// `UIPageViewControllerDataSource`, R5.11). Not asked by
/// ``PageViewController/setViewControllers(_:direction:animated:policy:)`` (R5.10).
public protocol PageViewControllerDataSource: Sendable {
    /// The page before `viewController`, or `nil` for none: a reverse turn then does not happen.
    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: any ViewController)
        async -> (any ViewController)?
    /// The page after `viewController`, or `nil` for none: a forward turn then does not happen.
    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: any ViewController)
        async -> (any ViewController)?
}

/// Hears of a page view controller's gesture-driven turns (UIKit's
/// `UIPageViewControllerDelegate`, R5.11). Programmatic changes
/// (``PageViewController/setViewControllers(_:direction:animated:policy:)``) are not reported
/// (R5.10: Apple documents both methods as "gesture-driven" only).
public protocol PageViewControllerDelegate: Sendable {
    /// A turn is about to show `pendingViewControllers`.
    func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [any ViewController]) async
    /// A turn ended: `completed` is `false` when it was cancelled and the old pages stayed
    /// (`previousViewControllers` are the pages shown before the turn).
    func pageViewController(
        _ pageViewController: PageViewController,
        didFinishAnimating finished: Bool,
        previousViewControllers: [any ViewController],
        transitionCompleted completed: Bool
    ) async
}

extension PageViewControllerDelegate {
    public func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [any ViewController]) async {}
    public func pageViewController(
        _ pageViewController: PageViewController,
        didFinishAnimating finished: Bool,
        previousViewControllers: [any ViewController],
        transitionCompleted completed: Bool
    ) async {}
}

/// Pages, one (or two, side by side) on screen at a time (UIKit's `UIPageViewController`,
/// R5.9-R5.13; the View Controller Basics chapter's fifth container).
///
/// Its children are the pages it shows now: one, or two for a page curl whose spine is in the
/// middle (R5.9). Changing them is a transition on the window's queue:
/// ``setViewControllers(_:direction:animated:policy:)`` (programmatic: neither the data source
/// nor the delegate is asked, R5.10) or ``turnPage(_:policy:)`` (a user's swipe: the data source
/// gives the next page, the delegate hears `willTransitionTo` and `didFinishAnimating`, R5.11).
/// The old page leaves as a child (`willMove(toParent: nil)` ... `didMove(toParent: nil)`) and the
/// new one enters (`willMove(toParent:)` ... `didMove(toParent:)`).
///
/// **Appearance order (R5.12).** A turn, or an animated change while a page is shown:
/// scroll `new.viewWillAppear, old.viewWillDisappear, new.viewDidAppear, old.viewDidDisappear`;
/// page curl `new.viewWillAppear, old.viewWillDisappear, old.viewDidDisappear,
/// new.viewDidAppear` (a blog post's logs, O4, and a Parchment PR's log for scroll; UIKit's
/// code agrees). Without animation (or for the first pages, which UIKit never animates): scroll
/// `new.viewWillAppear, old.viewWillDisappear, old.viewDidDisappear, new.viewDidAppear`; page
/// curl `old.viewWillDisappear, old.viewDidDisappear, new.viewWillAppear, new.viewDidAppear`
/// (from UIKit's decompiled implementation; no device log was found). Cancelled before its
/// commit point, a change rolls back with balanced callbacks (R6.9) in UIKit's order for a
/// cancelled turn (O4): scroll `old.viewWillAppear, old.viewDidAppear, new.viewWillDisappear,
/// new.viewDidDisappear`; page curl `new.viewWillDisappear, old.viewWillAppear,
/// new.viewDidDisappear, old.viewDidAppear` (unlike a cancelled push, whose arriving side is
/// balanced first).
///
/// **Differences (DEC).** In scroll style UIKit also makes the neighbour pages it fetches during
/// a drag children; headlessly there is no drag, so the children are exactly the shown pages.
/// A double-sided page curl with its spine at the min or max edge is given the front and the
/// back of a page for an animated turn and keeps the front only (UIKit's code); here it takes
/// one page, or two (front, back) when animated over pages already shown, and keeps the first.
/// UIKit delivers a page's appearance callbacks even before the page view controller is on
/// screen; here pages appear with their container, as every other child does. `show(_:sender:)`
/// from a page passes up the chain (R5.13); an unwind search visits the shown pages, then the
/// page view controller; a snapshot records the shown pages (kind ``ControllerKind/page``).
public actor PageViewController: ViewController {
    /// How pages change: sliding (`scroll`) or turning like paper (`pageCurl`).
    public enum TransitionStyle: String, Sendable, Hashable, Codable {
        case scroll
        case pageCurl
    }
    /// The direction pages are laid out in.
    public enum NavigationOrientation: String, Sendable, Hashable, Codable {
        case horizontal
        case vertical
    }
    /// Where a page curl's spine is; a scroll has none.
    public enum SpineLocation: String, Sendable, Hashable, Codable {
        case none
        case min
        case mid
        case max
    }
    /// The direction of a change of pages.
    public enum NavigationDirection: String, Sendable, Hashable, Codable {
        case forward
        case reverse
    }

    public nonisolated let context: ControllerContext
    public nonisolated let initialChildren: [any ViewController]
    public nonisolated let modalPresentationStyle: PresentationStyle
    public nonisolated var kind: ControllerKind { .page }
    public nonisolated var receivesCallbacks: Bool { false }

    /// The style of its transitions.
    public nonisolated let transitionStyle: TransitionStyle
    /// The direction its pages are laid out in.
    public nonisolated let navigationOrientation: NavigationOrientation
    /// Where the spine is: `.min` by default for a page curl, always `.none` for a scroll (Apple's
    /// `UIPageViewController.OptionsKey.spineLocation`).
    public nonisolated let spineLocation: SpineLocation
    /// Whether a page curl shows content on the back of a page: always `true` with the spine in
    /// the middle (R5.9).
    public nonisolated let isDoubleSided: Bool

    /// The data source and the delegate, behind a lock so that restoration can carry them from
    /// the scene's controller to the rebuilt one without a hop.
    private let links: Locked<Links>
    private struct Links {
        var dataSource: (any PageViewControllerDataSource)?
        var delegate: (any PageViewControllerDelegate)?
    }
    /// The pages shown before a gesture-driven turn, while it runs: UIKit updates
    /// ``viewControllers`` when such a turn commits (a programmatic change updates it at once).
    let pagesBeforeTurn = Locked<[any ViewController]?>(nil)

    /// The data source: asked for the pages around the shown one by ``turnPage(_:policy:)``.
    public nonisolated var dataSource: (any PageViewControllerDataSource)? { links.withLock { $0.dataSource } }
    /// The delegate: told of ``turnPage(_:policy:)``'s turns.
    public nonisolated var delegate: (any PageViewControllerDelegate)? { links.withLock { $0.delegate } }

    /// Creates a page view controller showing `viewControllers` (UIKit's
    /// `init(transitionStyle:navigationOrientation:options:)` followed by a non-animated
    /// `setViewControllers`, the usual set-up in `viewDidLoad`).
    ///
    /// The pages are checked when the page view controller enters a window: a wrong number
    /// for the style and spine (R5.9) is refused there with
    /// ``NavigationError/Code/invalidRequest`` (UIKit raises `NSInvalidArgumentException`).
    ///
    /// - Parameters:
    ///   - context: The context its window gave it.
    ///   - transitionStyle: `.scroll` or `.pageCurl`.
    ///   - navigationOrientation: How pages are laid out.
    ///   - spineLocation: For a page curl, where the spine is (`nil`: `.min`); a scroll's is
    ///     always `.none`.
    ///   - isDoubleSided: Whether a page curl has content on the back of its pages (forced
    ///     `true` with the spine in the middle, R5.9).
    ///   - viewControllers: The pages shown first (none: an empty page view controller).
    ///   - dataSource: Gives the pages around the shown one for ``turnPage(_:policy:)``.
    ///   - delegate: Hears of the turns.
    ///   - modalPresentationStyle: How it is presented when a request does not say (R2.7).
    public init(
        context: ControllerContext,
        transitionStyle: TransitionStyle = .scroll,
        navigationOrientation: NavigationOrientation = .horizontal,
        spineLocation: SpineLocation? = nil,
        isDoubleSided: Bool = false,
        viewControllers: [any ViewController] = [],
        dataSource: (any PageViewControllerDataSource)? = nil,
        delegate: (any PageViewControllerDelegate)? = nil,
        modalPresentationStyle: PresentationStyle = .automatic
    ) {
        self.context = context
        self.transitionStyle = transitionStyle
        self.navigationOrientation = navigationOrientation
        let spine = transitionStyle == .scroll ? SpineLocation.none : spineLocation ?? .min
        self.spineLocation = spine == .none && transitionStyle == .pageCurl ? .min : spine
        self.isDoubleSided = transitionStyle == .pageCurl && (isDoubleSided || spine == .mid)
        self.initialChildren = viewControllers
        self.links = Locked(Links(dataSource: dataSource, delegate: delegate))
        self.modalPresentationStyle = modalPresentationStyle
        context.claimChildren(viewControllers, forBuiltIn: self)
    }

    // Its claims name it unretained (see `Claimant`): its initial children forget it here,
    // before its memory can go.
    deinit { ControllerContext.releaseClaims(on: initialChildren, by: self) }

    /// Creates a page view controller as a storyboard's `<pageViewController>` scene configures
    /// it (R5.13): what a registered class's factory calls, with the pages and the data source
    /// the class sets in its `viewDidLoad` on iOS.
    ///
    /// ```swift
    /// registry.register(controller: "CertPagesController") { context, _ in
    ///     PageViewController(context: context, storyboardStyle: context.scene?.pageStyle,
    ///                        viewControllers: [first], dataSource: pages)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - context: The context its window gave it.
    ///   - storyboardStyle: The scene's style (`nil`: Interface Builder's defaults, a
    ///     horizontal page curl).
    ///   - viewControllers: The pages shown first.
    ///   - dataSource: Gives the pages around the shown one for ``turnPage(_:policy:)``.
    ///   - delegate: Hears of the turns.
    public init(
        context: ControllerContext,
        storyboardStyle: StoryboardPageStyle?,
        viewControllers: [any ViewController] = [],
        dataSource: (any PageViewControllerDataSource)? = nil,
        delegate: (any PageViewControllerDelegate)? = nil
    ) {
        let style = storyboardStyle ?? StoryboardPageStyle()
        self.init(
            context: context, transitionStyle: style.transitionStyle, navigationOrientation: style.navigationOrientation,
            spineLocation: style.spineLocation, isDoubleSided: style.isDoubleSided, viewControllers: viewControllers,
            dataSource: dataSource, delegate: delegate
        )
    }

    /// How many pages are shown at once: two with a page curl's spine in the middle, else one
    /// (R5.9).
    public nonisolated var pagesShownAtOnce: Int { spineLocation == .mid ? 2 : 1 }

    /// The pages shown now (UIKit's `viewControllers`). During a gesture-driven turn
    /// (``turnPage(_:policy:)``) the pages shown before it, until it commits (UIKit's code); after
    /// ``setViewControllers(_:direction:animated:policy:)`` the new pages at once.
    public var viewControllers: [any ViewController] {
        if let before = pagesBeforeTurn.withLock({ $0 }) { return before }
        return context.didAdoptInitialChildren ? context.children : initialChildren
    }

    /// Sets the data source.
    public func setDataSource(_ dataSource: (any PageViewControllerDataSource)?) {
        links.withLock { $0.dataSource = dataSource }
    }
    /// Sets the delegate.
    public func setDelegate(_ delegate: (any PageViewControllerDelegate)?) {
        links.withLock { $0.delegate = delegate }
    }

    /// Shows these pages (UIKit's `setViewControllers(_:direction:animated:completion:)`,
    /// R5.10): the old pages leave, the new ones enter, in the order the type's documentation
    /// gives for the style and `animated`. Neither the data source nor the delegate is asked.
    /// The first pages shown are never animated (UIKit's code treats that call as
    /// non-animated). Showing the pages already shown changes nothing.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the old pages stay, callbacks balanced (R6.9). The returned
    /// outcome is UIKit's `completion(finished)`: `.completed` for `true`.
    ///
    /// - Parameters:
    ///   - viewControllers: One page, or two for a page curl with its spine in the middle;
    ///     a double-sided page curl with its spine at an edge may be given the front and the
    ///     back of a page when animated over pages already shown, and keeps the front (R5.9).
    ///   - direction: Which way the pages move (recorded by UIKit's animation only).
    ///   - animated: Whether the change animates.
    ///   - policy: What to do if the window is busy.
    /// - Throws: ``NavigationError`` `.invalidRequest` for a wrong number of pages (UIKit's
    ///   `NSInvalidArgumentException`, "The number of view controllers provided (N) doesn't
    ///   match the number required (M) for the requested transition"), `.controllerInUse` for
    ///   a page already in a hierarchy, `.notInWindowHierarchy`, `.windowClosed`; or
    ///   `CancellationError`.
    @discardableResult
    public func setViewControllers(
        _ viewControllers: [any ViewController],
        direction: NavigationDirection,
        animated: Bool,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        try await context.window.submit(.setPages(viewControllers, in: self), animated: animated, policy: policy)
    }

    /// Turns the page as a user's swipe (or tap on the curl) does (R5.11): the data source is
    /// asked for the page after the last shown page (`.forward`) or before the first
    /// (`.reverse`), twice with the spine in the middle; no page there is `.noChange` and no
    /// delegate call. Then the delegate hears `willTransitionTo`, the pages change with the
    /// animated turn's order (see the type's documentation), and the delegate hears
    /// `didFinishAnimating(true, previousViewControllers:, transitionCompleted: true)`.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point (the user's finger let go
    /// early), the old pages stay with balanced callbacks, the delegate hears
    /// `transitionCompleted: false`, and it throws `CancellationError`.
    ///
    /// - Throws: ``NavigationError`` `.invalidRequest` without a data source (UIKit disables
    ///   the gestures then) or for a page the data source gives that is shown already,
    ///   `.controllerInUse` for one in another hierarchy, `.notInWindowHierarchy`,
    ///   `.windowClosed`; or `CancellationError`.
    @discardableResult
    public func turnPage(_ direction: NavigationDirection, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try await context.window.submit(.turnPage(self, direction), animated: true, policy: policy)
    }

    /// Checks that `pages` is a number this page view controller can show (R5.9), and returns
    /// the pages it keeps (the front of a front-and-back pair).
    nonisolated func pagesToShow(_ pages: [any ViewController], animated: Bool, showing current: Int) throws
        -> [any ViewController]
    {
        let required = pagesShownAtOnce
        if pages.count == required { return pages }
        if transitionStyle == .pageCurl, isDoubleSided, spineLocation != .mid, animated, current > 0, pages.count == 2 {
            return [pages[0]]
        }
        throw NavigationError(
            .invalidRequest,
            "The number of view controllers provided (\(pages.count)) doesn't match the number required (\(required)) "
                + "for the requested transition (\(transitionStyle.rawValue), spine \(spineLocation.rawValue)).",
            window: context.window.id, controllers: [id] + pages.map(\.id)
        )
    }

    func pageBefore(_ page: any ViewController) async -> (any ViewController)? {
        let dataSource = self.dataSource
        return await dataSource?.pageViewController(self, viewControllerBefore: page)
    }

    func pageAfter(_ page: any ViewController) async -> (any ViewController)? {
        let dataSource = self.dataSource
        return await dataSource?.pageViewController(self, viewControllerAfter: page)
    }

    func willTransition(to pending: [any ViewController]) async {
        let delegate = self.delegate
        await delegate?.pageViewController(self, willTransitionTo: pending)
    }

    func didFinishAnimating(previous: [any ViewController], completed: Bool) async {
        let delegate = self.delegate
        await delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: previous, transitionCompleted: completed)
    }
}

extension PageViewController.NavigationDirection: CustomStringConvertible {
    /// The case's name (its `rawValue`), also where a change, an outcome or an event that holds it
    /// is printed (not the module-qualified `NavigationRuntime.…`).
    public var description: String { rawValue }
}
