// NavigationRuntimeTesting: the path a user's eye follows through a window's tree.

import NavigationRuntime

extension WindowSnapshot {
    /// The path from the root to the top-most visible content controller: from the
    /// root, repeatedly, if a controller on the current path presents something, continue at
    /// the presented controller of the one nearest the root; otherwise descend through
    /// containers (navigation: the top of the stack; tab bar: the selected child; split: the
    /// secondary when there are two children, else the only one; any other container: its
    /// first child; a content controller that embeds one container through a container view:
    /// that container, where the user navigates, as passforios' extension embeds its
    /// navigation controller). A content controller that embeds nothing, content controllers
    /// (parts of its screen) or several children side by side is a leaf.
    public var topPath: [ControllerSnapshot] { topPlaces.map(\.node) }

    /// ``topPath`` as the nodes' places: no node copied.
    var topPlaces: [NodePlace] {
        guard let root else { return [] }
        var place = NodePlace(nodes: [root], index: 0)
        // Room for a deep path at once: growing an array of places one by one reallocates it
        // at every doubling.
        var path: [NodePlace] = []
        path.reserveCapacity(16)
        path.append(place)
        // What the path's controller nearest the root presents: the path jumps there next
        // (noted as the path grows, instead of searching the path at every step).
        var jump = place.presented
        while true {
            if let target = jump {
                place = target
                path.removeAll(keepingCapacity: true)
                path.append(target)
                jump = target.presented
                continue
            }
            guard let next = Self.topChild(of: place.nodes, at: place.index) else { return path }
            place = NodePlace(nodes: place.nodes[place.index].children, index: next)
            path.append(place)
            jump = place.presented
        }
    }

    /// The child of `nodes[index]` that ``topPath`` descends to, if it descends.
    static func topChild(of nodes: [ControllerSnapshot], at index: Int) -> Int? {
        let count = nodes[index].children.count
        // By the kind's name (a kind's rules follow from its name, so equal names are equal
        // kinds): matching `ControllerKind` values copies a static kind for every case.
        switch nodes[index].kind.rawValue {
        case ControllerKind.navigationName: return count == 0 ? nil : count - 1
        case ControllerKind.tabBarName: return nodes[index].selectedIndex.flatMap { (0..<count).contains($0) ? $0 : nil }
        case ControllerKind.splitName: return count > 1 ? 1 : (count == 0 ? nil : 0)
        // One embedded container (a container view's navigation controller): its screen is
        // where the user navigates. An embedded content controller is a part of its host's
        // screen (a header, a legend): the host stays the top.
        case ControllerKind.contentName:
            return count == 1 && nodes[index].children[0].kind.rawValue != ControllerKind.contentName ? 0 : nil
        default: return count == 0 ? nil : 0
        }
    }

    /// ``poppableNavigation`` and ``innermostTabBar`` by one walk down ``topPath`` that keeps
    /// no path: what the explorer reads of them (ids, a tab bar's count and selection).
    ///
    /// The back rule read from the path's end, in the order the path grows: the navigation
    /// controller `back` pops from a navigation controller `n` is `n` when it holds more than
    /// one controller, else the one its parent would give when that parent is a navigation
    /// controller too (a node's predecessor on the path is its parent, unless the path jumped
    /// there), else none; the answer is the last navigation controller's.
    var topAnchors: TopAnchors {
        var anchors = TopAnchors()
        guard let root else { return anchors }
        var nodes = [root]
        var index = 0
        anchors.enter(nodes, index, jumped: true)
        while true {
            let presented = nodes[index].presentedStorage
            if !presented.isEmpty {
                nodes = presented
                index = 0
                anchors = TopAnchors()
                anchors.enter(nodes, index, jumped: true)
                continue
            }
            guard let next = Self.topChild(of: nodes, at: index) else { return anchors }
            nodes = nodes[index].children
            index = next
            anchors.enter(nodes, index, jumped: false)
        }
    }

    /// The last presented controller of the presentation chain, if anything is presented.
    public var lastPresented: ControllerSnapshot? {
        var walk = PresentedWalk(collects: false)
        if let root { walk.visit([root], at: 0) }
        return walk.last.map { $0.nodes[$0.index] }
    }

    /// The controllers presented one on another, from the root's side: the presentation chain.
    public var presentationChain: [ControllerSnapshot] {
        var walk = PresentedWalk(collects: true)
        if let root { walk.visit([root], at: 0) }
        return walk.chain
    }

    /// The navigation controller `back` pops: the innermost one on ``topPath`` holding more than
    /// one controller, looking past a nested navigation controller that holds only its root
    /// when it sits on another navigation controller (UIKit shows the outer back button there).
    public var poppableNavigation: ControllerSnapshot? { poppableNavigation(on: topPlaces) }

    /// ``poppableNavigation`` on ``topPlaces`` already worked out.
    func poppableNavigation(on path: [NodePlace]) -> ControllerSnapshot? {
        for index in path.indices.reversed() where path[index].kindName == ControllerKind.navigationName {
            if path[index].childCount > 1 { return path[index].node }
            // The path's previous node is the parent when it holds this one (not when the path
            // jumped to a presented controller).
            guard index > 0, path[index - 1].kindName == ControllerKind.navigationName, path[index - 1].holds(path[index]) else {
                return nil
            }
        }
        return nil
    }

    /// The innermost tab bar controller on ``topPath``.
    public var innermostTabBar: ControllerSnapshot? { innermostTabBar(on: topPlaces) }

    /// ``innermostTabBar`` on ``topPlaces`` already worked out.
    func innermostTabBar(on path: [NodePlace]) -> ControllerSnapshot? {
        for place in path.reversed() where place.kindName == ControllerKind.tabBarName { return place.node }
        return nil
    }
}

/// What ``WindowSnapshot/topAnchors`` finds on the top path.
struct TopAnchors {
    /// ``WindowSnapshot/poppableNavigation``'s id.
    var poppableNavigation: ControllerID?
    /// ``WindowSnapshot/innermostTabBar``: its id, how many children it has, its selection.
    var innermostTabBar: (id: ControllerID, tabs: Int, selectedIndex: Int?)?
    /// What the back rule gives from the previous node on the path, when it is a navigation
    /// controller (`nil` when it is not, or when the path starts or jumps here).
    private var previousNavigation: ControllerID??

    /// Notes `nodes[index]`, the path's next node (its first when `jumped`).
    mutating func enter(_ nodes: [ControllerSnapshot], _ index: Int, jumped: Bool) {
        let kind = nodes[index].kind.rawValue
        if kind == ControllerKind.navigationName {
            let pops: ControllerID?
            if nodes[index].children.count > 1 {
                pops = nodes[index].id
            } else if !jumped, let fromParent = previousNavigation {
                pops = fromParent
            } else {
                pops = nil
            }
            poppableNavigation = pops
            previousNavigation = .some(pops)
        } else {
            previousNavigation = nil
        }
        if kind == ControllerKind.tabBarName {
            innermostTabBar = (nodes[index].id, nodes[index].children.count, nodes[index].selectedIndex)
        }
    }
}

/// The presented controllers of a tree in ``WindowSnapshot/allControllers`` order, each node's
/// fields read in place (`nodes[index]`): a node passed by value would be copied (every
/// reference in it retained, then released) at every level. Only presented nodes are copied.
private struct PresentedWalk {
    /// Whether ``chain`` keeps every presented controller, not only the ``last`` one.
    let collects: Bool
    /// Where the last one noted is: copied once, at the end (a node copied retains every
    /// reference in it).
    var last: (nodes: [ControllerSnapshot], index: Int)?
    var chain: [ControllerSnapshot] = []

    init(collects: Bool) { self.collects = collects }

    /// A node's presented controller is noted when the node is visited, before its children
    /// (the order of ``WindowSnapshot/allControllers``'s nodes that present).
    mutating func visit(_ nodes: [ControllerSnapshot], at index: Int) {
        let presented = nodes[index].presentedStorage
        for one in presented.indices {
            if collects { chain.append(presented[one]) } else { last = (presented, one) }
        }
        let children = nodes[index].children
        for child in children.indices { visit(children, at: child) }
        for one in presented.indices { visit(presented, at: one) }
    }
}

/// A node of a snapshot by its place, `nodes[index]`, its fields read there: a path of places
/// copies no node (a node copied retains every reference in it, then releases them).
struct NodePlace {
    let nodes: [ControllerSnapshot]
    let index: Int

    /// A copy of the node.
    var node: ControllerSnapshot { nodes[index] }
    /// The node's kind's name (``ControllerKind/rawValue``): what the path's rules compare,
    /// without copying the kind.
    var kindName: String { nodes[index].kind.rawValue }
    var childCount: Int { nodes[index].children.count }

    /// Where what the node presents is, if it presents something.
    var presented: NodePlace? {
        let presented = nodes[index].presentedStorage
        return presented.isEmpty ? nil : NodePlace(nodes: presented, index: 0)
    }

    /// Whether `other` is one of the node's children (by id).
    func holds(_ other: NodePlace) -> Bool {
        let id = other.nodes[other.index].id
        let children = nodes[index].children
        return children.indices.contains { children[$0].id == id }
    }
}

extension ControllerKind {
    /// The names of the built-in kinds (their ``rawValue``s), for matching a node's kind by
    /// its name: a kind's rules follow from its name, so equal names are equal kinds.
    static let navigationName = ControllerKind.navigation.rawValue
    static let tabBarName = ControllerKind.tabBar.rawValue
    static let splitName = ControllerKind.split.rawValue
    static let contentName = ControllerKind.content.rawValue
}
