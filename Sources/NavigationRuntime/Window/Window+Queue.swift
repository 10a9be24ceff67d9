import Synchronization

extension Window {
    /// Submits a request to the transition queue and returns how it ended.
    ///
    /// Exactly once per call: it returns an outcome, or throws a ``NavigationError`` or
    /// `CancellationError`.
    func submit(
        _ request: TransitionRequest,
        animated: Bool,
        policy: BusyPolicy
    ) async throws -> TransitionOutcome {
        // Only a running transition's own user code can make a nested request, so an idle
        // window skips the task-local look-up (a thread-local read) on the uncontended path.
        if let running = queue.running, let scope = TransitionScope.current,
            scope.window == ObjectIdentifier(self), scope.request == running
        {
            return try deferNested(request, animated: animated)
        }
        // A request whose task is cancelled before it is sent never runs (DESIGN §3.4), so it
        // must not supersede the requests waiting before it: it waits like `.enqueue` and ends
        // `CancellationError` at once.
        let policy = policy == .replacePending && Task.isCancelled ? .enqueue : policy
        let id: RequestID
        switch queue.accept(policy: policy) {
        case .closed:
            throw NavigationError(.windowClosed, "The window \(self.id) is closed.", window: self.id)
        case .drop(let dropped):
            emit(.accepted(request.name), request: dropped)
            emit(.dropped, request: dropped)
            return .dropped
        case .run(let running):
            id = running
            emit(.accepted(request.name), request: id)
            // The synchronous core: a request that runs no user code before its change, whose
            // turn it is at once, is resolved, applied and (without hooks and animation) run
            // to its end in this one function, on the window's executor. Any other request is
            // `.asynchronous` there, with nothing done (see `resolveSynchronously`).
            switch runSynchronously(request, id: id, animated: animated) {
            case .ended(let result):
                return try endTurn(id, result)
            case .inFlight(let flight, let hooks):
                return try await runFlightTurn(id, flight, hooks: hooks)
            case .askingSplitDelegates(let change, let animated):
                return try await runEntryDecisionsTurn(id, change, animated: animated)
            case .asynchronous:
                break
            }
        case .enqueue(let queued, let superseded, let supersededJobs):
            emit(.accepted(request.name), request: queued)
            for waiter in superseded { waiter.resume(.superseded) }
            for job in supersededJobs { emit(.superseded, request: job) }
            let resumption = await waitForTurn(queued)
            guard resumption == .run else { return try leave(queued, resumption) }
            id = queued
        }
        return try await runTurn(id, request, animated: animated, cancellable: true)
    }

    /// Suspends an enqueued request until the queue resumes it. Cancelling the task resumes it
    /// with `.cancelled` (at once if it is suspended, else at its suspension).
    ///
    /// The continuation is made here, in the window's isolation, so that the queue's event
    /// (`TransitionQueueStorage.suspend(_:continuation:)`) runs on the window's executor like
    /// every other but a cancellation (see that method).
    private func waitForTurn(_ id: RequestID) async -> TransitionQueueStorage.Machine.Resumption {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                assertIsolated("a queue event off the window's executor")
                queue.suspend(id, continuation: continuation)
            }
        } onCancel: {
            queue.cancelWaiting(id)
        }
    }

    /// A waiting request that will not run ends: journals its ending (`close()` journaled a
    /// closed one's) and leaves the queue.
    private func leave(
        _ id: RequestID,
        _ resumption: TransitionQueueStorage.Machine.Resumption
    ) throws -> TransitionOutcome {
        switch resumption {
        case .superseded: emit(.superseded, request: id)
        case .cancelled: emit(.cancelled, request: id)
        case .closed, .run: break
        }
        if queue.leave(id) == .finishJournal { finishJournal() }
        switch resumption {
        case .superseded, .run: return .superseded
        case .cancelled: throw CancellationError()
        case .closed: throw NavigationError(.windowClosed, "The window \(self.id) closed.", window: self.id)
        }
    }

    /// Runs the request whose turn it is, then hands the queue on (running any deferred
    /// requests that come next in this task).
    private func runTurn(
        _ id: RequestID,
        _ request: TransitionRequest,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        let result: Result<TransitionOutcome, any Error>
        do {
            let outcome: TransitionOutcome
            if case .segue(let source, let identifier, let sender, let triggered) = request,
                request.runsUserCodeBeforeItsChange
            {
                // A storyboard segue with user code on its way: the whole pipeline, its
                // transition included, is one function in its runner (see `runSegue`).
                outcome = try await escape(id, cancellable: cancellable) { window in
                    try window.checkpoint(cancellable: cancellable)
                    return try await window.runSegue(
                        from: source, identifier: identifier, sender: sender?.value, triggered: triggered,
                        id: id, animated: animated, cancellable: cancellable, inRunner: true
                    )
                }
            } else if request.runsUserCodeBeforeItsChange {
                // User code runs in a runner, so that this task can be answered at once if
                // that code never returns (see `escape`).
                outcome = try await escape(id, cancellable: cancellable) { window in
                    try await window.execute(request, id: id, animated: animated, cancellable: cancellable)
                }
            } else {
                // Hooks, if any, run inside `runChange`, which marks the task itself.
                outcome = try await execute(request, id: id, animated: animated, cancellable: cancellable)
            }
            result = .success(outcome)
        } catch let released as CallerReleased {
            // Abandoned: its settlement journals the ending and hands the queue on.
            return try released.answer.get()
        } catch {
            result = .failure(error)
        }
        return try endTurn(id, result)
    }

    /// The running request ended with `result`: journals its ending, hands the queue on, and
    /// returns the outcome or throws the error.
    private func endTurn(_ id: RequestID, _ result: Result<TransitionOutcome, any Error>) throws -> TransitionOutcome {
        journalResult(result, request: id)
        handOn(after: id)
        return try result.get()
    }

    /// What ``runSynchronously(_:id:animated:)`` got to.
    private enum SynchronousTurn {
        /// The request ended (its ending is not journaled yet, the queue not handed on).
        case ended(Result<TransitionOutcome, any Error>)
        /// Its change is in flight: its phases have hooks or animate.
        case inFlight(InFlightChange, hooks: Bool)
        /// Its change is resolved and validated, nothing applied: it brings into a compact
        /// window a split view controller whose delegate decides how it collapses (R5.6), user
        /// code that the asynchronous path asks before the change (see
        /// ``runEntryDecisionsTurn(_:_:animated:)``).
        case askingSplitDelegates(Change, animated: Bool)
        /// It needs the asynchronous path from its start: nothing was done.
        case asynchronous
    }

    /// The first part of `execute` and `runChange`, with no suspension point: the
    /// cancellation check, the resolution (``resolveSynchronously(_:)``, which answers
    /// `.asynchronous` for a request that may run user code before its change), the tree's
    /// validation, and ``startChange(_:request:animated:cancellable:checked:)``. In a compact window a
    /// change that brings in a split view controller with a delegate stops before the start
    /// (`.askingSplitDelegates`): the delegate decides how it collapses, asynchronously. The
    /// caller's task runs the request, as on the asynchronous path:
    /// cancelling it before the commit point is checked at the same places.
    private func runSynchronously(_ request: TransitionRequest, id: RequestID, animated: Bool) -> SynchronousTurn {
        do {
            try checkpoint(cancellable: true)
            let change: Change
            var animated = animated
            switch try resolveSynchronously(request) {
            case .asynchronous: return .asynchronous
            case .outcome(let outcome): return .ended(.success(outcome))
            case .change(let resolved, let animates, let validated):
                if !validated { try tree.validate(resolved) }
                change = resolved
                animated = animated && animates
            case .leafPush(let push, let pushed, let navigation, let animates):
                animated = animated && animates
                // Checked above, with no suspension point since.
                if interaction == nil, !animated || configuration.transitionDuration == .zero {
                    return .ended(
                        .success(
                            try runLeafPush(
                                push, of: pushed, onto: navigation, request: id, animated: animated, cancellable: true, checks: false)))
                }
                change = .push(navigation, pushed)
            }
            if traits.horizontalSizeClass == .compact, !splitsAskedOnEntry(by: change).isEmpty {
                return .askingSplitDelegates(change, animated: animated)
            }
            // Checked above, with no suspension point since.
            switch try startChange(change, request: id, animated: animated, cancellable: true, checked: true) {
            case .finished(let outcome): return .ended(.success(outcome))
            case .inFlight(let flight, let hooks): return .inFlight(flight, hooks: hooks)
            }
        } catch {
            return .ended(.failure(error))
        }
    }

    /// The rest of a turn whose change the synchronous core resolved and validated: the split
    /// delegates' collapse decisions, then the transition, as ``runChange(_:request:animated:cancellable:)``
    /// runs them after its validation; then ends the turn.
    private func runEntryDecisionsTurn(_ id: RequestID, _ change: Change, animated: Bool) async throws -> TransitionOutcome {
        let result: Result<TransitionOutcome, any Error>
        do {
            try await decideEntryCollapses(for: change, request: id, cancellable: true)
            switch try startChange(change, request: id, animated: animated, cancellable: true) {
            case .finished(let outcome): result = .success(outcome)
            case .inFlight(let flight, let hooks): result = .success(try await runFlight(flight, hooks: hooks, cancellable: true))
            }
        } catch let released as CallerReleased {
            return try released.answer.get()
        } catch {
            result = .failure(error)
        }
        return try endTurn(id, result)
    }

    /// Runs the phases of a change the synchronous core started, then ends the turn (see
    /// ``runTurn(_:_:animated:cancellable:)``).
    private func runFlightTurn(_ id: RequestID, _ flight: InFlightChange, hooks: Bool) async throws -> TransitionOutcome {
        let result: Result<TransitionOutcome, any Error>
        do {
            result = .success(try await runFlight(flight, hooks: hooks, cancellable: true))
        } catch let released as CallerReleased {
            return try released.answer.get()
        } catch {
            result = .failure(error)
        }
        return try endTurn(id, result)
    }

    // Inlined: see `userCode(_:on:_:)`.
    /// Runs `body` with the task marked as running request `id` of this window, so that a
    /// request the body (user code: a hook, a delegate, a custom segue) makes to this window is
    /// deferred instead of waiting for itself. Costs a task-local binding (~0.2 µs), so hookless
    /// transitions skip it.
    @inline(__always) func inScope<T>(of id: RequestID, _ body: () async throws -> T) async rethrows -> T {
        if TransitionScope.current?.request == id, TransitionScope.current?.window == ObjectIdentifier(self) {
            return try await body()
        }
        return try await TransitionScope.$current.withValue(TransitionScope(window: ObjectIdentifier(self), request: id)) {
            try await body()
        }
    }

    /// The running request `id` ended, its ending journaled: it leaves the queue, which goes
    /// to the next request, or goes idle, or (closed) lets the window tear down and, once the
    /// last request in flight left, finish the journal, so that no subscriber misses an ending.
    func handOn(after id: RequestID) {
        switch queue.finish(id) {
        case .none:
            break
        case .idle(let idleWaiters):
            for waiter in idleWaiters { waiter.resume() }
        case .closed(let finishesJournal):
            tearDown()
            if finishesJournal { finishJournal() }
        case .resume(let waiter):
            waiter.resume(.run)
        case .runJob(let next, let job):
            // A deferred request has no task of its own (its maker could not wait for it).
            // It gets one, on this window's executor; nobody holds it, so nobody cancels it.
            Task { await self.runDeferred(next, job) }
        }
    }

    private func runDeferred(_ id: RequestID, _ job: DeferredRequest) async {
        _ = try? await runTurn(id, job.request, animated: job.animated, cancellable: false)
    }

    private func deferNested(_ request: TransitionRequest, animated: Bool) throws -> TransitionOutcome {
        // It leaves when it has run, or when the window closes.
        guard let id = queue.acceptDeferred(DeferredRequest(request: request, animated: animated)) else {
            throw NavigationError(.windowClosed, "The window \(self.id) is closed.", window: self.id)
        }
        emit(.accepted(request.name), request: id)
        emit(.deferred, request: id)
        return .deferred(id)
    }

    private func journalResult(_ result: Result<TransitionOutcome, any Error>, request id: RequestID) {
        // `hasSubscribers` (kept equal to `!subscribers.isEmpty`), not the dictionary: it needs
        // no dynamic exclusivity check, on every request's ending.
        guard hasSubscribers else { return }
        switch result {
        case .success(.completed): break  // the commit event says it
        case .success(.vetoed): emit(.vetoed, request: id)
        case .success(.noChange): emit(.noChange, request: id)
        case .success(.noDestination(let action)): emit(.noDestination(action), request: id)
        case .success: break
        case .failure(is CancellationError): emit(.cancelled, request: id)
        case .failure(let error as NavigationError): emit(.failed(error.code.description), request: id)
        case .failure: emit(.failed(NavigationError.Code.hookFailed.description), request: id)
        }
    }
}
