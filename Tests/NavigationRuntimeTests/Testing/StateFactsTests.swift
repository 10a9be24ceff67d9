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
        var names: Set<String> = []
        for node in snapshot.allControllers { names.insert(node.scene ?? node.className) }
        return ScreenLook(screen: snapshot.lastPresented, chain: snapshot.presentationChain.count, scenes: names.sorted(), traits: snapshot.traits)
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
        for (state, facts) in zip(exploration.states, exploration.facts) {
            let snapshot = state.snapshot
            let chain = snapshot.presentationChain
            #expect(facts.chain.map(\.name) == chain.map { $0.scene ?? $0.className }, "state \(state.index)")
            #expect(facts.chain.map(\.style) == chain.map(\.presentationStyle), "state \(state.index)")
            #expect(facts.scenes == Set(snapshot.allControllers.compactMap(\.scene)).sorted(), "state \(state.index)")
            let look = Self.look(snapshot)
            #expect(facts.look == look, "state \(state.index)")
            #expect(facts.look.hashValue == look.hashValue, "state \(state.index)")
            if !chain.isEmpty { presented += 1 }
        }
        #expect(presented > 0, "the fixture's exploration should reach a presentation")
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
