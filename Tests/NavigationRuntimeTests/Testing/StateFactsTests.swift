import NavigationRuntime
@testable import NavigationRuntimeTesting
import Testing

/// Each state's ``StateFacts`` (worked out by one walk when the state is found) against what
/// the findings rules read off its snapshot before: the presentation chain, the scenes in the
/// tree, the screen look, on every state of real storyboards with presentations, tab bars and
/// nested navigation controllers, in both widths.
@Suite struct StateFactsTests {
    /// The look as the no-way-back rule built it from a snapshot.
    static func look(_ snapshot: WindowSnapshot) -> ScreenLook {
        var names: Set<NodeName> = []
        for node in snapshot.allControllers { names.insert(NodeName(node)) }
        return ScreenLook(screen: snapshot.lastPresented, chain: snapshot.presentationChain.count, names: Array(names), traits: snapshot.traits)
    }

    /// The unbounded-growth candidates as the rule read them off a snapshot: each navigation
    /// controller's stack (in `allControllers` order), then the presentation chain, then every
    /// containment path from a tree's root, depth first.
    static func growth(_ snapshot: WindowSnapshot) -> [StateFacts.Repetition] {
        var stacks: [StateFacts.Repetition] = []
        for node in snapshot.allControllers where node.kind == .navigation {
            if let block = StateFacts.repeatedBlock(node.children.map(NodeName.init)) { stacks.append(.init(what: .stack, block: block)) }
        }
        if let block = StateFacts.repeatedBlock(snapshot.presentationChain.map(NodeName.init)) {
            stacks.append(.init(what: .presentationChain, block: block))
        }
        func nestings(_ node: ControllerSnapshot, path: [NodeName], into found: inout [StateFacts.Repetition]) {
            let path = path + [NodeName(node)]
            if let block = StateFacts.repeatedBlock(path) { found.append(.init(what: .nesting, block: block)) }
            for child in node.children { nestings(child, path: path, into: &found) }
            if let presented = node.presented { nestings(presented, path: [], into: &found) }
        }
        if let root = snapshot.root { nestings(root, path: [], into: &stacks) }
        return stacks
    }

    @Test(arguments: ["GoMap__src_iOS_Base.lproj_MainStoryboard", "DemystifyingUnwindSegues", "HabitRPG"])
    func factsAreWhatTheSnapshotSays(fixture: String) async throws {
        let url = try #require(StoryboardFixtures.named(fixture))
        let storyboard = try StoryboardLoader.load(contentsOf: url)
        let initial = try #require(storyboard.initialViewControllerID)
        let exploration = try await NavigationExplorer(
            catalog: storyboard.catalog(), initialScene: initial, configuration: .init(traits: .both, maximumDepth: 4, maximumStates: 400)
        ).explore()
        #expect(exploration.states.count > 5)
        #expect(exploration.facts.count == exploration.states.count)
        var presented = 0
        var grown = 0
        for (state, facts) in zip(exploration.states, exploration.facts) {
            let snapshot = state.snapshot
            let chain = snapshot.presentationChain
            #expect(facts.chain.map(\.name) == chain.map { $0.scene ?? $0.className }, "state \(state.index)")
            #expect(facts.chain.map(\.style) == chain.map(\.presentationStyle), "state \(state.index)")
            var scenes: [String] = []
            for scene in snapshot.allControllers.compactMap(\.scene) where !scenes.contains(scene) { scenes.append(scene) }
            #expect(facts.scenes.map(\.text) == scenes, "state \(state.index)")
            #expect(facts.scenes.map(\.word) == scenes.map(TreeHasher.word(for:)), "state \(state.index)")
            let look = Self.look(snapshot)
            #expect(facts.look == look, "state \(state.index)")
            #expect(facts.look.hashValue == look.hashValue, "state \(state.index)")
            #expect(facts.growth == Self.growth(snapshot), "state \(state.index)")
            #expect(facts.lastPresented == snapshot.lastPresented, "state \(state.index)")
            let anchors = ExplorationWorker.Anchors(snapshot)
            #expect(anchors.poppableNavigation == snapshot.poppableNavigation?.id, "state \(state.index)")
            #expect(anchors.innermostTabBar?.id == snapshot.innermostTabBar?.id, "state \(state.index)")
            #expect(anchors.innermostTabBar?.tabs == snapshot.innermostTabBar?.children.count, "state \(state.index)")
            #expect(anchors.innermostTabBar?.selectedIndex == snapshot.innermostTabBar?.selectedIndex, "state \(state.index)")
            if !facts.growth.isEmpty { grown += 1 }
            if !chain.isEmpty { presented += 1 }
        }
        #expect(presented > 0, "the fixture's exploration should reach a presentation")
        if fixture.contains("GoMap") { #expect(grown > 0, "GoMap's tab bar nested in its own tab grows") }
    }

    @Test func looksOfOneShapeAndNamesCollideButDiffer() {
        func tabs(selected: Int) -> WindowSnapshot {
            let a = ControllerSnapshot(id: ControllerID(3), scene: "a", className: "A", kind: .content, appearance: selected == 0 ? .appeared : .disappeared)
            let b = ControllerSnapshot(id: ControllerID(4), scene: "b", className: "B", kind: .content, appearance: selected == 1 ? .appeared : .disappeared)
            let bar = ControllerSnapshot(
                id: ControllerID(2), scene: "tabs", className: "UITabBarController", kind: .tabBar, appearance: .appeared, children: [a, b],
                selectedIndex: selected, presentationStyle: .fullScreen)
            let root = ControllerSnapshot(id: ControllerID(1), scene: "root", className: "R", kind: .content, appearance: .disappeared, presented: bar)
            return WindowSnapshot(window: WindowID(0), sequence: 0, traits: .regular, transitionInFlight: false, root: root)
        }
        let first = Self.look(tabs(selected: 0))
        let second = Self.look(tabs(selected: 1))
        #expect(first != second)
        #expect(first == Self.look(tabs(selected: 0)))
        #expect(first.digest == Self.look(tabs(selected: 0)).digest)
    }
}
