// The hookless transition: a change whose controllers have no hooks, run to its end with no
// suspension point (the leaf push and pop, which need not even its records, are beside the
// navigation controller).

import Synchronization

extension Window {
    /// Whether any controller of the transition has hooks to call (or a delegate to tell: a
    /// navigation controller's whose stack changes or that appears, see `navigationsTold`).
    func needsHooks(_ applied: AppliedChange, before: VisibleSet, after: VisibleSet) -> Bool {
        if applied.hasNavigationDelegate { return true }
        // By index: a copied move or step would retain and release its controllers.
        for index in applied.moves.indices where applied.moves[index].controller.receivesCallbacks { return true }
        // Only a navigation controller's context has a delegate (`NavigationController.setDelegate`).
        return after.containsMissing(from: before) { $0.receivesCallbacks || $0.context.hasDelegate }
            || before.containsMissing(from: after) { $0.receivesCallbacks }
    }

    /// The same transition as ``runChange(_:request:animated:cancellable:)`` when nothing in it
    /// has hooks and nothing takes time (not animated, or animated in no time: a zero
    /// `transitionDuration`): every callback is noted (state, journal) in the same order, with
    /// no suspension point, so nothing can interleave and nothing can cancel it midway. The
    /// appearance callbacks carry `animated` as the hooked path passes it to the hooks: the
    /// request's (UIKit passes `viewWillAppear(_:)` the flag the caller gave). Cancellation and closing are checked once, before anything is noted, unless the
    /// caller just did (`checks` false: see ``startChange(_:request:animated:cancellable:checked:)``).
    func runWithoutHooks(
        _ applied: AppliedChange,
        request id: RequestID,
        animated: Bool,
        cancellable: Bool,
        checks: Bool,
        before: VisibleSet,
        after: VisibleSet
    ) throws -> TransitionOutcome {
        if checks {
            do {
                try checkpoint(cancellable: cancellable)
            } catch {
                tree.undo(applied)
                throw error
            }
        }
        emit(.began, request: id)
        // A containment or load callback's note only journals it (no bookkeeping, no hook to
        // call here), so with no subscriber there is nothing to note.
        let journals = hasSubscribers
        if journals {
            for move in applied.moves where move.deliversWillMove { record(.willMove(toParent: move.to?.id), of: move.controller.context) }
        }
        // A push or a pop of a stack's top (each walk one controller, or none): the controller
        // that appears and the one that disappears are read once, not at each phase.
        let single = after.steps.isEmpty && before.steps.isEmpty
        var appearing: ControllerContext?
        var disappearing: ControllerContext?
        if single {
            if let leaf = after.leaf, before.leaf !== leaf { appearing = leaf.context }
            if let leaf = before.leaf, after.leaf !== leaf { disappearing = leaf.context }
        }
        func eachAppearing(postOrder: Bool, _ body: (ControllerContext) -> Void) {
            if single {
                if let appearing { body(appearing) }
            } else {
                after.forEachMissing(from: before, postOrder: postOrder, topLayerFirst: false) { body($0.context) }
            }
        }
        func eachDisappearing(postOrder: Bool, _ body: (ControllerContext) -> Void) {
            if single {
                if let disappearing { body(disappearing) }
            } else {
                before.forEachMissing(from: after, postOrder: postOrder, topLayerFirst: true) { body($0.context) }
            }
        }
        eachAppearing(postOrder: false) { context in
            if !context.isViewLoaded {
                context.isViewLoaded = true
                if journals { record(.viewDidLoad, of: context) }
            }
        }
        let order = applied.order
        func willAppear() {
            eachAppearing(postOrder: false) { record(.viewWillAppear(animated: animated), of: $0) }
        }
        if order.willAppearFirst { willAppear() }
        eachDisappearing(postOrder: false) { record(.viewWillDisappear(animated: animated), of: $0) }
        if !order.willAppearFirst && !order.appearsAfterDisappearing { willAppear() }
        let sequence = queue.commit()
        if let runner = activeRunner, runner.request == id { runner.state.withLock { $0.commit(sequence) } }
        if hasSubscribers { emitCommit(applied, request: id) }
        tree.finishDismissals(applied)
        finishPageTurn(applied)
        let toSideFirst = applied.finishesToSideFirst
        if toSideFirst { eachAppearing(postOrder: true) { record(.viewDidAppear(animated: animated), of: $0) } }
        eachDisappearing(postOrder: true) { record(.viewDidDisappear(animated: animated), of: $0) }
        if order.appearsAfterDisappearing { willAppear() }
        if !toSideFirst { eachAppearing(postOrder: true) { record(.viewDidAppear(animated: animated), of: $0) } }
        if hasSubscribers {
            for move in applied.moves where move.deliversDidMove { record(.didMove(toParent: move.to?.id), of: move.controller.context) }
        }
        return .completed(sequence: sequence)
    }
}
