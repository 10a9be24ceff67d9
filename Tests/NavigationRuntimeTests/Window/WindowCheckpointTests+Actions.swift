@testable import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

/// The actions the checkpoint tests perform, by position in a snapshot, and how their outcomes
/// and callbacks are named for comparison (see ``WindowCheckpointTests``).
extension WindowCheckpointTests {
    // MARK: - Actions

    enum Action: CustomStringConvertible {
        case segue(position: Int, String)
        case back, dismiss, turnPage
        case selectTab(Int)
        case traits(compact: Bool)

        var description: String {
            switch self {
            case .segue(let position, let name): "segue \(name) from #\(position)"
            case .back: "back"
            case .dismiss: "dismiss"
            case .turnPage: "turn page"
            case .selectTab(let index): "tab \(index)"
            case .traits(let compact): compact ? "compact" : "regular"
            }
        }
    }

    static func position(of scene: String, in snapshot: WindowSnapshot) -> Int {
        snapshot.allControllers.lastIndex { $0.scene == scene && $0.appearance == .appeared } ?? -1
    }

    static func controllers(of checkpoint: Window.Checkpoint) -> [any ViewController] {
        (0..<checkpoint.controllerCount).compactMap { checkpoint.controller(at: $0) }
    }

    /// Every action a user could take in `snapshot` (what the explorer tries), plus a page turn.
    static func actions(in snapshot: WindowSnapshot) -> [Action] {
        var actions: [Action] = []
        var onScreen: Set<ControllerID> = []
        func collect(_ node: ControllerSnapshot) {
            if node.appearance == .appeared { onScreen.insert(node.id) }
            for child in node.children { collect(child) }
        }
        if let base = snapshot.lastPresented ?? snapshot.root { collect(base) }
        for (position, node) in snapshot.allControllers.enumerated() where onScreen.contains(node.id) {
            guard let scene = node.scene.flatMap({ catalog.scenes[$0] }) else { continue }
            for segue in scene.segues { if let name = segue.identifier { actions.append(.segue(position: position, name)) } }
        }
        if snapshot.poppableNavigation != nil { actions.append(.back) }
        if snapshot.lastPresented != nil { actions.append(.dismiss) }
        if let tabBar = snapshot.innermostTabBar {
            for index in tabBar.children.indices where index != tabBar.selectedIndex { actions.append(.selectTab(index)) }
        }
        if snapshot.allControllers.contains(where: { $0.kind == .page && onScreen.contains($0.id) }) { actions.append(.turnPage) }
        actions.append(.traits(compact: snapshot.traits != .compact))
        return actions
    }

    static func randomAction(in snapshot: WindowSnapshot, using random: inout SplitMix64) -> Action? {
        let actions = actions(in: snapshot)
        return actions.isEmpty ? nil : actions[Int(random.next() % UInt64(actions.count))]
    }

    static func performRandom(in window: Window, using random: inout SplitMix64) async throws {
        guard let action = randomAction(in: await window.snapshot(), using: &random) else { return }
        _ = await outcome(action, in: window)
    }

    static func perform(_ action: Action, in window: Window) async throws {
        let outcome = await outcome(action, in: window)
        #expect(outcome == "completed", "\(action)")
    }

    /// Performs the action and says how it ended (an error by its code).
    static func outcome(_ action: Action, in window: Window) async -> String {
        let snapshot = await window.snapshot()
        do {
            let outcome: TransitionOutcome
            switch action {
            case .segue(let position, let name):
                guard snapshot.allControllers.indices.contains(position),
                    let source = await window.controller(snapshot.allControllers[position].id)
                else { return "no source" }
                outcome = try await source.triggerSegue(withIdentifier: name, animated: false)
            case .back:
                guard let id = snapshot.poppableNavigation?.id, let navigation = await window.controller(id) as? NavigationController
                else { return "no navigation" }
                outcome = try await navigation.pop(animated: false).outcome
            case .dismiss:
                guard let id = snapshot.lastPresented?.id, let presented = await window.controller(id) else { return "none" }
                outcome = try await presented.dismiss(animated: false)
            case .selectTab(let index):
                guard let id = snapshot.innermostTabBar?.id, let tabBar = await window.controller(id) as? TabBarController
                else { return "no tab bar" }
                outcome = try await tabBar.selectTab(at: index, animated: false)
            case .traits(let compact):
                outcome = try await window.setTraits(compact ? .compact : .regular)
            case .turnPage:
                guard let node = snapshot.allControllers.last(where: { $0.kind == .page && $0.appearance == .appeared }),
                    let pages = await window.controller(node.id) as? PageViewController,
                    let page = catalog.instantiate("page", in: window)
                else { return "no pages" }
                outcome = try await pages.setViewControllers([page], direction: .forward, animated: false)
            }
            if case .completed = outcome { return "completed" }
            return "\(outcome)"
        } catch let error as NavigationError {
            return "error \(error.code)"
        } catch {
            return "error \(error)"
        }
    }

    /// Names a controller by its position in the checkpointed tree (`pN`, the same for both
    /// windows), else by order of first appearance in its window's journal (`nN`).
    struct Names {
        private var paired: [[ControllerID: String]] = [[:], [:], [:]]

        /// Names the controllers at one position of each window's tree alike.
        mutating func pair(_ ids: [ControllerID]) {
            let name = "p\(paired[0].count)"
            for (side, id) in ids.enumerated() { paired[side][id] = name }
        }

        func callbacks(_ events: [JournalEvent], side: Int) -> [String] {
            var names = paired[side]
            var fresh = 0
            func name(_ id: ControllerID?) -> String {
                guard let id else { return "nil" }
                if let known = names[id] { return known }
                fresh += 1
                names[id] = "n\(fresh)"
                return "n\(fresh)"
            }
            return events.compactMap { event in
                guard case .callback(let id, let callback) = event.kind else { return nil }
                switch callback {
                case .willMove(let parent): return "\(name(id)).willMove(\(name(parent)))"
                case .didMove(let parent): return "\(name(id)).didMove(\(name(parent)))"
                default: return "\(name(id)).\(callback)"
                }
            }
        }
    }
}
