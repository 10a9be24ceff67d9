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
/// **Classic** (``init(context:primary:secondary:modalPresentationStyle:definesPresentationContext:)``).
/// Expanded (regular width) both columns are on screen and `showDetailViewController` replaces
/// the secondary (R5.8). Collapsed (compact width) only the primary is: collapsing puts the
/// secondary onto a navigation primary's stack (R5.6) and `showDetailViewController` pushes
/// onto it (R2.6). The window's traits decide; ``Window/setTraits(_:animated:)`` changes them
/// as a transition.
///
/// **Column-style** (``init(context:primaryColumn:secondaryColumn:compactColumn:modalPresentationStyle:definesPresentationContext:)``,
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
/// style). A split that enters a compact window collapses with the proposal, without asking the
/// delegate, as a classic split collapses without its delegate (R5.6).
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
        self.initialColumns = nil
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        context.claim(initialChildren)
    }

    /// Creates a column-style split view controller (R5.7): a primary column, optionally a
    /// secondary one, and optionally a controller for the compact column, shown instead of
    /// the others while the split is collapsed.
    public init(
        context: ControllerContext,
        primaryColumn primary: any ViewController,
        secondaryColumn secondary: (any ViewController)?,
        compactColumn compact: (any ViewController)? = nil,
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false
    ) {
        self.context = context
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
        context.claim(initialChildren)
    }

    /// Whether the split is column-style (R5.7) rather than classic.
    public nonisolated var isColumnStyle: Bool { initialColumns != nil }

    /// Sets the delegate.
    public func setDelegate(_ delegate: (any SplitViewControllerDelegate)?) {
        self.delegate = delegate
        context.hasDelegate = delegate != nil
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
        await delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: proposed) ?? proposed
    }

    func claimsShowDetail(_ controller: any ViewController) async -> Bool {
        await delegate?.splitViewController(self, showDetail: controller) ?? false
    }

    func discardsSecondary(_ secondary: any ViewController, onto primary: any ViewController) async -> Bool {
        await delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) ?? false
    }
}
