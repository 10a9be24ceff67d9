// NavigationRuntimeTesting: a breadth-first search over an app's navigation states.

import Foundation
import NavigationRuntime
import Synchronization

/// A breadth-first search over every navigation state a user can reach in a catalog, run by
/// the runtime itself: each state is kept as a `Window.Checkpoint` of the window that found
/// it, and each action a user can take there is performed for real, the window rewound to the
/// state (`Window.rewind(to:)`) between them. A state is rebuilt from its snapshot
/// (`Window.restoring(_:catalog:id:configuration:)`) only when another worker's window holds
/// it, or when its tree has a collapsed split view controller (whose put-aside secondary no
/// snapshot shows: the state must behave as its snapshot says, not as the path that found it).
///
/// A state is a window's `WindowSnapshot.normalized()` snapshot: scene identifiers,
/// containers, selected tabs, presentation chain and styles, appearance and traits, with
/// controller ids abstracted away; two states are one when their values are equal. From each
/// state the actions are: every segue and unwind exit of every visible controller's scene
/// (triggered as its control would: `shouldPerformSegue` consulted, and a generic controller
/// says yes), back on the visible navigation stack, selecting each other tab of the innermost
/// tab bar, and, with ``Configuration/Traits/both``, turning the device; and dismissing the
/// top presentation, which only code can do (``ExplorationAction/isStoryboardAction`` is
/// `false` for it, and no-way-back does not count it as a way back). "Visible" means appeared
/// and not covered by a presentation. See <doc:ExploringNavigation>.
///
/// Bounded by depth and state count (``Exploration/bounds`` says which was reached), parallel
/// across ``Configuration/workers`` windows, and deterministic whatever the interleaving.
///
/// ```swift
/// let explorer = NavigationExplorer(catalog: catalog, initialScene: "nav")
/// let exploration = try await explorer.explore()
/// #expect(exploration.findings.filter { $0.severity == .error }.isEmpty)
/// #expect(!exploration.findings.contains { $0.kind == .noWayBack })
/// ```
public struct NavigationExplorer: Sendable {
    /// How far and how wide to search.
    public struct Configuration: Sendable {
        /// The size classes explored.
        public enum Traits: String, Sendable, Hashable {
            /// Regular width only.
            case regular
            /// Compact width only.
            case compact
            /// Starting in regular width, turning the device is an action.
            case both
        }

        /// The size classes explored (default: regular).
        public var traits: Traits
        /// States at this many actions from the initial one are found but not expanded (0:
        /// nothing is tried, and the depth bound says so; `navstress explore` refuses it).
        public var maximumDepth: Int
        /// The most states kept.
        public var maximumStates: Int
        /// How many windows work at once (default: the active processor count).
        public var workers: Int
        /// The scene identifiers coverage counts (with their segues), or `nil` for every scene
        /// of the catalog.
        public var coverageScenes: Set<String>?
        /// The scenes some chain of segues, relationships, embeds and storyboard references
        /// leads to from the initial scene (what the storyboards say; `navstress explore`
        /// reads it off them), or `nil` when unknown (a catalog built in code). An unreached
        /// scene outside it is reported as one nothing leads to, not as one the bounds kept out:
        /// a deeper search would not reach it.
        public var reachableScenes: Set<String>? = nil
        /// Whether each expanded state is also rebuilt once by restoration, to count the states
        /// restoration does not give back (``Exploration/replayedStates``): a check of the
        /// runtime's restoration, not of the catalog. A state is explored from a checkpoint of
        /// the window that found it, so nothing else needs restoring, and the check costs about
        /// as much as the rest of an exploration (GoMap's main storyboard to depth 12, one
        /// worker: 5.03 G instructions with it, 2.57 G without). `false`: not checked, and
        /// ``Exploration/replayedStates`` is 0 (the states, transitions and findings are the
        /// same either way). Default: `false`.
        public var checksRestoration = false

        /// Creates a configuration.
        public init(
            traits: Traits = .regular,
            maximumDepth: Int = 8,
            maximumStates: Int = 10_000,
            workers: Int = ProcessInfo.processInfo.activeProcessorCount,
            coverageScenes: Set<String>? = nil
        ) {
            self.traits = traits
            self.maximumDepth = maximumDepth
            self.maximumStates = maximumStates
            self.workers = workers
            self.coverageScenes = coverageScenes
        }
    }

    /// Why an exploration could not start.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The scenes explored.
    public let catalog: SceneCatalog
    /// The scene the window starts with (its identifier in ``catalog``).
    public let initialScene: String
    /// The bounds and parallelism.
    public let configuration: Configuration

    /// Creates an explorer.
    /// - Parameters:
    ///   - catalog: The scenes; unwind destinations are what its controllers declare.
    ///   - initialScene: The root scene's identifier.
    ///   - configuration: The bounds and parallelism.
    public init(catalog: SceneCatalog, initialScene: String, configuration: Configuration = Configuration()) {
        self.catalog = catalog
        self.initialScene = initialScene
        self.configuration = configuration
    }

    /// Runs the search.
    /// - Returns: The states, transitions, coverage and findings.
    /// - Throws: ``StartError`` when the initial scene cannot be instantiated or installed, or
    ///   the configuration asks for a negative depth, no state or no worker.
    public func explore() async throws(StartError) -> Exploration {
        var (result, leftovers) = try await search()
        // What is left runs on one task unless it is split: the windows are closed and the
        // state table emptied (their trees and copies freed) while the findings' costly rules
        // and the coverage are worked out in parallel (see `ExplorationFindings.all(coverage:)`).
        async let closed: Void = leftovers.close()
        (result.findings, result.coverage) = await findings(of: result)
        await closed
        return result
    }

    /// What an exploration leaves behind: its workers' windows (their trees hold reference
    /// cycles until they are closed) and its table of states.
    package struct Leftovers: Sendable {
        fileprivate let homes: [ExplorationHome]
        fileprivate let table: StateTable

        /// Closes every worker's windows, each worker's in a task of its own, and empties the
        /// state table in another: what it holds (a copy of every state's snapshot and facts,
        /// shared with the result) is released there, not on the caller's task (about 3 ms of
        /// GoMap's main storyboard to depth 12).
        package func close() async {
            await withDiscardingTaskGroup { group in
                group.addTask { table.removeAll() }
                for home in homes { group.addTask { await home.close() } }
            }
        }
    }

    /// ``explore()`` for an executable: the exploration, with what it leaves behind neither
    /// closed nor freed. Closing the windows of GoMap's main storyboard to depth 12 takes 7 to
    /// 11 ms of one core, which ran beside the findings' rules on the two cores and slowed
    /// them; an executable that ends right after leaves it to the process's exit, as it
    /// leaves the exploration. Anyone else calls ``Leftovers/close()``.
    package func exploreLeavingWindowsOpen() async throws(StartError) -> (Exploration, Leftovers) {
        var (result, leftovers) = try await search()
        (result.findings, result.coverage) = await findings(of: result)
        return (result, leftovers)
    }

    /// The findings and the coverage of a search's result.
    private func findings(of explored: Exploration) async -> ([ExplorationFinding], Exploration.Coverage) {
        await ExplorationFindings(catalog: catalog, exploration: explored, reachableScenes: configuration.reachableScenes).all {
            [self] in coverage(of: explored)
        }
    }

    /// The breadth-first search: the states and transitions, with no findings or coverage yet.
    private func search() async throws(StartError) -> (Exploration, Leftovers) {
        // Nothing silent: a bound the search cannot keep is refused, not read as another.
        guard configuration.maximumDepth >= 0 else {
            throw StartError(description: "maximumDepth is \(configuration.maximumDepth): give 0 or more (0: only the initial state)")
        }
        guard configuration.maximumStates >= 1 else {
            throw StartError(description: "maximumStates is \(configuration.maximumStates): give 1 or more (the initial state is one)")
        }
        guard configuration.workers >= 1 else {
            throw StartError(description: "workers is \(configuration.workers): give 1 or more")
        }
        let workers = configuration.workers
        let worker = ExplorationWorker(
            catalog: catalog, initialScene: initialScene, traits: configuration.traits, maximumDepth: configuration.maximumDepth,
            checksRestoration: configuration.checksRestoration)
        let table = StateTable()
        let homes = (0..<workers).map { _ in ExplorationHome() }
        guard let start = await worker.start(table: table, home: homes[0]) else {
            for home in homes { await home.close() }
            throw StartError(description: "the initial scene '\(initialScene)' cannot be instantiated as a window's root")
        }
        var result = Exploration()
        // The table's ids are in the order the workers found the states; the result's indices in
        // breadth-first order, whatever the interleaving.
        var index = StateIndex()
        index[start.id] = 0
        var ids = [start.id]
        var hashes = [start.hash]
        result.states = [Exploration.State(index: 0, depth: 0, snapshot: start.snapshot, path: [], expanded: false)]
        result.facts = [table.state(start.id).facts]
        var frontier = [0]
        var depth = 0
        var dropped = 0
        while !frontier.isEmpty && depth < configuration.maximumDepth {
            let seeds = frontier.map { state in
                ExplorationWorker.Seed(
                    id: ids[state], hash: hashes[state], depth: depth, snapshot: result.states[state].snapshot,
                    path: result.states[state].path, lastPresented: result.facts[state].lastPresented?.id)
            }
            let expansions = await expand(seeds, worker: worker, homes: homes, table: table)
            var next: [Int] = []
            for (position, stateIndex) in frontier.enumerated() {
                let expansion = expansions[position]
                if expansion.unopened {
                    // Left unexpanded: no finding may read it as a state with no way out.
                    result.unopenedStates += 1
                    continue
                }
                result.states[stateIndex].expanded = true
                if expansion.replayed { result.replayedStates += 1 }
                for step in expansion.steps {
                    var to: Int? = stateIndex
                    if let reached = step.next {
                        if let known = index[reached] {
                            to = known
                        } else if result.states.count < configuration.maximumStates {
                            let added = result.states.count
                            index[reached] = added
                            ids.append(reached)
                            let (hash, snapshot, facts) = table.state(reached)
                            hashes.append(hash)
                            // One array made, not a one-element array and then their sum.
                            var path: [ExplorationAction] = []
                            path.reserveCapacity(result.states[stateIndex].path.count + 1)
                            path += result.states[stateIndex].path
                            path.append(step.action)
                            result.states.append(
                                Exploration.State(index: added, depth: depth + 1, snapshot: snapshot, path: path, expanded: false)
                            )
                            result.facts.append(facts)
                            next.append(added)
                            to = added
                        } else {
                            to = nil
                            dropped += 1
                        }
                    }
                    result.transitions.append(
                        Exploration.Transition(from: stateIndex, action: step.action, outcome: step.outcome, effect: step.effect, to: to)
                    )
                }
            }
            if !next.isEmpty { depth += 1 }
            frontier = next
        }
        result.depthReached = result.states.last?.depth ?? 0
        if !frontier.isEmpty { result.bounds.append(.depth(configuration.maximumDepth, unexpanded: frontier.count)) }
        if dropped > 0 { result.bounds.append(.states(configuration.maximumStates, dropped: dropped)) }
        return (result, Leftovers(homes: homes, table: table))
    }

    /// Expands the seeds on ``Configuration/workers`` windows at once; the expansions come
    /// back in the seeds' order, whichever worker made each. Each worker first expands the
    /// seeds whose checkpoints it holds (rewinding its own windows), then takes the others'
    /// last seeds (restoring each into a window of its own) while they are busy.
    private func expand(
        _ seeds: [ExplorationWorker.Seed], worker: ExplorationWorker, homes: [ExplorationHome], table: StateTable
    ) async -> [ExplorationWorker.Expansion] {
        let owners = seeds.map { seed in homes.firstIndex { $0.holds(seed.id) } }
        let queues = WorkQueues(owners: owners, workers: homes.count)
        var expansions = [ExplorationWorker.Expansion?](repeating: nil, count: seeds.count)
        await withTaskGroup(of: [(Int, ExplorationWorker.Expansion)].self) { group in
            for slot in homes.indices {
                group.addTask {
                    var done: [(Int, ExplorationWorker.Expansion)] = []
                    while let position = queues.next(for: slot) {
                        done.append((position, await worker.expand(seeds[position], home: homes[slot], table: table)))
                    }
                    return done
                }
            }
            for await batch in group {
                for (position, expansion) in batch { expansions[position] = expansion }
            }
        }
        return expansions.map { $0 ?? ExplorationWorker.Expansion() }
    }

    /// Scenes seen, segues and exits completed, against the catalog's (or the configured) scenes.
    private func coverage(of exploration: Exploration) -> Exploration.Coverage {
        var coverage = Exploration.Coverage()
        let counted = configuration.coverageScenes ?? Set(catalog.scenes.keys)
        for id in counted {
            guard let scene = catalog.scenes[id] else { continue }
            coverage.totalScenes.insert(id)
            for segue in scene.segues {
                guard let name = ExplorationWorker.name(of: segue, in: scene) else { continue }
                if segue.kind.unwindAction != nil {
                    coverage.totalUnwinds.insert(id + "/" + name)
                } else {
                    coverage.totalSegues.insert(id + "/" + name)
                }
            }
        }
        // Each scene once (most states show the same few): looked up by its word (a
        // `DigestSet`, no hashing of its text), its text compared only where a word is equal.
        var seen = DigestSet<NodeName>()
        for state in exploration.facts.indices {
            for scene in exploration.facts[state].scenes where seen.insert(scene) && counted.contains(scene.text) {
                coverage.scenes.insert(scene.text)
            }
        }
        // Each segue once (most are tried in many states), before its key is spelled.
        var done = Set<ExplorationAction>()
        for transition in exploration.transitions {
            guard case .segue(let source, let segue, let isUnwind) = transition.action else { continue }
            // An unwind that found its destination with nothing to pop or dismiss (the
            // destination beside the source, in a split's other column) ends `noChange`.
            guard transition.outcome == .completed || (isUnwind && transition.outcome == .noChange) else { continue }
            guard done.insert(transition.action).inserted else { continue }
            let key = source + "/" + segue
            if isUnwind {
                if coverage.totalUnwinds.contains(key) { coverage.unwinds.insert(key) }
            } else if coverage.totalSegues.contains(key) {
                coverage.segues.insert(key)
            }
        }
        return coverage
    }
}

/// The seeds each worker expands: its own (whose checkpoints it holds; a seed nobody holds is
/// dealt round the workers) from the front, then, once they are done, the last ones of the
/// worker with the most left.
private final class WorkQueues: Sendable {
    private struct Queue {
        var items: [Int] = []
        var front = 0
        var back = 0
        var count: Int { back - front }
    }

    private let queues: Locked<[Queue]>

    init(owners: [Int?], workers: Int) {
        var queues = [Queue](repeating: Queue(), count: workers)
        for (position, owner) in owners.enumerated() {
            let slot = owner ?? position % workers
            queues[slot].items.append(position)
            queues[slot].back += 1
        }
        self.queues = Locked(queues)
    }

    func next(for slot: Int) -> Int? {
        queues.withLock { queues in
            if queues[slot].count > 0 {
                defer { queues[slot].front += 1 }
                return queues[slot].items[queues[slot].front]
            }
            guard let busiest = queues.indices.max(by: { queues[$0].count < queues[$1].count }), queues[busiest].count > 0
            else { return nil }
            queues[busiest].back -= 1
            return queues[busiest].items[queues[busiest].back]
        }
    }
}

/// The result's index of each state the table holds, by the table's id: an array read at the
/// id, not a dictionary hashing it at every step of the merge (about 4 M instructions of GoMap's
/// main storyboard to depth 12, on the explorer's one task between two levels). The table's ids
/// are not dense but small: a state's place in its shard times the shard count, plus the shard.
private struct StateIndex {
    /// -1: not in the result.
    private var indices: [Int] = []

    subscript(id: Int) -> Int? {
        get { id < indices.count && indices[id] >= 0 ? indices[id] : nil }
        set {
            // Doubled, at least: the ids grow with the states found.
            if id >= indices.count { indices += repeatElement(-1, count: max(id + 1 - indices.count, indices.count)) }
            indices[id] = newValue ?? -1
        }
    }
}
