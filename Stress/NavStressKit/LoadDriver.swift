import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization

/// Runs a load: windows in parallel, tasks per window, each task a seeded random walk of
/// requests; then checks every window's journal.
///
/// Two phases: every window is opened first (its journal subscribed, its root set; in the
/// `multi-window` scenario its navigation stack pushed three deep, and its journal subscribed
/// only when its load starts, from a snapshot), and the resident memory of the idle windows is
/// read; then every window's tasks run and each window's journal is checked as soon as its
/// window is done (only the journals that are recorded stay in memory). At most
/// ``windowsInFlight`` windows open, or run their load, at a time.
///
/// With one window and one task the run is sequential and replays byte for byte from its seed
/// (see ``LoadConfiguration/isSequential``).
public enum LoadDriver {
    /// Tallies of one task.
    struct Tally: Sendable {
        var outcomes: [String: Int] = [:]
        var failures: [String: Int] = [:]
        var latency = LatencyHistogram()
        var resolved = 0
        var sent = 0
        /// What a storyboard walk reached.
        var coverage = StoryboardLoad.Coverage()

        mutating func merge(_ other: Tally) {
            coverage.merge(other.coverage)
            outcomes.merge(other.outcomes, uniquingKeysWith: +)
            failures.merge(other.failures, uniquingKeysWith: +)
            latency.merge(other.latency)
            resolved += other.resolved
            sent += other.sent
        }
    }

    /// How many windows open, or run their load, at a time (each window's tasks run in
    /// parallel with the other windows in flight).
    static let windowsInFlight = 1_024

    /// A window opened by the first phase.
    private struct OpenWindow: Sendable {
        let window: Window
        /// Its journal since before its first commit; `nil`: subscribe when its load starts.
        let journal: AsyncStream<JournalEvent>?
        let root: NavigationController?
    }

    /// What one window's second phase found.
    private struct WindowResult: Sendable {
        let id: WindowID
        let tally: Tally
        let commits: Int
        let violations: [String]
        let deferred: Int
        /// The window's journal, kept when the run records it or the window failed.
        let recorded: RecordedWindow?
    }

    /// Runs the configuration and reports.
    public static func run(_ configuration: LoadConfiguration) async throws -> LoadReport {
        guard let scenario = Scenario(rawValue: configuration.scenario) else {
            throw UsageError("unknown scenario '\(configuration.scenario)' (built in: \(Scenario.names))")
        }
        // Every storyboard of the app parsed once, for every window.
        let storyboard = try StoryboardLoad.load(configuration)
        let application = Application()
        if scenario == .deepLinkRace { await application.register(deepLinks: DemoDeepLinks.router) }

        // Phase 1: open every window.
        let opened = try await withThrowingTaskGroup(of: (Int, OpenWindow).self) { group in
            var windows: [OpenWindow?] = Array(repeating: nil, count: configuration.windows)
            for index in 0..<configuration.windows {
                if index >= windowsInFlight, let (done, window) = try await group.next() { windows[done] = window }
                group.addTask {
                    let window = try await open(
                        WindowID(UInt64(index + 1)), scenario: scenario, storyboard: storyboard, application: application
                    )
                    return (index, window)
                }
            }
            for try await (index, window) in group { windows[index] = window }
            return windows.compactMap { $0 }
        }
        let idleMemory = ResidentMemory.read()

        // Phase 2: the load.
        let clock = ContinuousClock()
        let start = clock.now
        let progress = configuration.progress ? Progress(total: configuration.requests) : nil
        var total = Tally()
        var windows: [LoadReport.WindowVerdict] = []
        var recorded: [RecordedWindow] = []
        var deferred = 0
        try await withThrowingTaskGroup(of: WindowResult.self) { group in
            func collect(_ result: WindowResult) {
                total.merge(result.tally)
                windows.append(LoadReport.WindowVerdict(id: result.id, commits: result.commits, violations: result.violations))
                deferred += result.deferred
                if let window = result.recorded { recorded.append(window) }
            }
            for (index, open) in opened.enumerated() {
                if index >= windowsInFlight, let result = try await group.next() { collect(result) }
                group.addTask {
                    try await runWindow(
                        open, scenario: scenario, storyboard: storyboard, application: application,
                        configuration: configuration, windowIndex: index, progress: progress
                    )
                }
            }
            for try await result in group { collect(result) }
        }
        let elapsed = clock.now - start
        progress?.finish()
        windows.sort { $0.id < $1.id }
        recorded.sort { $0.window < $1.window }
        var effective = configuration
        effective.requests = total.sent
        let coverage = storyboard.map { walked in
            let missed = walked.missed(total.coverage)
            return LoadReport.Coverage(
                scenes: (walked.totals.scenes.intersection(total.coverage.scenes).count, walked.totals.scenes.count),
                segues: (walked.totals.segues.intersection(total.coverage.segues).count, walked.totals.segues.count),
                unwinds: (walked.totals.unwinds.intersection(total.coverage.unwinds).count, walked.totals.unwinds.count),
                missedScenes: missed.scenes, missedSegues: missed.segues, missedUnwinds: missed.unwinds,
                unreachableStoryboards: walked.unreachableStoryboards
            )
        }
        return LoadReport(
            configuration: effective,
            outcomes: total.outcomes,
            failures: total.failures,
            lost: total.sent - total.resolved,
            windows: windows,
            deferred: deferred,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            latencyHistogram: total.latency,
            memory: LoadReport.Memory(idle: idleMemory, end: ResidentMemory.read()),
            recording: recorded.isEmpty ? nil : JournalRecording(command: effective.replayCommand, windows: recorded, requests: effective.requests),
            coverage: coverage
        )
    }

    /// Phase 1 of one window: opens it, subscribes to its journal, sets its root; in the
    /// `multi-window` scenario, pushes its stack three deep (home, detail, detail).
    private static func open(
        _ id: WindowID,
        scenario: Scenario,
        storyboard: StoryboardLoad.Walked?,
        application: Application
    ) async throws -> OpenWindow {
        // deep-link-race opens its windows through the application (links are routed by it).
        let window =
            scenario == .deepLinkRace
            ? await application.openWindow(configuration: scenario.windowConfiguration)
            : Window(id: id, configuration: scenario.windowConfiguration)
        // multi-window keeps many windows idle: their journals start with their loads.
        let journal = scenario == .multiWindow ? nil : await window.journal()
        if let storyboard {
            try await window.setRoot(scene: storyboard.initial, from: storyboard.catalog)
            return OpenWindow(window: window, journal: journal, root: nil)
        }
        guard let root = try await window.setRoot(scene: "nav", from: scenario.catalog) as? NavigationController else {
            throw UsageError("the scenario's root is not a navigation controller")
        }
        if scenario == .multiWindow {
            for _ in 0..<2 {
                _ = try await root.topViewController?.performSegue(withIdentifier: "detail", animated: false)
            }
        }
        return OpenWindow(window: window, journal: journal, root: root)
    }

    /// Phase 2 of one window: its tasks' walks, then the check of its journal.
    private static func runWindow(
        _ open: OpenWindow,
        scenario: Scenario,
        storyboard: StoryboardLoad.Walked?,
        application: Application,
        configuration: LoadConfiguration,
        windowIndex: Int,
        progress: Progress?
    ) async throws -> WindowResult {
        let window = open.window
        let id = window.id
        let root = open.root
        // Nothing runs in the window between these two calls (its tasks start below).
        let start = open.journal == nil ? await window.snapshot() : nil
        let journal = if let journal = open.journal { journal } else { await window.journal() }
        // The journal is checked as it streams, so a run of millions of requests does not hold
        // its events; they are kept only when they may be recorded.
        async let checked = check(journal, start: start, keepingEvents: configuration.keepsJournals)
        let sequential = configuration.isSequential
        let tally = await withTaskGroup(of: Tally.self) { group in
            for task in 0..<configuration.tasks {
                let seed = configuration.seed &+ id.rawValue &* 1_000_003 &+ UInt64(task) &* 7919
                let requestsPerTask = configuration.requests(forTask: task, ofWindow: windowIndex)
                group.addTask {
                    if let storyboard {
                        return await StoryboardLoad.walk(
                            window: window, tappable: storyboard.tappable, seed: seed, count: requestsPerTask,
                            cancelRate: configuration.cancelRate, policy: configuration.policy,
                            sequential: sequential, progress: progress
                        )
                    }
                    guard let root else { return Tally() }
                    return await walk(
                        window: window, navigation: root, scenario: scenario, application: application, seed: seed,
                        count: requestsPerTask, configuration: configuration, progress: progress
                    )
                }
            }
            if scenario == .multiWindow && !sequential {
                // Another task closes the window while the others navigate (R8.8). (A
                // sequential run closes it from its one task, at a seeded request.)
                group.addTask {
                    for _ in 0..<(configuration.seed % 64 + 8) { await Task.yield() }
                    await window.close()
                    return Tally()
                }
            }
            var total = Tally()
            for await tally in group { total.merge(tally) }
            return total
        }
        let snapshot = await window.snapshot()
        await window.close()  // finishes the journal stream
        let (checker, events) = await checked
        let report = checker.finish(finalSnapshot: snapshot)
        let failed = !report.violations.isEmpty || tally.sent != tally.resolved
        return WindowResult(
            id: id,
            tally: tally,
            commits: report.commits,
            violations: report.violations,
            deferred: report.deferredRequests,
            recorded: (configuration.recordsEveryWindow || failed) && configuration.keepsJournals
                ? RecordedWindow(window: id, start: start, finalSnapshot: snapshot, events: events) : nil
        )
    }

    /// Consumes a window's journal until it finishes, checking each event as it comes.
    private static func check(
        _ journal: AsyncStream<JournalEvent>,
        start: WindowSnapshot?,
        keepingEvents: Bool
    ) async -> (InvariantChecker.Incremental, [JournalEvent]) {
        var checker = InvariantChecker.Incremental(start: start)
        var events: [JournalEvent] = []
        for await event in journal {
            checker.consume(event)
            if keepingEvents { events.append(event) }
        }
        return (checker, events)
    }

    /// One task's seeded random walk of the scenario's operations.
    private static func walk(
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

/// Requests done so far, shared by every task of a run, and the line on standard error that
/// shows them (only when standard error is a terminal, see ``LoadConfiguration/progress``).
/// The line is rewritten by the task whose requests cross the next step (1/200 of the run),
/// so no timer runs beside the load.
final class Progress: Sendable {
    let total: Int
    private let step: Int
    private let start = ContinuousClock.now
    private let done = Atomic<Int>(0)

    init(total: Int) {
        self.total = total
        self.step = max(1, total / 200)
    }

    func add(_ requests: Int) {
        let now = done.wrappingAdd(requests, ordering: .relaxed).newValue
        guard now / step != (now - requests) / step else { return }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(now) / seconds : 0
        let percent = total > 0 ? min(100, 100 * now / total) : 100
        writeError(String(format: "\rnavstress run: %d/%d requests (%d%%), %.0f requests/s\u{1B}[K", now, total, percent, rate))
    }

    /// Clears the line.
    func finish() {
        writeError("\r\u{1B}[K")
    }
}
