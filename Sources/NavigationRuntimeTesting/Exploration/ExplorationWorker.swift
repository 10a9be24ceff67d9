// NavigationRuntimeTesting: one state put back into a window, and every action tried there.

import NavigationRuntime

/// Expands states: restores each into a window of its own and performs every action a user
/// can take there, restoring again after each action that changed the tree.
struct ExplorationWorker: Sendable {
    /// A state to expand: its normalized snapshot and a shortest path to it (replayed when
    /// restoration does not give the state back).
    struct Seed: Sendable {
        let snapshot: WindowSnapshot
        let path: [ExplorationAction]
    }

    /// One action tried.
    struct Step: Sendable {
        let action: ExplorationAction
        let outcome: ExplorationOutcome
        let effect: SegueLanding?
        /// The state reached, normalized (hashed here, in parallel), or `nil` when it is the
        /// seed's state.
        let next: StateKey?
    }

    /// What expanding one state gave.
    struct Expansion: Sendable {
        var steps: [Step] = []
        /// Whether the state was reached by replaying its path instead of by restoration.
        var replayed = false
        /// Whether no window could be put in the state (neither restored nor replayed): its
        /// actions were not tried.
        var unopened = false
    }

    /// An action and the controller it starts from, by position in ``WindowSnapshot/allControllers``
    /// (positions survive restoration; ids do not).
    struct Planned: Sendable {
        let action: ExplorationAction
        let position: Int?
    }

    let catalog: SceneCatalog
    let initialScene: String
    let traits: NavigationExplorer.Configuration.Traits

    private var configuration: Window.Configuration {
        Window.Configuration(transitionDuration: .zero, traits: traits == .compact ? .compact : .regular)
    }

    /// The initial state, normalized, or `nil` when the initial scene cannot be installed.
    func initialSnapshot() async -> WindowSnapshot? {
        guard let window = await initialWindow() else { return nil }
        let snapshot = await window.snapshot().normalized()
        await window.close()
        return snapshot
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
    private func open(_ seed: Seed, replay: Bool) async -> (window: Window, replayed: Bool, live: WindowSnapshot)? {
        if !replay, case .restored(let window) = await Window.restoring(seed.snapshot, catalog: catalog, configuration: configuration) {
            let live = await window.snapshot()
            if live.normalized() == seed.snapshot { return (window, false, live) }
            await window.close()
        }
        guard let window = await initialWindow() else { return nil }
        for action in seed.path {
            let live = await window.snapshot()
            guard let planned = actions(in: live).first(where: { $0.action == action }) else { break }
            _ = await perform(planned, in: window, live: live)
        }
        let live = await window.snapshot()
        guard live.normalized() == seed.snapshot else {
            await window.close()
            return nil
        }
        return (window, true, live)
    }

    /// Tries every action of the seed's state, on the global concurrent executor (never on
    /// the caller's actor: the workers run in parallel whoever called ``NavigationExplorer/explore()``).
    @concurrent func expand(_ seed: Seed) async -> Expansion {
        var expansion = Expansion()
        guard var (window, replayed, live) = await open(seed, replay: false) else {
            expansion.unopened = true
            return expansion
        }
        expansion.replayed = replayed
        let planned = actions(in: live)
        var dirty = false
        for action in planned {
            if dirty {
                guard let reopened = await open(seed, replay: replayed) else { break }
                (window, replayed, live) = reopened
                dirty = false
            }
            // `live` is the window's tree now, ids included: taken after the last change.
            let before = live
            let outcome = await perform(action, in: window, live: before)
            let after = await window.snapshot()
            let normalized = after.normalized()
            let changed = normalized != seed.snapshot
            var effect: SegueLanding?
            if case .segue(_, _, false) = action.action, outcome == .completed {
                effect = SegueLanding.of(before: before, after: after)
            }
            expansion.steps.append(Step(action: action.action, outcome: outcome, effect: effect, next: changed ? StateKey(normalized) : nil))
            live = after
            guard changed else { continue }
            // Back to the seed's state by the inverse action when there is one (a pop after a
            // push, a dismissal after a presentation, the tab or size class before): one
            // transition instead of a rebuilt tree. Checked: the tree must equal the seed's.
            if let inverse = Self.inverse(of: action.action, effect: effect, before: before),
                await perform(Planned(action: inverse, position: nil), in: window, live: after) == .completed
            {
                live = await window.snapshot()
                if live.normalized() == seed.snapshot { continue }
            }
            await window.close()
            dirty = true
        }
        if !dirty { await window.close() }
        return expansion
    }

    /// The action that undoes `action`, if one does: back after a push, dismiss after a
    /// presentation, the tab selected before, the size class before.
    static func inverse(of action: ExplorationAction, effect: SegueLanding?, before: WindowSnapshot) -> ExplorationAction? {
        switch action {
        case .segue(_, _, false):
            switch effect {
            case .push?: return .back
            case .present?: return .dismiss
            default: return nil
            }
        case .selectTab:
            return before.innermostTabBar?.selectedIndex.map(ExplorationAction.selectTab)
        case .traits(let compact):
            return .traits(compact: !compact)
        case .segue, .back, .dismiss:
            return nil
        }
    }

    /// Every action a user can take in `snapshot`, in a fixed order: the segues and exits of
    /// the visible controllers (depth first, each scene's in its order), back, dismiss, the
    /// other tabs, a turn of the device.
    func actions(in snapshot: WindowSnapshot) -> [Planned] {
        var planned: [Planned] = []
        let all = snapshot.allControllers
        // The screen: the last presented controller's subtree (or the root's), what it presents
        // left out; only appeared controllers in it can be tapped.
        var onScreen: Set<ControllerID> = []
        func collect(_ node: ControllerSnapshot) {
            if node.appearance == .appeared { onScreen.insert(node.id) }
            for child in node.children { collect(child) }
        }
        if let base = snapshot.lastPresented ?? snapshot.root { collect(base) }
        // A scene shown twice is named once, by its last instance (`drive` names a scene's
        // most recent instance).
        var lastPosition: [String: Int] = [:]
        for (position, node) in all.enumerated() where onScreen.contains(node.id) {
            if let scene = node.scene { lastPosition[scene] = position }
        }
        for (position, node) in all.enumerated() {
            guard let sceneID = node.scene, lastPosition[sceneID] == position, let scene = catalog.scenes[sceneID] else { continue }
            for segue in scene.segues {
                guard let name = Self.name(of: segue, in: scene) else { continue }
                planned.append(
                    Planned(action: .segue(source: sceneID, segue: name, isUnwind: segue.kind.unwindAction != nil), position: position)
                )
            }
        }
        if snapshot.poppableNavigation != nil { planned.append(Planned(action: .back, position: nil)) }
        if snapshot.lastPresented != nil { planned.append(Planned(action: .dismiss, position: nil)) }
        if let tabBar = snapshot.innermostTabBar {
            for index in tabBar.children.indices where index != tabBar.selectedIndex {
                planned.append(Planned(action: .selectTab(index), position: nil))
            }
        }
        if traits == .both {
            planned.append(Planned(action: .traits(compact: snapshot.traits != .compact), position: nil))
        }
        return planned
    }

    /// The name a step gives a segue of a scene: its identifier when no other segue of the
    /// scene has it, else its element id, else its trigger id.
    static func name(of segue: SegueDefinition, in scene: Scene) -> String? {
        if let identifier = segue.identifier, !identifier.isEmpty,
            scene.segues.filter({ $0.identifier == identifier }).count == 1
        {
            return identifier
        }
        if let element = segue.elementID, scene.segue(named: element)?.elementID == element { return element }
        return segue.triggerID ?? segue.identifier
    }

    /// Performs one action in the window.
    func perform(_ planned: Planned, in window: Window, live: WindowSnapshot) async -> ExplorationOutcome {
        do {
            let outcome: TransitionOutcome
            switch planned.action {
            case .segue(_, let segue, _):
                let all = live.allControllers
                guard let position = planned.position, all.indices.contains(position),
                    let controller = await window.controller(all[position].id)
                else { return .failed(code: "notInTree", message: "the source is not in the window's tree") }
                outcome = try await controller.triggerSegue(withIdentifier: segue, animated: false)
            case .back:
                guard let id = live.poppableNavigation?.id, let navigation = await window.controller(id) as? NavigationController else {
                    return .noChange
                }
                outcome = try await navigation.pop(animated: false).outcome
            case .dismiss:
                guard let id = live.lastPresented?.id, let presented = await window.controller(id) else { return .noChange }
                outcome = try await presented.dismiss(animated: false)
            case .selectTab(let index):
                guard let id = live.innermostTabBar?.id, let tabBar = await window.controller(id) as? TabBarController else {
                    return .noChange
                }
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

/// A state's normalized snapshot with its hash computed once, by the worker that reached it:
/// the merge looks states up without hashing whole trees on its one thread.
struct StateKey: Hashable, Sendable {
    let snapshot: WindowSnapshot
    let hash: Int

    init(_ snapshot: WindowSnapshot) {
        self.snapshot = snapshot
        self.hash = snapshot.hashValue
    }

    static func == (lhs: StateKey, rhs: StateKey) -> Bool { lhs.hash == rhs.hash && lhs.snapshot == rhs.snapshot }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
