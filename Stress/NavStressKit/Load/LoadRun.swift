import NavigationRuntime
import NavigationRuntimeTesting

/// One load run's settings (`navstress run`).
public struct LoadConfiguration: Sendable, Hashable {
    /// The built-in scenario.
    public var scenario: String = "demo"
    /// How many windows run at once.
    public var windows: Int = 4
    /// How many tasks trigger requests in each window.
    public var tasks: Int = 8
    /// How many requests in all.
    public var requests: Int = 20_000
    /// The fraction of requests whose task is cancelled right after it made the request.
    public var cancelRate: Double = 0.1
    /// The busy policy of every request.
    public var policy: BusyPolicy = .enqueue
    /// The seed of every random choice.
    public var seed: UInt64 = 42
    /// A storyboard file or app folder to walk instead of the scenario's scenes
    /// (`--storyboard FILE|DIR`).
    public var storyboard: String?
    /// The scene a storyboard run starts from (`--initial ID`: element id or storyboard ID of
    /// any storyboard of the app); `nil`: the initial view controller.
    public var initial: String?
    /// Swift and Objective-C sources declaring unwind actions (`--sources DIR`).
    public var sources: String?
    /// A storyboard run reads no sources (`--no-sources`); by default an app folder's are read.
    public var noSources = false
    /// Whether the report keeps every window's journal (`--record FILE`); otherwise it keeps
    /// only the journals of windows that failed (lost a request or broke a guarantee).
    public var recordsEveryWindow = false

    /// The most requests a run keeps its journals for without `--record` (to record the
    /// windows that fail); a longer run checks its journals as they stream and keeps none.
    public static let journalKeepingLimit = 2_000_000

    /// Whether the run keeps its windows' journals: asked to record, or short enough.
    public var keepsJournals: Bool { recordsEveryWindow || requests <= Self.journalKeepingLimit }
    /// Whether to show progress on standard error (`navstress run` sets it when standard error
    /// is a terminal; never when it is piped).
    public var progress = false

    /// Whether the run is sequential: one window, one task. Such a run replays from its seed
    /// byte for byte (the same journal): ids are assigned in order, the journal has no
    /// timestamps, a cancelled request's task is cancelled before it starts, the two taps of
    /// `double-tap` are made one after the other, each request waits until the window is idle
    /// (requests deferred from callbacks have run), and `multi-window` closes its window from
    /// its one task at a seeded request instead of from a racing task.
    public var isSequential: Bool { windows == 1 && tasks == 1 }

    /// Creates the default configuration.
    public init() {}

    /// The requests task `task` of the window at `window` (from 0) makes: the run's requests
    /// shared out exactly, the first `requests % (windows * tasks)` tasks making one more.
    /// - Parameters:
    ///   - task: The task, from 0.
    ///   - window: The window's index, from 0.
    /// - Returns: The count (0 when there are more tasks than requests).
    public func requests(forTask task: Int, ofWindow window: Int) -> Int {
        let slots = windows * tasks
        let slot = window * tasks + task
        return requests / slots + (slot < requests % slots ? 1 : 0)
    }

    /// The command that replays this run.
    public var replayCommand: String {
        var source = storyboard.map { "--storyboard \"\($0)\"" } ?? "--scenario \(scenario)"
        if let initial { source += " --initial \"\(initial)\"" }
        if let sources { source += " --sources \"\(sources)\"" }
        if noSources { source += " --no-sources" }
        return "swift run navstress run \(source) --windows \(windows) --tasks \(tasks) --requests \(requests)"
            + " --cancel-rate \(cancelRate) --policy \(policy.cliName) --seed \(seed)"
    }
}

extension BusyPolicy {
    /// The policy's name on the command line.
    public var cliName: String {
        switch self {
        case .enqueue: "enqueue"
        case .dropIfBusy: "drop-if-busy"
        case .replacePending: "replace-pending"
        }
    }

    /// The policy named on the command line.
    public init?(cliName: String) {
        guard let policy = BusyPolicy.allCases.first(where: { $0.cliName == cliName }) else { return nil }
        self = policy
    }
}

/// What a load run measured.
public struct LoadReport: Sendable {
    /// The configuration.
    public var configuration: LoadConfiguration
    /// Requests by outcome: completed, noChange, vetoed, dropped, superseded, deferred,
    /// noDestination, cancelled, failed.
    public var outcomes: [String: Int]
    /// Failed requests by error code.
    public var failures: [String: Int]
    /// Requests sent that never resolved (must be 0).
    public var lost: Int
    /// One window's checker verdict.
    public struct WindowVerdict: Sendable, Hashable {
        /// The window.
        public var id: WindowID
        /// How many transitions it committed.
        public var commits: Int
        /// The checker's violations: empty when every guarantee held.
        public var violations: [String]
    }

    /// Resident memory read during the run (`nil` where `/proc/self/status` is unavailable).
    public struct Memory: Sendable, Hashable {
        /// After every window was opened, before the load: the idle windows.
        public var idle: ResidentMemory?
        /// At the end of the run (its `peak` is the run's high-water mark).
        public var end: ResidentMemory?
    }

    /// Per window, in id order: the checker's verdict.
    public var windows: [WindowVerdict]
    /// Requests controllers made from their own callbacks, deferred by the runtime (R4.5).
    public var deferred: Int
    /// Wall time of the run, in seconds.
    public var seconds: Double
    /// Every request's latency, in nanoseconds.
    public var latencyHistogram: LatencyHistogram
    /// Resident memory.
    public var memory: Memory
    /// What a storyboard run reached: (reached, total) of the app's scenes (instantiated),
    /// segues (fired: completed) and unwind segues (found a destination).
    public struct Coverage: Sendable {
        /// Scenes seen in a window's tree / scenes of the app (references excluded).
        public var scenes: (reached: Int, total: Int)
        /// Segues that completed / segues of the app (containment and unwinds excluded).
        public var segues: (reached: Int, total: Int)
        /// Unwind segues that found a destination / unwind segues of the app.
        public var unwinds: (reached: Int, total: Int)
        /// The scenes never seen, as `ID (Class)`, sorted.
        public var missedScenes: [String] = []
        /// The segues that never completed, as `SCENE/SEGUE 'identifier'`, sorted.
        public var missedSegues: [String] = []
        /// The unwind segues that never found a destination, as `SCENE/SEGUE 'identifier'`, sorted.
        public var missedUnwinds: [String] = []
        /// The storyboards with no scene reachable from the initial one (by segues and
        /// references): not counted in the totals above.
        public var unreachableStoryboards: [String] = []
        /// The segues whose kind the runtime does not know, as `SCENE/SEGUE 'identifier'
        /// (kind 'KIND')`, sorted: never performed, not counted in the totals above. Like
        /// the app's failures, they are reported without failing the run (lint fails them:
        /// `unknown-segue-kind`).
        public var unknownKindSegues: [String] = []
    }

    /// The failure codes a storyboard run's random walker causes itself, not the app: it taps
    /// controllers a user could not tap at that moment. `alreadyPresenting`: a controller that
    /// is presenting another (R3.6; a user cannot reach a control under a presentation); with
    /// several tasks per window, `notInWindowHierarchy`: a controller that left the tree
    /// between the task's look at the window and its tap (another task moved on).
    public var walkerFailureCodes: Set<String> {
        guard configuration.storyboard != nil else { return [] }
        return configuration.tasks > 1 ? ["alreadyPresenting", "notInWindowHierarchy"] : ["alreadyPresenting"]
    }

    /// Failed requests by code that are the walker's own (see ``walkerFailureCodes``).
    public var walkerFailures: [String: Int] { failures.filter { walkerFailureCodes.contains($0.key) } }

    /// Failed requests by code that an app could cause (every failure but the walker's own).
    public var appFailures: [String: Int] { failures.filter { !walkerFailureCodes.contains($0.key) } }

    /// The journals kept: every window's with ``LoadConfiguration/recordsEveryWindow``, else
    /// the failed windows' (`nil` if none).
    public var recording: JournalRecording?
    /// The file ``recording`` was written to, if it was.
    public var recordedTo: String?
    /// Why ``recording`` could not be written, if it could not.
    public var recordingError: String?
    /// What a storyboard run reached (`nil` for a scenario).
    public var coverage: Coverage?
    /// The entries of a storyboard run's app folder named like storyboards that were not read
    /// (broken links, FIFOs, folders): `navstress run` names each on standard error.
    public var skippedEntries: [AppFolder.SkippedEntry] = []
    /// Warnings about a storyboard run's app (a reference whose target is a guess):
    /// `navstress run` prints each on standard error.
    public var warnings: [String] = []

    /// Latency percentiles in nanoseconds (bucket lower bounds, within 6.25%): p50, p99, p99.9.
    public var latency: (p50: Double, p99: Double, p999: Double) {
        (
            Double(latencyHistogram.value(atQuantile: 0.5)),
            Double(latencyHistogram.value(atQuantile: 0.99)),
            Double(latencyHistogram.value(atQuantile: 0.999))
        )
    }

    /// Whether the run held: nothing lost, no violation.
    public var held: Bool { lost == 0 && windows.allSatisfy(\.violations.isEmpty) }

    /// Whether a storyboard run changed nothing: not one request completed (no segue, tab,
    /// back, dismiss or traits change), so it checked nothing about the app.
    public var changedNothing: Bool { configuration.storyboard != nil && outcomes["completed", default: 0] == 0 }

    /// Whether the run passed: it held, and a storyboard run changed something (exit 0).
    public var passed: Bool { held && !changedNothing }

    /// Requests resolved per second.
    public var throughput: Double { seconds > 0 ? Double(configuration.requests - lost) / seconds : 0 }
}

/// The demo scenario's scenes: a navigation stack of screens that show more screens and
/// present sheets.
enum DemoScenes {
    static let catalog = SceneCatalog([
        Scene("nav") { context in
            NavigationController(context: context, rootViewController: context.instantiate("home") ?? GenericViewController(context: context.makeContext()))
        },
        Scene(
            "home",
            className: "HomeController",
            segues: [
                SegueDefinition(identifier: "detail", kind: .show, destination: "detail"),
                SegueDefinition(identifier: "compose", kind: .presentModally(.pageSheet), destination: "sheet"),
            ]
        ) { GenericViewController(context: $0, className: "HomeController") },
        Scene(
            "detail",
            className: "DetailController",
            segues: [
                SegueDefinition(identifier: "detail", kind: .show, destination: "detail"),
                SegueDefinition(identifier: "compose", kind: .presentModally(.fullScreen), destination: "sheet"),
            ]
        ) { GenericViewController(context: $0, className: "DetailController") },
        Scene("sheet", className: "ComposeController") { GenericViewController(context: $0, className: "ComposeController") },
    ])

    /// The demo's scenes, with detail screens that navigate from their own callbacks.
    static let reentrantCatalog = SceneCatalog(
        catalog.scenes.values.map { scene in
            guard scene.identifier == "detail" else { return scene }
            var reentrant = scene
            reentrant.make = { ReentrantController(context: $0) }
            return reentrant
        }
    )
}
