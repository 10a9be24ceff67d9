import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// `WindowSnapshot`'s paths through a tree, on trees built by hand: ``WindowSnapshot/topPath``
/// (each container's followed child, a presentation jumped to from the controller nearest the
/// root), ``WindowSnapshot/poppableNavigation`` (looking past a nested navigation controller
/// that holds only its root), ``WindowSnapshot/innermostTabBar``, and the presentation chain
/// and its last controller in `allControllers` order.
@Suite struct WindowSnapshotPathTests {
    static func node(
        _ scene: String, _ kind: ControllerKind = .content, _ children: [ControllerSnapshot] = [], selected: Int? = nil,
        presented: ControllerSnapshot? = nil
    ) -> ControllerSnapshot {
        ControllerSnapshot(
            id: ControllerID(UInt64(scene.unicodeScalars.reduce(0) { $0 &* 31 &+ $1.value })), scene: scene, className: scene,
            kind: kind, appearance: .appeared, children: children, selectedIndex: selected,
            presentationStyle: presented == nil ? nil : .fullScreen, presented: presented)
    }

    static func window(_ root: ControllerSnapshot?) -> WindowSnapshot {
        WindowSnapshot(window: WindowID(1), sequence: 0, traits: .regular, transitionInFlight: false, root: root)
    }

    static func scenes(_ nodes: [ControllerSnapshot]) -> [String] { nodes.map { $0.scene ?? "-" } }

    @Test func topPath_followsEachContainersChild() {
        let navigation = Self.node("nav", .navigation, [Self.node("a"), Self.node("b")])
        let tabs = Self.node("tabs", .tabBar, [Self.node("x"), navigation], selected: 1)
        let snapshot = Self.window(tabs)
        #expect(Self.scenes(snapshot.topPath) == ["tabs", "nav", "b"])
        #expect(snapshot.poppableNavigation?.scene == "nav")
        #expect(snapshot.innermostTabBar?.scene == "tabs")
        #expect(snapshot.lastPresented == nil)
        #expect(snapshot.presentationChain.isEmpty)

        let split = Self.window(Self.node("split", .split, [Self.node("m"), Self.node("d")]))
        #expect(Self.scenes(split.topPath) == ["split", "d"])
        let collapsed = Self.window(Self.node("split", .split, [Self.node("m")]))
        #expect(Self.scenes(collapsed.topPath) == ["split", "m"])
        let outOfRange = Self.window(Self.node("tabs", .tabBar, [Self.node("x")], selected: 3))
        #expect(Self.scenes(outOfRange.topPath) == ["tabs"])
        #expect(Self.window(nil).topPath.isEmpty)
    }

    @Test func poppableNavigation_looksPastANestedNavigationHoldingOnlyItsRoot() {
        let inner = Self.node("inner", .navigation, [Self.node("r")])
        let outer = Self.window(Self.node("outer", .navigation, [Self.node("c"), inner]))
        #expect(Self.scenes(outer.topPath) == ["outer", "inner", "r"])
        #expect(outer.poppableNavigation?.scene == "outer")
        // Not past a tab bar: the inner stack's root has no back button.
        let tabbed = Self.window(Self.node("outer", .navigation, [Self.node("c"), Self.node("tabs", .tabBar, [inner], selected: 0)]))
        #expect(tabbed.poppableNavigation == nil)
    }

    @Test func presentations_theChainInTreeOrder_thePathJumpsFromTheRootSide() {
        let sheet = Self.node("sheet", .tabBar, [Self.node("q")], selected: 0)
        let popup = Self.node("popup")
        // The root presents the sheet, and its child presents the popup.
        let root = Self.node("root", .content, [Self.node("child", presented: popup)], presented: sheet)
        let snapshot = Self.window(root)
        #expect(Self.scenes(snapshot.presentationChain) == ["sheet", "popup"])
        #expect(snapshot.lastPresented?.scene == "popup")
        #expect(Self.scenes(snapshot.topPath) == ["sheet", "q"])
        #expect(snapshot.innermostTabBar?.scene == "sheet")
    }
}
