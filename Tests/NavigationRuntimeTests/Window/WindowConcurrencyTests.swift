import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// DESIGN §3: ordering, gapless numbers, cancellation and independence under real concurrency.
/// The interleavings vary from run to run; what is asserted does not.
@Suite struct WindowConcurrencyTests {
    private func appearanceStates(_ snapshot: WindowSnapshot) -> [ControllerID: AppearanceState] {
        Dictionary(uniqueKeysWithValues: snapshot.allControllers.map { ($0.id, $0.appearance) })
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
        let check = await JournalCheck.collect(journal)

        #expect(outcomes.count == 1_000)
        #expect(Set(outcomes.compactMap(\.sequence)) == Set(2...1_001))
        #expect(check.commits.map(\.sequence) == Array(1...1_001))
        #expect(check.commits.map(\.request) == check.accepted, "commits follow acceptance order")
        #expect(snapshot.root?.children.count == 1_001)
        #expect(check.appearanceProblems(finalStates: appearanceStates(snapshot)) == [])
    }

    @Test(arguments: [7, 99, 2026] as [UInt64])
    func cancellingHalf_leavesBalancedCallbacks_andNoTrace(seed: UInt64) async throws {
        let window = Window(configuration: .init(clock: YieldingClock(yields: 3), transitionDuration: .milliseconds(1)))
        let root = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), rootViewController: root)
        let journal = await window.journal()
        try await window.setRootViewController(navigation, animated: false)

        var rng = SplitMix64(seed: seed)
        var tasks: [Task<String, Never>] = []
        for index in 0..<200 {
            let pops = index % 4 == 3
            tasks.append(Task {
                do {
                    if pops {
                        return "\(try await navigation.popViewController(animated: true))"
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
        let check = await JournalCheck.collect(journal)

        let completed = results.filter { $0.hasPrefix("completed") }.count
        let cancelled = results.filter { $0 == "cancelled" }.count
        let unchanged = results.filter { $0 == "noChange" }.count
        #expect(completed + cancelled + unchanged == 200, "seed \(seed): \(results.filter { $0.hasPrefix("error") })")
        #expect(cancelled > 0, "seed \(seed): the test cancelled nothing")
        #expect(check.commits.map(\.sequence) == Array(1...UInt64(completed + 1)), "seed \(seed)")
        #expect(check.appearanceProblems(finalStates: appearanceStates(snapshot)) == [], "seed \(seed)")
        // The final stack is what the committed changes say, and nothing else.
        if case .setStack(_, let stack)? = check.commits.last?.change {
            #expect(snapshot.root?.children.map(\.id) == stack, "seed \(seed)")
        }
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
