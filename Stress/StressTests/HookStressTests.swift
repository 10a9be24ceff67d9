import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Hooks that veto, throw, or navigate from inside a callback (ANCHORS P2, P9; R1.1, R4.5),
/// under parallel load. A veto changes nothing (`.vetoed`), a throwing `prepare` fails the
/// request with `.hookFailed` and changes nothing, and a request made from inside a hook
/// (`prepare`, `viewDidAppear`) is deferred: it returns `.deferred` at once, never runs nested,
/// and runs after the transition that made it, ending exactly once (the journal audit).
@Suite struct HookStressTests {
    static let kinds: [StressRequest.Kind] = [.segueDetail, .triggerDetail, .segueSheet, .segueFull, .pop, .dismiss]
    static let senders: [StressSender?] = [nil, .veto, .throwInPrepare, .navigateInPrepare]

    @Test(arguments: BusyPolicy.allCases)
    func twoWindows_hooksVetoThrowAndNavigate_underLoad(policy: BusyPolicy) async throws {
        let run = StressRun("twoWindows_hooksVetoThrowAndNavigate", "policy \(policy)", salt: 60 + policy.salt)
        let (tasks, perTask) = (6, 100 * StressRun.scale)
        let targets = try await StressWindow.open(count: 2, run, navigatingPercent: 40)
        let mismatches = Mismatches()
        let drivers = targets.drive(run, tasks: tasks, perTask: perTask, mismatches: mismatches) { _ in
            { random in
                var request = StressRequest(kind: Self.kinds[Int(random.next() % UInt64(Self.kinds.count))], policy: policy)
                request.sender = Self.senders[Int(random.next() % UInt64(Self.senders.count))]
                return StressStep(request: request, animated: random.next() % 2 == 0)
            }
        }
        guard await targets.settle(drivers, expecting: 1 + tasks * perTask, run) != nil else { return }

        #expect(mismatches.all == [], "\(run)")
        for target in targets {
            #expect(target.ledger.counts.values.reduce(0, +) == 1 + tasks * perTask, "\(run)")
            // `finish` checks that every nested call returned `.deferred`, that the journal holds
            // exactly as many deferred requests, each ending once after its maker's transition.
            let (report, audit) = await target.finish(run)
            // A deferred request runs after the transition that made it: it is accepted while
            // that transition runs and commits (if it does) after it.
            var running: RequestID?
            var madeBy: [RequestID: RequestID] = [:]
            var committedAt: [RequestID: Int] = [:]
            for (index, event) in report.events.enumerated() {
                switch event.kind {
                case .began: running = event.request
                case .deferred: if let request = event.request, let maker = running { madeBy[request] = maker }
                case .committed: if let request = event.request { committedAt[request] = index }
                default: break
                }
            }
            for (request, maker) in madeBy {
                if let mine = committedAt[request], let theirs = committedAt[maker] {
                    #expect(theirs < mine, "\(run): deferred \(request) committed before its maker \(maker)")
                }
            }
            #expect(audit.deferred.values.reduce(0, +) == audit.deferredCount, "\(run): a deferred request never ended")
        }
    }

    // R1.1, R1.3, DESIGN §3.6: 8 tasks at once send only vetoed triggers and segues whose
    // prepare throws, from the root's top. Exact, whatever the interleaving: each ends
    // `.vetoed` or `.hookFailed` (or `.dropped` / `.superseded` per policy), nothing commits
    // after the root, and the tree is exactly as it was.
    @Test(arguments: BusyPolicy.allCases)
    func vetoesAndThrowingPrepares_inParallel_changeNothing(policy: BusyPolicy) async throws {
        let run = StressRun("vetoesAndThrowingPrepares_inParallel", "policy \(policy)", salt: 70 + policy.salt)
        let target = try await StressWindow.open(seed: run.seed, configuration: .yielding)
        let before = await target.window.snapshot()
        let home = try #require(await target.navigation.topViewController)
        let perTask = 40 * StressRun.scale
        let drivers = (0..<8).map { index in
            Task {
                for step in 0..<perTask {
                    let veto = (index + step) % 2 == 0
                    await target.ledger.track(veto ? "veto" : "throw") {
                        veto
                            ? try await home.triggerSegue(withIdentifier: "detail", sender: StressSender.veto, policy: policy)
                            : try await home.performSegue(withIdentifier: "sheet", sender: StressSender.throwInPrepare, policy: policy)
                    }
                }
            }
        }
        guard await target.ledger.allResolved(expecting: 1 + 8 * perTask, run) else { return }
        for driver in drivers { await driver.value }

        var extra: Set<String> = []
        if policy == .dropIfBusy { extra.insert("dropped") }
        if policy == .replacePending { extra.insert("superseded") }
        let wrong = target.ledger.records.dropFirst().filter { record in
            let allowed = extra.union([record.label == "veto" ? "vetoed" : "failed(hookFailed)"])
            return !allowed.contains(record.resolution?.name ?? "unresolved")
        }
        #expect(wrong == [], "\(run)")
        if policy == .enqueue {
            #expect(target.ledger.counts == ["completed": 1, "vetoed": 4 * perTask, "failed(hookFailed)": 4 * perTask], "\(run)")
        }
        #expect(await target.window.snapshot() == before, "\(run): a vetoed or failed request changed the tree")
        let (report, _) = await target.finish(run)
        #expect(report.commits == 1, "\(run)")
    }
}
