// Settling a change in flight: rolling it back, or completing its end phase, from wherever its
// callbacks got to.

/// A change whose phases run with hooks, from its apply to its end: what a rollback, or the
/// settlement of an abandoned request, needs to know.
final class InFlightChange {
    let request: RequestID
    let applied: AppliedChange
    let before: VisibleSet
    let after: VisibleSet
    let appearing: [any ViewController]
    let disappearing: [any ViewController]
    let animated: Bool
    /// Whether the commit point was passed.
    var committed = false
    var isUndone = false
    /// How many of `applied.moves` the begin phase reached (their `willMove` noted).
    var movesBegun = 0
    /// How many of `applied.moves` the end phase reached (their `didMove` noted).
    var movesEnded = 0
    /// How many of the begun moves a rollback balanced.
    var movesRolledBack = 0

    init(
        request: RequestID,
        applied: AppliedChange,
        before: VisibleSet,
        after: VisibleSet,
        appearing: [any ViewController],
        disappearing: [any ViewController],
        animated: Bool
    ) {
        self.request = request
        self.applied = applied
        self.before = before
        self.after = after
        self.appearing = appearing
        self.disappearing = disappearing
        self.animated = animated
    }
}

extension Window {
    /// Rolls a change in flight back, or completes the end phase of one past its commit
    /// point, from wherever its callbacks got to: each controller's appearance state says which
    /// callbacks it heard, so running this again (after an abandonment cut it short) only does
    /// what is left.
    ///
    /// A rollback undoes the change and balances the callbacks already delivered: arriving
    /// controllers disappear again, leaving ones appear again (R4.10, R6.9), and every
    /// `willMove` ends with a `didMove` to the parent the controller keeps. Hooks are called
    /// when `callHooks`; otherwise the callbacks are only noted (state and journal).
    func settle(_ flight: InFlightChange, callHooks: Bool) async throws {
        let animated = flight.animated
        guard !flight.committed else {
            // Past the commit point: note what the end phase had left (its hooks were not
            // called: the request was abandoned).
            let appearingPost = flight.after.missing(from: flight.before, postOrder: true, topLayerFirst: false)
            let disappearingPost = flight.before.missing(from: flight.after, postOrder: true, topLayerFirst: true)
            for controller in appearingPost where controller.context.appearance != .appeared {
                record(.viewDidAppear(animated: animated), of: controller.context)
            }
            for controller in disappearingPost where controller.context.appearance != .disappeared {
                record(.viewDidDisappear(animated: animated), of: controller.context)
            }
            let moves = flight.applied.moves
            while flight.movesEnded < moves.count {
                let move = moves[flight.movesEnded]
                flight.movesEnded += 1
                if move.deliversDidMove { record(.didMove(toParent: move.to?.id), of: move.controller.context) }
            }
            markFlags(flight.applied, on: false)
            return
        }
        if !flight.isUndone {
            flight.isUndone = true
            tree.undo(flight.applied)
        }
        guard !isClosed else {
            settleClosed(flight)
            return
        }
        let arriving = flight.after.missing(from: flight.before, postOrder: true, topLayerFirst: false)
        let leaving = flight.before.missing(from: flight.after, postOrder: true, topLayerFirst: true)
        /// Delivers `event` to each of `controllers` whose appearance state is one of `states`.
        func balance(_ controllers: [any ViewController], in states: [AppearanceState], _ event: ControllerCallback) async throws {
            for controller in controllers where states.contains(controller.context.appearance) {
                try await callback(event, to: controller, animated: animated, callHooks: callHooks)
            }
        }
        func arrivingWill() async throws {
            try await balance(flight.appearing, in: [.appearing, .appeared], .viewWillDisappear(animated: animated))
        }
        func arrivingDid() async throws {
            try await balance(arriving, in: [.disappearing], .viewDidDisappear(animated: animated))
        }
        func leavingWill() async throws {
            try await balance(flight.disappearing, in: [.disappearing, .disappeared], .viewWillAppear(animated: animated))
        }
        func leavingDid() async throws {
            try await balance(leaving, in: [.appearing], .viewDidAppear(animated: animated))
        }
        // A cancelled page turn balances in UIKit's order (R5.12): a scroll the leaving side
        // first, a page curl both `will`s before both `did`s.
        let order = flight.applied.order
        if order.rollbackLeavingFirst {
            try await leavingWill()
            try await leavingDid()
            try await arrivingWill()
            try await arrivingDid()
        } else if order.rollbackWillsFirst {
            try await arrivingWill()
            try await leavingWill()
            try await arrivingDid()
            try await leavingDid()
        } else {
            try await arrivingWill()
            try await arrivingDid()
            try await leavingWill()
            try await leavingDid()
        }
        let moves = flight.applied.moves
        while flight.movesRolledBack < flight.movesBegun {
            let move = moves[flight.movesRolledBack]
            flight.movesRolledBack += 1
            guard move.deliversWillMove else { continue }
            let callback = ControllerCallback.didMove(toParent: move.from?.id)
            if note(callback, to: move.controller), callHooks {
                try await userCode(.callback(callback), on: move.controller.id) {
                    await callHook(callback, on: move.controller, parent: move.from, animated: animated)
                }
            }
        }
        markFlags(flight.applied, on: false)
    }

    /// Settles a change in flight on a closed window: undone (before the commit point), no
    /// callbacks delivered (R8.8), flags cleared.
    func settleClosed(_ flight: InFlightChange) {
        if !flight.committed && !flight.isUndone {
            flight.isUndone = true
            tree.undo(flight.applied)
        }
        if !flight.committed {
            for controller in flight.appearing { controller.context.appearance = .disappeared }
        }
        markFlags(flight.applied, on: false)
    }

    /// Notes one callback and, when `callHooks`, calls its hook.
    private func callback(
        _ callback: ControllerCallback,
        to controller: any ViewController,
        animated: Bool,
        callHooks: Bool
    ) async throws {
        guard note(callback, to: controller), callHooks else { return }
        try await userCode(.callback(callback), on: controller.id) {
            await callHook(callback, on: controller, parent: nil, animated: animated)
        }
    }

    func markFlags(_ applied: AppliedChange, on: Bool) {
        for move in applied.moves where !move.isAdoption {
            if move.to != nil { move.controller.context.isMovingToParent = on }
            if move.to == nil { move.controller.context.isMovingFromParent = on }
        }
        for controller in applied.presented { controller.context.isBeingPresented = on }
        for controller in applied.dismissed { controller.context.isBeingDismissed = on }
    }
}
