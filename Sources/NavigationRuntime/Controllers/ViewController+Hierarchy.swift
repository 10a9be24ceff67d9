// The hierarchy as a controller sees it, under UIKit's current names: `parent`, `children`, and
// the nearest container of each built-in kind (`navigationController` lives with the requests in
// ViewController+Navigation.swift).

extension ViewController {
    /// The container this controller is a child of (UIKit's `parent`); `nil` for the root and
    /// for a presented controller (presentation is not containment: see
    /// ``presentingViewController``).
    ///
    /// Set from the container's initializer on, as UIKit's initializers set it: right after
    /// `NavigationController(context:rootViewController:)` (or a tab bar's, a split's, a custom
    /// container's that calls ``ControllerContext/claim(_:for:)``), the child's `parent`,
    /// ``navigationController``, ``tabBarController`` and ``splitViewController`` name the
    /// container, so an app can configure a controller between init and presentation (issue
    /// 17, item 4). What differs from UIKit: the containment callbacks of those initial
    /// children (`willMove`/`didMove(toParent:)`, R6.11) come when the container enters a
    /// window, not from its initializer (an initializer cannot run async hooks). Once a
    /// container that was in the tree leaves it (dismissed, replaced), its children's
    /// `parent` is `nil`: only the tree and init-time claims hold parent links.
    ///
    /// Read on the window's executor, like every isolated property of a controller.
    public var parent: (any ViewController)? { context.containingParent }

    /// The children, in order (UIKit's `children`): a navigation stack bottom to top, the tabs
    /// in tab order (a tab bar with a More tab has its More navigation controller last), a
    /// split's columns, or a custom container's embedded children.
    ///
    /// Before the controller first enters the window's tree, its ``initialChildren``.
    public var children: [any ViewController] {
        context.didAdoptInitialChildren ? context.children : initialChildren
    }

    /// The nearest ancestor that is a tab bar controller (UIKit's `tabBarController`), or `nil`.
    ///
    /// Walks the parent chain only, as ``navigationController`` does: a controller presented
    /// from inside a tab bar controller has none unless it is itself inside one. UIKit's
    /// documentation of `navigationController` (developer.apple.com/documentation/uikit/
    /// uiviewcontroller/navigationcontroller: "The nearest ancestor in the view controller
    /// hierarchy that is a navigation controller … `nil` if the view controller is not embedded
    /// inside a navigation controller") lists `tabBarController` and `splitViewController` as
    /// its siblings with the same wording; apps that want the presenter's write
    /// `presentingViewController?.tabBarController` (DEC, §4 of DESIGN: containment and
    /// presentation are two relations). A tab shown through the More tab reports its tab bar
    /// controller (it stays the tab bar's child, see ``TabBarController``).
    public var tabBarController: TabBarController? { nearestAncestor(TabBarController.self) }

    /// The nearest ancestor that is a split view controller (UIKit's `splitViewController`), or
    /// `nil`. Walks the parent chain only, like ``tabBarController``: while a classic split is
    /// collapsed, its secondary is on the primary navigation controller's stack and reports the
    /// split through it.
    public var splitViewController: SplitViewController? { nearestAncestor(SplitViewController.self) }

    /// The first ancestor (parent, its parent, …) of the given type.
    func nearestAncestor<Container: ViewController>(_: Container.Type) -> Container? {
        var current = context.containingParent
        while let candidate = current {
            if let found = candidate as? Container { return found }
            // A container of another window (refused when it would enter one) is not read
            // from this executor (see `ControllerContext.pendingParent`).
            guard candidate.context.window === context.window else { return nil }
            current = candidate.context.containingParent
        }
        return nil
    }
}
