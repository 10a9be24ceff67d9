// NavigationRuntimeTesting: one state put back into a window, and every action tried there.

import NavigationRuntime
import Synchronization

/// Expands states. A state a worker found is kept as a ``Window/Checkpoint`` of the window it
/// was found in; expanding it is: rewind to it, try an action, read the tree's digest, rewind…
/// A state whose checkpoint another worker holds (or none does) is restored into a window of
/// its own first (replayed from the initial state when restoration does not rebuild it).
struct ExplorationWorker: Sendable {
    /// A state to expand: its normalized snapshot, its digest hash, its id in the
    /// ``StateTable``, its depth and a shortest path to it (replayed when restoration does not
    /// give the state back).
    struct Seed: Sendable {
        let id: Int
        let hash: Int
        let depth: Int
        let snapshot: WindowSnapshot
        let path: [ExplorationAction]
        /// The id of the snapshot's ``WindowSnapshot/lastPresented``, from its ``StateFacts``
        /// (worked out when the state was found).
        let lastPresented: ControllerID?
    }

    /// One action tried.
    struct Step: Sendable {
        let action: ExplorationAction
        let outcome: ExplorationOutcome
        let effect: SegueLanding?
        /// The state reached (its id in the ``StateTable``), or `nil` when it is the seed's state.
        let next: Int?
    }

    /// What expanding one state gave.
    struct Expansion: Sendable {
        var steps: [Step] = []
        /// Whether restoration does not rebuild the state (it was, or would have been, reached
        /// by replaying its path).
        var replayed = false
        /// Whether no window could be put in the state (neither restored nor replayed): its
        /// actions were not tried.
        var unopened = false
    }

    /// The controllers of a state the actions other than segues start from, worked out once
    /// per state (each walks the ``WindowSnapshot/topPath``).
    ///
    /// Only what the actions read of each is kept, not the nodes: the anchors are passed to
    /// every action of the state (copied into each one's async frame), and three nodes inline
    /// made each copy retain and release every reference in them.
    struct Anchors: Sendable {
        /// The innermost tab bar controller on the top path: what selecting a tab reads.
        struct TabBar: Sendable {
            let id: ControllerID
            let tabs: Int
            let selectedIndex: Int?
        }

        /// ``WindowSnapshot/poppableNavigation``'s id.
        let poppableNavigation: ControllerID?
        /// ``WindowSnapshot/lastPresented``'s id.
        let lastPresented: ControllerID?
        let innermostTabBar: TabBar?

        init(_ snapshot: WindowSnapshot) { self.init(snapshot, lastPresented: snapshot.lastPresented?.id) }

        /// The anchors of a snapshot whose ``WindowSnapshot/lastPresented`` is known (a
        /// seed's, from its facts): its tree is not walked for it again.
        init(_ snapshot: WindowSnapshot, lastPresented: ControllerID?) {
            let top = snapshot.topAnchors
            poppableNavigation = top.poppableNavigation
            self.lastPresented = lastPresented
            innermostTabBar = top.innermostTabBar.map { TabBar(id: $0.id, tabs: $0.tabs, selectedIndex: $0.selectedIndex) }
        }
    }

    /// An action and the controller it starts from, by position in ``WindowSnapshot/allControllers``
    /// (positions survive restoration and rewinds; ids do not survive restoration).
    struct Planned: Sendable {
        let action: ExplorationAction
        let position: Int?
    }

    let catalog: SceneCatalog
    let initialScene: String
    let traits: NavigationExplorer.Configuration.Traits
    /// States at this depth are not expanded: no checkpoint is kept for them.
    let maximumDepth: Int
    /// Each scene's segues a user can trigger, by the name a step gives them (``name(of:in:)``),
    /// in the scene's order: worked out once, not in every state.
    let namedSegues: [String: [(name: String, isUnwind: Bool)]]

    /// See ``NavigationExplorer/Configuration/checksRestoration``.
    let checksRestoration: Bool

    init(
        catalog: SceneCatalog, initialScene: String, traits: NavigationExplorer.Configuration.Traits, maximumDepth: Int,
        checksRestoration: Bool = false
    ) {
        self.checksRestoration = checksRestoration
        self.catalog = catalog
        self.initialScene = initialScene
        self.traits = traits
        self.maximumDepth = maximumDepth
        var namedSegues: [String: [(name: String, isUnwind: Bool)]] = [:]
        for (id, scene) in catalog.scenes {
            namedSegues[id] = scene.segues.compactMap { segue in
                Self.name(of: segue, in: scene).map { ($0, segue.kind.unwindAction != nil) }
            }
        }
        self.namedSegues = namedSegues
    }

    private var configuration: Window.Configuration {
        Window.Configuration(transitionDuration: .zero, traits: traits == .compact ? .compact : .regular)
    }

    /// The initial state, entered in the table and kept in `home`, or `nil` when the initial
    /// scene cannot be installed.
    func start(table: StateTable, home: ExplorationHome) async -> Seed? {
        guard let window = await initialWindow() else { return nil }
        home.adopt(window)
        let digest = await window.digest()
        let snapshot = await window.normalizedSnapshot()
        let facts = StateFacts(snapshot)
        let id = table.insert(hash: digest.hash, snapshot: snapshot, facts: facts).id
        if maximumDepth > 0, !digest.keepsHiddenState, let checkpoint = try? await window.checkpoint() {
            home.store(id, checkpoint)
        }
        return Seed(id: id, hash: digest.hash, depth: 0, snapshot: snapshot, path: [], lastPresented: facts.lastPresented?.id)
    }

    private func initialWindow() async -> Window? {
        let window = Window(configuration: configuration)
        guard let root = catalog.instantiate(initialScene, in: window) else {
            await window.close()
            return nil
        }
        do {
            _ = try await window.setRootViewController(root, animated: false)
        } catch {
            await window.close()
            return nil
        }
        return window
    }

    /// A window in the seed's state: restored, else (when restoration fails or rebuilds
    /// something else) replayed from the initial state.
    private func open(_ seed: Seed) async -> (window: Window, replayed: Bool)? {
        if case .restored(let window) = await Window.restoring(seed.snapshot, catalog: catalog, configuration: configuration) {
            if await window.matches(seed.snapshot) { return (window, false) }
            await window.close()
        }
        guard let window = await initialWindow() else { return nil }
        for action in seed.path {
            let live = await window.snapshot()
            guard let planned = actions(in: live).first(where: { $0.action == action }) else { break }
            _ = await perform(planned, in: window, live: live)
        }
        guard await window.matches(seed.snapshot) else {
            await window.close()
            return nil
        }
        return (window, true)
    }

    /// Whether restoration rebuilds the seed's state (what ``Exploration/replayedStates``
    /// counts, whichever way the state was opened).
    private func restores(_ seed: Seed) async -> Bool {
        guard case .restored(let window) = await Window.restoring(seed.snapshot, catalog: catalog, configuration: configuration)
        else { return false }
        let rebuilt = await window.matches(seed.snapshot)
        await window.close()
        return rebuilt
    }

    /// Tries every action of the seed's state, on the global concurrent executor (never on
    /// the caller's actor: the workers run in parallel whoever called ``NavigationExplorer/explore()``).
    /// `home` is the calling worker's: the checkpoints it holds and the windows they live in.
    @concurrent func expand(_ seed: Seed, home: ExplorationHome, table: StateTable) async -> Expansion {
        var expansion = Expansion()
        let checkpoint: Window.Checkpoint
        let dirty: Bool
        if let owned = home.take(seed.id) {
            checkpoint = owned
            expansion.replayed = checksRestoration ? await !restores(seed) : false
            dirty = true  // the window may be in another state of this worker's
        } else {
            guard let (window, replayed) = await open(seed), let taken = try? await window.checkpoint() else {
                expansion.unopened = true
                return expansion
            }
            home.adopt(window)
            // Unchecked, a replay here (which depends on who expands what) is not counted.
            expansion.replayed = checksRestoration && replayed
            checkpoint = taken
            dirty = false
        }
        return await tryActions(of: seed, in: checkpoint.window, at: checkpoint, dirty: dirty, into: expansion, home: home, table: table)
    }

    /// Tries every action of the seed's state in `window` (the checkpoint's), isolated to the
    /// window: rewinding, reading the digest, comparing with a snapshot and checkpointing a new
    /// state are plain calls on its executor, and an action's request runs there without a hop
    /// (the window is this worker's alone, see ``ExplorationHome``).
    private func tryActions(
        of seed: Seed, in window: isolated Window, at checkpoint: Window.Checkpoint, dirty: Bool, into expansion: Expansion,
        home: ExplorationHome, table: StateTable
    ) async -> Expansion {
        var expansion = expansion
        var dirty = dirty
        var clean = window.lastSequence
        let anchors = Anchors(seed.snapshot, lastPresented: seed.lastPresented)
        let planned = actions(in: seed.snapshot, anchors: anchors)
        expansion.steps.reserveCapacity(planned.count)
        for action in planned {
            if dirty {
                guard await rewind(window, to: checkpoint) else { break }
                dirty = false
            }
            let outcome = await perform(action, in: window, at: checkpoint, anchors: anchors)
            let digest = window.digest(since: checkpoint)
            if digest.sequence != clean {
                dirty = true
                clean = digest.sequence
            }
            var effect: SegueLanding?
            if case .segue(_, _, false) = action.action, outcome == .completed {
                effect = digest.firstNew.map(SegueLanding.init)
            }
            var next: Int?
            let unchanged = digest.hash == seed.hash ? window.matches(seed.snapshot) : false
            if !unchanged { next = await resolve(digest, in: window, depth: seed.depth + 1, home: home, table: table) }
            expansion.steps.append(Step(action: action.action, outcome: outcome, effect: effect, next: next))
        }
        return expansion
    }

    /// Back to the checkpoint; once the window is idle if a request is still running there.
    private func rewind(_ window: isolated Window, to checkpoint: Window.Checkpoint) async -> Bool {
        if (try? window.rewind(to: checkpoint)) != nil { return true }
        try? await window.waitUntilIdle()
        return (try? window.rewind(to: checkpoint)) != nil
    }

    /// The table's id of the state the window is in: one a digest matches exactly, else a new
    /// one (its snapshot built now, and a checkpoint kept in `home` unless it is at the depth
    /// bound).
    private func resolve(
        _ digest: Window.TreeDigest, in window: isolated Window, depth: Int, home: ExplorationHome, table: StateTable
    ) async -> Int {
        if let found = table.firstMatch(digest.hash, where: { window.matches($0) }) { return found }
        let snapshot = window.normalizedSnapshot()
        let (id, inserted) = table.insert(hash: digest.hash, snapshot: snapshot, facts: StateFacts(snapshot))
        // A state is what its snapshot says, whichever way it was reached: a tree that keeps
        // what no snapshot shows is not kept, so that its expansion restores it from its
        // snapshot (as every state was before checkpoints) instead of inheriting this path's.
        if inserted && depth < maximumDepth && !digest.keepsHiddenState {
            if let checkpoint = try? window.checkpoint() {
                home.store(id, checkpoint)
            } else {
                try? await window.waitUntilIdle()
                if let checkpoint = try? window.checkpoint() { home.store(id, checkpoint) }
            }
        }
        return id
    }

    /// Performs one action in a window whose tree is the checkpoint's (the seed's state): the
    /// controllers are the checkpoint's, by their positions in the seed's normalized snapshot
    /// (a normalized id is its position plus one).
    func perform(_ planned: Planned, in window: isolated Window, at checkpoint: Window.Checkpoint, anchors: Anchors) async
        -> ExplorationOutcome
    {
        func controller(_ id: ControllerID?) -> (any ViewController)? {
            guard let id else { return nil }
            return checkpoint.controller(at: Int(id.rawValue) - 1)
        }
        return await run(planned.action, in: window) {
            switch planned.action {
            case .segue: planned.position.flatMap { checkpoint.controller(at: $0) }
            case .back: controller(anchors.poppableNavigation)
            case .dismiss: controller(anchors.lastPresented)
            case .selectTab: controller(anchors.innermostTabBar?.id)
            case .traits: nil
            }
        }
    }

    /// Performs one action in a window whose controllers `live` names (the replay of a path).
    func perform(_ planned: Planned, in window: Window, live: WindowSnapshot) async -> ExplorationOutcome {
        let all = live.allControllers
        let id: ControllerID? =
            switch planned.action {
            case .segue: planned.position.flatMap { all.indices.contains($0) ? all[$0].id : nil }
            case .back: live.poppableNavigation?.id
            case .dismiss: live.lastPresented?.id
            case .selectTab: live.innermostTabBar?.id
            case .traits: nil
            }
        let target: (any ViewController)? = if let id { await window.controller(id) } else { nil }
        return await run(planned.action, in: window) { target }
    }

    /// Runs one action on its controller (`target`: the source of a segue, the navigation
    /// controller to pop, the presented controller to dismiss, the tab bar).
    private func run(
        _ action: ExplorationAction, in window: isolated Window, target: () -> (any ViewController)?
    ) async -> ExplorationOutcome {
        do {
            let outcome: TransitionOutcome
            switch action {
            case .segue(_, let segue, _):
                guard let controller = target() else {
                    return .failed(code: "notInTree", message: "the source is not in the window's tree")
                }
                outcome = try await controller.triggerSegue(withIdentifier: segue, animated: false)
            case .back:
                guard let navigation = target() as? NavigationController else { return .noChange }
                outcome = try await navigation.pop(animated: false).outcome
            case .dismiss:
                guard let presented = target() else { return .noChange }
                outcome = try await presented.dismiss(animated: false)
            case .selectTab(let index):
                guard let tabBar = target() as? TabBarController else { return .noChange }
                outcome = try await tabBar.selectTab(at: index, animated: false)
            case .traits(let compact):
                outcome = try await window.setTraits(compact ? .compact : .regular)
            }
            switch outcome {
            case .completed, .hookTimedOut: return .completed
            case .vetoed: return .vetoed
            case .noDestination: return .noDestination
            case .noChange, .dropped, .superseded, .deferred: return .noChange
            }
        } catch let error as NavigationError {
            return .failed(code: error.code.description, message: error.message)
        } catch {
            return .failed(code: "error", message: "\(error)")
        }
    }
}

extension SegueLanding {
    /// Where a controller new to the tree landed, as ``of(before:after:)`` says it.
    init(_ landing: Window.TreeDigest.Landing) {
        if landing.isPresented {
            self = .present
            return
        }
        switch landing.parentKind {
        case .navigation?: self = .push
        case .split?: self = .detail
        default: self = .other
        }
    }
}
