import Synchronization

/// An interactive pop in progress: UIKit's edge-swipe back (R4.10, R4.11, R6.9).
///
/// ``NavigationController/beginInteractivePop()`` starts it and returns once the begin phase
/// has run: the top controller got `viewWillDisappear(true)`, the one below
/// `viewWillAppear(true)`, and ``NavigationController/viewControllers`` already reports the
/// post-pop stack (R4.11). Then ``finish()`` completes it as a normal pop (R6.3), or
/// ``cancel()`` restores the stack and delivers UIKit's cancel sequence (`Below
/// .viewWillDisappear`, `Below.viewDidDisappear`, `Top.viewWillAppear`, `Top.viewDidAppear`,
/// R4.10). The transition holds the window's queue until one of them is called.
public final class InteractivePop: Sendable {
    /// How the gesture ended.
    enum Decision: Sendable {
        case finish
        case cancel
    }

    private struct State {
        var began = false
        var beganWaiters: [UnsafeContinuation<Void, Never>] = []
        var decision: Decision?
        var decisionWaiter: UnsafeContinuation<Decision, Never>?
        var result: Result<TransitionOutcome, any Error>?
        var resultWaiters: [UnsafeContinuation<Result<TransitionOutcome, any Error>, Never>] = []
    }

    private let state = Locked(State())

    init() {}

    /// Finishes the gesture: the pop commits. Returns how the pop ended (`.noChange` if there
    /// was nothing to pop).
    @discardableResult
    public func finish() async throws -> TransitionOutcome {
        decide(.finish)
        return try await result().get()
    }

    /// Cancels the gesture: the stack is restored, with UIKit's cancel callbacks (R4.10).
    /// Returns ``TransitionOutcome/noChange`` once the rollback has run.
    @discardableResult
    public func cancel() async throws -> TransitionOutcome {
        decide(.cancel)
        return try await result().get()
    }

    // MARK: - The transition's side

    /// The begin phase ran (or the request ended without one): wake ``waitUntilBegan()``.
    func markBegan() {
        let waiters = state.withLock { state -> [UnsafeContinuation<Void, Never>] in
            state.began = true
            defer { state.beganWaiters.removeAll() }
            return state.beganWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func waitUntilBegan() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let began = state.withLock { state -> Bool in
                if state.began { return true }
                state.beganWaiters.append(continuation)
                return false
            }
            if began { continuation.resume() }
        }
    }

    /// Suspends the transition until the gesture ends.
    func waitForDecision() async -> Decision {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Decision, Never>) in
            let decided = state.withLock { state -> Decision? in
                if let decision = state.decision { return decision }
                state.decisionWaiter = continuation
                return nil
            }
            if let decided { continuation.resume(returning: decided) }
        }
    }

    /// The request ended: hand its result to ``finish()`` / ``cancel()``.
    func complete(_ result: Result<TransitionOutcome, any Error>) {
        let waiters = state.withLock { state -> [UnsafeContinuation<Result<TransitionOutcome, any Error>, Never>] in
            state.result = result
            defer { state.resultWaiters.removeAll() }
            return state.resultWaiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
        markBegan()
    }

    private func decide(_ decision: Decision) {
        let waiter = state.withLock { state -> UnsafeContinuation<Decision, Never>? in
            guard state.decision == nil else { return nil }
            state.decision = decision
            defer { state.decisionWaiter = nil }
            return state.decisionWaiter
        }
        waiter?.resume(returning: decision)
    }

    private func result() async -> Result<TransitionOutcome, any Error> {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Result<TransitionOutcome, any Error>, Never>) in
            let ready = state.withLock { state -> Result<TransitionOutcome, any Error>? in
                if let result = state.result { return result }
                state.resultWaiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

extension NavigationController {
    /// Begins an interactive pop of the top controller (the edge swipe, R4.10): a request on
    /// the window's queue like any other, which returns once its begin phase has run (or once
    /// it ended, e.g. with a one-element stack). End it with ``InteractivePop/finish()`` or
    /// ``InteractivePop/cancel()``; until then it holds the window's queue.
    ///
    /// See <doc:RequestContract>. The request runs in a task of its own, so cancelling the
    /// caller does not cancel it: ``InteractivePop/cancel()`` is the gesture's cancellation.
    public func beginInteractivePop() async -> InteractivePop {
        let gesture = InteractivePop()
        let window = context.window
        Task {
            do {
                gesture.complete(.success(try await window.submit(.interactivePop(self, gesture), animated: true, policy: .enqueue)))
            } catch {
                gesture.complete(.failure(error))
            }
        }
        await gesture.waitUntilBegan()
        return gesture
    }
}
