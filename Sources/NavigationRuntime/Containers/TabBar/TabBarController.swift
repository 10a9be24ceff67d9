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
///
/// **More (R5.1, R5.2).** With more than ``maximumVisibleTabs`` children the tab bar shows the
/// first four and a "More" tab: the excess children are reached through
/// ``moreNavigationController``, whose root is the More list. UIKit's documentation
/// (developer.apple.com/documentation/uikit/uitabbarcontroller/morenavigationcontroller,
/// …/selectedindex, …/selectedviewcontroller) says, and this type keeps: the More navigation
/// controller always exists but is not one of ``viewControllers``; selecting an excess child
/// shows it on the More navigation controller; ``selectedIndex`` is UIKit's `NSNotFound`
/// (here `nil`) while the More navigation controller itself is selected; an index cannot
/// select More, ``select(_:animated:policy:)`` with the More navigation controller can.
///
/// In the tree (snapshots, the journal, restoration) the More navigation controller is the
/// tab bar's last child, after the tabs, and its stack is the More list; the snapshot's
/// `selectedIndex` indexes those children, so More selected is `viewControllers.count`. An
/// excess child stays the tab bar's child (its parent for unwinding and restoration) and is
/// shown *inside* the More navigation controller: while it is selected,
/// `moreNavigationController.viewControllers` is `[the More list, it]` and the More
/// navigation controller appears around it, its list hidden (DEC: UIKit reparents it; the
/// runtime keeps one place per controller in the tree, so its `navigationController` is not the
/// More one). Popping the More navigation controller then goes back to the More list (More is
/// selected); pushing onto or replacing its stack is refused: the tab bar manages it.
public actor TabBarController: ViewController {
    /// How many tabs fit on the bar (UIKit's classic iPhone tab bar): with more children than
    /// this, the bar shows `maximumVisibleTabs - 1` of them and the More tab (R5.2).
    public static let maximumVisibleTabs = 5

    public nonisolated let context: ControllerContext
    public nonisolated let initialChildren: [any ViewController]
    public nonisolated let modalPresentationStyle: PresentationStyle
    public nonisolated let definesPresentationContext: Bool
    public nonisolated var kind: ControllerKind { .tabBar }
    public nonisolated var receivesCallbacks: Bool { false }

    /// The More navigation controller of a tab bar with a More tab (made at init).
    nonisolated let moreStorage: NavigationController?
    /// The More navigation controller asked for on a tab bar without a More tab.
    private var idleMore: NavigationController?
    /// Whether the tab bar has more children than fit on the bar, so a More tab.
    public nonisolated let hasMoreTab: Bool
    /// How many children the tab bar has (its ``viewControllers``, never the More controller).
    nonisolated let tabCount: Int

    /// The delegate, if any.
    public private(set) var delegate: (any TabBarControllerDelegate)?

    /// Creates a tab bar controller with these children; the first is selected. With more
    /// than ``maximumVisibleTabs`` of them, the excess ones are reached through More (R5.2).
    ///
    /// - Parameters:
    ///   - context: The context its window gave it.
    ///   - viewControllers: The tabs' controllers, in order.
    ///   - delegate: The delegate, in place from the first tap (UIKit's
    ///     `tabBarController.delegate = self` before the window shows it); ``setDelegate(_:)``
    ///     changes it later.
    ///   - modalPresentationStyle: How it is presented when a request does not say (R2.7).
    ///   - definesPresentationContext: Whether it is a presentation context (R3.4).
    public init(
        context: ControllerContext,
        viewControllers: [any ViewController],
        delegate: (any TabBarControllerDelegate)? = nil,
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false
    ) {
        self.context = context
        self.delegate = delegate
        self.tabCount = viewControllers.count
        self.hasMoreTab = viewControllers.count > Self.maximumVisibleTabs
        let more = hasMoreTab ? Self.makeMoreNavigationController(in: context) : nil
        self.moreStorage = more
        self.initialChildren = viewControllers + (more.map { [$0] } ?? [])
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        context.claimChildren(initialChildren, forBuiltIn: self)
    }

    // Its claims name it unretained (see `Claimant`): its initial children forget it here,
    // before its memory can go.
    deinit { ControllerContext.releaseClaims(on: initialChildren, by: self) }

    private static func makeMoreNavigationController(in context: ControllerContext) -> NavigationController {
        let list = GenericViewController(context: context.makeContext(), className: "UIMoreListController")
        return NavigationController(context: context.makeContext(), rootViewController: list)
    }

    /// The navigation controller of the More tab (UIKit's `moreNavigationController`, R5.2).
    /// It always exists (UIKit's documentation: "always contains a valid More navigation
    /// controller, even if a More button is not displayed"); it is on screen only for a tab
    /// bar with more than ``maximumVisibleTabs`` children. Its root is the More list (a
    /// controller with no hooks whose class name is `UIMoreListController`).
    public var moreNavigationController: NavigationController {
        if let moreStorage { return moreStorage }
        if let idleMore { return idleMore }
        let more = Self.makeMoreNavigationController(in: context)
        idleMore = more
        return more
    }

    /// Sets the delegate.
    public func setDelegate(_ delegate: (any TabBarControllerDelegate)?) { self.delegate = delegate }

    /// The children, in tab order (never the More navigation controller, R5.1).
    public var viewControllers: [any ViewController] {
        let children = context.didAdoptInitialChildren ? context.children : initialChildren
        return Array(children.prefix(tabCount))
    }

    /// The children reached through the More tab (empty without one, R5.2).
    public var moreViewControllers: [any ViewController] {
        Array(viewControllers.dropFirst(Self.maximumVisibleTabs - 1).prefix(hasMoreTab ? tabCount : 0))
    }

    /// The selected child's index in ``viewControllers``; `nil` (UIKit's `NSNotFound`) while
    /// the More navigation controller itself is selected (R5.1).
    public var selectedIndex: Int? {
        context.selectedIndex < tabCount ? context.selectedIndex : nil
    }

    /// The selected child, or the More navigation controller while it is selected (R5.1).
    public var selectedViewController: (any ViewController)? {
        let children = context.didAdoptInitialChildren ? context.children : initialChildren
        return children.indices.contains(context.selectedIndex) ? children[context.selectedIndex] : nil
    }

    /// Selects a tab programmatically (setting UIKit's `selectedIndex`): no delegate calls
    /// (R5.3); selecting the selected tab changes nothing (R5.5). An excess child is shown on
    /// the More navigation controller (R5.2). An index cannot select More itself (R5.1): use
    /// ``select(_:animated:policy:)`` with ``moreNavigationController``.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the selection stays, callbacks balanced (R6.9).
    ///
    /// - Throws: ``NavigationError`` `.invalidRequest` for an index out of range,
    ///   `.notInWindowHierarchy`, `.windowClosed`; or `CancellationError`.
    @discardableResult
    public func selectTab(at index: Int, animated: Bool = false, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try checkTabIndex(index)
        return try await context.window.submit(.selectTab(self, index: index, userTap: false), animated: animated, policy: policy)
    }

    /// Selects a child, or the More navigation controller (setting UIKit's
    /// `selectedViewController`, R5.1): programmatic, so no delegate calls (R5.3).
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the selection stays, callbacks balanced (R6.9).
    ///
    /// - Throws: ``NavigationError`` `.invalidRequest` if `viewController` is neither one of
    ///   ``viewControllers`` nor the More navigation controller of a tab bar that has a More
    ///   tab; `.notInWindowHierarchy`, `.windowClosed`; or `CancellationError`.
    @discardableResult
    public func select(_ viewController: any ViewController, animated: Bool = false, policy: BusyPolicy = .enqueue)
        async throws -> TransitionOutcome
    {
        let index = try childIndex(of: viewController)
        return try await context.window.submit(.selectTab(self, index: index, userTap: false), animated: animated, policy: policy)
    }

    /// Selects a tab as a user tap does: `shouldSelect` first (a `false` is a veto), then the
    /// switch, then `didSelect`, also when re-tapping the selected tab, which returns a
    /// navigation tab to its root (R5.3, R5.4). An excess child's index is a tap on its row
    /// of the More list: it is shown on the More navigation controller (R5.2).
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError`: the selection (or the re-tapped stack) stays and `didSelect` is not
    /// called, though `shouldSelect` may already have been asked.
    ///
    /// - Throws: as ``selectTab(at:animated:policy:)``.
    @discardableResult
    public func tapTab(at index: Int, animated: Bool = false, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try checkTabIndex(index)
        return try await context.window.submit(.selectTab(self, index: index, userTap: true), animated: animated, policy: policy)
    }

    /// Taps the More tab (R5.2, R5.3): the delegate is asked `shouldSelect` and told
    /// `didSelect` with the More navigation controller; the More list comes on screen (a
    /// re-tap while an excess child is shown returns to the list, as R5.4 does for a stack).
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` as ``tapTab(at:animated:policy:)`` does.
    ///
    /// - Throws: ``NavigationError`` `.invalidRequest` without a More tab; otherwise as
    ///   ``selectTab(at:animated:policy:)``.
    @discardableResult
    public func tapMoreTab(animated: Bool = false, policy: BusyPolicy = .enqueue) async throws -> TransitionOutcome {
        let index = try childIndex(of: moreStorage ?? moreNavigationController)
        return try await context.window.submit(.selectTab(self, index: index, userTap: true), animated: animated, policy: policy)
    }

    /// The excess child the More navigation controller shows on top of its list, if one is
    /// selected. Read on the window's executor only (see ``ControllerContext``).
    nonisolated func childShownInMore() -> (any ViewController)? {
        let index = context.selectedIndex
        guard hasMoreTab, index >= Self.maximumVisibleTabs - 1, index < tabCount,
            context.children.indices.contains(index)
        else { return nil }
        return context.children[index]
    }

    private func checkTabIndex(_ index: Int) throws {
        guard index >= 0, index < tabCount else {
            throw NavigationError(
                .invalidRequest,
                "Tab index \(index) is out of range: the tab bar controller \(id) has \(tabCount) tabs"
                    + (hasMoreTab ? " (select More with its navigation controller, R5.1)." : "."),
                window: context.window.id, controllers: [id]
            )
        }
    }

    private func childIndex(of viewController: any ViewController) throws -> Int {
        if let moreStorage, viewController === moreStorage { return tabCount }
        if let index = viewControllers.firstIndex(where: { $0 === viewController }) { return index }
        throw NavigationError(
            .invalidRequest,
            "\(viewController.id) is not one of the tab bar controller \(id)'s view controllers"
                + (hasMoreTab ? " nor its More navigation controller." : "."),
            window: context.window.id, controllers: [id, viewController.id]
        )
    }

    func shouldSelect(_ controller: any ViewController) async -> Bool {
        await delegate?.tabBarController(self, shouldSelect: controller) ?? true
    }

    func didSelect(_ controller: any ViewController) async {
        await delegate?.tabBarController(self, didSelect: controller)
    }
}
