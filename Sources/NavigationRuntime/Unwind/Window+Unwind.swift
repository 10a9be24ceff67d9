extension Window {
    /// Runs an unwind as one transition (R7.1, R7.8, R7.9): find the destination against the
    /// tree as it is now, then the source's `prepare`, the destination's action, the containers'
    /// `unwind(for:towards:)` outermost first, and one transition made of the dismissals and
    /// the container changes that make the destination visible.
    func unwind(
        from source: any ViewController,
        action: String,
        identifier: String?,
        sender: (any Sendable)?,
        id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        guard let destination = await resolveUnwind(action: action, from: source, sender: sender) else {
            return .noDestination(action: action)  // R7.10: nothing happens
        }
        try checkpoint(cancellable: cancellable)
        let segue = Segue(identifier: identifier, source: source, destination: destination, kind: .unwind(action: action))
        try await prepare(segue, sender: sender, cancellable: cancellable)
        if destination.receivesCallbacks {
            await destination.performUnwindAction(action, segue: segue)
            try checkpoint(cancellable: cancellable)
        }
        let plan = unwindPlan(to: destination)
        for step in plan.path where step.container.receivesCallbacks {
            await step.container.unwind(for: segue, towards: step.child)
        }
        if let container = destination.context.parent, container.receivesCallbacks,
            let performer = await container.segueForUnwinding(to: destination, from: source, identifier: identifier)
        {
            do {
                _ = try await performer.perform(segue)
            } catch let error as CancellationError {
                throw error
            } catch {
                throw NavigationError(
                    .hookFailed,
                    "The unwind segue of \(describe(container)) threw: \(error)",
                    window: self.id, controllers: [source.id, destination.id], identifier: action
                )
            }
        }
        try checkpoint(cancellable: cancellable)
        guard !plan.changes.isEmpty else { return .noChange }
        return try await runChange(.composite(plan.changes), request: id, animated: animated, cancellable: cancellable)
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
    /// - Throws: ``NavigationError`` (`.notInWindowHierarchy`, `.hookFailed`, `.windowClosed`,
    ///   `.unwindTargetNotFound` when asked) or `CancellationError`.
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
            .unwind(from: self, action: action, identifier: identifier, sender: sender),
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
