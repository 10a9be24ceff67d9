extension Window {
    /// Runs an unwind as one transition (R7.1, R7.7–R7.9): find the destination against the
    /// tree as it is now; make the unwind segue (``ViewController/segueForUnwinding(to:from:identifier:)``
    /// asked of the destination, then of its containers on the path, else the storyboard's
    /// custom unwind class `performer`, else the standard unwind); the source's `prepare`; the
    /// destination's action; the custom performer, if any, and its effect; then, for the
    /// standard unwind, the containers' `unwind(for:towards:)` outermost first and one
    /// transition made of the dismissals and the container changes that make the destination
    /// visible.
    func unwind(
        from source: any ViewController,
        action: String,
        identifier: String?,
        sender: (any Sendable)?,
        performer storyboardPerformer: (any SeguePerformer)? = nil,
        id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        guard let destination = try await resolveUnwind(action: action, from: source, sender: sender) else {
            return .noDestination(action: action)  // R7.10: nothing happens
        }
        try checkpoint(cancellable: cancellable)
        // Hooks cannot change the tree during the transition (their requests are deferred,
        // R4.5), so the plan made now still holds when the transition runs.
        let plan = unwindPlan(to: destination)
        // (1) The segue object, before prepare sees it (R7.1, R7.7).
        var performer = storyboardPerformer
        for controller in [destination] + plan.path.reversed().map(\.container) where controller.receivesCallbacks {
            let answer = try await userCode(.named("segueForUnwinding(to:from:identifier:)"), on: controller.id) {
                await controller.segueForUnwinding(to: destination, from: source, identifier: identifier)
            }
            if let answer {
                performer = answer
                break
            }
        }
        try checkpoint(cancellable: cancellable)
        var segue = Segue(identifier: identifier, source: source, destination: destination, kind: .unwind(action: action))
        segue.isAnimated = animated
        // (2) prepare, (3) the destination's action (R7.1).
        try await prepare(segue, sender: sender, cancellable: cancellable)
        if destination.receivesCallbacks {
            try await userCode(.named("performUnwindAction(_:segue:)"), on: destination.id) {
                await destination.performUnwindAction(action, segue: segue)
            }
            try checkpoint(cancellable: cancellable)
        }
        // (4) The visual part: a custom unwind segue's perform(), then (its answer permitting)
        // the standard unwind.
        if let performer {
            switch try await performCustomUnwind(segue, performer: performer, id: id, animated: animated, cancellable: cancellable) {
            case .unwind: break
            case .none: return .noChange
            case let effect:
                throw NavigationError(
                    .invalidRequest,
                    "The custom unwind segue '\(identifier ?? "(null)")' answered \(effect); an unwind segue's performer answers .unwind (carry out the unwind) or .none (no change): \(describe(destination)) is already in the tree.",
                    window: self.id, controllers: [source.id, destination.id], identifier: action
                )
            }
        }
        for step in plan.path where step.container.receivesCallbacks {
            try await userCode(.named("unwind(for:towards:)"), on: step.container.id) {
                await step.container.unwind(for: segue, towards: step.child)
            }
        }
        try checkpoint(cancellable: cancellable)
        guard !plan.changes.isEmpty else { return .noChange }
        return try await runChange(.composite(plan.changes), request: id, animated: animated, cancellable: cancellable)
    }

    /// Runs a custom unwind segue's performer with the destination loaded (R6.1); a throw
    /// becomes ``NavigationError/Code/hookFailed`` (nothing has changed yet).
    private func performCustomUnwind(
        _ segue: Segue,
        performer: any SeguePerformer,
        id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> SegueEffect {
        try await inScope(of: id) { try await loadViewInTransition(segue.destination, animated: animated) }
        try checkpoint(cancellable: cancellable)
        let effect: SegueEffect
        do {
            effect = try await inScope(of: id) {
                try await userCode(.named("perform(_:)"), on: segue.source.id) { try await performer.perform(segue) }
            }
        } catch let error as CancellationError {
            throw error
        } catch let error as RunnerAbandoned {
            throw error
        } catch {
            var action: String?
            if let name = segue.kind.unwindAction { action = name }
            throw NavigationError(
                .hookFailed,
                "The unwind segue '\(segue.identifier ?? "(null)")' from \(describe(segue.source)) threw: \(error)",
                window: self.id, controllers: [segue.source.id, segue.destination.id], identifier: action
            )
        }
        try checkpoint(cancellable: cancellable)
        return effect
    }

    /// What an unwind to `destination` changes (R7.8, R7.9): the dismissal of whatever is
    /// presented above the destination's layer, then, from the outermost container inward,
    /// each container on the path makes its child on the path visible (a stack pops to it, a
    /// tab bar selects it).
    func unwindPlan(to destination: any ViewController) -> (changes: [Change], path: [(container: any ViewController, child: any ViewController)]) {
        // Everything presented above the destination's layer goes: each presentation made by
        // the destination or an ancestor in its layer, the top-most (outermost) first.
        var changes: [Change] = presentersAbove(destination).map { .dismiss(presenter: $0) }
        var path: [(container: any ViewController, child: any ViewController)] = []
        var child = destination
        while let container = child.context.parent {
            path.append((container, child))
            child = container
        }
        path.reverse()
        for step in path {
            let children = step.container.context.children
            guard let index = children.firstIndex(where: { $0 === step.child }) else { continue }
            switch step.container {
            case let navigation as NavigationController where index < children.count - 1:
                changes.append(.pop(navigation, keeping: index + 1))
            case let tabBar as TabBarController where tabBar.context.selectedIndex != index:
                changes.append(.selectTab(tabBar, index))
            default:
                break
            }
        }
        return (changes, path)
    }

    /// The controllers from the destination up its parents (its layer) that present something,
    /// outermost first: their presented chains cover the destination.
    private func presentersAbove(_ destination: any ViewController) -> [any ViewController] {
        var presenters: [any ViewController] = []
        var current: (any ViewController)? = destination
        while let controller = current {
            if controller.context.presented != nil { presenters.append(controller) }
            current = controller.context.parent
        }
        return presenters.reversed()
    }
}

extension ViewController {
    /// Unwinds from this controller to the nearest controller that handles `action`, as code
    /// does (R7.2: `shouldPerformSegue` is not consulted).
    ///
    /// The destination is found when the request runs, against the tree as it is then (a
    /// request queued behind a push sees the pushed controller). With no destination the
    /// outcome is ``TransitionOutcome/noDestination(action:)`` and nothing happens (R7.10).
    ///
    /// - Parameters:
    ///   - action: The action's name as Interface Builder writes it (`unwindToMain:`).
    ///   - identifier: The unwind segue's identifier, if it has one (R7.11).
    ///   - requireDestination: Throw ``NavigationError/Code/unwindTargetNotFound`` instead of
    ///     returning ``TransitionOutcome/noDestination(action:)`` when nothing handles the action.
    ///   - sender: Delivered unchanged to the source's `prepare(for:sender:)` and to the
    ///     destination search (`canPerformUnwind(action:from:sender:)`, R7.3).
    ///   - animated: Whether the transition animates (and takes the window's duration).
    ///   - policy: What to do if the window is busy. Defaults to ``BusyPolicy/enqueue``.
    /// - Throws: ``NavigationError`` (`.notInWindowHierarchy`, `.hookFailed`, `.windowClosed`,
    ///   `.unwindTargetNotFound` when asked) or `CancellationError`.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError` and the tree is as it was (nothing dismissed, popped or selected),
    /// even when the source's `prepare` and the destination's unwind action have already run:
    /// what they did to your own state stays.
    @discardableResult
    public func performUnwind(
        action: String,
        identifier: String? = nil,
        sender: (any Sendable)? = nil,
        requireDestination: Bool = false,
        animated: Bool = true,
        policy: BusyPolicy = .enqueue
    ) async throws -> TransitionOutcome {
        let outcome = try await context.window.submit(
            .unwind(from: self, action: action, identifier: identifier, sender: .box(sender)),
            animated: animated,
            policy: policy
        )
        if requireDestination, case .noDestination = outcome {
            throw NavigationError(
                .unwindTargetNotFound,
                "No controller on the chain of \(id) handles the unwind action '\(action)'.",
                window: context.window.id, controllers: [id], identifier: action
            )
        }
        return outcome
    }
}
