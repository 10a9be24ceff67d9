import NavigationRuntime
import NavigationRuntimeTesting

/// Runs a load: windows in parallel, tasks per window, each task a seeded random walk of
/// requests; then checks every window's journal.
public enum LoadDriver {
    /// Tallies of one task.
    struct Tally: Sendable {
        var outcomes: [String: Int] = [:]
        var failures: [String: Int] = [:]
        var latencies: [Int64] = []
        var resolved = 0
    }

    /// Runs the configuration and reports.
    public static func run(_ configuration: LoadConfiguration) async throws -> LoadReport {
        guard configuration.scenario == "demo" else {
            throw UsageError("unknown scenario '\(configuration.scenario)' (built in: demo)")
        }
        let clock = ContinuousClock()
        let start = clock.now
        let perTask = max(1, configuration.requests / (configuration.windows * configuration.tasks))
        let results = try await withThrowingTaskGroup(of: (WindowID, Tally, InvariantChecker.Report).self) { group in
            for index in 0..<configuration.windows {
                group.addTask {
                    try await runWindow(WindowID(UInt64(index + 1)), configuration: configuration, requestsPerTask: perTask)
                }
            }
            var results: [(WindowID, Tally, InvariantChecker.Report)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        let seconds = Double((clock.now - start).components.attoseconds) / 1e18 + Double((clock.now - start).components.seconds)
        var outcomes: [String: Int] = [:]
        var failures: [String: Int] = [:]
        var latencies: [Int64] = []
        var resolved = 0
        for (_, tally, _) in results {
            outcomes.merge(tally.outcomes, uniquingKeysWith: +)
            failures.merge(tally.failures, uniquingKeysWith: +)
            latencies += tally.latencies
            resolved += tally.resolved
        }
        latencies.sort()
        func percentile(_ p: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            return Double(latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))])
        }
        var effective = configuration
        effective.requests = perTask * configuration.windows * configuration.tasks
        return LoadReport(
            configuration: effective,
            outcomes: outcomes,
            failures: failures,
            lost: effective.requests - resolved,
            windows: results.map { ($0.0, $0.2.commits, $0.2.violations) },
            seconds: seconds,
            latency: (percentile(0.5), percentile(0.99), percentile(0.999))
        )
    }

    private static func runWindow(
        _ id: WindowID,
        configuration: LoadConfiguration,
        requestsPerTask: Int
    ) async throws -> (WindowID, Tally, InvariantChecker.Report) {
        let window = Window(id: id, configuration: .immediate)
        let journal = await window.journal()
        guard let root = try await window.setRoot(scene: "nav", from: DemoScenes.catalog) as? NavigationController else {
            throw UsageError("the demo scenario's root is not a navigation controller")
        }
        let tally = await withTaskGroup(of: Tally.self) { group in
            for task in 0..<configuration.tasks {
                let seed = configuration.seed &+ id.rawValue &* 1_000_003 &+ UInt64(task) &* 7919
                group.addTask {
                    await walk(window: window, navigation: root, seed: seed, count: requestsPerTask, configuration: configuration)
                }
            }
            var total = Tally()
            for await tally in group {
                total.outcomes.merge(tally.outcomes, uniquingKeysWith: +)
                total.failures.merge(tally.failures, uniquingKeysWith: +)
                total.latencies += tally.latencies
                total.resolved += tally.resolved
            }
            return total
        }
        let snapshot = await window.snapshot()
        await window.close()
        let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        return (id, tally, report)
    }

    /// One task's random walk: mostly segues forward, pops back, some sheets and dismissals.
    private static func walk(
        window: Window,
        navigation: NavigationController,
        seed: UInt64,
        count: Int,
        configuration: LoadConfiguration
    ) async -> Tally {
        var rng = SplitMix64(seed: seed)
        var tally = Tally()
        let clock = ContinuousClock()
        let policy = configuration.policy
        let cancelThreshold = UInt64(configuration.cancelRate * Double(UInt64.max >> 11)) << 11
        for _ in 0..<count {
            let roll = rng.next() % 100
            let cancel = rng.next() < cancelThreshold
            let top = await navigation.topViewController
            let operation: @Sendable () async throws -> TransitionOutcome = {
                switch roll {
                case 0..<45:
                    guard let top else { return .noChange }
                    return try await top.performSegue(withIdentifier: "detail", animated: false, policy: policy)
                case 45..<75:
                    return try await navigation.popViewController(animated: false, policy: policy)
                case 75..<80:
                    return try await navigation.popToRootViewController(animated: false, policy: policy)
                case 80..<90:
                    guard let top else { return .noChange }
                    return try await top.performSegue(withIdentifier: "compose", animated: false, policy: policy)
                default:
                    return try await navigation.dismiss(animated: false, policy: policy)
                }
            }
            let started = clock.now
            let result: Result<TransitionOutcome, any Error>
            if cancel {
                let task = Task { try await operation() }
                task.cancel()
                result = await task.result
            } else {
                do { result = .success(try await operation()) } catch { result = .failure(error) }
            }
            let elapsed = clock.now - started
            tally.latencies.append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
            tally.resolved += 1
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
        return tally
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
        }
    }
}
