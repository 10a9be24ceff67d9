// The phase driver: a change run as a transition (begin phase, animation, checkpoint, commit, end phase, rollback).

import Synchronization

extension Window {
    /// Runs one structural change as a transition: begin phase, animation, commit, end phase.
    ///
    /// Before the commit point, cancellation or the window closing rolls the change back and
    /// balances the callbacks already delivered (R6.9); after it, the transition runs to its end.
    func runChange(
        _ change: Change,
        request id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        try tree.validate(change)
        if traits.horizontalSizeClass == .compact {
            try await decideEntryCollapses(for: change, request: id, cancellable: cancellable)
        }
        switch try startChange(change, request: id, animated: animated, cancellable: cancellable) {
        case .finished(let outcome): return outcome
        case .inFlight(let flight, let hooks): return try await runFlight(flight, hooks: hooks, cancellable: cancellable)
        }
    }

    /// How a change started by ``startChange(_:request:animated:cancellable:checked:)`` goes on.
    enum ChangeStart {
        /// It ran to its end already (nothing in it has hooks, nothing animates).
        case finished(TransitionOutcome)
        /// Its phases run as a change in flight (see ``runFlight(_:hooks:cancellable:)``).
        case inFlight(InFlightChange, hooks: Bool)
    }

    /// Applies a validated change (its split decisions taken) and, when nothing in it has hooks
    /// and nothing animates, runs its whole transition at once (`runWithoutHooks`): no
    /// suspension point. Otherwise the change is the window's change in flight, and the caller
    /// runs its phases with ``runFlight(_:hooks:cancellable:)``. A push that names everything it
    /// changes (a ``LeafPush``), and such a pop (a ``LeafPop``), run at once without the general
    /// path's records.
    ///
    /// - Parameter checked: Whether the caller passed ``checkpoint(cancellable:)`` with no
    ///   suspension point since (the synchronous core). Then a transition without hooks does not
    ///   check again before its commit: the window cannot have closed (`close()` runs on this
    ///   executor), and a cancellation that arrived since is ordered after the commit: between
    ///   the check and the commit nothing suspends and nothing is journaled (the transition's
    ///   `began` comes after the check), so no one can have reacted to a step of it. The
    ///   request ends as if the cancel came a moment later, as it may.
    func startChange(
        _ change: Change, request id: RequestID, animated: Bool, cancellable: Bool, checked: Bool = false
    ) throws -> ChangeStart {
        if configuration.runsLeafTransitions, interaction == nil, !animated || configuration.transitionDuration == .zero {
            switch change {
            case .navigation(.push(let navigation, let pushed)):
                if let push = tree.leafPush(of: pushed, onto: navigation) {
                    return .finished(
                        try runLeafPush(
                            push, of: pushed, onto: navigation, request: id, animated: animated, cancellable: cancellable,
                            checks: !checked))
                }
            case .navigation(.pop(let navigation, let keeping)):
                if let pop = tree.leafPop(of: navigation, keeping: keeping) {
                    return .finished(
                        try runLeafPop(
                            pop, of: navigation, keeping: keeping, request: id, animated: animated, cancellable: cancellable,
                            checks: !checked))
                }
            default:
                break
            }
        }
        let (before, applied, after) = tree.applyNotingVisibility(change)
        let hooks = needsHooks(applied, before: before, after: after)
        if !hooks && interaction == nil && (!animated || configuration.transitionDuration == .zero) {
            return .finished(
                try runWithoutHooks(
                    applied, request: id, animated: animated, cancellable: cancellable, checks: !checked, before: before, after: after)
            )
        }
        let flight = InFlightChange(
            request: id, applied: applied, before: before, after: after,
            appearing: after.missing(from: before, postOrder: false, topLayerFirst: false),
            disappearing: before.missing(from: after, postOrder: false, topLayerFirst: true),
            animated: animated
        )
        inFlight = flight
        return .inFlight(flight, hooks: hooks)
    }

    /// Runs the phases of the change in flight that ``startChange(_:request:animated:cancellable:checked:)``
    /// started: in this task, or with hooks in a runner (see `escape`), marked as the request's
    /// (see `inScope`).
    func runFlight(_ flight: InFlightChange, hooks: Bool, cancellable: Bool) async throws -> TransitionOutcome {
        guard hooks else {
            return try await runPhases(flight, cancellable: cancellable)
        }
        let id = flight.request
        return try await escape(id, cancellable: cancellable) { window in
            guard let flight = window.inFlight, flight.request == id else { throw RunnerAbandoned() }
            return try await window.runPhases(flight, cancellable: cancellable)
        }
    }

    /// The begin phase, the animation, the commit and the end phase of a change in flight.
    ///
    /// An abandoned runner (`RunnerAbandoned`) leaves the flight and the coordinator alone: the
    /// request's settlement owns them (and a later request may own the coordinator by then).
    ///
    /// With hooks, call it only in the request's own runner, marked as the request's: through
    /// ``runFlight(_:hooks:cancellable:)``, or from the segue pipeline that runs there.
    func runPhases(_ flight: InFlightChange, cancellable: Bool) async throws -> TransitionOutcome {
        let coordinator = TransitionCoordinator(isAnimated: flight.animated, isInteractive: interaction != nil)
        tree.coordinator = coordinator
        do {
            let outcome = try await runPhases(flight, coordinator: coordinator, cancellable: cancellable)
            endPhases(flight, coordinator)
            return outcome
        } catch let error as RunnerAbandoned {
            throw error
        } catch {
            endPhases(flight, coordinator)
            throw error
        }
    }

    private func endPhases(_ flight: InFlightChange, _ coordinator: TransitionCoordinator) {
        if inFlight === flight { inFlight = nil }
        if tree.coordinator === coordinator { tree.coordinator = nil }
    }

    private func runPhases(
        _ flight: InFlightChange,
        coordinator: TransitionCoordinator,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        let id = flight.request
        let applied = flight.applied
        let animated = flight.animated
        markFlags(applied, on: true)
        emit(.began, request: id)

        // Begin phase: containment, loading, will-callbacks (R6.2–R6.4).
        try await deliverMoves(applied.moves, phase: .begin, animated: animated)
        for controller in flight.appearing where !controller.context.isViewLoaded {
            controller.context.isViewLoaded = true
            if note(.viewDidLoad, to: controller) {
                try await userCode(.callback(.viewDidLoad), on: controller.id) {
                    await callHook(.viewDidLoad, on: controller, parent: nil, animated: animated)
                }
            }
        }
        // (A page view controller's change has its own order, R5.12: see `AppearanceOrder`.)
        let order = applied.order
        if order.willAppearFirst {
            try await deliver(.viewWillAppear(animated: animated), to: flight.appearing, animated: animated)
            try await deliver(.viewWillDisappear(animated: animated), to: flight.disappearing, animated: animated)
        } else {
            try await deliver(.viewWillDisappear(animated: animated), to: flight.disappearing, animated: animated)
            if !order.appearsAfterDisappearing {
                try await deliver(.viewWillAppear(animated: animated), to: flight.appearing, animated: animated)
            }
        }
        let told = navigationsTold(of: flight)  // the same list for both phases
        for navigation in told where navigation.context.hasDelegate && !isClosed {
            if let top = navigation.context.children.last {
                try await userCode(.named("navigationController(_:willShow:animated:)"), on: navigation.id) {
                    await navigation.notifyDelegate(willShow: top, animated: animated)
                }
            }
        }

        // In flight: the animation (or the user's gesture, R4.10). Then the commit point.
        try await userCode(.named("animate(alongsideTransition:completion:)"), on: nil) { await coordinator.runAlongside() }
        do {
            if let gesture = interaction {
                gesture.markBegan()
                if await gesture.waitForDecision() == .cancel {
                    try await settle(flight, callHooks: true)
                    try await userCode(.named("animate(alongsideTransition:completion:)"), on: nil) {
                        await coordinator.complete(cancelled: true)
                    }
                    return .noChange
                }
            } else if animated && configuration.transitionDuration > .zero {
                try await sleep(on: configuration.clock, for: configuration.transitionDuration)
            }
            try checkpoint(cancellable: cancellable)
        } catch let error as RunnerAbandoned {
            throw error
        } catch {
            try await settle(flight, callHooks: true)
            try await userCode(.named("animate(alongsideTransition:completion:)"), on: nil) {
                await coordinator.complete(cancelled: true)
            }
            throw error
        }
        let committed = queue.commit()
        flight.committed = true
        if let runner = activeRunner, runner.request == id { runner.state.withLock { $0.commit(committed) } }
        if hasSubscribers { emitCommit(applied, request: id) }

        // End phase (R6.2–R6.7), then containment ends and the delegate hears of it. A
        // presentation or dismissal finishes its "to" side first (R6.4, R6.6); a push, a pop or
        // a tab switch its disappearing side (R6.2, R6.3).
        tree.finishDismissals(applied)
        finishPageTurn(applied)
        let appearingPost = flight.after.missing(from: flight.before, postOrder: true, topLayerFirst: false)
        let disappearingPost = flight.before.missing(from: flight.after, postOrder: true, topLayerFirst: true)
        if order.appearsAfterDisappearing {
            try await deliver(.viewDidDisappear(animated: animated), to: disappearingPost, animated: animated)
            try await deliver(.viewWillAppear(animated: animated), to: flight.appearing, animated: animated)
            try await deliver(.viewDidAppear(animated: animated), to: appearingPost, animated: animated)
        } else if applied.finishesToSideFirst {
            try await deliver(.viewDidAppear(animated: animated), to: appearingPost, animated: animated)
            try await deliver(.viewDidDisappear(animated: animated), to: disappearingPost, animated: animated)
        } else {
            try await deliver(.viewDidDisappear(animated: animated), to: disappearingPost, animated: animated)
            try await deliver(.viewDidAppear(animated: animated), to: appearingPost, animated: animated)
        }
        try await deliverMoves(applied.moves, phase: .end, animated: animated)
        for navigation in told where navigation.context.hasDelegate && !isClosed {
            if let top = navigation.context.children.last {
                try await userCode(.named("navigationController(_:didShow:animated:)"), on: navigation.id) {
                    await navigation.notifyDelegate(didShow: top, animated: animated)
                }
            }
        }
        markFlags(applied, on: false)
        let sequence = lastSequence
        if !isClosed {
            try await userCode(.named("animate(alongsideTransition:completion:)"), on: nil) {
                await coordinator.complete(cancelled: false)
            }
        }
        return .completed(sequence: sequence)
    }

    /// The navigation controllers whose delegates hear of a transition (R4.12), `willShow` in
    /// its begin phase and `didShow` at its end: each whose stack it changes, then each it
    /// brings on screen, with the top it shows. OBS: UIKit tells a navigation controller's
    /// delegate as the navigation controller appears, at launch as the window's root (rdar
    /// 44966342, iOS 12, whose bug is a second `didShow`) and at each selection of its tab
    /// (rdar 29912893, iOS 10: "every consequential selection ... causes correctly just one
    /// call"); the runtime applies the same rule to every way a navigation controller comes on
    /// screen (presented, uncovered by a dismissal). Not when it disappears.
    private func navigationsTold(of flight: InFlightChange) -> [NavigationController] {
        var told = flight.applied.navigations
        for case let navigation as NavigationController in flight.appearing where !told.contains(where: { $0 === navigation }) {
            told.append(navigation)
        }
        return told
    }

    /// Throws if the transition must stop before its commit point.
    func checkpoint(cancellable: Bool) throws {
        if isClosed {
            throw NavigationError(.windowClosed, "The window \(id) closed during the transition.", window: id)
        }
        if cancellable && Task.isCancelled { throw CancellationError() }
    }

    private func sleep<C: Clock<Duration>>(on clock: C, for duration: Duration) async throws {
        try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
    }
}
