import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Unwinds racing pushes, presentations and dismissals (ANCHORS P4, P5, P7; R7.4, R7.8,
/// R7.10). An unwind is resolved against the tree as it is at its turn: to a handled action it
/// completes, changes nothing, or fails with `.notInWindowHierarchy` if its source left the
/// tree meanwhile; to an action nobody handles it never changes anything (`.noDestination`).
/// After the storm, one unwind to the root's action from the top lands exactly at the root.
@Suite struct UnwindRaceStressTests {
    static let kinds: [StressRequest.Kind] = [
        .segueDetail, .segueSheet, .segueFull, .present, .push, .pop, .dismiss,
        .unwindHome, .unwindDetail, .unwindNowhere, .unwindDetail, .unwindHome,
    ]

    @Test(arguments: BusyPolicy.allCases)
    func twoWindows_unwindsRacePushesAndPresents(policy: BusyPolicy) async throws {
        let run = StressRun("twoWindows_unwindsRacePushesAndPresents", "policy \(policy)", salt: 80 + policy.salt)
        let (tasks, perTask) = (6, 100 * StressRun.scale)
        let targets = try await StressWindow.open(count: 2, run)
        let mismatches = Mismatches()
        let drivers = targets.drive(
            run, tasks: tasks, perTask: perTask, mismatches: mismatches,
            planner: StressWindow.randomKinds(Self.kinds, policy: policy) { $0.next() % 3 != 0 }
        )
        guard await targets.settle(drivers, expecting: 1 + tasks * perTask, run) != nil else { return }
        #expect(mismatches.all == [], "\(run)")

        for target in targets {
            let ledger = target.ledger
            #expect(ledger.counts.values.reduce(0, +) == 1 + tasks * perTask, "\(run)")
            // The epilogue: from the top of the visible path, unwind to the root's action.
            await target.quiesce()
            let home = try #require(await target.navigation.viewControllers.first)
            let top = await target.top()
            let outcome = await ledger.track("final unwind to home") { try await top.performUnwind(action: "toHome:", animated: false) }
            let snapshot = await target.window.snapshot()
            if top === home {
                #expect(RequestLedger.Resolution(outcome) == .outcome(.noDestination(action: "toHome:")), "\(run)")
            } else {
                #expect(RequestLedger.Resolution(outcome).name == "completed", "\(run): \(outcome)")
            }
            #expect(snapshot.root?.children.map(\.id) == [home.id], "\(run): the stack is not [home]")
            #expect(snapshot.root?.presented == nil && snapshot.root?.children.first?.presented == nil, "\(run)")
            #expect(snapshot.root?.children.first?.appearance == .appeared, "\(run)")
            _ = await target.finish(run)
        }
    }
}
