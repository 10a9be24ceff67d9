import Foundation
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
        var sent = 0
    }

    /// Runs the configuration and reports.
    public static func run(_ configuration: LoadConfiguration) async throws -> LoadReport {
        guard let scenario = Scenario(rawValue: configuration.scenario) else {
            throw UsageError("unknown scenario '\(configuration.scenario)' (built in: \(Scenario.names))")
        }
        var storyboardCatalog: (catalog: SceneCatalog, initial: String)?
        if let file = configuration.storyboard {
            let storyboard: Storyboard
            do {
                storyboard = try StoryboardLoader.load(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw UsageError("\(file): \(error.message)")
            }
            guard let initial = storyboard.initialViewControllerID else {
                throw UsageError("\(file) has no initial view controller")
            }
            let catalog = storyboard.catalog(directory: URL(fileURLWithPath: file).deletingLastPathComponent())
            storyboardCatalog = (catalog, initial)
        }
        let storyboard = storyboardCatalog
        let application = Application()
        if scenario == .deepLinkRace { await application.register(deepLinks: DemoDeepLinks.router) }
        let clock = ContinuousClock()
        let start = clock.now
        let perTask = max(1, configuration.requests / (configuration.windows * configuration.tasks))
        let results = try await withThrowingTaskGroup(of: (WindowID, Tally, InvariantChecker.Report).self) { group in
            for index in 0..<configuration.windows {
                group.addTask {
                    try await runWindow(
                        WindowID(UInt64(index + 1)), scenario: scenario, storyboard: storyboard, application: application,
                        configuration: configuration, requestsPerTask: perTask
                    )
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
        var sent = 0
        for (_, tally, _) in results {
            outcomes.merge(tally.outcomes, uniquingKeysWith: +)
            failures.merge(tally.failures, uniquingKeysWith: +)
            latencies += tally.latencies
            resolved += tally.resolved
            sent += tally.sent
        }
        latencies.sort()
        func percentile(_ p: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            return Double(latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))])
        }
        var effective = configuration
        effective.requests = sent
        return LoadReport(
            configuration: effective,
            outcomes: outcomes,
            failures: failures,
            lost: sent - resolved,
            windows: results.map { ($0.0, $0.2.commits, $0.2.violations) },
            deferred: results.reduce(0) { total, result in
                total + result.2.events.filter { if case .deferred = $0.kind { true } else { false } }.count
            },
            seconds: seconds,
            latency: (percentile(0.5), percentile(0.99), percentile(0.999))
        )
    }

    private static func runWindow(
        _ id: WindowID,
        scenario: Scenario,
        storyboard: (catalog: SceneCatalog, initial: String)?,
        application: Application,
        configuration: LoadConfiguration,
        requestsPerTask: Int
    ) async throws -> (WindowID, Tally, InvariantChecker.Report) {
        // deep-link-race opens its windows through the application (links are routed by it).
        let window =
            scenario == .deepLinkRace
            ? await application.openWindow(configuration: scenario.windowConfiguration)
            : Window(id: id, configuration: scenario.windowConfiguration)
        let journal = await window.journal()
        let root: NavigationController?
        if let storyboard {
            try await window.setRoot(scene: storyboard.initial, from: storyboard.catalog)
            root = nil
        } else {
            root = try await window.setRoot(scene: "nav", from: scenario.catalog) as? NavigationController
            guard root != nil else { throw UsageError("the scenario's root is not a navigation controller") }
        }
        let tally = await withTaskGroup(of: Tally.self) { group in
            for task in 0..<configuration.tasks {
                let seed = configuration.seed &+ id.rawValue &* 1_000_003 &+ UInt64(task) &* 7919
                group.addTask {
                    if let storyboard {
                        return await StoryboardLoad.walk(
                            window: window, catalog: storyboard.catalog, seed: seed, count: requestsPerTask,
                            cancelRate: configuration.cancelRate, policy: configuration.policy
                        )
                    }
                    guard let root else { return Tally() }
                    return await walk(
                        window: window, navigation: root, scenario: scenario, application: application, seed: seed,
                        count: requestsPerTask, configuration: configuration
                    )
                }
            }
            if scenario == .multiWindow {
                // Another task closes the window while the others navigate (R8.8).
                group.addTask {
                    for _ in 0..<(configuration.seed % 64 + 8) { await Task.yield() }
                    await window.close()
                    return Tally()
                }
            }
            var total = Tally()
            for await tally in group {
                total.outcomes.merge(tally.outcomes, uniquingKeysWith: +)
                total.failures.merge(tally.failures, uniquingKeysWith: +)
                total.latencies += tally.latencies
                total.resolved += tally.resolved
                total.sent += tally.sent
            }
            return total
        }
        let snapshot = await window.snapshot()
        await window.close()
        let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        return (id, tally, report)
    }

    /// One task's seeded random walk of the scenario's operations.
    private static func walk(
        window: Window,
        navigation: NavigationController,
        scenario: Scenario,
        application: Application,
        seed: UInt64,
        count: Int,
        configuration: LoadConfiguration
    ) async -> Tally {
        var rng = SplitMix64(seed: seed)
        var tally = Tally()
        let clock = ContinuousClock()
        let policy = configuration.policy
        let animated = scenario.animated
        // cancel-storm: each task cancels a random 10–50% of its requests.
        let cancelRate = scenario == .cancelStorm ? 0.1 + Double(rng.next() % 41) / 100 : configuration.cancelRate
        let cancelThreshold = UInt64(cancelRate * Double(UInt64.max >> 11)) << 11
        var made = 0
        while made < count {
            let operation = LoadOperation.next(for: scenario, roll: rng.next() % 100)
            let cancel = rng.next() < cancelThreshold
            let top = await navigation.topViewController
            let started = clock.now
            let results: [Result<TransitionOutcome, any Error>]
            if case .doubleTap(let identifier) = operation {
                // The same control tapped twice: the second tap must not push again (P1).
                async let first = capture { try await top?.performSegue(withIdentifier: identifier, animated: animated, policy: policy) ?? .noChange }
                async let second = capture { try await top?.performSegue(withIdentifier: identifier, animated: animated, policy: .dropIfBusy) ?? .noChange }
                results = await [first, second]
            } else {
                let windowID = window.id
                let body: @Sendable () async throws -> TransitionOutcome = {
                    if case .deepLink(let link) = operation {
                        return try await open(link, in: windowID, application: application, animated: animated, policy: policy)
                    }
                    return try await perform(operation, top: top, navigation: navigation, animated: animated, policy: policy)
                }
                if cancel {
                    let task = Task { try await body() }
                    task.cancel()
                    results = [await task.result]
                } else {
                    results = [await capture(body)]
                }
            }
            let elapsed = clock.now - started
            made += operation.requests
            tally.sent += operation.requests
            for result in results {
                tally.latencies.append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
                tally.resolved += 1
                record(result, into: &tally)
            }
        }
        return tally
    }

    private static func capture(_ body: @Sendable () async throws -> TransitionOutcome) async -> Result<TransitionOutcome, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
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
            return try await navigation.popViewController(animated: animated, policy: policy)
        case .popToRoot:
            return try await navigation.popToRootViewController(animated: animated, policy: policy)
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
        }
    }
}
