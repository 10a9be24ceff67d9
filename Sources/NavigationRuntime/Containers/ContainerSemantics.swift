// The rules of a container kind, in one place per kind: which children are on screen, which one
// a path through the visible hierarchy follows, the unwind search order, whether the container
// handles show / showDetail itself, and how restoration rebuilds it. The visible set,
// presentation's window check, deep links, restoration, the unwind resolver and show routing
// ask these rules instead of switching on the kind. (The reference model in NavigationRuntimeTesting keeps its
// own copy on purpose: it is the independent oracle the checker compares against.)

/// The few facts about a container that decide which of its children are on screen. The same
/// fields exist in the live tree (``ControllerContext``), a deep link's overlay and a
/// ``ControllerSnapshot``, so one set of rules serves all three.
struct ContainerLayout {
    /// How many children the container has.
    var count: Int
    /// The selected child: a tab bar's tab, a collapsed column-style split's top column.
    var selectedIndex: Int
    /// Whether a split view controller is collapsed.
    var isCollapsed: Bool
    /// The column of each child of a column-style split (`nil` for any other controller).
    /// `Optional<T>`, not `T?`, which would be given an implicit `= nil` that the initializers
    /// then re-assign, copying the layout once more (see ``ControllerSnapshot``).
    var columns: Optional<[SplitColumn]>

    /// The layout of a controller of the live tree. Read on the window's executor.
    init(_ context: ControllerContext) {
        self.count = context.children.count
        self.selectedIndex = context.selectedIndex
        self.isCollapsed = context.isCollapsed
        self.columns = context.splitColumns
    }

    init(count: Int, selectedIndex: Int, isCollapsed: Bool, columns: [SplitColumn]?) {
        self.count = count
        self.selectedIndex = selectedIndex
        self.isCollapsed = isCollapsed
        self.columns = columns
    }
}

/// A container kind's rules (see the top of this file). Each built-in kind has one conformer in
/// its own folder under `Containers/`; ``ControllerKind/semantics`` names it.
protocol ContainerSemantics: SendableMetatype {
    /// Whether the child at `index` is on screen while the container is.
    static func shows(child index: Int, in layout: ContainerLayout) -> Bool
    /// The child that a path through the visible hierarchy follows down (a stack's top, the
    /// selected tab, an expanded split's secondary), or `nil` for a leaf: what a deep link
    /// and `drive`'s `top` descend through.
    static func followedChild(in layout: ContainerLayout) -> Int?
    /// The children's indices in unwind search order (R7.6).
    static func unwindOrder(in layout: ContainerLayout) -> [Int]
    /// Whether a container of this kind handles `action` itself (R2.2-R2.4), unless the
    /// controller answers ``ViewController/overrides(_:)`` otherwise.
    static func overrides(_ action: ShowAction) -> Bool
    /// The `selectedIndex` a snapshot records (``ControllerSnapshot/selectedIndex``): a tab bar's
    /// selected tab, a collapsed column-style split's top column, `nil` for every other
    /// container (the default).
    static func snapshotSelection(in layout: ContainerLayout) -> Int?
    /// Whether a show or show-detail passing `node` on its way up the chain can reach user code
    /// there (a delegate, an override): such a request runs in a runner (see `Runner`).
    static func routesShowThroughUserCode(_ node: any ViewController) -> Bool
    /// Appends to `set` what the container puts on screen while it is visible: by default each
    /// child it ``shows(child:in:)``, walked by `visit`. Read on the window's executor. Asked
    /// only of a controller that has children: what a container shows is among its children
    /// (or, for a tab bar's More tab, stands for some of them).
    static func collectShownChildren(
        of controller: any ViewController, layer: Int, into set: inout VisibleSet,
        visit: (any ViewController, Int, inout VisibleSet) -> Void
    )
    /// The children of `node` that restoration rebuilds (a tab bar's More navigation controller
    /// is made by the tab bar, R5.2), and whether they are a collapsed classic split's (its
    /// navigation primary then holds the secondary). By default: every child, `false`.
    static func restoredChildren(of node: ControllerSnapshot, isCompact: Bool) -> (
        nodes: ArraySlice<ControllerSnapshot>, holdSecondary: Bool
    )
    /// Makes a container of this kind from a validated snapshot and its rebuilt children
    /// (restoration, R8.10). A content controller comes from its scene's factory instead, so
    /// ``ContentSemantics`` refuses: only a kind the runtime does not know reaches it.
    static func rebuild(_ rebuild: inout ContainerRebuild) throws(RebuildRefusal) -> any ViewController
}

extension ContainerSemantics {
    static func snapshotSelection(in layout: ContainerLayout) -> Int? { nil }

    static func routesShowThroughUserCode(_ node: any ViewController) -> Bool { false }

    static func collectShownChildren(
        of controller: any ViewController, layer: Int, into set: inout VisibleSet,
        visit: (any ViewController, Int, inout VisibleSet) -> Void
    ) {
        let context = controller.context
        let layout = ContainerLayout(context)
        for (index, child) in context.children.enumerated() where shows(child: index, in: layout) {
            visit(child, layer, &set)
        }
    }
}

// MARK: - Restoration

/// A container being rebuilt from a validated snapshot (see `Window.buildRestoration`): what
/// its kind's ``ContainerSemantics/rebuild(_:)`` reads, and what it hands back besides the
/// controller.
struct ContainerRebuild {
    /// The container's snapshot.
    let node: ControllerSnapshot
    /// Its children, rebuilt (the ones ``ContainerSemantics/restoredChildren(of:isCompact:)``
    /// named), in order.
    let children: [any ViewController]
    /// The context the container is made with (its scene's, when it has one).
    let context: ControllerContext
    /// What the container's scene made, when it has a scene: its settings (a page view
    /// controller's style, data source and delegate) are the rebuilt container's.
    let probe: (any ViewController)?
    /// The window is compact (a classic split view controller collapses in it, R5.6).
    let isCompact: Bool
    /// This is the navigation primary of a collapsed classic split: the top of its stack is
    /// the split's secondary (handed back in ``secondary``).
    let holdsSecondary: Bool
    /// The secondary a collapsed classic split's navigation primary handed back.
    let held: (any ViewController)?
    /// Out: the secondary this navigation primary hands back to its split.
    var secondary: (any ViewController)?
    /// Out: what the window sets on the rebuilt subtree before it enters (a tab's selection, a
    /// collapsed column-style split's top column).
    var preparations: [RestoredTree.Preparation] = []
}

extension ContainerSemantics {
    static func restoredChildren(of node: ControllerSnapshot, isCompact: Bool) -> (
        nodes: ArraySlice<ControllerSnapshot>, holdSecondary: Bool
    ) {
        (node.children[...], false)
    }
}

/// Why a container cannot be rebuilt from its snapshot (see ``ContainerSemantics/rebuild(_:)``):
/// the problem restoration reports at the container's path.
struct RebuildRefusal: Error {
    let reason: RestorationProblem.Reason
    init(_ reason: RestorationProblem.Reason) { self.reason = reason }
}
