import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

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

    /// Waits until the window is idle: everything accepted, and everything it deferred, ended.
    func quiesce() async {
        try? await window.waitUntilIdle()
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
        case .pop: return try await navigation.pop(animated: animated, policy: policy).outcome
        case .popToRoot: return try await navigation.popToRoot(animated: animated, policy: policy).outcome
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
            // request's turn (P4, P5: typed errors, not crashes). A long walk (NAVSTRESS_SCALE
            // 4 and up, where superseded dismissals let presentations pile up) can reach
            // `Window.maximumDepth`: a presentation past it is refused with a typed error.
            allowed = ["completed", "failed(notInWindowHierarchy)", "failed(alreadyPresenting)", "failed(treeTooDeep)"]
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
        case .closeInPrepare?: allowed.remove("completed"); allowed.insert("failed(windowClosed)")
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
    private let list = Locked<[String]>([])
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

extension StressWindow {
    /// Windows 1…`count` on yielding clocks, each seeded from the run (`navigatingPercent`:
    /// ``StressWorld/init(seed:navigatingPercent:)``).
    static func open(count: Int, _ run: StressRun, navigatingPercent: UInt64 = 0) async throws -> [StressWindow] {
        var windows: [StressWindow] = []
        for id in 1...count {
            windows.append(
                try await open(
                    id: UInt64(id), seed: run.seed &+ UInt64(id), configuration: .yielding, navigatingPercent: navigatingPercent
                )
            )
        }
        return windows
    }
}

extension StressWindow {
    /// After the watchdog fired: closes the window (which ends its journal) and records the
    /// journal's last events, so that a hang says what the window was doing when it stopped.
    func recordJournalTail(_ run: StressRun, count: Int = 60) async {
        await window.close()
        var tail: [String] = []
        for await event in journal {
            tail.append("\(event.request.map { "#\($0.rawValue)" } ?? "-") \(event.kind)")
            if tail.count > count { tail.removeFirst() }
        }
        Issue.record("\(run) \(window.id): the journal's last \(tail.count) events:\n\(tail.joined(separator: "\n"))")
    }
}

extension [StressWindow] {
    /// The watchdog over every window (each resolves `count` requests, or the run fails listing
    /// the unresolved ones), then the drivers' results; `nil` when the watchdog fired.
    func settle<T: Sendable>(_ drivers: [Task<T, Never>], expecting count: Int, _ run: StressRun) async -> [T]? {
        for target in self {
            guard await target.ledger.allResolved(expecting: count, run) else {
                await target.recordJournalTail(run)
                return nil
            }
        }
        var results: [T] = []
        for driver in drivers { results.append(await driver.value) }
        return results
    }
}

// MARK: - The harness

/// One request a driver sends, and whether it is animated.
struct StressStep: Sendable {
    var request: StressRequest
    var animated: Bool
}

extension StressRequest {
    /// Whether the plan cancels the request (from outside, or from its own `prepare`).
    var plansCancellation: Bool {
        if case .none = cancellation { return sender == .cancelInPrepare }
        return true
    }
}

extension StressWindow {
    /// The stress harness: starts `tasks` drivers at this window, each sending `perTask`
    /// requests one after the other (``run(_:label:animated:closing:mixedPolicies:mismatches:)``:
    /// cancelled as planned, the ending checked against the plan). Driver `index` draws from its
    /// own generator, seeded from the run, the window and `index`, labels its requests
    /// `w<window>.t<index>.<step>`, and plans each with the planner `planner` makes for it (from
    /// the same generator, so that a driver can draw its own parameters first).
    ///
    /// - Parameter closed: once set, a request fails with `.windowClosed` and nothing else: it
    ///   is sent from the navigation root and checked for that alone.
    /// - Returns: the drivers; each returns the requests it planned, in order.
    func drive(
        _ run: StressRun,
        tasks: Int,
        perTask: Int,
        closing: Bool = false,
        mixedPolicies: Bool = false,
        closed: ClosedFlag? = nil,
        mismatches: Mismatches,
        planner: @escaping @Sendable (inout SplitMix64) -> (inout SplitMix64) -> StressStep
    ) -> [Task<[StressRequest], Never>] {
        (0..<tasks).map { index in
            Task {
                var random = SplitMix64(seed: run.seed &+ window.id.rawValue &* 1_000_003 &+ UInt64(index))
                let plan = planner(&random)
                var planned: [StressRequest] = []
                for step in 0..<perTask {
                    let next = plan(&random)
                    planned.append(next.request)
                    let label = "w\(window.id.rawValue).t\(index).\(step)"
                    if let closed, closed.isSet {
                        let result = await ledger.track(label + " after close \(next.request.kind)") {
                            try await next.request.send(to: self, from: navigation, animated: next.animated)
                        }
                        if RequestLedger.Resolution(result) != .failed(.windowClosed) {
                            mismatches.record("\(label) after close: \(RequestLedger.Resolution(result))")
                        }
                    } else {
                        await self.run(
                            next.request, label: label, animated: next.animated, closing: closing,
                            mixedPolicies: mixedPolicies, mismatches: mismatches
                        )
                    }
                }
                return planned
            }
        }
    }

    /// A planner drawing, per step, a kind from `kinds` (sent with `policy`) and whether it is
    /// animated (`animated`, from the same generator, after the kind).
    static func randomKinds(
        _ kinds: [StressRequest.Kind],
        policy: BusyPolicy,
        animated: @escaping @Sendable (inout SplitMix64) -> Bool
    ) -> @Sendable (inout SplitMix64) -> (inout SplitMix64) -> StressStep {
        { _ in
            { random in
                let kind = kinds[Int(random.next() % UInt64(kinds.count))]
                return StressStep(request: StressRequest(kind: kind, policy: policy), animated: animated(&random))
            }
        }
    }
}

extension [StressWindow] {
    /// ``StressWindow/drive(_:tasks:perTask:closing:mixedPolicies:closed:mismatches:planner:)``
    /// at every window.
    func drive(
        _ run: StressRun,
        tasks: Int,
        perTask: Int,
        mismatches: Mismatches,
        planner: @escaping @Sendable (inout SplitMix64) -> (inout SplitMix64) -> StressStep
    ) -> [Task<[StressRequest], Never>] {
        flatMap { $0.drive(run, tasks: tasks, perTask: perTask, mismatches: mismatches, planner: planner) }
    }
}

extension StressWindow {
    /// A window on a manual clock whose animated transitions park for one second of it.
    static func openOnManualClock(_ run: StressRun) async throws -> (StressWindow, ManualClock) {
        let clock = ManualClock()
        let target = try await open(
            seed: run.seed, configuration: Window.Configuration(clock: clock, transitionDuration: .seconds(1))
        )
        return (target, clock)
    }

    /// Sends `body` from a task of its own, tracked in the ledger under `label` (the ticket
    /// issued now, so in the caller's order).
    func send(
        _ label: String,
        _ body: @escaping @Sendable () async throws -> TransitionOutcome
    ) -> (ticket: RequestLedger.Ticket, task: Task<Void, Never>) {
        let ticket = ledger.issue(label)
        return (ticket, Task { ledger.resolve(ticket, with: await Result(catching: body)) })
    }
}
