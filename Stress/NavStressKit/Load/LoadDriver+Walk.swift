// NavStressKit: one task's seeded random walk of a built-in scenario, and how its requests
// are made, cancelled and tallied.

import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

extension LoadDriver {
    /// One task's seeded random walk of the scenario's operations.
    static func walk(
        window: Window,
        navigation: NavigationController,
        scenario: Scenario,
        application: Application,
        seed: UInt64,
        count: Int,
        configuration: LoadConfiguration,
        progress: Progress?
    ) async -> Tally {
        var rng = SplitMix64(seed: seed)
        var tally = Tally()
        let clock = ContinuousClock()
        let policy = configuration.policy
        let animated = scenario.animated
        let sequential = configuration.isSequential
        // cancel-storm: each task cancels a random 10–50% of its requests.
        let cancelRate = scenario == .cancelStorm ? 0.1 + Double(rng.next() % 41) / 100 : configuration.cancelRate
        let cancelThreshold = UInt64(cancelRate * Double(UInt64.max >> 11)) << 11
        // multi-window, sequential: the one task closes its window itself, at a seeded request.
        let closeAt = scenario == .multiWindow && sequential ? Int(seed % UInt64(max(1, count))) : nil
        var made = 0
        while made < count {
            if sequential { await settle(window) }
            if made == closeAt { await window.close() }
            var next = LoadOperation.next(for: scenario, roll: rng.next() % 100)
            // The last request of a task is never a double tap's two: the run's count is exact.
            if case .doubleTap(let identifier) = next, count - made == 1 { next = .segue(identifier) }
            let operation = next
            let cancel = rng.next() < cancelThreshold
            let top = await navigation.topViewController
            let started = clock.now
            let results: [Result<TransitionOutcome, any Error>]
            if case .doubleTap(let identifier) = operation {
                // The same control tapped twice: the second tap must not push again (P1).
                let first: @Sendable () async throws -> TransitionOutcome = {
                    try await top?.performSegue(withIdentifier: identifier, animated: animated, policy: policy) ?? .noChange
                }
                let second: @Sendable () async throws -> TransitionOutcome = {
                    try await top?.performSegue(withIdentifier: identifier, animated: animated, policy: .dropIfBusy) ?? .noChange
                }
                if sequential {
                    // One after the other, so the run replays from its seed.
                    results = [await capture(first), await capture(second)]
                } else {
                    async let firstResult = capture(first)
                    async let secondResult = capture(second)
                    results = await [firstResult, secondResult]
                }
            } else {
                let windowID = window.id
                let body: @Sendable () async throws -> TransitionOutcome = {
                    if case .deepLink(let link) = operation {
                        return try await open(link, in: windowID, application: application, animated: animated, policy: policy)
                    }
                    return try await perform(operation, top: top, navigation: navigation, animated: animated, policy: policy)
                }
                results = [cancel ? await cancelled(body, sequential: sequential) : await capture(body)]
            }
            let elapsed = clock.now - started
            made += operation.requests
            tally.sent += operation.requests
            progress?.add(operation.requests)
            for result in results {
                tally.latency.record(elapsed)
                tally.resolved += 1
                record(result, into: &tally)
            }
        }
        return tally
    }

    /// Waits until the window has nothing running or waiting. A sequential run does this
    /// before each request: a request made from a callback after its transition (deferred, R4.5)
    /// runs in a task of its own, and the next request must not race it.
    static func settle(_ window: Window) async {
        try? await window.waitUntilIdle()
    }

    static func capture(_ body: @Sendable () async throws -> TransitionOutcome) async -> Result<TransitionOutcome, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    /// Runs `body` in a task that is cancelled: right after it starts, racing the request (so
    /// the cancellation lands anywhere, mid-transition too), or, in a sequential run, before it
    /// starts (so the run replays from its seed).
    static func cancelled(
        _ body: @escaping @Sendable () async throws -> TransitionOutcome,
        sequential: Bool
    ) async -> Result<TransitionOutcome, any Error> {
        guard sequential else {
            let task = Task { try await body() }
            task.cancel()
            return await task.result
        }
        // The task waits for the gate, which opens only after it is cancelled.
        let (gate, opener) = AsyncStream<Never>.makeStream()
        let task = Task {
            for await _ in gate {}
            return try await body()
        }
        task.cancel()
        opener.finish()
        return await task.result
    }

    /// Opens a deep link and maps its outcome onto a request's: an outcome, or a thrown error.
    private static func open(
        _ link: String,
        in window: WindowID,
        application: Application,
        animated: Bool,
        policy: BusyPolicy
    ) async throws -> TransitionOutcome {
        guard let url = URL(string: link) else { throw UsageError("bad deep link \(link)") }
        switch await application.open(url: url, in: window, animated: animated, policy: policy) {
        case .opened(_, let outcome): return outcome
        case .cancelled: throw CancellationError()
        case .failed(let error): throw error
        case .stepFailed(let failure):
            throw NavigationError(.invalidRequest, "deep link \(link): \(failure)", window: window)
        case .unroutable, .noWindow:
            throw NavigationError(.invalidRequest, "deep link \(link) went nowhere", window: window)
        }
    }

    private static func perform(
        _ operation: LoadOperation,
        top: (any ViewController)?,
        navigation: NavigationController,
        animated: Bool,
        policy: BusyPolicy
    ) async throws -> TransitionOutcome {
        switch operation {
        case .segue(let identifier), .doubleTap(let identifier):
            guard let top else { return .noChange }
            return try await top.performSegue(withIdentifier: identifier, animated: animated, policy: policy)
        case .pop:
            return try await navigation.pop(animated: animated, policy: policy).outcome
        case .popToRoot:
            return try await navigation.popToRoot(animated: animated, policy: policy).outcome
        case .present:
            guard let top else { return .noChange }
            return try await top.performSegue(withIdentifier: "compose", animated: animated, policy: policy)
        case .dismiss:
            return try await navigation.dismiss(animated: animated, policy: policy)
        case .deepLink:
            return .noChange  // opened by the caller
        }
    }

    static func record(_ result: Result<TransitionOutcome, any Error>, into tally: inout Tally) {
            switch result {
            case .success(let outcome): tally.outcomes[outcome.reportName, default: 0] += 1
            case .failure(is CancellationError): tally.outcomes["cancelled", default: 0] += 1
            case .failure(let error as NavigationError):
                tally.outcomes["failed", default: 0] += 1
                tally.failures[error.code.description, default: 0] += 1
            case .failure:
                tally.outcomes["failed", default: 0] += 1
                tally.failures["other", default: 0] += 1
            }
    }
}

extension TransitionOutcome {
    /// The outcome's name in reports.
    var reportName: String {
        switch self {
        case .completed: "completed"
        case .noChange: "noChange"
        case .vetoed: "vetoed"
        case .dropped: "dropped"
        case .superseded: "superseded"
        case .deferred: "deferred"
        case .noDestination: "noDestination"
        case .hookTimedOut: "hookTimedOut"
        }
    }
}
