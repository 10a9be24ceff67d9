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
        var last: ControllerSnapshot?
        forEachController { node in
            if let presented = node.presented { last = presented }
        }
        return last
    }

    /// The controllers presented one on another, from the root's side: the presentation chain.
    public var presentationChain: [ControllerSnapshot] {
        var chain: [ControllerSnapshot] = []
        forEachController { node in
            if let presented = node.presented { chain.append(presented) }
        }
        return chain
    }

    /// Calls `body` with every controller in ``allControllers`` order, without building that
    /// array (a copy of every node): the explorer reads every state's tree.
    func forEachController(_ body: (ControllerSnapshot) -> Void) {
        func visit(_ node: ControllerSnapshot) {
            body(node)
            for child in node.children { visit(child) }
            if let presented = node.presented { visit(presented) }
        }
        if let root { visit(root) }
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
