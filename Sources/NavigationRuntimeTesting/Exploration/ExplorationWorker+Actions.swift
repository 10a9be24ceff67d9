// NavigationRuntimeTesting: the actions a user can take in a state, planned from its snapshot.

import NavigationRuntime

extension ExplorationWorker {
    /// Every action a user can take in `snapshot`, in a fixed order: the segues and exits of
    /// the visible controllers (depth first, each scene's in its order), back, dismiss, the
    /// other tabs, a turn of the device.
    func actions(in snapshot: WindowSnapshot) -> [Planned] { actions(in: snapshot, anchors: Anchors(snapshot)) }

    func actions(in snapshot: WindowSnapshot, anchors: Anchors) -> [Planned] {
        var planned: [Planned] = []
        planned.reserveCapacity(16)
        // The screen: the last presented controller's subtree (or the root's), which presents
        // nothing (it is the last); only appeared controllers in it can be tapped. One walk in
        // `allControllers` order notes each one that has a scene, with its position.
        let base = anchors.lastPresented ?? snapshot.root?.id
        var tappable = Tappable(base: base)
        if let root = snapshot.root { tappable.visit([root], at: 0, onScreen: false) }
        // A scene shown twice is named once, by its last instance (`drive` names a scene's
        // most recent instance). A screen has a few tappable controllers: a scan, not a table.
        let found = tappable.found
        for (index, (scene, position)) in found.enumerated()
        where !found[(index + 1)...].contains(where: { $0.scene == scene }) {
            guard let segues = namedSegues[scene] else { continue }
            for segue in segues {
                planned.append(Planned(action: .segue(source: scene, segue: segue.name, isUnwind: segue.isUnwind), position: position))
            }
        }
        if anchors.poppableNavigation != nil { planned.append(Planned(action: .back, position: nil)) }
        if anchors.lastPresented != nil { planned.append(Planned(action: .dismiss, position: nil)) }
        if let tabBar = anchors.innermostTabBar {
            for index in 0..<tabBar.tabs where index != tabBar.selectedIndex {
                planned.append(Planned(action: .selectTab(index), position: nil))
            }
        }
        if traits == .both {
            planned.append(Planned(action: .traits(compact: snapshot.traits != .compact), position: nil))
        }
        return planned
    }

    /// The controllers a user can tap: one walk in ``WindowSnapshot/allControllers`` order
    /// notes each appeared controller with a scene in the screen's subtree (the last presented
    /// controller's, else the root's), with its position. Each node's fields are read in place
    /// (`nodes[index]`): a node passed by value would be copied at every level.
    private struct Tappable {
        let base: ControllerID?
        var found: [(scene: String, position: Int)] = []
        var position = 0

        init(base: ControllerID?) {
            self.base = base
            found.reserveCapacity(16)
        }

        mutating func visit(_ nodes: [ControllerSnapshot], at index: Int, onScreen: Bool) {
            let onScreen = onScreen || nodes[index].id == base
            if onScreen, nodes[index].appearance == .appeared, let scene = nodes[index].scene { found.append((scene, position)) }
            position += 1
            let children = nodes[index].children
            for child in children.indices { visit(children, at: child, onScreen: onScreen) }
            let presented = nodes[index].presentedStorage
            for one in presented.indices { visit(presented, at: one, onScreen: false) }
        }
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
}
