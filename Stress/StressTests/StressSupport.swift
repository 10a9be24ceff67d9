import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// Shared parts of the stress suites (ANCHORS.md §2, DESIGN §3, §6):
// - `StressRun`: the seed (`NAVSTRESS_SEED`, else a fixed default) and size (`NAVSTRESS_SCALE`)
//   of a run, printed in every failure message with the command that replays it;
// - `StressWorld`: scenes whose controllers (`StressController`) audit that no hook runs on a
//   closed window (R8.8), obey per-request sender tokens (veto, throw, cancel, navigate from
//   `prepare`), and may navigate once from `viewDidAppear` (deferred requests, R4.5);
// - `JournalAudit`: every request the journal accepted ends exactly once, and the ends agree
//   with what the callers got (the ledger);
// - `StressDriver`: a request by kind, sent from the current top, checked against the set of
//   outcomes its plan allows.

/// The seed and size of one stress test, and how to replay it.
struct StressRun: CustomStringConvertible, Sendable {
    /// `NAVSTRESS_SEED`, or a fixed default.
    static let baseSeed = UInt64(ProcessInfo.processInfo.environment["NAVSTRESS_SEED"] ?? "") ?? 20_261_122
    /// `NAVSTRESS_SCALE` (at least 1): multiplies every test's number of requests.
    static let scale = max(1, Int(ProcessInfo.processInfo.environment["NAVSTRESS_SCALE"] ?? "") ?? 1)
    /// The watchdog's bound (`NAVSTRESS_WATCHDOG` seconds, else 120 × scale): only a run that
    /// would otherwise hang waits this long.
    static let watchdog: Duration = .seconds(
        Int(ProcessInfo.processInfo.environment["NAVSTRESS_WATCHDOG"] ?? "") ?? 120 * scale
    )

    /// The test's name (for `--filter`).
    let test: String
    /// What the test is parameterised by (a policy, a window count).
    let parameters: String
    /// The seed of this test: the base seed mixed with a salt, so that tests differ.
    let seed: UInt64

    init(_ test: String, _ parameters: String = "", salt: UInt64 = 0) {
        self.test = test
        self.parameters = parameters
        var mixer = SplitMix64(seed: Self.baseSeed ^ (salt &* 0x9E37_79B9_7F4A_7C15))
        self.seed = mixer.next()
    }

    var description: String {
        "[\(test)\(parameters.isEmpty ? "" : " " + parameters) seed \(seed): "
            + "NAVSTRESS_SEED=\(Self.baseSeed) NAVSTRESS_SCALE=\(Self.scale) swift test --filter \(test)]"
    }
}

/// A sender token that drives the hooks of the one request it is sent with (R1.5: the sender
/// reaches `shouldPerformSegue` and `prepare` unchanged).
enum StressSender: Sendable, Hashable {
    /// `shouldPerformSegue` answers false (R1.1): `triggerSegue` is vetoed.
    case veto
    /// `prepare` throws: the request fails with `.hookFailed`, nothing changes.
    case throwInPrepare
    /// `prepare` cancels its own task: before the commit point, so the request throws
    /// `CancellationError` and leaves no trace (DESIGN §3.4).
    case cancelInPrepare
    /// `prepare` navigates (pops, or pushes a plain scene): deferred until after this
    /// transition (R4.5); the nested call returns `.deferred` at once.
    case navigateInPrepare
}

struct StressHookError: Error, CustomStringConvertible {
    var description: String { "StressHookError" }
}

/// What a run's controllers saw that they must not (R8.8: no callback after close), and the
/// nested requests they made.
final class StressWorld: Sendable {
    /// The scenes: `nav` (a navigation controller rooted in `home`), `home`, `detail` and
    /// `sheet` (stress controllers), `plain` (a generic controller). Every scene has the segues
    /// `detail` (show), `sheet` (form sheet), `full` (full screen) and `plain` (show).
    let catalog: SceneCatalog
    /// Where nested requests (made from hooks, so deferred) are recorded: apart from the
    /// test's own requests, whose number the test knows.
    let nested = RequestLedger()
    private let violations = Mutex<[String]>([])

    /// - Parameters:
    ///   - seed: chooses which controllers navigate from `viewDidAppear`.
    ///   - navigatingPercent: how many of them (by controller id) do, once each.
    init(seed: UInt64, navigatingPercent: UInt64 = 0) {
        let segues = [
            SegueDefinition(identifier: "detail", kind: .show, destination: "detail"),
            SegueDefinition(identifier: "sheet", kind: .presentModally(.formSheet), destination: "sheet"),
            SegueDefinition(identifier: "full", kind: .presentModally(.fullScreen), destination: "detail"),
            SegueDefinition(identifier: "plain", kind: .show, destination: "plain"),
        ]
        // The scene factories need the world, which needs the catalog: a box breaks the cycle.
        let box = WorldBox()
        func scene(_ name: String, actions: Set<String>) -> Scene {
            Scene(name, segues: segues) { context in
                StressController(
                    context: context, world: box, role: name, unwindActions: actions,
                    navigatesOnAppear: navigatingPercent > 0
                        && Self.roll(seed: seed, id: context.id.rawValue) < navigatingPercent
                )
            }
        }
        catalog = SceneCatalog([
            Scene("nav") { context in
                NavigationController(
                    context: context,
                    rootViewController: context.instantiate("home") ?? GenericViewController(context: context.makeContext())
                )
            },
            scene("home", actions: ["toHome:"]),
            scene("detail", actions: ["toDetail:"]),
            scene("sheet", actions: ["toSheet:"]),
            Scene("plain", segues: segues) { GenericViewController(context: $0) },
        ])
        box.set(self)
    }

    private static func roll(seed: UInt64, id: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: seed ^ (id &* 0x2545_F491_4F6C_DD1D))
        return generator.next() % 100
    }

    /// Records a broken rule.
    func violate(_ message: String) { violations.withLock { $0.append(message) } }

    /// Every broken rule the hooks saw.
    var hookViolations: [String] { violations.withLock { $0 } }
}

/// Holds the world weakly for its scenes' factories (the world owns the catalog).
final class WorldBox: Sendable {
    private struct Reference {
        weak var world: StressWorld?
    }

    private let reference = Mutex(Reference())
    var value: StressWorld? { reference.withLock { $0.world } }
    func set(_ world: StressWorld) { reference.withLock { $0.world = world } }
}

/// A content controller for the stress suites.
///
/// Every hook first checks, on the window's executor, that the window is open (R8.8: a closed
/// window delivers no callback); a hook on a closed window is a violation. It handles the
/// unwind action it is given, obeys ``StressSender`` tokens, and, if told to, navigates once
/// from `viewDidAppear` (a push of a plain scene or a pop), which the runtime must defer.
actor StressController: ViewController {
    nonisolated let context: ControllerContext
    nonisolated let unwindActions: Set<String>
    nonisolated let role: String
    private nonisolated let box: WorldBox
    private let navigatesOnAppear: Bool
    private var navigated = false

    init(context: ControllerContext, world: WorldBox, role: String, unwindActions: Set<String>, navigatesOnAppear: Bool) {
        self.context = context
        self.box = world
        self.role = role
        self.unwindActions = unwindActions
        self.navigatesOnAppear = navigatesOnAppear
    }

    /// Checks that the window is open (the controller runs on the window's executor).
    private func audit(_ hook: String) {
        let closed = context.window.assumeIsolated { $0.isClosed }
        if closed { box.value?.violate("\(id) (\(role)) got \(hook) on a closed window (R8.8)") }
    }

    func viewDidLoad() async { audit("viewDidLoad") }
    func viewWillAppear(_ animated: Bool) async { audit("viewWillAppear") }
    func viewWillDisappear(_ animated: Bool) async { audit("viewWillDisappear") }
    func viewDidDisappear(_ animated: Bool) async { audit("viewDidDisappear") }
    func willMove(toParent parent: (any ViewController)?) async { audit("willMove") }
    func didMove(toParent parent: (any ViewController)?) async { audit("didMove") }

    func viewDidAppear(_ animated: Bool) async {
        audit("viewDidAppear")
        guard navigatesOnAppear, !navigated, let world = box.value else { return }
        navigated = true
        await navigateNested(from: "viewDidAppear", world: world)
    }

    func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool {
        audit("shouldPerformSegue")
        return (sender as? StressSender) != .veto
    }

    func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        audit("prepare")
        switch sender as? StressSender {
        case .throwInPrepare: throw StressHookError()
        case .cancelInPrepare: withUnsafeCurrentTask { $0?.cancel() }
        case .navigateInPrepare:
            if let world = box.value { await navigateNested(from: "prepare", world: world) }
        case .veto, nil: break
        }
    }

    func canPerformUnwind(action: String, from source: any ViewController, sender: (any Sendable)?) async -> Bool {
        audit("canPerformUnwind")
        return self !== source && unwindActions.contains(action)
    }

    func performUnwindAction(_ action: String, segue: Segue) async { audit("performUnwindAction") }

    /// A request from inside a transition of this window: it must be deferred (R4.5).
    private func navigateNested(from hook: String, world: StressWorld) async {
        let label = "nested from \(id).\(hook)"
        if let navigation = navigationController, id.rawValue % 2 == 0 {
            await world.nested.track(label + " pop") { try await navigation.popViewController(animated: false) }
        } else {
            await world.nested.track(label + " plain") { try await self.performSegue(withIdentifier: "plain", animated: false) }
        }
    }
}

// MARK: - Journal audit

/// Checks a window's journal against the callers' view (the ledger): every accepted request
/// ends exactly once, and the ends, counted by kind, equal the resolutions the callers got.
enum JournalAudit {
    /// How each request of the journal ended: `completed` (committed), `cancelled`,
    /// `failed(code)`, `vetoed`, `noChange`, `dropped`, `superseded`, `noDestination`; with
    /// whether it was deferred.
    struct Result {
        var violations: [String] = []
        /// Ends of the requests the callers awaited (not deferred), by name.
        var direct: [String: Int] = [:]
        /// Ends of deferred requests, by name.
        var deferred: [String: Int] = [:]
        /// How many requests were deferred.
        var deferredCount = 0
        /// Requests accepted and never ended (allowed only if the window closed).
        var open: [RequestID] = []
    }

    static func audit(_ events: [JournalEvent], windowClosedMidRun: Bool = false) -> Result {
        var result = Result()
        var accepted: [RequestID] = []
        var seen: Set<RequestID> = []
        var deferred: Set<RequestID> = []
        var ends: [RequestID: String] = [:]
        for event in events {
            guard let request = event.request else { continue }
            let end: String?
            switch event.kind {
            case .accepted:
                if !seen.insert(request).inserted { result.violations.append("\(request) accepted twice") }
                accepted.append(request)
                end = nil
            case .deferred:
                deferred.insert(request)
                end = nil
            case .committed: end = "completed"
            case .cancelled: end = "cancelled"
            case .failed(let code): end = "failed(\(code))"
            case .vetoed: end = "vetoed"
            case .noChange: end = "noChange"
            case .dropped: end = "dropped"
            case .superseded: end = "superseded"
            case .noDestination: end = "noDestination"
            case .began, .entered, .callback, .windowClosed, .warning: end = nil
            }
            guard let end else { continue }
            if !seen.contains(request) { result.violations.append("\(request) ended (\(end)) without being accepted") }
            if let first = ends[request] {
                result.violations.append("\(request) ended twice: \(first), then \(end)")
            } else {
                ends[request] = end
            }
        }
        for request in accepted {
            guard let end = ends[request] else {
                result.open.append(request)
                continue
            }
            if deferred.contains(request) { result.deferred[end, default: 0] += 1 } else { result.direct[end, default: 0] += 1 }
        }
        result.deferredCount = deferred.count
        if !windowClosedMidRun && !result.open.isEmpty {
            result.violations.append("accepted and never ended (lost): \(result.open)")
        }
        return result
    }

    /// The ledger's counts without the nested (deferred) calls, comparable with ``Result/direct``.
    static func direct(_ counts: [String: Int]) -> [String: Int] {
        counts.filter { $0.key != "deferred" }
    }
}

// MARK: - Windows

/// One window of a stress test: its journal from before its first request, its navigation
/// root, and the ledger of what was asked of it.
struct StressWindow: Sendable {
    let window: Window
    let navigation: NavigationController
    let journal: AsyncStream<JournalEvent>
    let ledger: RequestLedger
    let world: StressWorld

    /// Opens a window rooted in the world's `nav` scene, its journal subscribed first.
    static func open(
        id: UInt64 = 1,
        seed: UInt64,
        configuration: Window.Configuration,
        navigatingPercent: UInt64 = 0
    ) async throws -> StressWindow {
        let ledger = RequestLedger()
        let world = StressWorld(seed: seed, navigatingPercent: navigatingPercent)
        let window = Window(id: WindowID(id), configuration: configuration)
        let journal = await window.journal()
        let navigation = try #require(world.catalog.instantiate("nav", in: window) as? NavigationController)
        let result = await ledger.track("setRoot") { try await window.setRootViewController(navigation, animated: false) }
        _ = try result.get()
        return StressWindow(window: window, navigation: navigation, journal: journal, ledger: ledger, world: world)
    }

    /// A new controller of the `plain` scene (no hooks, the common segue table).
    func plain() -> any ViewController {
        world.catalog.instantiate("plain", in: window) ?? GenericViewController(context: window.makeContext())
    }

    /// The controller at the top of the visible path: the last presented controller of the
    /// chain, else the navigation controller's top (read now; it may change before use).
    func top() async -> any ViewController {
        var current: any ViewController = navigation
        while let presented = await current.presentedViewController, presented !== current {
            current = presented
        }
        if let stack = current as? NavigationController, let top = await stack.topViewController { return top }
        return current
    }

    /// Waits until the window is idle: a tracked `noChange` request goes through the queue
    /// (after everything accepted before it), again while deferred work accepted meanwhile runs.
    func quiesce() async {
        for _ in 0..<1_000 {
            await ledger.track("barrier") { try await window.setTraits(window.traits) }
            if !(await window.isBusy) { return }
        }
    }

    /// Quiesces, snapshots, closes, and checks: the invariant checker (with linearizability,
    /// the journal covering the whole run), the journal audit, and the ledger's agreement
    /// with the journal.
    func finish(_ run: StressRun) async -> (report: InvariantChecker.Report, audit: JournalAudit.Result) {
        await quiesce()
        let snapshot = await window.snapshot()
        await window.close()
        let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        let audit = JournalAudit.audit(report.events)
        #expect(report.violations == [], "\(run) \(window.id)")
        #expect(audit.violations == [], "\(run) \(window.id)")
        #expect(audit.direct == JournalAudit.direct(ledger.counts), "\(run) \(window.id): the journal's ends differ from the callers'")
        #expect(audit.deferredCount == world.nested.counts["deferred", default: 0], "\(run) \(window.id)")
        #expect(world.nested.records.allSatisfy { $0.resolution?.name == "deferred" }, "\(run): \(world.nested.records)")
        #expect(report.commits == ledger.counts["completed", default: 0] + audit.deferred["completed", default: 0], "\(run)")
        #expect(world.hookViolations == [], "\(run) \(window.id)")
        #expect(ledger.duplicates == [], "\(run) \(window.id): resolved twice")
        return (report, audit)
    }
}

// MARK: - Requests

/// One request a driver sends, and how it is cancelled (if it is).
struct StressRequest: Sendable, CustomStringConvertible {
    enum Kind: Sendable, CaseIterable {
        case segueDetail, triggerDetail, segueSheet, segueFull, push, pop, popToRoot, dismiss, present
        case unwindHome, unwindDetail, unwindNowhere

        /// Whether the request calls its source's `shouldPerformSegue` / `prepare` (a segue);
        /// only these obey sender tokens.
        var runsPrepare: Bool { [.segueDetail, .triggerDetail, .segueSheet, .segueFull].contains(self) }
    }

    enum Cancellation: Sendable {
        case none
        /// The task is cancelled before the request is sent.
        case beforeSubmission
        /// Another task cancels it after this many yields (queued, running, or already done).
        case afterYields(Int)
    }

    var kind: Kind
    var sender: StressSender?
    var cancellation: Cancellation = .none
    var policy: BusyPolicy

    var description: String {
        "\(kind)" + (sender.map { " sender \($0)" } ?? "") + " \(policy)"
            + {
                switch cancellation {
                case .none: ""
                case .beforeSubmission: " cancelled-before-submission"
                case .afterYields(let count): " cancelled-after-\(count)-yields"
                }
            }()
    }

    /// The request as sent from `top`: a source without hooks ignores sender tokens.
    func from(_ top: any ViewController) -> StressRequest {
        var request = self
        if !(top is StressController) || !kind.runsPrepare { request.sender = nil }
        return request
    }

    /// Sends the request from `top` (read from the window before).
    func send(to target: StressWindow, from top: any ViewController, animated: Bool) async throws -> TransitionOutcome {
        if case .beforeSubmission = cancellation { withUnsafeCurrentTask { $0?.cancel() } }
        let navigation = target.navigation
        switch kind {
        case .segueDetail: return try await top.performSegue(withIdentifier: "detail", sender: sender, animated: animated, policy: policy)
        case .triggerDetail: return try await top.triggerSegue(withIdentifier: "detail", sender: sender, animated: animated, policy: policy)
        case .segueSheet: return try await top.performSegue(withIdentifier: "sheet", sender: sender, animated: animated, policy: policy)
        case .segueFull: return try await top.performSegue(withIdentifier: "full", sender: sender, animated: animated, policy: policy)
        case .push:
            let controller = target.plain()
            return try await navigation.pushViewController(controller, animated: animated, policy: policy)
        case .pop: return try await navigation.popViewController(animated: animated, policy: policy)
        case .popToRoot: return try await navigation.popToRootViewController(animated: animated, policy: policy)
        case .dismiss: return try await top.dismiss(animated: animated, policy: policy)
        case .present:
            let controller = target.plain()
            return try await top.present(controller, style: .formSheet, animated: animated, policy: policy)
        case .unwindHome: return try await top.performUnwind(action: "toHome:", animated: animated, policy: policy)
        case .unwindDetail: return try await top.performUnwind(action: "toDetail:", animated: animated, policy: policy)
        case .unwindNowhere: return try await top.performUnwind(action: "nowhere:", animated: animated, policy: policy)
        }
    }

    /// Every ending the request may have, whatever the interleaving; anything else is a bug.
    ///
    /// - Parameter closing: the window may close while it waits or runs.
    /// - Parameter mixedPolicies: other requests to the window use other policies (a later
    ///   `.replacePending` request supersedes this one while it waits, whatever its policy).
    func allowed(closing: Bool = false, mixedPolicies: Bool = false) -> Set<String> {
        var allowed: Set<String>
        switch kind {
        case .segueDetail, .segueSheet, .segueFull, .triggerDetail, .present:
            // The top read before sending may have left the tree, or come to present, by the
            // request's turn (P4, P5: typed errors, not crashes).
            allowed = ["completed", "failed(notInWindowHierarchy)", "failed(alreadyPresenting)"]
        case .push:
            allowed = ["completed"]
        case .pop, .popToRoot, .dismiss:
            allowed = ["completed", "noChange"]
        case .unwindHome, .unwindDetail:
            allowed = ["completed", "noChange", "noDestination", "failed(notInWindowHierarchy)"]
        case .unwindNowhere:
            allowed = ["noDestination", "failed(notInWindowHierarchy)"]
        }
        switch sender {
        case .veto? where kind == .triggerDetail: allowed.remove("completed"); allowed.insert("vetoed")
        case .throwInPrepare?: allowed.remove("completed"); allowed.insert("failed(hookFailed)")
        case .cancelInPrepare?: allowed.remove("completed"); allowed.insert("cancelled")
        case .veto?, .navigateInPrepare?, nil: break
        }
        switch policy {
        case .enqueue: break
        case .dropIfBusy: allowed.insert("dropped")
        case .replacePending: allowed.insert("superseded")
        }
        switch cancellation {
        case .none: break
        case .beforeSubmission:
            // Cancelled before it was sent: it never runs (a busy window may drop it first).
            allowed = policy == .dropIfBusy ? ["cancelled", "dropped"] : ["cancelled"]
        case .afterYields: allowed.insert("cancelled")
        }
        if mixedPolicies, case .none = cancellation { allowed.insert("superseded") }
        if mixedPolicies, case .afterYields = cancellation { allowed.insert("superseded") }
        if closing { allowed.insert("failed(windowClosed)") }
        return allowed
    }
}

/// Collects requests that ended in a way their plan does not allow.
final class Mismatches: Sendable {
    private let list = Mutex<[String]>([])
    func record(_ message: String) { list.withLock { $0.append(message) } }
    var all: [String] { list.withLock { $0 } }
}

extension StressWindow {
    /// Sends a request, cancelled as its plan says, and checks its ending against the plan.
    func run(
        _ planned: StressRequest,
        label: String,
        animated: Bool,
        closing: Bool = false,
        mixedPolicies: Bool = false,
        mismatches: Mismatches
    ) async {
        let top = await self.top()
        let request = planned.from(top)
        let ticket = ledger.issue(label + " " + request.description)
        // A request that cancels its task runs in a task of its own (the driver goes on).
        let task = Task { try await request.send(to: self, from: top, animated: animated) }
        if case .afterYields(let count) = request.cancellation {
            for _ in 0..<count { await Task.yield() }
            task.cancel()
        }
        let resolution = RequestLedger.Resolution(await task.result)
        ledger.resolve(ticket, with: resolution)
        let allowed = request.allowed(closing: closing, mixedPolicies: mixedPolicies)
        if !allowed.contains(resolution.name) {
            mismatches.record("\(ticket) \(label) \(request): \(resolution) not in \(allowed.sorted())")
        }
    }
}

extension RequestLedger {
    /// The watchdog of a stress test: returns `true` once `count` requests were issued and
    /// all resolved; otherwise records an issue naming the run and every unresolved request.
    func allResolved(expecting count: Int? = nil, _ run: StressRun) async -> Bool {
        do {
            try await waitUntilAllResolved(expecting: count, within: StressRun.watchdog)
            return true
        } catch {
            Issue.record("\(run) hung: \(error)")
            return false
        }
    }
}

/// Reads one journal subscription up to a point, in the test's task (no polling).
struct JournalReader {
    private var iterator: AsyncStream<JournalEvent>.Iterator
    private(set) var events: [JournalEvent] = []
    private var accepted = 0

    init(_ stream: AsyncStream<JournalEvent>) { iterator = stream.makeAsyncIterator() }

    /// Reads until `count` requests in all have been accepted (or the stream ends).
    mutating func waitAccepted(_ count: Int) async {
        while accepted < count {
            guard let event = await iterator.next(isolation: #isolation) else { return }
            events.append(event)
            if case .accepted = event.kind { accepted += 1 }
        }
    }
}

/// The transition durations of the stress suites: animated transitions span several
/// scheduling points (so that requests overlap and cancellations land mid-flight) and take no
/// wall time.
extension Window.Configuration {
    static var yielding: Window.Configuration {
        Window.Configuration(clock: YieldingClock(yields: 3), transitionDuration: .milliseconds(1))
    }
}

extension BusyPolicy {
    /// A salt that makes each policy's test use its own seed.
    var salt: UInt64 {
        switch self {
        case .enqueue: 1
        case .dropIfBusy: 2
        case .replacePending: 3
        }
    }
}

/// A value shared between a test's tasks.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }
}
