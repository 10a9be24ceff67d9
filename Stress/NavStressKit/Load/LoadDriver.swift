import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

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
                unreachableStoryboards: walked.unreachableStoryboards, unknownKindSegues: walked.unknownKindSegues
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
            coverage: coverage,
            skippedEntries: storyboard?.skippedEntries ?? [],
            warnings: storyboard?.warnings ?? []
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
}
