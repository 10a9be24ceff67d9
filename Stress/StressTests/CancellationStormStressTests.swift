import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Cancellation storms (ANCHORS P8, DESIGN §3.4): each task cancels a random 10–50% of its
/// requests, at a random point: before the request is sent, from another task after a random
/// number of scheduling points (while it waits, while it runs, or after it ended), or from
/// inside its own `prepare` (while it runs, before its commit point). Exact, whatever the
/// interleaving: a request cancelled before it was sent never runs; one cancelled from its
/// `prepare` throws `CancellationError`; one never cancelled never throws it; a cancelled
/// transition leaves no commit and balanced callbacks (checker); every request ends exactly
/// once; nothing hangs.
@Suite struct CancellationStormStressTests {
    static let kinds: [StressRequest.Kind] = [
        .segueDetail, .triggerDetail, .segueSheet, .push, .pop, .popToRoot, .dismiss, .present, .unwindHome,
    ]

    @Test(arguments: BusyPolicy.allCases)
    func threeWindows_sixTasks_cancellingTenToFiftyPercent(policy: BusyPolicy) async throws {
        let run = StressRun("threeWindows_sixTasks_cancelling", "policy \(policy)", salt: 30 + policy.salt)
        let (tasks, perTask) = (6, 150 * StressRun.scale)
        let targets = try await StressWindow.open(count: 3, run)
        let mismatches = Mismatches()
        let drivers = targets.drive(run, tasks: tasks, perTask: perTask, mismatches: mismatches) { random in
            let rate = 10 + random.next() % 41  // percent
            return { random in
                var request = StressRequest(kind: Self.kinds[Int(random.next() % UInt64(Self.kinds.count))], policy: policy)
                if random.next() % 100 < rate {
                    switch random.next() % 3 {
                    case 0: request.cancellation = .beforeSubmission
                    case 1: request.cancellation = .afterYields(Int(random.next() % 12))
                    default:
                        // Only segues run `prepare`; the others are cancelled from outside.
                        if [.segueDetail, .triggerDetail, .segueSheet].contains(request.kind) {
                            request.sender = .cancelInPrepare
                        } else {
                            request.cancellation = .afterYields(Int(random.next() % 12))
                        }
                    }
                }
                return StressStep(request: request, animated: true)
            }
        }
        guard let planned = await targets.settle(drivers, expecting: 1 + tasks * perTask, run) else { return }
        let cancellationsPlanned = planned.joined().filter(\.plansCancellation).count

        #expect(mismatches.all == [], "\(run)")
        var cancelled = 0
        for target in targets {
            #expect(target.ledger.counts.values.reduce(0, +) == 1 + tasks * perTask, "\(run) \(target.window.id)")
            cancelled += target.ledger.counts["cancelled", default: 0]
            // A cancelled request never committed (it ended once, as cancelled: the audit), and
            // a transition cancelled in flight balanced its callbacks and left no trace (the
            // checker, linearizability included).
            _ = await target.finish(run)
        }
        #expect(cancellationsPlanned * 10 >= tasks * perTask * 3, "\(run): the storm planned fewer than 10% cancellations")
        #expect(cancelled > 0 && cancelled <= cancellationsPlanned, "\(run): \(cancelled) cancelled, \(cancellationsPlanned) planned")
    }

    // DESIGN §3.3, §3.4, R6.9, exact (manual clock): a push parked in its animation (running)
    // and 32 pushes queued behind it from parallel tasks; the parked one and a seeded 10–50% of
    // the queued ones are cancelled. The parked one rolls back (CancellationError, balanced
    // callbacks), each cancelled queued one ends CancellationError without running, and the
    // others complete in acceptance order with sequences 2, 3, ... and nothing else.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func cancellingTheRunningOneAndQueuedOnes_endsExactly(round: UInt64) async throws {
        let run = StressRun("cancellingTheRunningOneAndQueuedOnes", "round \(round)", salt: 100 + round)
        let (target, clock) = try await StressWindow.openOnManualClock(run)
        var reader = JournalReader(await target.window.journal())
        let parkedPush = target.plain()
        let (parked, park) = target.send("parked push") { try await target.navigation.pushViewController(parkedPush) }
        await clock.sleepers(atLeast: 1)
        let queued = await withTaskGroup(of: [(RequestLedger.Ticket, Task<Void, Never>)].self) { group in
            for task in 0..<4 {
                group.addTask {
                    (0..<8).map { index in
                        let controller = target.plain()
                        return target.send("t\(task).\(index)") { try await target.navigation.pushViewController(controller) }
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        await reader.waitAccepted(1 + 32)
        var random = SplitMix64(seed: run.seed)
        let rate = 10 + random.next() % 41
        let cancelled = Set(queued.filter { _ in random.next() % 100 < rate }.map(\.0))
        for (ticket, task) in queued where cancelled.contains(ticket) { task.cancel() }
        park.cancel()
        do {
            try await target.ledger.waitUntilResolved(cancelled.union([parked]), within: StressRun.watchdog)
        } catch {
            Issue.record("\(run) hung: \(error)")
            return
        }
        let survivors = queued.count - cancelled.count
        for _ in 0..<survivors {
            await clock.sleepers(atLeast: 1)
            clock.advance(by: .seconds(1))
        }
        guard await target.ledger.allResolved(expecting: 2 + 32, run) else { return }
        await park.value
        for (_, task) in queued { await task.value }

        #expect(target.ledger.resolution(of: parked) == .cancelled, "\(run)")
        for (ticket, _) in queued where cancelled.contains(ticket) {
            #expect(target.ledger.resolution(of: ticket) == .cancelled, "\(run) \(ticket)")
        }
        let sequences = queued.filter { !cancelled.contains($0.0) }.compactMap { target.ledger.resolution(of: $0.0)?.sequence }
        #expect(Set(sequences) == Set((0..<UInt64(survivors)).map { $0 + 2 }), "\(run): \(sequences)")
        let (report, audit) = await target.finish(run)
        #expect(report.commits == 1 + survivors, "\(run)")
        #expect(audit.direct["cancelled"] == cancelled.count + 1, "\(run)")
    }
}
