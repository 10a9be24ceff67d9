/// A tree rebuilt from a snapshot, not yet in any window's hierarchy.
struct RestoredTree: Sendable {
    /// One presentation to re-apply, presenters before what they present.
    struct Presentation: Sendable {
        let presenter: any ViewController
        let presented: any ViewController
        let style: PresentationStyle
    }

    /// What the window sets on a rebuilt container before the tree enters (its kind's
    /// ``ContainerSemantics/rebuild(_:)`` asks for it).
    enum Preparation: Sendable {
        /// A tab bar's selected tab.
        case select(TabBarController, Int)
        /// A collapsed column-style split and the child it shows (R5.7).
        case collapse(SplitViewController, showing: Int)
    }

    let root: any ViewController
    var presentations: [Presentation] = []
    var preparations: [Preparation] = []
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
    /// Content controllers come from their scene's factory. One that embeds children (a
    /// storyboard's container views, a custom container's `initialChildren`) is restored when
    /// the factory makes the embedded subtree the snapshot has, as it made it the first time:
    /// the same scenes and kinds (content controllers, navigation stacks and page view
    /// controllers' pages only), nothing presented from inside it
    /// (``embeddedSubtree(_:matches:)``). Otherwise it is refused with
    /// ``RestorationProblem/Reason/embeddedChildren(_:)``: the factory's children are the
    /// controller's own, so a subtree that changed since cannot be rebuilt. Containers are
    /// rebuilt by their kind's rules
    /// (``ContainerSemantics/rebuild(_:)``) with the rebuilt children as their initial children; a container with a scene gets a context
    /// with that scene (its segue table and class name), after its factory was called once to
    /// check that it makes that kind of container (that instance is then dropped), unless the
    /// catalog knows the kind without it (``Scene/madeKind``: a storyboard's navigation, tab
    /// bar and split view controller scenes, whose factory would make the whole subtree again).
    func buildRestoration(_ root: ControllerSnapshot, catalog: SceneCatalog) -> RestorationBuild {
        var problems: [RestorationProblem] = []
        var presentations: [RestoredTree.Presentation] = []
        var preparations: [RestoredTree.Preparation] = []

        let isCompact = traits.horizontalSizeClass == .compact

        // `holdsSecondary`: the navigation primary of a collapsed split, whose stack's top is
        // the split's secondary; it is returned through `secondary`, and installing the split
        // in this compact window collapses it back onto the primary (R5.6).
        var places = RestorationPlaces()
        func make(
            _ node: ControllerSnapshot,
            at place: Int,
            holdsSecondary: Bool = false,
            secondary: inout (any ViewController)?
        ) -> (any ViewController)? {
            func fail(_ reason: RestorationProblem.Reason) -> (any ViewController)? {
                problems.append(RestorationProblem(path: places.path(place), controller: node.id, reason: reason))
                return nil
            }
            let scene = node.scene.flatMap { catalog.scenes[$0] }
            if node.kind == .content {
                guard let scene else { return fail(.missingScene) }
                let controller = scene.make(makeContext(scene: scene, catalog: catalog))
                guard controller.kind == .content else { return fail(.kindMismatch(snapshot: .content, scene: controller.kind)) }
                guard embeddedSubtree(controller.initialChildren, matches: node.children) else {
                    return fail(.embeddedChildren(controller.initialChildren.count))
                }
                return controller
            }
            var probe: (any ViewController)?
            if let scene, let kind = scene.madeKind {
                // Known without making the controller (the scene's whole subtree) to look.
                if kind != node.kind { return fail(.kindMismatch(snapshot: node.kind, scene: kind)) }
            } else if let scene {
                let made = scene.make(makeContext(scene: scene, catalog: catalog))
                if made.kind != node.kind { return fail(.kindMismatch(snapshot: node.kind, scene: made.kind)) }
                probe = made
            }
            let semantics = node.kind.semantics
            let (childNodes, childrenHoldSecondary) = semantics.restoredChildren(of: node, isCompact: isCompact)
            var children: [any ViewController] = []
            var held: (any ViewController)?
            for (index, child) in childNodes.enumerated() {
                let childPlace = places.child(index, of: place)
                if let controller = build(child, at: childPlace, holdsSecondary: childrenHoldSecondary, secondary: &held) {
                    children.append(controller)
                }
            }
            guard children.count == childNodes.count else { return nil }
            var rebuild = ContainerRebuild(
                node: node, children: children,
                context: makeContext(scene: scene, catalog: scene == nil ? nil : catalog),
                probe: probe, isCompact: isCompact, holdsSecondary: holdsSecondary, held: held
            )
            do {
                let controller = try semantics.rebuild(&rebuild)
                secondary = rebuild.secondary
                preparations += rebuild.preparations
                return controller
            } catch {
                return fail(error.reason)
            }
        }

        func build(
            _ node: ControllerSnapshot,
            at place: Int,
            holdsSecondary: Bool = false,
            secondary: inout (any ViewController)?
        ) -> (any ViewController)? {
            guard let controller = make(node, at: place, holdsSecondary: holdsSecondary, secondary: &secondary) else {
                return nil
            }
            if let presentedNode = node.presented {
                let slot = presentations.count
                var unused: (any ViewController)?
                guard let presented = build(presentedNode, at: places.presented(of: place), secondary: &unused) else { return nil }
                let style = presentedNode.presentationStyle ?? .fullScreen
                presentations.insert(.init(presenter: controller, presented: presented, style: style), at: slot)
            }
            return controller
        }

        var unused: (any ViewController)?
        guard let controller = build(root, at: RestorationPlaces.root, secondary: &unused), problems.isEmpty else {
            return .failed(problems)
        }
        var tree = RestoredTree(root: controller)
        tree.presentations = presentations
        tree.preparations = preparations
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
                for preparation in tree.preparations {
                    switch preparation {
                    case .select(let tabBar, let index):
                        try window.tree.preselect(index, of: tabBar)
                    case .collapse(let split, let index):
                        // Collapsed already, so entering the compact window keeps this column on top.
                        try window.tree.precollapse(split, showing: index)
                    }
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

extension Window {
    /// Whether controllers a factory just made (and their initial children, recursively) are
    /// the embedded subtree a snapshot records: the same number, and for each the same scene,
    /// the same kind (content, navigation or page: the kinds whose state is their children
    /// alone; a tab bar's selection and a split's columns are not compared, so those are
    /// refused), nothing presented, and the same children (a stack, the pages shown).
    /// Appearance and ids are not compared: the restored window gives its own.
    func embeddedSubtree(_ made: [any ViewController], matches nodes: [ControllerSnapshot]) -> Bool {
        guard made.count == nodes.count else { return false }
        for (controller, node) in zip(made, nodes) {
            let context = controller.context
            guard node.presented == nil, node.presentationStyle == nil, node.columns == nil, node.selectedIndex == nil,
                node.kind == .content || node.kind == .navigation || node.kind == .page, controller.kind == node.kind,
                context.presented == nil, context.scene?.identifier == node.scene
            else { return false }
            let children = context.didAdoptInitialChildren ? context.children : controller.initialChildren
            guard embeddedSubtree(children, matches: node.children) else { return false }
        }
        return true
    }
}
