@testable import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

/// `WindowCheckpointTests`, seeded: random sequences of actions away from a checkpoint and back,
/// the rewound tree against a twin that took the same actions and a window restored from the
/// snapshot (see ``WindowCheckpointTests``).
extension WindowCheckpointTests {
    // MARK: - Seeded random sequences against a restored window

    /// Three checkpoints taken along a random walk, then random actions and rewinds to any of
    /// them in random order: a rewind to the checkpoint last rewound to writes back only what
    /// was touched since, one to another writes back everything, and either way every field of
    /// every captured controller is the checkpoint's.
    @Test(arguments: 0..<24 as Range<UInt64>)
    func randomRewindsAmongCheckpoints_writeBackEveryField(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 7)
        let window = try await Self.start(traits: seed % 2 == 0 ? .regular : .compact)
        var checkpoints: [(checkpoint: Window.Checkpoint, snapshot: WindowSnapshot, fields: TreeFields)] = []
        for _ in 0..<3 {
            for _ in 0..<Int(random.next() % 4) { try await Self.performRandom(in: window, using: &random) }
            let checkpoint = try await window.checkpoint()
            let captured = checkpoint.controllers
            checkpoints.append((checkpoint, await window.snapshot(), await window.withTree { TreeFields($0, captured) }))
        }
        var rewinds = 0
        for step in 0..<30 {
            guard random.next() % 2 == 0 else {
                try await Self.performRandom(in: window, using: &random)
                continue
            }
            let (checkpoint, snapshot, fields) = checkpoints[Int(random.next() % 3)]
            // What is in the tree now and not the checkpoint's must leave it detached.
            let kept = Set(checkpoint.controllers.map { ObjectIdentifier($0) })
            var leaving: [any ViewController] = []
            for node in await window.snapshot().allControllers {
                if let controller = await window.controller(node.id), !kept.contains(ObjectIdentifier(controller)) {
                    leaving.append(controller)
                }
            }
            try await window.rewind(to: checkpoint)
            await window.withTree { _ in
                for controller in leaving {
                    #expect(!controller.context.isAttached && controller.context.parent == nil, "seed \(seed) step \(step)")
                    #expect(controller.context.presenting == nil && controller.context.appearance == .disappeared, "seed \(seed) step \(step)")
                }
            }
            rewinds += 1
            var now = await window.snapshot()
            now.sequence = snapshot.sequence
            #expect(now == snapshot, "seed \(seed) step \(step)")
            let captured = checkpoint.controllers
            #expect(await window.withTree { TreeFields($0, captured) } == fields, "seed \(seed) step \(step)")
            #expect(await window.digest(since: checkpoint).firstNew == nil, "seed \(seed) step \(step)")
        }
        #expect(rewinds > 0, "seed \(seed)")
        await window.close()
    }

    @Test(arguments: 0..<48 as Range<UInt64>)
    func randomSequences_rewoundTreeBehavesAsAFreshOne(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let traits: Traits = seed % 3 == 0 ? .compact : .regular
        let window = try await Self.start(traits: traits)
        var prefix: [Action] = []
        for _ in 0..<Int(random.next() % 6) {
            guard let action = Self.randomAction(in: await window.snapshot(), using: &random) else { break }
            prefix.append(action)
            _ = await Self.outcome(action, in: window)
        }
        let checkpointed = await window.snapshot()
        let checkpoint = try await window.checkpoint()
        // Every captured controller, those outside the tree (a stashed secondary) too.
        let captured = checkpoint.controllers
        let fields = await window.withTree { TreeFields($0, captured) }
        let known = Set(captured.map(\.id))

        // Wander off and come back, several times.
        for _ in 0..<3 {
            for _ in 0..<(1 + Int(random.next() % 5)) {
                try await Self.performRandom(in: window, using: &random)
                // Where the first controller the checkpoint does not have landed, as a search finds it.
                let expected = await window.snapshot().allControllers.firstIndex { !known.contains($0.id) }
                #expect(await window.digest(since: checkpoint).firstNew?.position == expected, "seed \(seed)")
            }
            try await window.rewind(to: checkpoint)
            var now = await window.snapshot()
            now.sequence = checkpointed.sequence
            #expect(now == checkpointed, "seed \(seed)")
            #expect(await window.withTree { TreeFields($0, captured) } == fields, "seed \(seed)")
            #expect(await window.digest(since: checkpoint).firstNew == nil, "seed \(seed)")
        }

        // Two fresh windows in the same state: a twin that took the same actions (so the same
        // views were loaded), and one restored from the snapshot.
        let twin = try await Self.start(traits: traits)
        for action in prefix { _ = await Self.outcome(action, in: twin) }
        guard case .restored(let restored) = await Window.restoring(
            checkpointed, catalog: Self.catalog,
            configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
        else {
            Issue.record("seed \(seed): the checkpointed state does not restore")
            return
        }
        // A collapsed split keeps what it put aside (its stash), which no snapshot shows, so a
        // restored one may expand differently: the restored window is compared only without one.
        let hasCollapsedSplit = checkpointed.traits == .compact && checkpointed.allControllers.contains { $0.kind == .split }
        let windows = hasCollapsedSplit ? [window, twin] : [window, twin, restored]
        if hasCollapsedSplit { await restored.close() }
        var names = Names()
        var starts: [WindowSnapshot] = []
        for other in windows { starts.append(await other.snapshot()) }
        for start in starts { #expect(start.normalized() == checkpointed.normalized(), "seed \(seed)") }
        for position in checkpointed.allControllers.indices {
            names.pair(starts.map { $0.allControllers[position].id })
        }
        var journals: [AsyncStream<JournalEvent>] = []
        for other in windows { journals.append(await other.journal()) }

        // The same actions in the three: same outcomes and trees at every step.
        for step in 0..<(2 + Int(random.next() % 8)) {
            let mine = await window.snapshot()
            guard let action = Self.randomAction(in: mine, using: &random) else { break }
            var outcomes: [String] = []
            for other in windows { outcomes.append(await Self.outcome(action, in: other)) }
            #expect(Set(outcomes).count == 1, "seed \(seed) step \(step): \(action): \(outcomes)")
            var trees: [WindowSnapshot] = []
            for other in windows { trees.append(await other.snapshot().normalized()) }
            #expect(Set(trees).count == 1, "seed \(seed) step \(step): \(action)")
            // The digest and the exact comparison agree with the snapshots, in each window.
            for (other, tree) in zip(windows, trees) {
                #expect(await other.normalizedSnapshot() == tree, "seed \(seed) step \(step)")
                #expect(await other.digest().hash == tree.normalizedHash, "seed \(seed) step \(step)")
                #expect(await other.matches(tree), "seed \(seed) step \(step)")
                #expect(await other.matches(mine.normalized()) == (mine.normalized() == tree), "seed \(seed) step \(step)")
            }
        }
        var callbacks: [[String]] = []
        for (side, other) in windows.enumerated() {
            await other.close()
            callbacks.append(names.callbacks(await JournalReader.collect(journals[side]), side: side))
        }
        // Exactly the twin's callbacks; the restored window's too, but for the `viewDidLoad` of
        // controllers restoration built and never showed (their views were loaded in the other
        // two, which showed them before).
        #expect(callbacks[0] == callbacks[1], "seed \(seed)")
        let withoutLoads = callbacks.map { $0.filter { !$0.hasSuffix(".viewDidLoad") || $0.hasPrefix("n") } }
        if !hasCollapsedSplit { #expect(withoutLoads[0] == withoutLoads[2], "seed \(seed)") }
    }
}
