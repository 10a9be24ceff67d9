import Synchronization

// Running user code off the caller's task: escaping to a runner, calling hooks through it, and
// settling a request whose runner was abandoned (issue 18, finding 4).

/// Thrown inside an abandoned runner when its user code returns: it stops without touching
/// anything, since the request was settled in its place.
struct RunnerAbandoned: Error {}

/// Thrown to a caller released while its runner had not finished: the request's ending is
/// journaled, and the queue handed on, by whoever settles it; the caller only returns `answer`.
struct CallerReleased: Error {
    let answer: RunnerAnswer
}

extension Window {
    /// Runs `body`, the rest of request `id`'s work, in a runner task on this window's executor
    /// while the caller waits, so that the caller can be answered at once (and the window go on)
    /// if user code in `body` never returns: cancelling the caller before the commit point,
    /// closing the window, or a hook outliving ``Configuration/hookDeadline``.
    ///
    /// The runner starts at once (`Task.immediate`): until its first suspension it runs on this
    /// thread in place of the caller, which takes its answer without suspending if it finished.
    ///
    /// Inside the request's runner already, `body` runs in place. `body` runs in the request's
    /// scope (see ``inScope(of:_:)``) either way.
    ///
    /// - Throws: what `body` throws; `CallerReleased` when the request was abandoned (its
    ///   settlement journals the ending and hands the queue on: the caller must not).
    func escape(
        _ id: RequestID,
        cancellable: Bool,
        _ body: @escaping @Sendable (isolated Window) async throws -> TransitionOutcome
    ) async throws -> TransitionOutcome {
        if let runner = activeRunner, runner.request == id, runner.settles == nil {
            return try await inScope(of: id) { try await body(self) }
        }
        let runner = Runner(request: id, cancellable: cancellable)
        let outer = activeRunner
        activeRunner = runner
        // The runner is the request's own task (`inScope`): bound here, around its creation,
        // it inherits the binding (a new task copies its creator's task-locals), so that the
        // body need not bind it in the runner, an async call whose task switches each take
        // the runner's status-record lock (see `userCode`).
        let scope = TransitionScope(window: ObjectIdentifier(self), request: id)
        if cancellable && Task.isCancelled {
            // Cancelled already: the runner's first checkpoint sees it (`callerCancelled`
            // cancels its task as the handler below is installed).
            TransitionScope.$current.withValue(scope) { runner.setTask(Task { await self.drive(runner, body) }) }
        } else {
            // The runner starts at once on this executor, in place of the caller, until its
            // first suspension: user code that returns without suspending costs no hand-off to
            // another thread. Nothing else runs on the executor meanwhile, so no cancellation
            // handler is needed yet: a cancellation arriving then is seen as one arriving after
            // the runner's answer (as on the synchronous core), or, if the runner suspended, by
            // the handler below.
            TransitionScope.$current.withValue(scope) { runner.setTask(Task.immediate { await self.drive(runner, body) }) }
            if let early = runner.state.withLock({ state in state.takeAnswer().map { ($0, state.abandonment != nil) } }) {
                if activeRunner === runner { activeRunner = outer }
                if early.1 { throw CallerReleased(answer: early.0) }
                return try early.0.get()
            }
        }
        let answer = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: Runner.Continuation) in
                if case .resume(let answer) = runner.state.withLock({ $0.suspend(continuation) }) {
                    continuation.resume(returning: answer)
                }
            }
        } onCancel: {
            guard runner.cancellable else { return }
            switch runner.state.withLock({ $0.callerCancelled() }) {
            case .none:
                break
            case .cancelRunner:
                runner.cancelTask()
            case .abandon(let continuation):
                continuation?.resume(returning: .failure(CancellationError()))
                runner.cancelTask()
                Task { await self.settleAbandoned(runner) }
            }
        }
        if activeRunner === runner { activeRunner = outer }
        if runner.abandonment != nil { throw CallerReleased(answer: answer) }
        return try answer.get()
    }

    /// The runner task's body: runs the request's work and answers the caller (unless the
    /// request was abandoned meanwhile: then the result is discarded).
    private func drive(
        _ runner: Runner,
        _ body: @Sendable (isolated Window) async throws -> TransitionOutcome
    ) async {
        let answer: RunnerAnswer
        do {
            answer = .success(try await body(self))
        } catch {
            answer = .failure(error)
        }
        if let continuation = runner.state.withLock({ $0.finish(answer) }) {
            continuation.resume(returning: answer)
        }
    }

    // Inlined, like `prepare(_:sender:cancellable:)` and `inScope(of:_:)`: in a runner each
    // async call boundary costs a task switch at entry and on return, and every switch of a
    // runner task takes its status-record lock. `Task.immediate` gives the task an initial
    // executor-preference record (even with no preference), so the runtime looks the preferred
    // executor up under that lock at each switch (callgrind, `bench hooked`: 17 switches and
    // 27,808 instructions per hooked segue before, 12 and 25,132 with the three inlined).
    /// Calls user code (a hook, a delegate, a custom segue) for the running request. In a
    /// runner, the call is what an abandonment can cut short: the deadline watches it, and if
    /// the request was abandoned by the time it returns, the runner stops here.
    ///
    /// - Throws: what `body` throws; `RunnerAbandoned` if the request was abandoned meanwhile.
    @inline(__always) func userCode<T>(
        _ hook: Hook,
        on controller: ControllerID?,
        _ body: () async throws -> T
    ) async throws -> T {
        guard let runner = activeRunner else { return try await body() }
        let (call, outer) = runner.state.withLock { $0.enter(hook, controller: controller) }
        let watchdog = configuration.hookDeadline.flatMap { $0 > .zero ? watch(call, of: runner, deadline: $0) : nil }
        let result: Result<T, any Error>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        watchdog?.cancel()
        guard runner.state.withLock({ $0.exit(restoring: outer) }) else { throw RunnerAbandoned() }
        return try result.get()
    }

    /// Starts the deadline of one hook call.
    private func watch(_ call: HookCall, of runner: Runner, deadline: Duration) -> Task<Void, Never> {
        let clock = configuration.clock
        return Task {
            do {
                try await Self.sleep(on: clock, for: deadline)
            } catch {
                return  // the hook returned in time
            }
            await self.deadlinePassed(call, of: runner)
        }
    }

    private static func sleep<C: Clock<Duration>>(on clock: C, for duration: Duration) async throws {
        try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
    }

    private func deadlinePassed(_ call: HookCall, of runner: Runner) async {
        let timedOut = HookTimeout(hook: call.hook.name, controller: call.controller, sequence: nil)
        let result = runner.state.withLock {
            $0.deadlinePassed(call) { committed in
                var timeout = timedOut
                timeout.sequence = committed
                return .success(.hookTimedOut(timeout))
            }
        }
        guard result.abandoned else { return }
        if let continuation = result.continuation, let answer = result.answer { continuation.resume(returning: answer) }
        runner.cancelTask()
        await settleAbandoned(runner)
    }

    /// The window closes while a runner is inside user code: the runner's caller is answered
    /// now (`windowClosed` before the commit point, its outcome after it) and the request is
    /// settled without callbacks, since a closed window delivers none (R8.8).
    func abandonRunnerForClose() {
        guard let runner = activeRunner else { return }
        let windowID = id
        let result = runner.state.withLock {
            $0.windowClosed { committed in
                if let committed { return .success(.completed(sequence: committed)) }
                return .failure(NavigationError(.windowClosed, "The window \(windowID) closed during the transition.", window: windowID))
            }
        }
        guard result.abandoned else { return }
        if let continuation = result.continuation, let answer = result.answer { continuation.resume(returning: answer) }
        runner.cancelTask()
        activeRunner = nil
        let flight = inFlight.flatMap { $0.request == runner.request ? $0 : nil }
        if let flight { settleClosed(flight) }
        endAbandoned(runner.request, as: runner.settles ?? .closed, committed: flight?.committed ?? runner.hasCommitted)
    }

    /// Settles an abandoned request in place of its runner: rolls its change back (or, past
    /// the commit point, completes its bookkeeping), journals its ending and hands the queue on.
    ///
    /// The balancing callbacks of a rollback are delivered, through a runner of their own, so
    /// that closing the window or a deadline can abandon them too; then whatever is left is
    /// noted without calling hooks.
    func settleAbandoned(_ runner: Runner) async {
        guard let reason = runner.abandonment else { return }
        if activeRunner === runner { activeRunner = nil }
        let request = runner.request
        let ending = runner.settles ?? reason
        let flight = inFlight.flatMap { $0.request == request ? $0 : nil }
        if let flight {
            // A settling runner that was itself abandoned notes the rest without hooks.
            let callHooks = runner.settles == nil && !flight.committed && !isClosed
            let settler = Runner(request: request, cancellable: false, settles: ending)
            activeRunner = settler
            do {
                try await settle(flight, callHooks: callHooks)
            } catch {
                return  // abandoned in turn: its settlement finishes the work
            }
            if activeRunner === settler { activeRunner = nil }
        }
        if !tree.entryDecisions.isEmpty { tree.entryDecisions.removeAll() }
        endAbandoned(request, as: ending, committed: flight?.committed ?? runner.hasCommitted)
    }

    /// Journals an abandoned request's ending and hands the queue on.
    private func endAbandoned(_ request: RequestID, as ending: Abandonment, committed: Bool) {
        if inFlight?.request == request { inFlight = nil }
        tree.coordinator = nil
        switch ending {
        case .cancelled:
            emit(.cancelled, request: request)
        case .closed:
            if !committed { emit(.failed(NavigationError.Code.windowClosed.description), request: request) }
        case .deadline(let call):
            let described = "\(call.hook.name) of controller \(call.controller.map { String($0.rawValue) } ?? "?")"
            if committed {
                emit(.warning("\(described) did not return within the hook deadline; the transition's later callbacks were noted without calling hooks"), request: request)
            } else {
                emit(.failed(HookTimeout.journalName), request: request)
            }
        }
        handOn(after: request)
    }
}
