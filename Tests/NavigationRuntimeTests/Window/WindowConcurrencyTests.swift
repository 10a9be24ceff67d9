import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// DESIGN §3: ordering, gapless numbers, cancellation and independence under real concurrency.
/// The interleavings vary from run to run; what is asserted does not.
@Suite struct WindowConcurrencyTests {
    static func commits(_ events: [JournalEvent]) -> [(request: RequestID, sequence: UInt64, change: CommittedChange)] {
        events.compactMap { event in
            if case .committed(let change) = event.kind, let request = event.request {
                return (request, event.sequence, change)
            }
            return nil
        }
    }

    static func accepted(_ events: [JournalEvent]) -> [RequestID] {
        events.compactMap { event in
            if case .accepted = event.kind { return event.request }
            return nil
        }
    }

    @Test func racingPushes_commitInAcceptedOrder_withGaplessNumbers() async throws {
        let window = Window(configuration: .immediate)
        let root = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), rootViewController: root)
        let journal = await window.journal()
        try await window.setRootViewController(navigation, animated: false)

        let outcomes = try await withThrowingTaskGroup(of: [TransitionOutcome].self) { group in
            for _ in 0..<50 {
                group.addTask {
                    var outcomes: [TransitionOutcome] = []
                    for _ in 0..<20 {
                        let controller = GenericViewController(context: window.makeContext())
                        outcomes.append(try await navigation.pushViewController(controller, animated: false))
                    }
                    return outcomes
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let snapshot = await window.snapshot()
        await window.close()
        let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        let commits = Self.commits(report.events)

        #expect(outcomes.count == 1_000)
        #expect(Set(outcomes.compactMap(\.sequence)) == Set(2...1_001))
        #expect(commits.map(\.sequence) == Array(1...1_001))
        #expect(commits.map(\.request) == Self.accepted(report.events), "commits follow acceptance order")
        #expect(snapshot.root?.children.count == 1_001)
        #expect(report.violations == [])
    }

    @Test(arguments: [7, 99, 2026] as [UInt64])
    func cancellingHalfOf1000_leavesBalancedCallbacks_andNoTrace(seed: UInt64) async throws {
        let window = Window(configuration: .init(clock: YieldingClock(yields: 3), transitionDuration: .milliseconds(1)))
        let root = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), rootViewController: root)
        let journal = await window.journal()
        try await window.setRootViewController(navigation, animated: false)

        var rng = SplitMix64(seed: seed)
        var tasks: [Task<String, Never>] = []
        for index in 0..<1_000 {
            let pops = index % 4 == 3
            tasks.append(Task {
                do {
                    if pops {
                        return "\(try await navigation.pop(animated: true).outcome)"
                    }
                    let controller = GenericViewController(context: window.makeContext())
                    return "\(try await navigation.pushViewController(controller, animated: true))"
                } catch is CancellationError {
                    return "cancelled"
                } catch {
                    return "error \(error)"
                }
            })
            if rng.next() % 2 == 0 { tasks[index].cancel() }
        }
        var results: [String] = []
        for task in tasks { results.append(await task.value) }
        let snapshot = await window.snapshot()
        await window.close()
        let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        let commits = Self.commits(report.events)

        let completed = results.filter { $0.hasPrefix("completed") }.count
        let cancelled = results.filter { $0 == "cancelled" }.count
        let unchanged = results.filter { $0 == "noChange" }.count
        #expect(completed + cancelled + unchanged == 1_000, "seed \(seed): \(results.filter { $0.hasPrefix("error") })")
        #expect(cancelled > 0, "seed \(seed): the test cancelled nothing")
        #expect(commits.map(\.sequence) == Array(1...UInt64(completed + 1)), "seed \(seed)")
        #expect(report.violations == [], "seed \(seed)")
        // The final stack is what the committed changes say, replayed in order, and nothing else.
        var stack = [root.id]
        for commit in commits {
            switch commit.change {
            case .push(_, let pushed): stack.append(pushed)
            case .pop(_, let removed): stack.removeLast(removed.count)
            default: break
            }
        }
        #expect(snapshot.root?.children.map(\.id) == stack, "seed \(seed)")
    }

    @Test func twoWindows_navigateInParallel_independently() async throws {
        let first = Window(id: WindowID(1), configuration: .immediate)
        let second = Window(id: WindowID(2), configuration: .immediate)
        async let a = Self.pushMany(200, on: first)
        async let b = Self.pushMany(200, on: second)
        let (sequencesA, sequencesB) = try await (a, b)
        #expect(sequencesA == Array(2...201))
        #expect(sequencesB == Array(2...201))
        #expect(await first.snapshot().root?.children.count == 201)
        #expect(await second.snapshot().root?.children.count == 201)
    }

    private static func pushMany(_ count: Int, on window: Window) async throws -> [UInt64] {
        let navigation = NavigationController(
            context: window.makeContext(),
            rootViewController: GenericViewController(context: window.makeContext())
        )
        try await window.setRootViewController(navigation, animated: false)
        var sequences: [UInt64] = []
        for _ in 0..<count {
            let outcome = try await navigation.pushViewController(GenericViewController(context: window.makeContext()))
            sequences.append(outcome.sequence ?? 0)
        }
        return sequences
    }
}
