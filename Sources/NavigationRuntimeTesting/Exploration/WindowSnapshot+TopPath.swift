// NavigationRuntimeTesting: the path a user's eye follows through a window's tree.

import NavigationRuntime

extension WindowSnapshot {
    /// The path from the root to the top-most visible content controller (DESIGN §12): from the
    /// root, repeatedly, if a controller on the current path presents something, continue at
    /// the presented controller of the one nearest the root; otherwise descend through
    /// containers (navigation: the top of the stack; tab bar: the selected child; split: the
    /// secondary when there are two children, else the only one; any other container: its
    /// first child). A content controller is a leaf even when it embeds children.
    public var topPath: [ControllerSnapshot] {
        guard var node = root else { return [] }
        var path: [ControllerSnapshot] = [node]
        // What the path's controller nearest the root presents: the path jumps there next
        // (noted as the path grows, instead of searching the path at every step).
        var jump = node.presented
        while true {
            if let target = jump {
                node = target
                path = [target]
                jump = target.presented
                continue
            }
            let next: ControllerSnapshot?
            switch node.kind {
            case .navigation: next = node.children.last
            case .tabBar: next = node.selectedIndex.flatMap { node.children.indices.contains($0) ? node.children[$0] : nil }
            case .split: next = node.children.count > 1 ? node.children[1] : node.children.first
            case .content: next = nil
            default: next = node.children.first
            }
            guard let next else { return path }
            node = next
            path.append(next)
            jump = next.presented
        }
    }

    /// The last presented controller of the presentation chain, if anything is presented.
    public var lastPresented: ControllerSnapshot? {
        var walk = PresentedWalk(collects: false)
        if let root { walk.visit([root], at: 0) }
        return walk.last
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
    public var poppableNavigation: ControllerSnapshot? { poppableNavigation(on: topPath) }

    /// ``poppableNavigation`` on a ``topPath`` already worked out.
    func poppableNavigation(on path: [ControllerSnapshot]) -> ControllerSnapshot? {
        for (index, node) in path.enumerated().reversed() where node.kind == .navigation {
            if node.children.count > 1 { return node }
            let parent = index > 0 ? path[index - 1] : nil
            guard let parent, parent.kind == .navigation, parent.children.contains(where: { $0.id == node.id }) else {
                return nil
            }
        }
        return nil
    }

    /// The innermost tab bar controller on ``topPath``.
    public var innermostTabBar: ControllerSnapshot? {
        topPath.last { $0.kind == .tabBar }
    }
}

/// The presented controllers of a tree in ``WindowSnapshot/allControllers`` order, each node's
/// fields read in place (`nodes[index]`): a node passed by value would be copied (every
/// reference in it retained, then released) at every level. Only presented nodes are copied.
private struct PresentedWalk {
    /// Whether ``chain`` keeps every presented controller, not only the ``last`` one.
    let collects: Bool
    var last: ControllerSnapshot?
    var chain: [ControllerSnapshot] = []

    init(collects: Bool) { self.collects = collects }

    mutating func visit(_ nodes: [ControllerSnapshot], at index: Int) {
        let children = nodes[index].children
        for child in children.indices { visit(children, at: child) }
        let presented = nodes[index].presentedStorage
        for one in presented.indices {
            if collects { chain.append(presented[one]) } else { last = presented[one] }
            visit(presented, at: one)
        }
    }
}
