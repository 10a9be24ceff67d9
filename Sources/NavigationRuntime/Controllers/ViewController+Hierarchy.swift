// The hierarchy as a controller sees it, under UIKit's current names: `parent`, `children`, and
// the nearest container of each built-in kind (`navigationController` lives with the requests in
// ViewController+Navigation.swift).

extension ViewController {
    /// The container this controller is a child of (UIKit's `parent`), while it is in its
    /// window's tree; `nil` for the root and for a presented controller (presentation is not
    /// containment: see ``presentingViewController``).
    ///
    /// Read on the window's executor, like every isolated property of a controller.
    public var parent: (any ViewController)? { context.parent }

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
    private func nearestAncestor<Container: ViewController>(_: Container.Type) -> Container? {
        var current = context.parent
        while let candidate = current {
            if let found = candidate as? Container { return found }
            current = candidate.context.parent
        }
        return nil
    }
}
