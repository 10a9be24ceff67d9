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
    /// A storyboard to walk instead of the scenario's scenes (`--storyboard FILE`).
    public var storyboard: String?

    /// Creates the default configuration.
    public init() {}

    /// The command that replays this run.
    public var replayCommand: String {
        let source = storyboard.map { "--storyboard \"\($0)\"" } ?? "--scenario \(scenario)"
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
    /// Per window: the checker's violations (empty when every guarantee held) and commit count.
    public var windows: [(id: WindowID, commits: Int, violations: [String])]
    /// Requests controllers made from their own callbacks, deferred by the runtime (R4.5).
    public var deferred: Int
    /// Wall time of the run, in seconds.
    public var seconds: Double
    /// Latency percentiles in nanoseconds: p50, p99, p99.9.
    public var latency: (p50: Double, p99: Double, p999: Double)

    /// Whether the run held: nothing lost, no violation.
    public var held: Bool { lost == 0 && windows.allSatisfy(\.violations.isEmpty) }

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
