import Synchronization

extension Window {
    /// Runs one request whose turn it is: validates it against the tree as it is now, resolves
    /// it to a change, and runs the change as a transition.
    func execute(
        _ request: TransitionRequest,
        id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        try checkpoint(cancellable: cancellable)
        let change: Change
        switch request {
        case .setRoot(let controller):
            if controller === root { return .noChange }
            if let controller {
                try checkOwned(controller)
                try checkInsertable(controller, into: nil, code: .controllerInUse)
            }
            change = .setRoot(controller)

        case .push(let controller, let navigation):
            try checkAttached(navigation)
            try checkPushable(controller, onto: navigation)
            change = .push(navigation, controller)

        case .pop(let navigation, let receipt):
            try checkAttached(navigation)
            if let back = moreListSelection(popping: navigation, receipt: receipt) {
                change = back
                break
            }
            let stack = navigation.context.children
            guard stack.count > 1 else { return .noChange }
            receipt.popped = Array(stack[(stack.count - 1)...])
            change = .pop(navigation, keeping: stack.count - 1)

        case .popTo(let controller, let navigation, let receipt):
            try checkAttached(navigation)
            let stack = navigation.context.children
            guard let index = stack.firstIndex(where: { $0 === controller }) else {
                throw NavigationError(
                    .notInStack,
                    "Tried to pop to a view controller that doesn't exist.",
                    window: self.id, controllers: [controller.id, navigation.id]
                )
            }
            guard index < stack.count - 1 else { return .noChange }
            receipt.popped = Array(stack[(index + 1)...])
            change = .pop(navigation, keeping: index + 1)

        case .interactivePop(let navigation, let gesture):
            try checkAttached(navigation)
            let stack = navigation.context.children
            guard stack.count > 1 else { return .noChange }
            interaction = gesture
            defer { interaction = nil }
            return try await runChange(.pop(navigation, keeping: stack.count - 1), request: id, animated: true, cancellable: cancellable)

        case .popToRoot(let navigation, let receipt):
            try checkAttached(navigation)
            if let back = moreListSelection(popping: navigation, receipt: receipt) {
                change = back
                break
            }
            let stack = navigation.context.children
            guard stack.count > 1 else { return .noChange }
            receipt.popped = Array(stack[1...])
            change = .pop(navigation, keeping: 1)

        case .setViewControllers(let controllers, let navigation):
            try checkAttached(navigation)
            guard !controllers.isEmpty else {
                throw NavigationError(
                    .invalidRequest, "setViewControllers needs at least one controller.",
                    window: self.id, controllers: [navigation.id]
                )
            }
            try checkStack(controllers, for: navigation)
            let old = navigation.context.children
            if old.count == controllers.count && zip(old, controllers).allSatisfy({ $0 === $1 }) { return .noChange }
            change = .setStack(navigation, controllers)

        case .present(let controller, let source, let style):
            change = try presentation(of: controller, from: source, style: style)

        case .dismiss(let source):
            try checkOwned(source)
            // R3.12: a controller neither presenting nor presented (even one outside the
            // window) has nothing to dismiss.
            guard source.context.isAttached, let presenter = dismissingPresenter(for: source) else { return .noChange }
            change = .dismiss(presenter: presenter)

        case .show(let controller, let source, let sender, let detail):
            try checkAttached(source)
            guard let show = try await showChange(of: controller, from: source, detail: detail, sender: sender) else {
                return .noChange
            }
            change = show

        case .segue(let source, let identifier, let sender, let triggered):
            return try await runSegue(
                from: source, identifier: identifier, sender: sender, triggered: triggered,
                id: id, animated: animated, cancellable: cancellable
            )

        case .performSegue(let segue):
            try checkAttached(segue.source)
            return try await perform(segue, id: id, animated: animated, cancellable: cancellable)

        case .addChild(let child, let parent):
            try checkAttached(parent)
            guard parent.kind == .content else {
                throw NavigationError(
                    .invalidRequest,
                    "addChild is for custom containers; \(describe(parent)) manages its children itself.",
                    window: self.id, controllers: [parent.id, child.id]
                )
            }
            if child.context.parent === parent { return .noChange }
            try checkInsertable(child, into: parent, code: .controllerInUse)
            change = .addChild(child, to: parent)

        case .removeFromParent(let child):
            try checkOwned(child)
            guard let parent = child.context.parent, parent.kind == .content else { return .noChange }
            change = .removeFromParent(child)

        case .setTraits(let traits):
            guard let traitsChange = await traitsChange(to: traits) else { return .noChange }
            change = traitsChange

        case .selectTab(let tabBar, let index, let userTap):
            return try await selectTab(tabBar, index: index, userTap: userTap, id: id, animated: animated, cancellable: cancellable)

        case .unwind(let source, let action, let identifier, let sender):
            try checkAttached(source)
            return try await unwind(
                from: source, action: action, identifier: identifier, sender: sender,
                id: id, animated: animated, cancellable: cancellable
            )

        case .resolved(_, let resolve):
            guard let resolved = try await resolve(self) else { return .noChange }
            change = resolved
        }
        return try await runChange(change, request: id, animated: animated, cancellable: cancellable)
    }

    // MARK: - Segues (R1.1–R1.10)

    private func runSegue(
        from source: any ViewController,
        identifier: String?,
        sender: (any Sendable)?,
        triggered: Bool,
        id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        try checkAttached(source)
        guard let identifier, let definition = source.context.scene?.segue(named: identifier) else {
            throw NavigationError(
                .unknownSegueIdentifier,
                "Receiver (\(describe(source))) has no segue with identifier '\(identifier ?? "(null)")'",
                window: self.id, controllers: [source.id], identifier: identifier
            )
        }
        // (a) shouldPerform: storyboard triggers only (R1.1, R1.2). The hooks see the segue's
        // storyboard identifier, never the key it was looked up by (an element or trigger id):
        // UIKit asks with `segue.identifier` (R1.1, R1.5, R7.11). A segue with no identifier is
        // asked with "" (UIKit passes nil, which a Swift override receives as an empty String)
        // and its ``Segue/identifier`` is nil.
        if triggered, source.receivesCallbacks {
            guard await source.shouldPerformSegue(withIdentifier: definition.identifier ?? "", sender: sender) else {
                return .vetoed
            }
            try checkpoint(cancellable: cancellable)
        }
        if case .unwind(let action) = definition.kind {
            return try await unwind(
                from: source, action: action, identifier: definition.identifier, sender: sender,
                performer: definition.unwindPerformer,
                id: id, animated: animated && definition.animates, cancellable: cancellable
            )
        }
        // (b) the destination, (c) the segue.
        guard let destination = source.context.catalog?.instantiate(definition.destination, in: self) else {
            throw NavigationError(
                .invalidStoryboard,
                "Segue '\(identifier)' of \(describe(source)) leads to scene '\(definition.destination)', \(source.context.catalog?.failure(instantiating: definition.destination) ?? "which does not exist").",
                window: self.id, controllers: [source.id], identifier: identifier
            )
        }
        // Refused before any hook sees it (DESIGN §3.1).
        try checkExecutor(destination)
        let segue = Segue(identifier: definition.identifier, source: source, destination: destination, kind: definition.kind)
        // (d) prepare, before the destination loads (R1.4).
        try await prepare(segue, sender: sender, cancellable: cancellable)
        // (e) perform.
        return try await perform(segue, id: id, animated: animated && definition.animates, cancellable: cancellable)
    }

    /// Calls the source's `prepare(for:sender:)`; a throw becomes ``NavigationError/Code/hookFailed``
    /// (nothing has changed yet, so nothing is rolled back).
    func prepare(_ segue: Segue, sender: (any Sendable)?, cancellable: Bool) async throws {
        let source = segue.source
        guard source.receivesCallbacks else { return }
        do {
            try await source.prepare(for: segue, sender: sender)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw NavigationError(
                .hookFailed,
                "prepare(for:sender:) of \(describe(source)) threw: \(error)",
                window: self.id, controllers: [source.id, segue.destination.id], identifier: segue.identifier
            )
        }
        try checkpoint(cancellable: cancellable)
    }

    /// Performs a segue's kind as this transition's change.
    private func perform(_ segue: Segue, id: RequestID, animated: Bool, cancellable: Bool) async throws
        -> TransitionOutcome
    {
        var segue = segue
        segue.isAnimated = animated
        let source = segue.source
        let destination = segue.destination
        let change: Change
        switch segue.kind {
        case .show, .showDetail, .replace:
            let detail: Bool
            if case .show = segue.kind { detail = false } else { detail = true }
            guard let show = try await showChange(of: destination, from: source, detail: detail) else { return .noChange }
            change = show
        case .presentModally(let style):
            change = try presentation(of: destination, from: source, style: style)
        case .presentAsPopover:
            change = try presentation(of: destination, from: source, style: .popover)
        case .push:
            change = try legacyPush(of: destination, from: source)
        case .unwind(let action):
            return try await unwind(
                from: source, action: action, identifier: segue.identifier, sender: nil,
                id: id, animated: animated, cancellable: cancellable
            )
        case .custom(let performer):
            await inScope(of: id) { await loadViewIfNeeded(destination, animated: animated) }
            try checkpoint(cancellable: cancellable)
            let effect: SegueEffect
            do {
                // The performer is user code: mark the task (a storyboard segue from a source
                // without hooks was not marked for its turn). UIKit's `perform()` runs with the
                // destination's view loaded, so that it can animate it: `viewDidLoad` comes
                // after `prepare` (R1.4) and before the performer (R6.1).
                effect = try await inScope(of: id) { try await performer.perform(segue) }
            } catch let error as CancellationError {
                throw error
            } catch {
                throw NavigationError(
                    .hookFailed,
                    "The custom segue '\(segue.identifier ?? "(null)")' of \(describe(source)) threw: \(error)",
                    window: self.id, controllers: [source.id, destination.id], identifier: segue.identifier
                )
            }
            try checkpoint(cancellable: cancellable)
            switch effect {
            case .none: return .noChange
            case .show, .showDetail:
                guard let show = try await showChange(of: destination, from: source, detail: effect == .showDetail) else {
                    return .noChange
                }
                change = show
            case .present(let style): change = try presentation(of: destination, from: source, style: style)
            case .push: change = try legacyPush(of: destination, from: source)
            case .replaceRoot:
                try checkInsertable(destination, into: nil, code: .controllerInUse)
                change = .setRoot(destination)
            case .unwind:
                throw NavigationError(
                    .invalidRequest,
                    "The custom segue '\(segue.identifier ?? "(null)")' of \(describe(source)) answered .unwind, which only an unwind segue's performer may answer.",
                    window: self.id, controllers: [source.id, destination.id], identifier: segue.identifier
                )
            }
        }
        return try await runChange(change, request: id, animated: animated, cancellable: cancellable)
    }

    /// Delivers `viewDidLoad` to a controller whose view is not loaded yet (R6.1: the first
    /// time something needs the view). A transition that then fails or is cancelled leaves it
    /// loaded, as a UIKit view stays loaded.
    func loadViewIfNeeded(_ controller: any ViewController, animated: Bool) async {
        let context = controller.context
        guard !context.isViewLoaded else { return }
        context.isViewLoaded = true
        if note(.viewDidLoad, to: controller) {
            await callHook(.viewDidLoad, on: controller, parent: nil, animated: animated)
        }
    }

    /// A legacy push segue needs a navigation controller around the source (R2.12).
    private func legacyPush(of destination: any ViewController, from source: any ViewController) throws -> Change {
        guard let navigation = enclosingNavigationController(of: source) else {
            throw NavigationError(
                .pushRequiresNavigationController,
                "Push segues can only be used when the source controller is managed by an instance of UINavigationController.",
                window: id, controllers: [source.id, destination.id]
            )
        }
        try checkPushable(destination, onto: navigation)
        return .push(navigation, destination)
    }

    // MARK: - show / showDetail (R2.1–R2.4)

    /// The change `show` or `showDetail` makes: to the target found along the next-responder
    /// chain (R2.2), else a modal presentation from the source (R2.1, R2.4). A built-in
    /// container acts as UIKit's does (R2.3–R2.6); a custom container that overrides the
    /// action says what to do (``ViewController/performShow(_:action:sender:)``), possibly by
    /// forwarding to another target.
    ///
    /// A navigation controller shown where the target is a navigation controller is
    /// **presented** modally from the source (with its own ``ViewController/modalPresentationStyle``),
    /// not pushed: UIKit's `UINavigationController.show(_:sender:)` does not raise R4.3's
    /// "Pushing a navigation controller is not supported" for it. Evidence: storyboards whose
    /// `show` segues lead from inside a stack to a navigation controller run on iOS, and are
    /// presented (SwiftyJSON PR #686: "The previous segue is pointed to the navigation
    /// controller. This causes the show segue to be presented instead on the current navigation
    /// controller"; passforios's `addPasswordSegue` and `editPasswordSegue`, in
    /// `../shared/fixtures/apps/mssun__passforios`). Apple does not document it (DEC, R2.3): the
    /// same rule applies to a split's `show` forwarded to its navigation primary. An explicit
    /// ``NavigationController/pushViewController(_:animated:policy:)`` of a navigation
    /// controller stays an error (R4.3), and so does a custom container answering
    /// ``ShowHandling/push(onto:)`` with one; a collapsed split's show-detail of a navigation
    /// controller nests it on the primary (R2.6, see `splitShowChange`).
    ///
    /// - Returns: the change, or `nil` when there is nothing to do (a split's delegate claimed
    ///   a show-detail, or the controller already is the secondary, R2.5).
    func showChange(
        of controller: any ViewController,
        from source: any ViewController,
        detail: Bool,
        sender: (any Sendable)? = nil
    ) async throws -> Change? {
        let action: ShowAction = detail ? .showDetail : .show
        var target = targetViewController(forAction: action, from: source)
        // The custom containers asked so far: a forward back to one of them is a cycle.
        var asked: [ObjectIdentifier] = []
        while true {
            switch target {
            case let navigation as NavigationController:
                // A navigation controller is presented, not pushed (see above; R4.3 otherwise).
                if controller.kind == .navigation { return try presentation(of: controller, from: source, style: nil) }
                try checkPushable(controller, onto: navigation)
                return .push(navigation, controller)
            case let split as SplitViewController:
                return try await splitShowChange(of: controller, in: split, detail: detail, from: source)
            case let container?:
                // A custom container that overrides the action (R2.2, R2.3).
                guard !asked.contains(ObjectIdentifier(container)) else {
                    throw NavigationError(
                        .invalidRequest,
                        "\(describe(container)) forwards \(action) back to itself through its show overrides.",
                        window: id, controllers: [container.id, controller.id]
                    )
                }
                asked.append(ObjectIdentifier(container))
                let handling = await container.performShow(controller, action: action, sender: sender)
                // User code ran: judge its answer against the tree as it is now.
                try checkAttached(container)
                switch handling {
                case .addChild:
                    try checkInsertable(controller, into: container, code: .controllerInUse)
                    return .addChild(controller, to: container, completesMove: true)
                case .replaceChild(let old):
                    guard old.context.parent === container, old !== controller else {
                        throw NavigationError(
                            .invalidRequest,
                            "\(describe(old)) is not a child of \(describe(container)) that \(describe(controller)) can replace.",
                            window: id, controllers: [container.id, old.id, controller.id]
                        )
                    }
                    try checkInsertable(controller, into: container, code: .controllerInUse)
                    return .composite([
                        .removeFromParent(old, completesMove: true),
                        .addChild(controller, to: container, completesMove: true),
                    ])
                case .push(let navigation):
                    try checkAttached(navigation)
                    try checkPushable(controller, onto: navigation)
                    return .push(navigation, controller)
                case .forward(let next):
                    try checkAttached(next)
                    target = next
                case .present(let style):
                    return try presentation(of: controller, from: source, style: style)
                case .handled:
                    return nil
                }
            case nil:
                return try presentation(of: controller, from: source, style: nil)
            }
        }
    }

    /// The first controller on the next-responder chain from `source` (itself, then parents,
    /// then the presenting controller) that overrides the action (R2.2).
    func targetViewController(forAction action: ShowAction, from source: any ViewController) -> (any ViewController)? {
        var current: (any ViewController)? = source
        while let controller = current {
            if controller.overrides(action) { return controller }
            current = controller.context.parent ?? controller.context.presenting
        }
        return nil
    }

    func enclosingNavigationController(of controller: any ViewController) -> NavigationController? {
        var current = controller.context.parent
        while let candidate = current {
            if let navigation = candidate as? NavigationController { return navigation }
            current = candidate.context.parent
        }
        return nil
    }

    // MARK: - Presentation (R3.1–R3.12)

    /// The change presenting `controller` from `source` makes, after rerouting (R3.3, R3.4).
    func presentation(
        of controller: any ViewController,
        from source: any ViewController,
        style requested: PresentationStyle?
    ) throws -> Change {
        try checkAttached(source)
        try checkOwned(controller)
        if controller === source {
            throw NavigationError(
                .presentingActiveController,
                "Application tried to present modally an active controller \(describe(controller)).",
                window: id, controllers: [controller.id, source.id]
            )
        }
        try checkInsertable(controller, into: nil, code: .presentingActiveController)
        try checkInWindow(source, presenting: controller)
        let style = (requested ?? controller.modalPresentationStyle)
            .resolved(for: traits, adaptation: controller.adaptivePresentationStyle(for: traits))
        let presenter = style.usesPresentationContext ? presentationContext(of: source) : layerOwner(of: source)
        if let presented = presenter.context.presented {
            throw NavigationError(
                .alreadyPresenting,
                "Attempt to present \(describe(controller)) on \(describe(presenter)) (from \(describe(source))) which is already presenting \(describe(presented)).",
                window: id, controllers: [controller.id, presenter.id, source.id, presented.id]
            )
        }
        // R3.5: a context that provides its transition style lends it to the presentation.
        let lendsStyle = style.usesPresentationContext && presenter.definesPresentationContext
            && presenter.providesPresentationContextTransitionStyle
        controller.context.presentationTransitionStyle =
            lendsStyle ? presenter.modalTransitionStyle : controller.modalTransitionStyle
        return .present(presenter: presenter, presented: controller, style: style)
    }

    /// The controller that covers the screen layer `controller` is in: the root of its
    /// containment tree (the window's root or a presented controller) (R3.3).
    func layerOwner(of controller: any ViewController) -> any ViewController {
        var current = controller
        while let parent = current.context.parent { current = parent }
        return current
    }

    /// The first controller from `source` up its parents that defines a presentation context,
    /// else the layer owner (R3.4).
    private func presentationContext(of source: any ViewController) -> any ViewController {
        var current: (any ViewController)? = source
        while let controller = current {
            if controller.definesPresentationContext { return controller }
            current = controller.context.parent
        }
        return layerOwner(of: source)
    }

    /// Whose presented chain a `dismiss` from `source` removes (R3.10–R3.12): the nearest
    /// controller from `source` up its parents that presents; else, if `source`'s layer was
    /// presented, its presenter; else nobody.
    func dismissingPresenter(for source: any ViewController) -> (any ViewController)? {
        var current: (any ViewController)? = source
        while let controller = current {
            if controller.context.presented != nil { return controller }
            current = controller.context.parent
        }
        return layerOwner(of: source).context.presenting
    }

    // MARK: - Validation

    func describe(_ controller: any ViewController) -> String {
        "\(controller.id) \(controller.context.scene?.className ?? String(describing: type(of: controller)))"
    }

    /// The controller belongs to this window (R8.7).
    func checkOwned(_ controller: any ViewController) throws {
        guard controller.context.window === self else {
            throw NavigationError(
                .foreignController,
                "\(describe(controller)) belongs to window \(controller.context.window.id), not \(id).",
                window: id, controllers: [controller.id]
            )
        }
    }

    /// The controller's actor runs on this window's serial executor (DESIGN §3.1): what the
    /// proof on ``ControllerContext`` (no two accesses to the tree's fields at once) rests on.
    /// An actor that declares its own `unownedExecutor` (a custom executor, another actor's, or
    /// another window's) would read the tree from elsewhere while the window writes it, so it
    /// is refused when it would enter the tree.
    func checkExecutor(_ controller: any ViewController) throws {
        guard !isSameExecutor(controller.unownedExecutor, unownedExecutor) else { return }
        throw NavigationError(
            .foreignExecutor,
            "\(describe(controller)) runs on its own executor, not on window \(id)'s: a controller actor must keep ViewController's unownedExecutor (its window's).",
            window: id, controllers: [controller.id]
        )
    }

    /// Every controller a change brings into the tree (with the children it will adopt and
    /// the controllers it presents) runs on this window's executor: the check every way into
    /// the tree passes (requests, segues, deep links, restoration), made before the change is
    /// applied and before any callback. Reads only.
    func checkExecutors(entering change: Change) throws {
        switch change {
        case .setRoot(let controller):
            if let controller { try checkExecutors(inSubtreeOf: controller) }
        case .push(_, let controller), .present(_, let controller, _),
            .replaceSecondary(_, let controller), .addChild(let controller, _, _):
            try checkExecutors(inSubtreeOf: controller)
        case .setStack(_, let controllers):
            for controller in controllers { try checkExecutors(inSubtreeOf: controller) }
        case .composite(let changes):
            for change in changes { try checkExecutors(entering: change) }
        case .pop, .dismiss, .selectTab, .setCollapsed, .traits, .removeFromParent:
            break  // nothing enters the tree
        }
    }

    private func checkExecutors(inSubtreeOf controller: any ViewController) throws {
        try checkExecutor(controller)
        let context = controller.context
        for child in context.children { try checkExecutors(inSubtreeOf: child) }
        if !context.didAdoptInitialChildren {
            for child in controller.initialChildren { try checkExecutors(inSubtreeOf: child) }
        }
        if let presented = context.presented { try checkExecutors(inSubtreeOf: presented) }
    }

    /// The controller is in this window's tree (R3.7).
    func checkAttached(_ controller: any ViewController) throws {
        try checkOwned(controller)
        guard controller.context.isAttached else {
            throw NavigationError(
                .notInWindowHierarchy,
                "\(describe(controller)) is not in the window hierarchy.",
                window: id, controllers: [controller.id]
            )
        }
    }

    /// Whether the controller is free to enter a hierarchy under `container` (or at the top,
    /// when `nil`): no parent, not presented, not in the tree, and claimed by no other container.
    func isFree(_ controller: any ViewController, for container: (any ViewController)?) -> Bool {
        let context = controller.context
        guard context.parent == nil, context.presenting == nil, !context.isAttached else { return false }
        let claim = context.claim.load(ordering: .relaxed)
        return claim == 0 || claim == container?.id.rawValue
    }

    /// The controller, and the initial children it will adopt (recursively), are free to enter
    /// the tree: no controller twice, none already elsewhere (which would make a cycle).
    func checkInsertable(
        _ controller: any ViewController,
        into container: (any ViewController)?,
        code: NavigationError.Code
    ) throws {
        // First: the walks below recurse on the subtree (its place is checked at the change).
        try checkDepth(of: controller, under: nil)
        try checkOwned(controller)
        try checkExecutor(controller)
        guard isFree(controller, for: container) else {
            let message =
                code == .presentingActiveController
                ? "Application tried to present modally an active controller \(describe(controller))."
                : "\(describe(controller)) is already in a hierarchy."
            throw NavigationError(code, message, window: id, controllers: [controller.id])
        }
        guard !controller.context.didAdoptInitialChildren, !controller.initialChildren.isEmpty else { return }
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(controller)]
        try checkInitialChildren(of: controller, seen: &seen)
    }

    private func checkInitialChildren(of container: any ViewController, seen: inout Set<ObjectIdentifier>) throws {
        guard !container.context.didAdoptInitialChildren else { return }
        for child in container.initialChildren {
            try checkOwned(child)
            try checkExecutor(child)
            guard seen.insert(ObjectIdentifier(child)).inserted, isFree(child, for: container) else {
                throw NavigationError(
                    .controllerInUse,
                    "\(describe(child)), a child of \(describe(container)), is already in a hierarchy.",
                    window: id, controllers: [child.id, container.id]
                )
            }
            try checkInitialChildren(of: child, seen: &seen)
        }
    }

    /// The presenting source's view is in the window (R3.7): each container above it shows it
    /// (a navigation stack's top, a tab bar's selected tab).
    private func checkInWindow(_ source: any ViewController, presenting controller: any ViewController) throws {
        var child = source
        while let parent = child.context.parent {
            let children = parent.context.children
            let shown: Bool
            switch parent.kind {
            case .navigation: shown = children.last === child
            case .tabBar: shown = children.indices.contains(parent.context.selectedIndex) && children[parent.context.selectedIndex] === child
            case .split where parent.context.splitColumns != nil:
                // A column-style split shows its top column collapsed, all but compact expanded (R5.7).
                let context = parent.context
                let index = children.firstIndex { $0 === child } ?? 0
                shown =
                    context.isCollapsed
                    ? index == context.selectedIndex
                    : context.splitColumns.map { !$0.indices.contains(index) || $0[index] != .compact } ?? true
            case .split, .content: shown = true
            }
            guard shown else {
                throw NavigationError(
                    .notInWindowHierarchy,
                    "Attempt to present \(describe(controller)) on \(describe(source)) whose view is not in the window hierarchy.",
                    window: id, controllers: [controller.id, source.id]
                )
            }
            child = parent
        }
    }

    func checkPushable(_ controller: any ViewController, onto navigation: NavigationController) throws {
        try checkNotMore(navigation)
        try checkOwned(controller)
        if controller.context.parent === navigation { throw pushedTwice(controller, onto: navigation) }
        if controller.kind == .navigation { throw pushingNavigationController(controller, onto: navigation) }
        try checkInsertable(controller, into: navigation, code: .controllerInUse)
    }

    /// Popping the More navigation controller while it shows an excess tab goes back to the
    /// More list: the tab bar selects More (R5.1, R5.2; the back button of UIKit's More stack).
    private func moreListSelection(popping navigation: NavigationController, receipt: PopReceipt) -> Change? {
        guard let parent = navigation.context.parent, parent.kind == .tabBar,
            let tabBar = parent as? TabBarController, tabBar.moreStorage === navigation, let shown = tabBar.childShownInMore()
        else { return nil }
        receipt.popped = [shown]
        return .selectTab(tabBar, tabBar.tabCount)
    }

    /// The More navigation controller's stack is the tab bar's to manage (R5.2).
    private func checkNotMore(_ navigation: NavigationController) throws {
        guard let parent = navigation.context.parent, parent.kind == .tabBar,
            let tabBar = parent as? TabBarController, tabBar.moreStorage === navigation
        else { return }
        throw NavigationError(
            .invalidRequest,
            "\(describe(navigation)) is the More navigation controller of \(describe(tabBar)); select a tab to show it there.",
            window: id, controllers: [navigation.id, tabBar.id]
        )
    }

    private func checkStack(_ controllers: [any ViewController], for navigation: NavigationController) throws {
        try checkNotMore(navigation)
        var seen: Set<ObjectIdentifier> = []
        for controller in controllers {
            try checkOwned(controller)
            guard seen.insert(ObjectIdentifier(controller)).inserted else { throw pushedTwice(controller, onto: navigation) }
            if controller.kind == .navigation { throw pushingNavigationController(controller, onto: navigation) }
            if controller.context.parent !== navigation {
                try checkInsertable(controller, into: navigation, code: .controllerInUse)
            }
        }
    }

    /// R4.2, in UIKit's iOS 13+ words.
    private func pushedTwice(_ controller: any ViewController, onto navigation: NavigationController) -> NavigationError {
        NavigationError(
            .pushedTwice,
            "\(describe(navigation)) is pushing the same view controller instance (\(describe(controller))) more than once which is not supported and is most likely an error in the application",
            window: id, controllers: [controller.id, navigation.id]
        )
    }

    /// R4.3.
    private func pushingNavigationController(_ controller: any ViewController, onto navigation: NavigationController)
        -> NavigationError
    {
        NavigationError(
            .pushingNavigationController, "Pushing a navigation controller is not supported",
            window: id, controllers: [controller.id, navigation.id]
        )
    }
}

/// The actions `targetViewController(forAction:sender:)` looks for (R2.2).
public enum ShowAction: Sendable, Hashable {
    /// `show(_:sender:)`.
    case show
    /// `showDetailViewController(_:sender:)`.
    case showDetail
}

/// Whether two executor references name the same executor the same way.
///
/// `UnownedSerialExecutor` is neither `Equatable` nor comparable through public API on this
/// toolchain. Why reading its bytes is safe: it is a `@frozen` struct holding one
/// `Builtin.Executor`, two machine words (the executor's identity and its kind bits), trivially
/// copyable, with no padding and no reference counting; `withUnsafeBytes(of:)` only reads the
/// two local copies for the duration of the closure. References to the window's executor are
/// all made by the same `unownedExecutor` getter, so they have the same bits; a reference to any
/// other executor has another identity word.
func isSameExecutor(_ lhs: UnownedSerialExecutor, _ rhs: UnownedSerialExecutor) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) } }
}
