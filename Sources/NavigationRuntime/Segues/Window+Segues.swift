// The segue pipeline (R1.1–R1.10): look-up, shouldPerform, destination, prepare, perform.

extension Window {
    /// The whole segue pipeline in one function: the look-up, `shouldPerformSegue` (storyboard
    /// triggers only), the destination, the segue, `prepare(for:sender:)`, the change of a built-in
    /// kind, and its transition. Between the hooks nothing suspends: the show routing of a
    /// `show` or `showDetail` that finds a navigation controller or nothing, a presentation and a
    /// legacy push are worked out in place, and the change's phases run here too when this is
    /// the request's own runner (`inRunner`: called from `runTurn` inside `escape` and `inScope`),
    /// so the hooks' calls are the only suspension points. A custom kind, an unwind kind and
    /// a show routing that meets user code take `perform`, `unwind` and `showChange`.
    ///
    /// Cancellation is checked after each hook before the commit point, as on every path; a
    /// hook that never returns is cut short by the runner (see `escape`).
    func runSegue(
        from source: any ViewController,
        identifier: String?,
        sender: (any Sendable)?,
        triggered: Bool,
        id: RequestID,
        animated: Bool,
        cancellable: Bool,
        inRunner: Bool = false
    ) async throws -> TransitionOutcome {
        try tree.checkAttached(source)
        // Read in place from the shared scene (``ControllerContext/scene`` would copy it whole).
        guard let identifier, let storage = source.context.sceneStorage, let index = storage.segueIndex(named: identifier) else {
            throw NavigationError(
                .unknownSegueIdentifier,
                "Receiver (\(describe(source))) has no segue with identifier '\(identifier ?? "(null)")'",
                window: self.id, controllers: [source.id], identifier: identifier
            )
        }
        let definition = storage.scene.segues[index]
        // (a) shouldPerform: storyboard triggers only (R1.1, R1.2). The hooks see the segue's
        // storyboard identifier, never the key it was looked up by (an element or trigger id):
        // UIKit asks with `segue.identifier` (R1.1, R1.5, R7.11). A segue with no identifier is
        // asked with "" (UIKit passes nil, which a Swift override receives as an empty String)
        // and its ``Segue/identifier`` is nil.
        let hooked = source.receivesCallbacks
        if triggered, hooked {
            let identifier = definition.identifier ?? ""
            let perform = try await userCode(.named("shouldPerformSegue(withIdentifier:sender:)"), on: source.id) {
                await source.shouldPerformSegue(withIdentifier: identifier, sender: sender)
            }
            guard perform else {
                return .vetoed
            }
            try checkpoint(cancellable: cancellable)
        }
        if let action = definition.kind.unwindAction {
            return try await unwind(
                from: source, action: action, identifier: definition.identifier, sender: sender,
                performer: definition.unwindPerformer,
                id: id, animated: animated && definition.animates, cancellable: cancellable
            )
        }
        // (b) the destination, (c) the segue.
        let destination = try instantiateDestination(ofSegue: index, in: storage, identifier: identifier, from: source)
        let segue = Segue(identifier: definition.identifier, source: source, destination: destination, kind: definition.kind)
        // (d) prepare, before the destination loads (R1.4); a throw is `hookFailed` (nothing
        // has changed yet, so nothing is rolled back).
        try await prepare(segue, sender: sender, cancellable: cancellable)
        // (e) perform: a built-in kind's change, worked out in place when nothing on its way
        // runs user code (what `perform` and `showChange` would find).
        let animated = animated && definition.animates
        let change: Change
        var validated = false
        switch showRoute(of: definition.kind, from: source) {
        case .builtIn(let target):
            (change, validated) = try builtInChange(of: definition.kind, destination: destination, from: source, showTarget: target)
        case .container(let action):
            guard let show = try await showChange(of: destination, from: source, detail: action == .showDetail) else {
                return .noChange
            }
            change = show
        case .performed:
            return try await perform(segue, id: id, animated: animated, cancellable: cancellable)
        }
        // The transition: `runChange`, with its phases in place in the request's own runner.
        if !validated { try tree.validate(change) }
        if traits.horizontalSizeClass == .compact {
            try await decideEntryCollapses(for: change, request: id, cancellable: cancellable)
        }
        switch try startChange(change, request: id, animated: animated, cancellable: cancellable) {
        case .finished(let outcome):
            return outcome
        case .inFlight(let flight, let hooks):
            if hooks && inRunner { return try await runPhases(flight, cancellable: cancellable) }
            return try await runFlight(flight, hooks: hooks, cancellable: cancellable)
        }
    }

    /// How a segue of `kind` from `source` makes its change.
    private enum ShowRoute {
        /// The runtime works it out in place (``builtInChange(of:destination:from:showTarget:)``):
        /// a presentation or legacy push, or a show / show-detail whose next-responder chain
        /// finds this navigation controller, or nothing.
        case builtIn(NavigationController?)
        /// A show / show-detail that a container handles (a split view controller, a custom
        /// container's override): `showChange`, which may run user code.
        case container(ShowAction)
        /// A custom or unwind kind: `perform`.
        case performed
    }

    @inline(__always)
    private func showRoute(of kind: SegueKind, from source: any ViewController) -> ShowRoute {
        switch kind.storage {
        case .show, .showDetail, .replace:
            var action = ShowAction.showDetail
            if case .show = kind.storage { action = .show }
            switch targetViewController(forAction: action, from: source) {
            case nil: return .builtIn(nil)
            case let navigation as NavigationController: return .builtIn(navigation)
            default: return .container(action)
            }
        case .presentModally, .presentAsPopover, .push:
            return .builtIn(nil)
        case .custom, .unwind:
            return .performed
        }
    }

    /// A built-in kind's change (what `perform` and `showChange` would find): a presentation, a
    /// legacy push, or for a show the push onto `showTarget` (`validated`: its checks are made),
    /// else a presentation (a navigation controller is presented, not pushed).
    /// `executorChecked`: the destination passed `checkExecutor` with no user code run since.
    @inline(__always)
    private func builtInChange(
        of kind: SegueKind, destination: any ViewController, from source: any ViewController,
        showTarget: NavigationController?, executorChecked: Bool = false
    ) throws -> (change: Change, validated: Bool) {
        switch kind.storage {
        case .presentModally(let style):
            return (try presentation(of: destination, from: source, style: style), false)
        case .presentAsPopover:
            return (try presentation(of: destination, from: source, style: .popover), false)
        case .push:
            return (try legacyPush(of: destination, from: source), false)
        default:
            if let navigation = pushTarget(of: kind, destination: destination, showTarget: showTarget) {
                try tree.checkAndValidatePush(of: destination, onto: navigation, executorChecked: executorChecked)
                return (.push(navigation, destination), true)
            }
            return (try presentation(of: destination, from: source, style: nil), false)
        }
    }

    /// The navigation controller a built-in kind's change pushes `destination` onto: a show
    /// (or show-detail, replace) whose next-responder chain found `showTarget`, unless the
    /// destination is a navigation controller (presented instead); else `nil`.
    @inline(__always)
    private func pushTarget(
        of kind: SegueKind, destination: any ViewController, showTarget: NavigationController?
    ) -> NavigationController? {
        switch kind.storage {
        case .presentModally, .presentAsPopover, .push: return nil
        default: return destination.kind != .navigation ? showTarget : nil
        }
    }

    /// What a throwing `prepare(for:sender:)` ends its request with: `hookFailed`, except for
    /// cancellation and an abandoned runner, which go on as they are.
    private func hookFailure(_ error: any Error, preparing segue: Segue) -> any Error {
        switch error {
        case is CancellationError, is RunnerAbandoned:
            return error
        default:
            return NavigationError(
                .hookFailed,
                "prepare(for:sender:) of \(describe(segue.source)) threw: \(error)",
                window: self.id, controllers: [segue.source.id, segue.destination.id], identifier: segue.identifier
            )
        }
    }

    /// The segue pipeline of ``runSegue(from:identifier:sender:triggered:id:animated:cancellable:)``
    /// with no suspension point, when nothing on its way can run user code: the source has no
    /// hooks (no `shouldPerformSegue`, no `prepare`), the kind is built in (not custom, not
    /// unwind) and a show or show-detail finds a navigation controller or nothing on the
    /// next-responder chain (no split delegate, no custom container's override). The same
    /// checks in the same order, the same destination, the same change.
    ///
    /// - Returns: `nil`, with nothing done (the destination not instantiated), when the pipeline
    ///   must run instead.
    func resolveStoryboardSegue(from source: any ViewController, identifier: String?, triggered: Bool) throws -> Resolution? {
        guard !source.receivesCallbacks else { return nil }
        try tree.checkAttached(source)
        // An unknown identifier: the pipeline says so.
        // Read in place from the shared scene (``ControllerContext/scene`` would copy it whole).
        // The definition's fields are read where they are, not copied out with it.
        guard let identifier, let storage = source.context.sceneStorage, let index = storage.segueIndex(named: identifier)
        else { return nil }
        let kind = storage.scene.segues[index].kind
        guard case .builtIn(let target) = showRoute(of: kind, from: source) else { return nil }
        let destination = try instantiateDestination(ofSegue: index, in: storage, identifier: identifier, from: source)
        // `instantiateDestination` checked the destination's executor, and no user code ran
        // since (see `WindowTree.checkAndValidatePush`).
        let animates = storage.scene.segues[index].animates
        if let navigation = pushTarget(of: kind, destination: destination, showTarget: target) {
            let leaf = try tree.checkAndValidatePush(of: destination, onto: navigation, executorChecked: true)
            if let leaf, configuration.runsLeafTransitions, let push = tree.leafPush(of: destination, context: leaf, onto: navigation) {
                return .leafPush(push, pushed: destination, onto: navigation, animates: animates)
            }
            return .change(.push(navigation, destination), animates: animates, validated: true)
        }
        let (change, validated) = try builtInChange(
            of: kind, destination: destination, from: source, showTarget: target, executorChecked: true)
        return .change(change, animates: animates, validated: validated)
    }

    // Inlined: see `userCode(_:on:_:)`.
    /// Calls the source's `prepare(for:sender:)`; a throw becomes ``NavigationError/Code/hookFailed``
    /// (nothing has changed yet, so nothing is rolled back).
    @inline(__always) func prepare(_ segue: Segue, sender: (any Sendable)?, cancellable: Bool) async throws {
        let source = segue.source
        guard source.receivesCallbacks else { return }
        do {
            try await userCode(.named("prepare(for:sender:)"), on: source.id) {
                try await source.prepare(for: segue, sender: sender)
            }
        } catch {
            throw hookFailure(error, preparing: segue)
        }
        try checkpoint(cancellable: cancellable)
    }

    /// Performs a segue's kind as this transition's change.
    func perform(_ segue: Segue, id: RequestID, animated: Bool, cancellable: Bool) async throws
        -> TransitionOutcome
    {
        var segue = segue
        segue.isAnimated = animated
        let source = segue.source
        let destination = segue.destination
        let change: Change
        switch segue.kind.storage {
        case .show, .showDetail, .replace:
            let detail: Bool
            if case .show = segue.kind.storage { detail = false } else { detail = true }
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
            try await inScope(of: id) { try await loadViewInTransition(destination, animated: animated) }
            try checkpoint(cancellable: cancellable)
            let effect: SegueEffect
            do {
                // The performer is user code: mark the task (a storyboard segue from a source
                // without hooks was not marked for its turn). UIKit's `perform()` runs with the
                // destination's view loaded, so that it can animate it: `viewDidLoad` comes
                // after `prepare` (R1.4) and before the performer (R6.1).
                effect = try await inScope(of: id) {
                    try await userCode(.named("perform(_:)"), on: source.id) { try await performer.perform(segue) }
                }
            } catch let error as CancellationError {
                throw error
            } catch let error as RunnerAbandoned {
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
                try tree.checkInsertable(destination, into: nil, code: .controllerInUse)
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

    /// A legacy push segue needs a navigation controller around the source (R2.12).
    private func legacyPush(of destination: any ViewController, from source: any ViewController) throws -> Change {
        guard let navigation = enclosingNavigationController(of: source) else {
            throw NavigationError(
                .pushRequiresNavigationController,
                "Push segues can only be used when the source controller is managed by an instance of UINavigationController.",
                window: id, controllers: [source.id, destination.id]
            )
        }
        try tree.checkPushable(destination, onto: navigation)
        return .push(navigation, destination)
    }

    /// A storyboard segue's destination, instantiated from the source's catalog and checked to
    /// run on this window's executor before any hook sees it.
    private func instantiateDestination(ofSegue index: Int, in storage: SceneStorage, identifier: String, from source: any ViewController)
        throws -> any ViewController
    {
        guard let destination = source.context.catalog?.instantiateDestination(ofSegue: index, in: storage, window: self) else {
            let scene = storage.scene.segues[index].destination
            throw NavigationError(
                .invalidStoryboard,
                "Segue '\(identifier)' of \(describe(source)) leads to scene '\(scene)', \(source.context.catalog?.failure(instantiating: scene) ?? "which does not exist").",
                window: self.id, controllers: [source.id], identifier: identifier
            )
        }
        try tree.checkExecutor(destination)
        return destination
    }
}
