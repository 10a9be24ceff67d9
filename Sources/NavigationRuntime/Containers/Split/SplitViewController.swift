import Synchronization

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
    /// A column-style split without a compact column is collapsing: which column to show
    /// (UIKit's `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`, R5.7).
    /// The split proposes the secondary column when it has a controller, else the primary;
    /// the default returns the proposal. An answer naming a column without a controller
    /// (`.compact`, or `.secondary` when there is none) is ignored: the proposal wins.
    func splitViewController(
        _ splitViewController: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitColumn
    ) async -> SplitColumn
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
    public func splitViewController(
        _ splitViewController: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitColumn
    ) async -> SplitColumn { proposedTopColumn }
}

/// A primary and a secondary column (UIKit's `UISplitViewController`, §2, §5).
///
/// **Classic** (``init(context:primary:secondary:modalPresentationStyle:definesPresentationContext:delegate:)``).
/// Expanded (regular width) both columns are on screen and `showDetailViewController` replaces
/// the secondary (R5.8). Collapsed (compact width) only the primary is: collapsing asks the
/// delegate's `collapseSecondary(_:onto:)` (`true`: the secondary is discarded), else puts the
/// secondary onto a navigation primary's stack, a navigation secondary nested whole (R5.6);
/// `showDetailViewController` pushes onto it, a navigation controller included (R2.6). A split
/// that enters a compact window collapses the same way, its delegate asked first (so give the
/// delegate to the initializer, or set it before the split enters the window). The window's
/// traits decide; ``Window/setTraits(_:animated:policy:)`` changes them as a transition.
///
/// **Column-style** (``init(context:primaryColumn:secondaryColumn:compactColumn:modalPresentationStyle:definesPresentationContext:delegate:)``,
/// UIKit's iOS 14 style, R5.7). The children are the columns' controllers in column order
/// (primary, secondary if any, compact if any) and collapsing does not move them. Expanded,
/// the primary and the secondary are on screen. Collapsed, one column is: the compact
/// column's controller if there is one (developer.apple.com/documentation/uikit/
/// uisplitviewcontroller/column/compact: "If a view controller is set for this column, that
/// view controller is shown when isCollapsed is true"), otherwise the column the delegate's
/// `topColumnForCollapsingToProposedTopColumn` answers (…/uisplitviewcontrollerdelegate/
/// splitviewcontroller(_:topcolumnforcollapsingtoproposedtopcolumn:): "the column … to
/// display in the collapsed interface"). The proposal is the secondary when it has a
/// controller, else the primary (DEC: Apple's pages name the proposal without saying how it is
/// chosen; showing the detail when collapsed is UIKit's documented default for the classic
/// style). A split that enters a compact window collapses the same way, its delegate asked
/// first (the iOS 14 way to launch an iPhone on the list is to answer `.primary` there).
/// `showDetailViewController` replaces (or sets) the secondary column; collapsed with a compact
/// column it pushes onto a navigation compact column, collapsed without one it brings the new
/// secondary on top.
public actor SplitViewController: ViewController {
    public nonisolated let context: ControllerContext
    public nonisolated let initialChildren: [any ViewController]
    public nonisolated let modalPresentationStyle: PresentationStyle
    public nonisolated let definesPresentationContext: Bool
    public nonisolated var kind: ControllerKind { .split }
    public nonisolated var receivesCallbacks: Bool { false }

    /// The column of each initial child (column-style), `nil` for a classic split.
    nonisolated let initialColumns: [SplitColumn]?

    /// The delegate, behind a lock so that an initializer (which runs on any thread) can set it
    /// and the window can ask whether there is one without a hop.
    private nonisolated let delegateStorage: Locked<(any SplitViewControllerDelegate)?>

    /// The delegate, if any: given to the initializer or set with ``setDelegate(_:)``.
    public var delegate: (any SplitViewControllerDelegate)? { delegateStorage.withLock { $0 } }

    /// Whether the split has a delegate to ask (read by the window without a hop).
    nonisolated var hasDelegate: Bool { delegateStorage.withLock { $0 != nil } }

    /// Creates a classic split view controller with a primary and a secondary column.
    ///
    /// - Parameters:
    ///   - context: The context its window gave it.
    ///   - primary: The primary column's controller (the list).
    ///   - secondary: The secondary column's controller (the detail).
    ///   - modalPresentationStyle: How it is presented when a request does not say (R2.7).
    ///   - definesPresentationContext: Whether it is a presentation context (R3.4).
    ///   - delegate: the delegate, in place from the start: a split that enters a
    ///     compact window asks it `collapseSecondary(_:onto:)` as it collapses (R5.6), as UIKit
    ///     asks the delegate an app sets before its window appears (Xcode's Master-Detail
    ///     template sets it in `scene(_:willConnectTo:options:)`). ``setDelegate(_:)`` still
    ///     sets or replaces it at any time.
    public init(
        context: ControllerContext,
        primary: any ViewController,
        secondary: any ViewController,
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false,
        delegate: (any SplitViewControllerDelegate)? = nil
    ) {
        self.init(
            classic: context, children: [primary, secondary], modalPresentationStyle: modalPresentationStyle,
            definesPresentationContext: definesPresentationContext, delegate: delegate
        )
    }

    /// Creates a classic split view controller with a primary column only, for an app that
    /// shows its first detail later (UIKit: `viewControllers = [primary]`): expanded, the
    /// primary alone is on screen and `showDetailViewController` installs the secondary (R5.8);
    /// collapsed, it pushes onto a navigation primary (R2.6). A split whose delegate discarded
    /// its secondary as it collapsed (R5.6) is in the same state.
    ///
    /// - Parameters:
    ///   - context: The context its window gave it.
    ///   - primary: The primary column's controller.
    ///   - modalPresentationStyle: How it is presented when a request does not say (R2.7).
    ///   - definesPresentationContext: Whether it is a presentation context (R3.4).
    ///   - delegate: as in ``init(context:primary:secondary:modalPresentationStyle:definesPresentationContext:delegate:)``.
    public init(
        context: ControllerContext,
        primary: any ViewController,
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false,
        delegate: (any SplitViewControllerDelegate)? = nil
    ) {
        self.init(
            classic: context, children: [primary], modalPresentationStyle: modalPresentationStyle,
            definesPresentationContext: definesPresentationContext, delegate: delegate
        )
    }

    private init(
        classic context: ControllerContext,
        children: [any ViewController],
        modalPresentationStyle: PresentationStyle,
        definesPresentationContext: Bool,
        delegate: (any SplitViewControllerDelegate)?
    ) {
        self.context = context
        self.delegateStorage = Locked(delegate)
        self.initialChildren = children
        self.initialColumns = nil
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        context.claimChildren(initialChildren, forBuiltIn: self)
    }

    /// Creates a column-style split view controller (R5.7): a primary column, optionally a
    /// secondary one, and optionally a controller for the compact column, shown instead of
    /// the others while the split is collapsed.
    ///
    /// - Parameters:
    ///   - context: The context its window gave it.
    ///   - primary: The primary column's controller.
    ///   - secondary: The secondary column's controller, if any.
    ///   - compact: The compact column's controller, shown alone while collapsed, if any.
    ///   - modalPresentationStyle: How it is presented when a request does not say (R2.7).
    ///   - definesPresentationContext: Whether it is a presentation context (R3.4).
    ///   - delegate: the delegate, in place from the start (asked
    ///     `topColumnForCollapsingToProposedTopColumn` when the split collapses, R5.7);
    ///     ``setDelegate(_:)`` still sets or replaces it at any time.
    public init(
        context: ControllerContext,
        primaryColumn primary: any ViewController,
        secondaryColumn secondary: (any ViewController)?,
        compactColumn compact: (any ViewController)? = nil,
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false,
        delegate: (any SplitViewControllerDelegate)? = nil
    ) {
        self.context = context
        self.delegateStorage = Locked(delegate)
        var children: [any ViewController] = [primary]
        var columns: [SplitColumn] = [.primary]
        if let secondary {
            children.append(secondary)
            columns.append(.secondary)
        }
        if let compact {
            children.append(compact)
            columns.append(.compact)
        }
        self.initialChildren = children
        self.initialColumns = columns
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        context.claimChildren(initialChildren, forBuiltIn: self)
    }

    // Its claims name it unretained (see `Claimant`): its initial children forget it here,
    // before its memory can go.
    deinit { ControllerContext.releaseClaims(on: initialChildren, by: self) }

    /// Whether the split is column-style (R5.7) rather than classic.
    public nonisolated var isColumnStyle: Bool { initialColumns != nil }

    /// Sets (or, with `nil`, removes) the delegate; it replaces one given to the initializer.
    public func setDelegate(_ delegate: (any SplitViewControllerDelegate)?) {
        delegateStorage.withLock { $0 = delegate }
    }

    /// The columns. Classic: the primary, then the secondary while expanded (collapsed: the
    /// primary only). Column-style: the columns' controllers in column order (primary,
    /// secondary, compact), collapsed or not.
    public var viewControllers: [any ViewController] {
        context.didAdoptInitialChildren ? context.children : initialChildren
    }

    /// Whether the split is collapsed: classic, only the primary column is on screen;
    /// column-style, only ``topColumn``.
    public var isCollapsed: Bool { context.isCollapsed }

    /// The controller of a column of a column-style split (UIKit's `viewController(for:)`);
    /// `nil` for an empty column and for a classic split.
    public func viewController(for column: SplitColumn) -> (any ViewController)? {
        let columns = context.didAdoptInitialChildren ? context.splitColumns : initialColumns
        guard let index = columns?.firstIndex(of: column) else { return nil }
        let children = viewControllers
        return children.indices.contains(index) ? children[index] : nil
    }

    /// The column on screen while a column-style split is collapsed (R5.7); `nil` when
    /// expanded or classic.
    public var topColumn: SplitColumn? {
        guard context.isCollapsed, let columns = context.splitColumns, columns.indices.contains(context.selectedIndex)
        else { return nil }
        return columns[context.selectedIndex]
    }

    func topColumnForCollapsing(proposed: SplitColumn) async -> SplitColumn {
        let delegate = self.delegate
        return await delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: proposed) ?? proposed
    }

    func claimsShowDetail(_ controller: any ViewController) async -> Bool {
        let delegate = self.delegate
        return await delegate?.splitViewController(self, showDetail: controller) ?? false
    }

    func discardsSecondary(_ secondary: any ViewController, onto primary: any ViewController) async -> Bool {
        let delegate = self.delegate
        return await delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) ?? false
    }
}
