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
        if traits.horizontalSizeClass == .compact { await decideEntryCollapses(for: change, request: id) }
        let before = tree.visibleSet()
        let applied = tree.apply(change)
        let after = tree.visibleSet()
        let hooks = needsHooks(applied, before: before, after: after)
        if !hooks && interaction == nil && (!animated || configuration.transitionDuration == .zero) {
            return try runWithoutHooks(applied, request: id, cancellable: cancellable, before: before, after: after)
        }
        let disappearing = before.missing(from: after, postOrder: false, topLayerFirst: true)
        let appearing = after.missing(from: before, postOrder: false, topLayerFirst: false)
        guard hooks else {
            return try await runPhases(
                applied, request: id, animated: animated, cancellable: cancellable,
                before: before, after: after, appearing: appearing, disappearing: disappearing
            )
        }
        return try await inScope(of: id) {
            try await runPhases(
                applied, request: id, animated: animated, cancellable: cancellable,
                before: before, after: after, appearing: appearing, disappearing: disappearing
            )
        }
    }

    /// The begin phase, the animation, the commit and the end phase of an applied change.
    private func runPhases(
        _ applied: AppliedChange,
        request id: RequestID,
        animated: Bool,
        cancellable: Bool,
        before: VisibleSet,
        after: VisibleSet,
        appearing: [any ViewController],
        disappearing: [any ViewController]
    ) async throws -> TransitionOutcome {
        let coordinator = TransitionCoordinator(isAnimated: animated, isInteractive: interaction != nil)
        executorState.coordinator = coordinator
        defer { executorState.coordinator = nil }
        markFlags(applied, on: true)
        emit(.began, request: id)

        // Begin phase: containment, loading, will-callbacks (R6.2–R6.4).
        await deliverMoves(applied.moves, phase: .begin, animated: animated)
        for controller in appearing where !controller.context.isViewLoaded {
            controller.context.isViewLoaded = true
            if note(.viewDidLoad, to: controller) {
                await callHook(.viewDidLoad, on: controller, parent: nil, animated: animated)
            }
        }
        await deliver(.viewWillDisappear(animated: animated), to: disappearing, animated: animated)
        await deliver(.viewWillAppear(animated: animated), to: appearing, animated: animated)
        for navigation in applied.navigations where navigation.context.hasDelegate && !isClosed {
            if let top = navigation.context.children.last {
                await navigation.notifyDelegate(willShow: top, animated: animated)
            }
        }

        // In flight: the animation (or the user's gesture, R4.10). Then the commit point.
        await coordinator.runAlongside()
        do {
            if let gesture = interaction {
                gesture.markBegan()
                if await gesture.waitForDecision() == .cancel {
                    await rollBack(
                        applied, animated: animated, appearing: appearing, disappearing: disappearing,
                        before: before, after: after
                    )
                    await coordinator.complete(cancelled: true)
                    return .noChange
                }
            } else if animated && configuration.transitionDuration > .zero {
                try await sleep(on: configuration.clock, for: configuration.transitionDuration)
            }
            try checkpoint(cancellable: cancellable)
        } catch {
            await rollBack(
                applied,
                animated: animated,
                appearing: appearing,
                disappearing: disappearing,
                before: before,
                after: after
            )
            await coordinator.complete(cancelled: true)
            throw error
        }
        lastSequence = queue.withLock { $0.commit() }
        if hasSubscribers { emitCommit(applied, request: id) }

        // End phase (R6.2–R6.7), then containment ends and the delegate hears of it. A
        // presentation or dismissal finishes its "to" side first (R6.4, R6.6); a push, a pop or
        // a tab switch its disappearing side (R6.2, R6.3).
        tree.finishDismissals(applied)
        let appearingPost = after.missing(from: before, postOrder: true, topLayerFirst: false)
        let disappearingPost = before.missing(from: after, postOrder: true, topLayerFirst: true)
        if applied.finishesToSideFirst {
            await deliver(.viewDidAppear(animated: animated), to: appearingPost, animated: animated)
            await deliver(.viewDidDisappear(animated: animated), to: disappearingPost, animated: animated)
        } else {
            await deliver(.viewDidDisappear(animated: animated), to: disappearingPost, animated: animated)
            await deliver(.viewDidAppear(animated: animated), to: appearingPost, animated: animated)
        }
        await deliverMoves(applied.moves, phase: .end, animated: animated)
        for navigation in applied.navigations where navigation.context.hasDelegate && !isClosed {
            if let top = navigation.context.children.last {
                await navigation.notifyDelegate(didShow: top, animated: animated)
            }
        }
        markFlags(applied, on: false)
        let sequence = lastSequence
        if !isClosed { await coordinator.complete(cancelled: false) }
        return .completed(sequence: sequence)
    }

    /// Whether any controller of the transition has hooks to call (or a delegate to tell).
    private func needsHooks(_ applied: AppliedChange, before: VisibleSet, after: VisibleSet) -> Bool {
        if applied.hasNavigationDelegate || applied.moves.contains(where: { $0.controller.receivesCallbacks }) {
            return true
        }
        var found = false
        after.forEachMissing(from: before, postOrder: false, topLayerFirst: false) { found = found || $0.receivesCallbacks }
        before.forEachMissing(from: after, postOrder: false, topLayerFirst: false) { found = found || $0.receivesCallbacks }
        return found
    }

    /// The same transition as ``runChange(_:request:animated:cancellable:)`` when nothing in it
    /// has hooks and nothing animates: every callback is noted (state, journal) in the same
    /// order, with no suspension point, so nothing can interleave and nothing can cancel it
    /// midway. Cancellation is checked once, before anything is noted.
    private func runWithoutHooks(
        _ applied: AppliedChange,
        request id: RequestID,
        cancellable: Bool,
        before: VisibleSet,
        after: VisibleSet
    ) throws -> TransitionOutcome {
        do {
            try checkpoint(cancellable: cancellable)
        } catch {
            tree.undo(applied)
            throw error
        }
        emit(.began, request: id)
        let animated = false
        for move in applied.moves where move.deliversWillMove { _ = note(.willMove(toParent: move.to?.id), to: move.controller) }
        after.forEachMissing(from: before, postOrder: false, topLayerFirst: false) { controller in
            let context = controller.context
            if !context.isViewLoaded {
                context.isViewLoaded = true
                _ = note(.viewDidLoad, to: controller)
            }
        }
        before.forEachMissing(from: after, postOrder: false, topLayerFirst: true) { controller in
            _ = note(.viewWillDisappear(animated: animated), to: controller)
        }
        after.forEachMissing(from: before, postOrder: false, topLayerFirst: false) { controller in
            _ = note(.viewWillAppear(animated: animated), to: controller)
        }
        lastSequence = queue.withLock { $0.commit() }
        if hasSubscribers { emitCommit(applied, request: id) }
        tree.finishDismissals(applied)
        let toSideFirst = applied.finishesToSideFirst
        if toSideFirst {
            after.forEachMissing(from: before, postOrder: true, topLayerFirst: false) { controller in
                _ = note(.viewDidAppear(animated: animated), to: controller)
            }
        }
        before.forEachMissing(from: after, postOrder: true, topLayerFirst: true) { controller in
            _ = note(.viewDidDisappear(animated: animated), to: controller)
        }
        if !toSideFirst {
            after.forEachMissing(from: before, postOrder: true, topLayerFirst: false) { controller in
                _ = note(.viewDidAppear(animated: animated), to: controller)
            }
        }
        for move in applied.moves where move.deliversDidMove { _ = note(.didMove(toParent: move.to?.id), to: move.controller) }
        return .completed(sequence: lastSequence)
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

    /// Undoes an applied change and balances the callbacks of its begin phase: arriving
    /// controllers disappear again, leaving ones appear again (R4.10, R6.9), and every
    /// `willMove` ends with a `didMove` to the parent the controller keeps.
    private func rollBack(
        _ applied: AppliedChange,
        animated: Bool,
        appearing: [any ViewController],
        disappearing: [any ViewController],
        before: VisibleSet,
        after: VisibleSet
    ) async {
        tree.undo(applied)
        guard !isClosed else {
            for controller in appearing { controller.context.appearance = .disappeared }
            markFlags(applied, on: false)
            return
        }
        let arriving = after.missing(from: before, postOrder: true, topLayerFirst: false)
        let leaving = before.missing(from: after, postOrder: true, topLayerFirst: true)
        await deliver(.viewWillDisappear(animated: animated), to: appearing, animated: animated)
        await deliver(.viewDidDisappear(animated: animated), to: arriving, animated: animated)
        await deliver(.viewWillAppear(animated: animated), to: disappearing, animated: animated)
        await deliver(.viewDidAppear(animated: animated), to: leaving, animated: animated)
        await deliverMoves(applied.moves, phase: .rollBack, animated: animated)
        markFlags(applied, on: false)
    }

    private func markFlags(_ applied: AppliedChange, on: Bool) {
        for move in applied.moves where !move.isAdoption {
            if move.to != nil { move.controller.context.isMovingToParent = on }
            if move.to == nil { move.controller.context.isMovingFromParent = on }
        }
        for controller in applied.presented { controller.context.isBeingPresented = on }
        for controller in applied.dismissed { controller.context.isBeingDismissed = on }
    }
}
