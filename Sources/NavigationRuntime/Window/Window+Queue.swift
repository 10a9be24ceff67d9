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
        if let running = runningRequest, let scope = TransitionScope.current,
            scope.window == ObjectIdentifier(self), scope.request == running
        {
            return try deferNested(request, animated: animated)
        }
        // A request whose task is cancelled before it is sent never runs (DESIGN §3.4), so it
        // must not supersede the requests waiting before it: it waits like `.enqueue` and ends
        // `CancellationError` at once.
        let policy = policy == .replacePending && Task.isCancelled ? .enqueue : policy
        let id: RequestID
        switch queue.withLock({ $0.accept(policy: policy) }) {
        case .closed:
            throw NavigationError(.windowClosed, "The window \(self.id) is closed.", window: self.id)
        case .drop(let dropped):
            emit(.accepted(request.name), request: dropped)
            emit(.dropped, request: dropped)
            return .dropped
        case .run(let running):
            id = running
            requestsInFlight += 1
            emit(.accepted(request.name), request: id)
        case .enqueue(let queued, let superseded, let supersededJobs):
            requestsInFlight += 1
            emit(.accepted(request.name), request: queued)
            for waiter in superseded { waiter.continuation.resume(returning: .superseded) }
            for job in supersededJobs {
                emit(.superseded, request: job)
                requestEnded()
            }
            switch await waitForTurn(queued) {
            case .run:
                id = queued
            case .superseded:
                emit(.superseded, request: queued)
                requestEnded()
                return .superseded
            case .cancelled:
                emit(.cancelled, request: queued)
                requestEnded()
                throw CancellationError()
            case .closed:
                // `close()` journaled the failure.
                requestEnded()
                throw NavigationError(.windowClosed, "The window \(self.id) closed.", window: self.id)
            }
        }
        return try await runTurn(id, request, animated: animated, cancellable: true)
    }

    /// Suspends until the queue resumes this request.
    private func waitForTurn(_ id: RequestID) async -> TransitionQueueStateMachine<QueueWaiter, DeferredRequest>.Resumption {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let action = queue.withLock { $0.suspend(id, waiter: QueueWaiter(continuation: continuation)) }
                if case .resume(let waiter, let reason) = action {
                    waiter.continuation.resume(returning: reason)
                }
            }
        } onCancel: {
            if case .resume(let waiter) = queue.withLock({ $0.cancel(id) }) {
                waiter.continuation.resume(returning: .cancelled)
            }
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
        runningRequest = id
        let result: Result<TransitionOutcome, any Error>
        do {
            let outcome: TransitionOutcome
            if request.runsUserCodeBeforeItsChange {
                // User code runs in a runner, so that this task can be answered at once if
                // that code never returns (see `escape`).
                outcome = try await escape(id, cancellable: cancellable) { window in
                    try await window.inScope(of: id) {
                        try await window.execute(request, id: id, animated: animated, cancellable: cancellable)
                    }
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
        journalResult(result, request: id)
        runningRequest = nil
        handOn(after: id)
        requestEnded()
        return try result.get()
    }

    /// Notes that a request's ending is journaled. Once the window is closed, the last one
    /// finishes the journal streams, so that no subscriber misses an ending (DESIGN §6).
    func requestEnded() {
        requestsInFlight -= 1
        if isClosed && requestsInFlight == 0 { finishJournal() }
    }

    /// Runs `body` with the task marked as running request `id` of this window, so that a
    /// request the body (user code: a hook, a delegate, a custom segue) makes to this window is
    /// deferred instead of waiting for itself. Costs a task-local binding (~0.2 µs), so hookless
    /// transitions skip it.
    func inScope<T>(of id: RequestID, _ body: () async throws -> T) async rethrows -> T {
        if TransitionScope.current?.request == id, TransitionScope.current?.window == ObjectIdentifier(self) {
            return try await body()
        }
        return try await TransitionScope.$current.withValue(TransitionScope(window: ObjectIdentifier(self), request: id)) {
            try await body()
        }
    }

    /// Hands the queue to the next request.
    func handOn(after id: RequestID) {
        switch queue.withLock({ $0.finish(id) }) {
        case .idle:
            if isClosed { tearDown() }
            resumeIdleWaiters()
        case .resume(let waiter):
            waiter.continuation.resume(returning: .run)
        case .runJob(let next, let job):
            // A deferred request has no task of its own (its maker could not wait for it).
            // It gets one, on this window's executor; nobody holds it, so nobody cancels it.
            runningRequest = next
            Task { await self.runDeferred(next, job) }
        }
    }

    private func runDeferred(_ id: RequestID, _ job: DeferredRequest) async {
        _ = try? await runTurn(id, job.request, animated: job.animated, cancellable: false)
    }

    private func deferNested(_ request: TransitionRequest, animated: Bool) throws -> TransitionOutcome {
        guard let id = queue.withLock({ $0.acceptDeferred(DeferredRequest(request: request, animated: animated)) })
        else {
            throw NavigationError(.windowClosed, "The window \(self.id) is closed.", window: self.id)
        }
        requestsInFlight += 1  // it ends when it runs, or when the window closes
        emit(.accepted(request.name), request: id)
        emit(.deferred, request: id)
        return .deferred(id)
    }

    private func journalResult(_ result: Result<TransitionOutcome, any Error>, request id: RequestID) {
        guard !subscribers.isEmpty else { return }
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
