import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

/// Windows closed mid-transition (R8.8, DESIGN §3.4, §3.6): every pending request fails with
/// the typed `.windowClosed` error, the running one stops at its next check (before its commit
/// point it fails the same way), requests made after the close fail at once, and no hook runs
/// on a closed window. Nothing hangs; nothing ends twice.
@Suite struct WindowCloseStressTests {
    // Deterministic (manual clock): a segue parked in its animation, a burst of 16 requests from
    // parallel tasks queued behind it, then the close. The queued ones end at once, exactly as
    // the policy says, before time moves; the parked one ends `.windowClosed` when its animation
    // ends (it had not committed) and its destination never gets `viewDidAppear`.
    @Test(arguments: BusyPolicy.allCases)
    func closeWithABurstQueuedBehindAParkedSegue_endsEveryRequestExactly(policy: BusyPolicy) async throws {
        let run = StressRun("closeWithABurstQueuedBehindAParkedSegue", "policy \(policy)", salt: 40 + policy.salt)
        let (target, clock) = try await StressWindow.openOnManualClock(run)
        var reader = JournalReader(await target.window.journal())
        let home = try #require(await target.navigation.topViewController)
        let (parked, park) = target.send("parked segue") { try await home.performSegue(withIdentifier: "detail") }
        await clock.sleepers(atLeast: 1)
        let burst = (0..<16).map { index in
            let controller = target.plain()
            return target.send("burst \(index)") { try await target.navigation.pushViewController(controller, policy: policy) }
        }
        await reader.waitAccepted(17)
        await target.window.close()
        do {
            try await target.ledger.waitUntilResolved(burst.map(\.0), within: StressRun.watchdog)
        } catch {
            Issue.record("\(run) hung: \(error)")
            return
        }
        #expect(target.ledger.resolution(of: parked) == nil, "\(run): the parked segue ended before its animation did")
        let ends = burst.map { target.ledger.resolution(of: $0.0)?.name ?? "unresolved" }
        switch policy {
        case .enqueue: #expect(ends == Array(repeating: "failed(windowClosed)", count: 16), "\(run)")
        case .dropIfBusy: #expect(ends == Array(repeating: "dropped", count: 16), "\(run)")
        case .replacePending:
            #expect(ends.sorted() == ["failed(windowClosed)"] + Array(repeating: "superseded", count: 15), "\(run)")
        }
        clock.advance(by: .seconds(1))
        // After the close, every request fails at once, whatever it asks.
        let late = [
            await target.ledger.track("late push") { try await target.navigation.pushViewController(target.plain()) },
            await target.ledger.track("late segue") { try await home.performSegue(withIdentifier: "sheet") },
            await target.ledger.track("late pop") { try await target.navigation.pop().outcome },
            await target.ledger.track("late unwind") { try await home.performUnwind(action: "toHome:") },
        ]
        guard await target.ledger.allResolved(expecting: 1 + 1 + 16 + 4, run) else { return }
        await park.value
        for (_, task) in burst { await task.value }

        #expect(target.ledger.resolution(of: parked) == .failed(.windowClosed), "\(run)")
        #expect(late.map { RequestLedger.Resolution($0) } == Array(repeating: .failed(.windowClosed), count: 4), "\(run)")
        #expect(target.world.hookViolations == [], "\(run)")
        #expect(target.ledger.duplicates == [], "\(run)")
        let events = await JournalReader.collect(target.journal)
        #expect(events.last?.kind == .windowClosed, "\(run)")
        let audit = JournalAudit.audit(events)
        #expect(audit.violations == [], "\(run)")
        #expect(await target.window.snapshot().root == nil, "\(run): the tree was torn down")
    }

    // Random: three windows, four tasks each sending random requests (some controllers
    // navigate from viewDidAppear), and a closer per window that closes it after a seeded
    // number of scheduling points: mid-transition, while requests wait. Every request ends once
    // within its allowed set plus `.windowClosed`; one sent after the close ended fails with
    // `.windowClosed` and nothing else; no hook runs on a closed window; the journal up to the
    // close ends every request at most once and replays through the reference model.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func threeWindowsClosedMidRun_endEveryRequestOnce(round: UInt64) async throws {
        let run = StressRun("threeWindowsClosedMidRun", "round \(round)", salt: 50 + round)
        let (tasks, perTask) = (4, 100 * StressRun.scale)
        let policies = BusyPolicy.allCases
        let targets = try await StressWindow.open(count: 3, run, navigatingPercent: 30)
        let mismatches = Mismatches()
        var closers: [Task<Void, Never>] = []
        var drivers: [Task<[StressRequest], Never>] = []
        var random = SplitMix64(seed: run.seed)
        for target in targets {
            let closed = ClosedFlag()
            let delay = Int(random.next() % 400)
            let closer = Task {
                for _ in 0..<delay { await Task.yield() }
                await target.window.close()
                closed.set()
            }
            closers.append(closer)
            drivers += target.drive(
                run, tasks: tasks, perTask: perTask, closing: true, mixedPolicies: true, closed: closed, mismatches: mismatches
            ) { _ in
                { random in
                    let kind = StressRequest.Kind.allCases[Int(random.next() % UInt64(StressRequest.Kind.allCases.count))]
                    let policy = policies[Int(random.next() % 3)]
                    var request = StressRequest(kind: kind, policy: policy)
                    if random.next() % 5 == 0 { request.cancellation = .afterYields(Int(random.next() % 8)) }
                    return StressStep(request: request, animated: true)
                }
            }
        }
        guard await targets.settle(drivers, expecting: 1 + tasks * perTask, run) != nil else { return }
        for closer in closers { await closer.value }

        #expect(mismatches.all == [], "\(run)")
        for target in targets {
            let ledger = target.ledger
            let nested = target.world.nested.records
            #expect(nested.allSatisfy { ["deferred", "failed(windowClosed)"].contains($0.resolution?.name) }, "\(run): \(nested)")
            #expect(ledger.records.count == 1 + tasks * perTask, "\(run)")
            #expect(ledger.counts.values.reduce(0, +) == ledger.records.count, "\(run)")
            #expect(ledger.duplicates == [], "\(run)")
            #expect(target.world.hookViolations == [], "\(run)")
            let snapshot = await target.window.snapshot()
            let report = await InvariantChecker.check(journal: target.journal, finalSnapshot: snapshot)
            #expect(report.violations == [], "\(run) \(target.window.id)")
            #expect(report.events.last?.kind == .windowClosed, "\(run)")
            #expect(snapshot.root == nil, "\(run): the tree was torn down")
            let audit = JournalAudit.audit(report.events)
            #expect(audit.violations == [], "\(run) \(target.window.id)")
            var model = ReferenceModel()
            do {
                for event in report.events { try model.apply(event) }
            } catch {
                Issue.record("\(run) \(target.window.id): the journal up to the close does not replay: \(error)")
            }
        }
    }

    // R8.8 from inside a transition: while four tasks send requests, a segue's own `prepare`
    // closes its window. Exact: that segue fails `.windowClosed` (it stopped before its commit
    // point), every request sent after it ended fails `.windowClosed`, no hook runs on the
    // closed window, and every request ends once.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aPrepareClosesItsWindow_midRun(round: UInt64) async throws {
        let run = StressRun("aPrepareClosesItsWindow_midRun", "round \(round)", salt: 110 + round)
        let target = try await StressWindow.open(seed: run.seed, configuration: .yielding, navigatingPercent: 30)
        let home = try #require(await target.navigation.topViewController)
        let mismatches = Mismatches()
        let closed = ClosedFlag()
        let perTask = 40 * StressRun.scale
        let drivers = target.drive(
            run, tasks: 4, perTask: perTask, closing: true, closed: closed, mismatches: mismatches,
            planner: StressWindow.randomKinds(StressRequest.Kind.allCases, policy: .enqueue) { _ in true }
        )
        // Mid-run: once a seeded number (20–100) of the drivers' first requests have ended.
        var random = SplitMix64(seed: run.seed)
        let first = (0..<(20 + random.next() % 81)).map { RequestLedger.Ticket($0 + 2) }
        do {
            try await target.ledger.waitUntilResolved(first, within: StressRun.watchdog)
        } catch {
            Issue.record("\(run) hung: \(error)")
            return
        }
        let closing = await target.ledger.track("segue closing its window") {
            try await home.performSegue(withIdentifier: "sheet", sender: StressSender.closeInPrepare)
        }
        closed.set()
        guard await [target].settle(drivers, expecting: 2 + 4 * perTask, run) != nil else { return }

        let closingEnd = RequestLedger.Resolution(closing)
        // Home is the navigation root, always in the tree: the segue ran its prepare, which
        // closed the window, and stopped before its commit point.
        #expect(closingEnd == .failed(.windowClosed), "\(run): \(closingEnd)")
        #expect(await target.window.isClosed, "\(run)")
        #expect(mismatches.all == [], "\(run)")
        #expect(target.ledger.duplicates == [], "\(run)")
        #expect(target.world.hookViolations == [], "\(run)")
        let nested = target.world.nested.records
        #expect(nested.allSatisfy { ["deferred", "failed(windowClosed)"].contains($0.resolution?.name) }, "\(run): \(nested)")
        let report = await InvariantChecker.check(journal: target.journal, finalSnapshot: await target.window.snapshot())
        #expect(report.violations == [], "\(run)")
        #expect(JournalAudit.audit(report.events).violations == [], "\(run)")
    }
}

/// Set once its window's `close()` returned.
final class ClosedFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { flag.load(ordering: .sequentiallyConsistent) }
}
