import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Heavy parallel triggering (ANCHORS P1, P2, P4, P6): many tasks fire segues, pushes, pops,
/// presentations and dismissals at one window, and at several windows at once, under each busy
/// policy (DESIGN §3.5). Whatever the interleaving: every request ends exactly once and as its
/// kind allows, nothing hangs, the journal's ends equal the callers', and each window's checker
/// holds, linearizability included. Where the interleaving cannot matter, the outcomes are exact.
@Suite struct ParallelTriggerStressTests {
    static let kinds: [StressRequest.Kind] = [
        .segueDetail, .triggerDetail, .segueSheet, .segueFull, .push, .pop, .popToRoot, .dismiss, .present,
    ]

    /// Random requests of ``kinds``, three in four animated.
    static func planner(_ policy: BusyPolicy) -> @Sendable (inout SplitMix64) -> (inout SplitMix64) -> StressStep {
        StressWindow.randomKinds(kinds, policy: policy) { $0.next() % 4 != 0 }
    }

    /// What each policy rules out whatever the interleaving.
    static func expectPolicy(_ policy: BusyPolicy, _ counts: [String: Int], _ run: StressRun) {
        switch policy {
        case .enqueue:
            #expect(counts["dropped"] == nil && counts["superseded"] == nil, "\(run): \(counts)")
        case .dropIfBusy:
            #expect(counts["superseded"] == nil, "\(run): \(counts)")
        case .replacePending:
            #expect(counts["dropped"] == nil, "\(run): \(counts)")
        }
    }

    /// The sequence numbers the callers got are distinct and all committed.
    static func expectSequences(_ target: StressWindow, commits: Int, _ run: StressRun) {
        let sequences = target.ledger.records.compactMap { record -> UInt64? in
            if case .outcome(.completed(let sequence))? = record.resolution { return sequence }
            return nil
        }
        #expect(Set(sequences).count == sequences.count, "\(run): a sequence number was handed out twice")
        #expect(sequences.allSatisfy { $0 >= 1 && $0 <= UInt64(commits) }, "\(run)")
    }

    @Test(arguments: BusyPolicy.allCases)
    func oneWindow_eightTasksTriggering_everyRequestEndsOnce_andTheWindowHolds(policy: BusyPolicy) async throws {
        let run = StressRun("oneWindow_eightTasksTriggering", "policy \(policy)", salt: policy.salt)
        let target = try await StressWindow.open(seed: run.seed, configuration: .yielding)
        let mismatches = Mismatches()
        let (tasks, perTask) = (8, 80 * StressRun.scale)
        let drivers = target.drive(run, tasks: tasks, perTask: perTask, mismatches: mismatches, planner: Self.planner(policy))
        guard await [target].settle(drivers, expecting: 1 + tasks * perTask, run) != nil else { return }

        #expect(mismatches.all == [], "\(run)")
        #expect(target.ledger.counts.values.reduce(0, +) == 1 + tasks * perTask, "\(run): \(target.ledger.counts)")
        let (report, _) = await target.finish(run)
        Self.expectPolicy(policy, target.ledger.counts, run)
        Self.expectSequences(target, commits: report.commits, run)
        #expect(target.ledger.counts["completed", default: 0] > tasks, "\(run): the storm committed almost nothing")
    }

    @Test(arguments: BusyPolicy.allCases)
    func fourWindows_fourTasksEach_independentAndEachHolds(policy: BusyPolicy) async throws {
        let run = StressRun("fourWindows_fourTasksEach", "policy \(policy)", salt: 10 + policy.salt)
        let (tasks, perTask) = (4, 100 * StressRun.scale)
        let targets = try await StressWindow.open(count: 4, run)
        let mismatches = Mismatches()
        let drivers = targets.drive(run, tasks: tasks, perTask: perTask, mismatches: mismatches, planner: Self.planner(policy))
        guard await targets.settle(drivers, expecting: 1 + tasks * perTask, run) != nil else { return }

        #expect(mismatches.all == [], "\(run)")
        for target in targets {
            #expect(target.ledger.counts.values.reduce(0, +) == 1 + tasks * perTask, "\(run) \(target.window.id)")
            let (report, _) = await target.finish(run)
            // R8.7: each window numbers its own commits; nothing of another window is in its tree.
            Self.expectPolicy(policy, target.ledger.counts, run)
            Self.expectSequences(target, commits: report.commits, run)
            #expect(report.events.allSatisfy { $0.window == target.window.id }, "\(run)")
        }
    }

    // DESIGN §3.3, §3.5: a burst of 64 pushes from 8 parallel tasks while a transition is parked
    // in its animation (manual clock). The interleaving decides only the acceptance order; the
    // outcomes are exact: enqueue completes all 64 in acceptance order (sequences 3...66),
    // dropIfBusy drops all 64, replacePending supersedes all but the last accepted, which runs.
    @Test(arguments: BusyPolicy.allCases)
    func burstBehindAParkedTransition_endsExactlyAsThePolicySays(policy: BusyPolicy) async throws {
        let run = StressRun("burstBehindAParkedTransition", "policy \(policy)", salt: 20 + policy.salt)
        let (target, clock) = try await StressWindow.openOnManualClock(run)
        var reader = JournalReader(await target.window.journal())
        let parkedPush = GenericViewController(context: target.window.makeContext())
        let (parked, park) = target.send("parked push") { try await target.navigation.pushViewController(parkedPush) }
        await clock.sleepers(atLeast: 1)
        // 8 tasks, each firing 8 pushes without waiting for them (64 requests in flight).
        let burst = await withTaskGroup(of: [Task<Void, Never>].self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<8).map { index in
                        Task {
                            let controller = GenericViewController(context: target.window.makeContext())
                            await target.ledger.track("t\(task).\(index)") {
                                try await target.navigation.pushViewController(controller, policy: policy)
                            }
                        }
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        // Every push of the burst is accepted before the parked one ends (the journal says so).
        await reader.waitAccepted(1 + 64)
        switch policy {
        case .enqueue: #expect(await target.window.pendingRequestCount == 64, "\(run)")
        case .dropIfBusy: #expect(await target.window.pendingRequestCount == 0, "\(run)")
        case .replacePending: #expect(await target.window.pendingRequestCount == 1, "\(run)")
        }
        let rounds = policy == .enqueue ? 65 : policy == .replacePending ? 2 : 1
        for _ in 0..<rounds {
            await clock.sleepers(atLeast: 1)
            clock.advance(by: .seconds(1))
        }
        guard await target.ledger.allResolved(expecting: 2 + 64, run) else { return }
        await park.value
        for task in burst { await task.value }

        let burstRecords = target.ledger.records.filter { $0.label.hasPrefix("t") }
        #expect(target.ledger.resolution(of: parked) == .outcome(.completed(sequence: 2)), "\(run)")
        let (report, _) = await target.finish(run)
        let accepted = reader.events.compactMap { event -> RequestID? in
            if case .accepted = event.kind { return event.request }
            return nil
        }
        let committed = report.events.compactMap { event -> RequestID? in
            if case .committed = event.kind { return event.request }
            return nil
        }
        switch policy {
        case .enqueue:
            #expect(Set(burstRecords.compactMap { $0.resolution?.sequence }) == Set(3...66), "\(run)")
            #expect(committed.suffix(64) == accepted.suffix(64)[...], "\(run): commits follow acceptance")
        case .dropIfBusy:
            #expect(burstRecords.allSatisfy { $0.resolution == .outcome(.dropped) }, "\(run)")
            #expect(report.commits == 2, "\(run)")
        case .replacePending:
            #expect(burstRecords.filter { $0.resolution == .outcome(.superseded) }.count == 63, "\(run)")
            #expect(burstRecords.filter { $0.resolution == .outcome(.completed(sequence: 3)) }.count == 1, "\(run)")
            #expect(committed.last == accepted.last, "\(run): the last accepted request is the one that runs")
        }
    }
}
