/// A tree rebuilt from a snapshot, not yet in any window's hierarchy.
struct RestoredTree: Sendable {
    /// One presentation to re-apply, presenters before what they present.
    struct Presentation: Sendable {
        let presenter: any ViewController
        let presented: any ViewController
        let style: PresentationStyle
    }

    let root: any ViewController
    var presentations: [Presentation] = []
    var selections: [(TabBarController, Int)] = []
    /// Collapsed column-style splits and the child each shows (R5.7).
    var collapsedColumns: [(SplitViewController, Int)] = []
}

/// What building a restored tree gave.
enum RestorationBuild: Sendable {
    case built(RestoredTree)
    case failed([RestorationProblem])
}

extension Window {
    /// Builds the controllers of a validated snapshot tree (see ``RestorationValidator``),
    /// off-window: nothing is attached and nothing is called but the scenes' factories.
    ///
    /// Content controllers come from their scene's factory, which must make a content
    /// controller without embedded children. Containers are rebuilt by kind with the
    /// rebuilt children as their initial children; a container with a scene gets a context
    /// with that scene (its segue table and class name), after its factory was called once to
    /// check that it makes that kind of container (that instance is then dropped).
    func buildRestoration(_ root: ControllerSnapshot, catalog: SceneCatalog) -> RestorationBuild {
        var problems: [RestorationProblem] = []
        var presentations: [RestoredTree.Presentation] = []
        var selections: [(TabBarController, Int)] = []
        var collapsedColumns: [(SplitViewController, Int)] = []

        let collapsed = traits.horizontalSizeClass == .compact

        // `holdsSecondary`: the navigation primary of a collapsed split, whose stack's top is
        // the split's secondary; it is returned through `secondary`, and installing the split
        // in this compact window collapses it back onto the primary (R5.6).
        func make(
            _ node: ControllerSnapshot,
            path: String,
            holdsSecondary: Bool = false,
            secondary: inout (any ViewController)?
        ) -> (any ViewController)? {
            func fail(_ reason: RestorationProblem.Reason) -> (any ViewController)? {
                problems.append(RestorationProblem(path: path, controller: node.id, reason: reason))
                return nil
            }
            let scene = node.scene.flatMap { catalog.scenes[$0] }
            if node.kind == .content {
                guard let scene else { return fail(.missingScene) }
                let controller = scene.make(makeContext(scene: scene, catalog: catalog))
                guard controller.kind == .content else { return fail(.kindMismatch(snapshot: .content, scene: controller.kind)) }
                guard controller.initialChildren.isEmpty else { return fail(.embeddedChildren(controller.initialChildren.count)) }
                return controller
            }
            var probe: (any ViewController)?
            if let scene {
                let made = scene.make(makeContext(scene: scene, catalog: catalog))
                if made.kind != node.kind { return fail(.kindMismatch(snapshot: node.kind, scene: made.kind)) }
                probe = made
            }
            let splitsCollapsed = node.kind == .split && collapsed && node.columns == nil
            var children: [any ViewController] = []
            var held: (any ViewController)?
            // A tab bar makes its own More navigation controller (R5.2): not rebuilt.
            let childNodes =
                node.kind == .tabBar && RestorationValidator.moreNavigation(of: node) != nil
                ? node.children.dropLast() : node.children[...]
            for (index, child) in childNodes.enumerated() {
                let childPath = path + ".children[\(index)]"
                if let controller = build(child, path: childPath, holdsSecondary: splitsCollapsed, secondary: &held) {
                    children.append(controller)
                }
            }
            guard children.count == childNodes.count else { return nil }
            let context = makeContext(scene: scene, catalog: scene == nil ? nil : catalog)
            switch node.kind {
            case .navigation where holdsSecondary && children.count >= 2:
                // The top of a collapsed split's navigation primary goes back to the secondary
                // column (the expansion's default, R5.6); the window collapses the split again.
                secondary = children.last
                return NavigationController(context: context, viewControllers: Array(children.dropLast()))
            case .navigation:
                return NavigationController(context: context, viewControllers: children)
            case .tabBar:
                let tabBar = TabBarController(context: context, viewControllers: children)
                selections.append((tabBar, node.selectedIndex ?? 0))
                return tabBar
            case .split where node.columns != nil:
                // Column-style (R5.7): the columns as they were; the validator checked them.
                let columns = node.columns ?? []
                func child(_ column: SplitColumn) -> (any ViewController)? {
                    columns.firstIndex(of: column).flatMap { children.indices.contains($0) ? children[$0] : nil }
                }
                guard let primary = child(.primary) else { return fail(.splitColumns(columns, collapsed: collapsed)) }
                let split = SplitViewController(
                    context: context, primaryColumn: primary, secondaryColumn: child(.secondary), compactColumn: child(.compact)
                )
                if collapsed { collapsedColumns.append((split, node.selectedIndex ?? 0)) }
                return split
            case .split:
                let columns = collapsed ? children + (held.map { [$0] } ?? []) : children
                guard columns.count == 1 || columns.count == 2 else {
                    return fail(.splitChildren(children.count, collapsed: collapsed))
                }
                return columns.count > 1
                    ? SplitViewController(context: context, primary: columns[0], secondary: columns[1])
                    : SplitViewController(context: context, primary: columns[0])
            case .page:
                // The shown pages (R5.13); the style is the scene's when there is one, else a
                // scroll for one page and a page curl with its spine in the middle for two.
                // The scene's controller also lends its data source and delegate: what its factory
                // set, as UIKit's decoded page view controller keeps what `viewDidLoad` sets.
                if let style = probe as? PageViewController {
                    return PageViewController(
                        context: context, transitionStyle: style.transitionStyle,
                        navigationOrientation: style.navigationOrientation, spineLocation: style.spineLocation,
                        isDoubleSided: style.isDoubleSided, viewControllers: children,
                        dataSource: style.dataSource, delegate: style.delegate
                    )
                }
                return children.count == 2
                    ? PageViewController(context: context, transitionStyle: .pageCurl, spineLocation: .mid, viewControllers: children)
                    : PageViewController(context: context, viewControllers: children)
            default:
                // A content controller (or a kind this runtime does not build from a snapshot).
                return nil
            }
        }

        func build(
            _ node: ControllerSnapshot,
            path: String,
            holdsSecondary: Bool = false,
            secondary: inout (any ViewController)?
        ) -> (any ViewController)? {
            guard let controller = make(node, path: path, holdsSecondary: holdsSecondary, secondary: &secondary) else {
                return nil
            }
            if let presentedNode = node.presented {
                let slot = presentations.count
                var unused: (any ViewController)?
                guard let presented = build(presentedNode, path: path + ".presented", secondary: &unused) else { return nil }
                let style = presentedNode.presentationStyle ?? .fullScreen
                presentations.insert(.init(presenter: controller, presented: presented, style: style), at: slot)
            }
            return controller
        }

        var unused: (any ViewController)?
        guard let controller = build(root, path: "root", secondary: &unused), problems.isEmpty else {
            return .failed(problems)
        }
        var tree = RestoredTree(root: controller)
        tree.presentations = presentations
        tree.selections = selections
        tree.collapsedColumns = collapsedColumns
        return .built(tree)
    }

    /// Installs a rebuilt tree as the root, with its selected tabs and its presentations, as
    /// ONE transition on the queue: the presentations are linked into the subtree first
    /// (through ``WindowTree``, which alone writes the tree's fields), so that
    /// the change is one root change whose subtree holds them (one commit, journaled as
    /// `setRoot` with the whole subtree entering). Either all of it is in the window
    /// afterwards, or none of it.
    ///
    /// - Throws: ``NavigationError`` `.windowClosed`, or `CancellationError`.
    func installRestored(_ tree: RestoredTree) async throws -> TransitionOutcome {
        try await submit(
            .resolved(name: "restore") { window in
                for (tabBar, index) in tree.selections { try window.tree.preselect(index, of: tabBar) }
                for (split, index) in tree.collapsedColumns {
                    // Collapsed already, so entering the compact window keeps this column on top.
                    try window.tree.precollapse(split, showing: index)
                }
                for presentation in tree.presentations {
                    try window.tree.link(presentation.presented, presentedBy: presentation.presenter, style: presentation.style)
                }
                return .setRoot(tree.root)
            },
            animated: false,
            policy: .enqueue
        )
    }
}
