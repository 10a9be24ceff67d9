// Callback delivery: noting appearance and containment callbacks, and calling controllers' hooks.

extension Window {
    /// Notes one callback: updates the bookkeeping and journals it. Returns whether the
    /// controller's hook must be called (it wants callbacks and the window is open). Nothing is
    /// delivered once the window is closed (R8.8).
    func note(_ callback: ControllerCallback, to controller: any ViewController) -> Bool {
        record(callback, of: controller.context) && controller.receivesCallbacks
    }

    /// Notes one callback whose hook is not called here (a transition with no hooks, a
    /// settlement): the bookkeeping and the journal of ``note(_:to:)``, without asking the
    /// controller whether it wants callbacks. Returns `false`, noting nothing, once the
    /// window is closed.
    @discardableResult
    func record(_ callback: ControllerCallback, of context: ControllerContext) -> Bool {
        guard !isClosed else { return false }
        switch callback {
        case .viewWillAppear: context.appearance = .appearing
        case .viewDidAppear: context.appearance = .appeared
        case .viewWillDisappear: context.appearance = .disappearing
        case .viewDidDisappear: context.appearance = .disappeared
        case .viewDidLoad, .willMove, .didMove: break
        }
        emit(.callback(context.id, callback), request: runningRequest)
        return true
    }

    /// Delivers one callback to each controller, in order.
    func deliver(_ callback: ControllerCallback, to controllers: [any ViewController], animated: Bool) async throws {
        for controller in controllers where note(callback, to: controller) {
            try await userCode(.callback(callback), on: controller.id) {
                await callHook(callback, on: controller, parent: nil, animated: animated)
            }
        }
    }

    enum MovePhase { case begin, end }

    /// Delivers the containment callbacks of a change in flight: `willMove(toParent: new)` at
    /// begin, `didMove(toParent: new)` at end. How far it got is kept in ``inFlight`` (a
    /// rollback balances the `willMove`s it reached, see `settle`).
    func deliverMoves(_ moves: [AppliedChange.Move], phase: MovePhase, animated: Bool) async throws {
        let flight = inFlight
        for move in moves {
            switch phase {
            case .begin: flight?.movesBegun += 1
            case .end: flight?.movesEnded += 1
            }
            switch phase {
            case .begin where !move.deliversWillMove: continue
            case .end where !move.deliversDidMove: continue
            default: break
            }
            let callback: ControllerCallback =
                phase == .begin ? .willMove(toParent: move.to?.id) : .didMove(toParent: move.to?.id)
            if note(callback, to: move.controller) {
                try await userCode(.callback(callback), on: move.controller.id) {
                    await callHook(callback, on: move.controller, parent: move.to, animated: animated)
                }
            }
        }
    }

    /// Calls the controller's hook for a callback already noted.
    func callHook(
        _ callback: ControllerCallback,
        on controller: any ViewController,
        parent: (any ViewController)?,
        animated: Bool
    ) async {
        switch callback {
        case .viewDidLoad: await controller.viewDidLoad()
        case .viewWillAppear: await controller.viewWillAppear(animated)
        case .viewDidAppear: await controller.viewDidAppear(animated)
        case .viewWillDisappear: await controller.viewWillDisappear(animated)
        case .viewDidDisappear: await controller.viewDidDisappear(animated)
        case .willMove: await controller.willMove(toParent: parent)
        case .didMove: await controller.didMove(toParent: parent)
        }
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
}

extension Window {
    /// ``loadViewIfNeeded(_:animated:)`` for a request's transition: the hook runs as the
    /// request's user code (see `userCode`).
    func loadViewInTransition(_ controller: any ViewController, animated: Bool) async throws {
        let context = controller.context
        guard !context.isViewLoaded else { return }
        context.isViewLoaded = true
        if note(.viewDidLoad, to: controller) {
            try await userCode(.callback(.viewDidLoad), on: controller.id) {
                await callHook(.viewDidLoad, on: controller, parent: nil, animated: animated)
            }
        }
    }
}
