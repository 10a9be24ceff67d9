/// Hears of a split view controller's adaptive decisions (UIKit's `UISplitViewControllerDelegate`).
public protocol SplitViewControllerDelegate: Sendable {
    /// Return `true` to handle `showDetailViewController` yourself: the split does nothing more (R2.5).
    func splitViewController(_ splitViewController: SplitViewController, showDetail viewController: any ViewController) async -> Bool
    /// Return `true` to discard the secondary when the split collapses; `false` (the default)
    /// lets the default behaviour put it onto a navigation primary (R5.6).
    func splitViewController(
        _ splitViewController: SplitViewController,
        collapseSecondary secondary: any ViewController,
        onto primary: any ViewController
    ) async -> Bool
}

extension SplitViewControllerDelegate {
    public func splitViewController(_ splitViewController: SplitViewController, showDetail viewController: any ViewController) async -> Bool {
        false
    }
    public func splitViewController(
        _ splitViewController: SplitViewController,
        collapseSecondary secondary: any ViewController,
        onto primary: any ViewController
    ) async -> Bool { false }
}

/// A primary and a secondary column (UIKit's classic `UISplitViewController`, §2, §5).
///
/// Expanded (regular width) both columns are on screen and `showDetailViewController` replaces
/// the secondary (R5.8). Collapsed (compact width) only the primary is: collapsing puts the
/// secondary onto a navigation primary's stack (R5.6) and `showDetailViewController` pushes
/// onto it (R2.6). The window's traits decide; ``Window/setTraits(_:animated:)`` changes them
/// as a transition.
public actor SplitViewController: ViewController {
    public nonisolated let context: ControllerContext
    public nonisolated let initialChildren: [any ViewController]
    public nonisolated let modalPresentationStyle: PresentationStyle
    public nonisolated let definesPresentationContext: Bool
    public nonisolated var kind: ControllerKind { .split }
    public nonisolated var receivesCallbacks: Bool { false }

    /// The delegate, if any.
    public private(set) var delegate: (any SplitViewControllerDelegate)?

    /// Creates a split view controller with a primary and a secondary column.
    public init(
        context: ControllerContext,
        primary: any ViewController,
        secondary: any ViewController,
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false
    ) {
        self.context = context
        self.initialChildren = [primary, secondary]
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        context.claim(initialChildren)
    }

    /// Sets the delegate.
    public func setDelegate(_ delegate: (any SplitViewControllerDelegate)?) {
        self.delegate = delegate
        context.hasDelegate = delegate != nil
    }

    /// The columns: the primary, then the secondary while expanded (collapsed: the primary only).
    public var viewControllers: [any ViewController] {
        context.didAdoptInitialChildren ? context.children : initialChildren
    }

    /// Whether only the primary column is on screen.
    public var isCollapsed: Bool { context.isCollapsed }

    func claimsShowDetail(_ controller: any ViewController) async -> Bool {
        await delegate?.splitViewController(self, showDetail: controller) ?? false
    }

    func discardsSecondary(_ secondary: any ViewController, onto primary: any ViewController) async -> Bool {
        await delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) ?? false
    }
}
