// NavigationRuntime: storyboard lint over a whole app.

/// Every scene of an app's storyboards as one graph: segues and containment inside each
/// storyboard, and a storyboard reference leading on to the scene it resolves to in whichever
/// storyboard holds it (as UIKit resolves references by name across the app's bundle).
///
/// Nodes are indices into ``nodes``; an edge `a → b` means that at run time `b` can be
/// shown from `a` (pushed, presented, embedded, made a child), so `a` can be below `b`.
/// Unwind segues lead back and are not edges.
struct StoryboardAppGraph {
    /// One scene of one storyboard.
    struct Node {
        /// Index into ``StoryboardBundle/all``.
        var storyboard: Int
        /// The scene.
        var scene: StoryboardScene
    }

    /// One edge: the segue's kind (`nil` for a reference leading to its target).
    struct Edge {
        var kind: StoryboardSegueKind?
        var target: Int
    }

    private(set) var nodes: [Node] = []
    private(set) var children: [[Edge]] = []
    private(set) var parents: [[Int]] = []
    /// Placeholder node → the error its reference fails with (unresolved references only).
    private(set) var referenceErrors: [Int: StoryboardError] = [:]
    private var index: [NodeKey: Int] = [:]

    private struct NodeKey: Hashable {
        var storyboard: Int
        var controllerID: String
    }

    /// Builds the graph of every storyboard of `bundle` (supporting ones included: a reference
    /// may lead into them).
    init(_ bundle: StoryboardBundle) {
        let all = bundle.all
        for (storyboardIndex, storyboard) in all.enumerated() {
            for scene in storyboard.scenes {
                let key = NodeKey(storyboard: storyboardIndex, controllerID: scene.controllerID)
                guard index[key] == nil else { continue }  // a duplicate id was refused by the loader
                index[key] = nodes.count
                nodes.append(Node(storyboard: storyboardIndex, scene: scene))
            }
        }
        children = Array(repeating: [], count: nodes.count)
        parents = Array(repeating: [], count: nodes.count)
        // Bundle storyboards by file, so that a resolved target maps back to its index.
        var byFile: [String: Int] = [:]
        for (storyboardIndex, storyboard) in all.enumerated() {
            if let file = storyboard.file, byFile[file] == nil { byFile[file] = storyboardIndex }
        }
        for (node, entry) in nodes.enumerated() {
            for segue in entry.scene.segues where segue.kind != .unwind {
                guard let target = index[NodeKey(storyboard: entry.storyboard, controllerID: segue.destinationID)] else { continue }
                add(node, Edge(kind: segue.kind, target: target))
            }
            guard entry.scene.reference != nil else { continue }
            do {
                let resolved = try bundle.resolve(entry.scene, in: all[entry.storyboard])
                let storyboardIndex = resolved.storyboard.file.flatMap { byFile[$0] } ?? entry.storyboard
                if let target = index[NodeKey(storyboard: storyboardIndex, controllerID: resolved.scene.controllerID)] {
                    add(node, Edge(kind: nil, target: target))
                }
            } catch {
                referenceErrors[node] = error
            }
        }
    }

    private mutating func add(_ node: Int, _ edge: Edge) {
        children[node].append(edge)
        parents[edge.target].append(node)
    }

    /// The node of a scene.
    /// - Parameters:
    ///   - storyboard: Index into ``StoryboardBundle/all``.
    ///   - controllerID: The scene's controller id.
    func node(storyboard: Int, controllerID: String) -> Int? {
        index[NodeKey(storyboard: storyboard, controllerID: controllerID)]
    }

    /// The nodes that can be below `node` at run time: every node with a path to it (itself
    /// only when it lies on a cycle: another instance of its scene can then be below).
    func ancestors(of node: Int) -> Set<Int> {
        var seen = Set<Int>()
        var work = parents[node]
        while let next = work.popLast() {
            guard seen.insert(next).inserted else { continue }
            work.append(contentsOf: parents[next])
        }
        return seen
    }

    /// What an unwind search can visit from `node`: its ancestors (R7.4: parents and
    /// presenters, in turn) and, for containers among them, every controller the container can
    /// hold below (R7.4 a–b: the other children's subtrees: tabs, split columns, a navigation
    /// stack's lower controllers, embedded children), followed through containment and
    /// stack-keeping segues (`show`, `push`, `showDetail`, `replace`) and references.
    func unwindCandidates(from node: Int) -> Set<Int> {
        let ancestors = ancestors(of: node)
        var candidates = ancestors
        var work: [Int] = []
        for ancestor in ancestors where nodes[ancestor].scene.kind.isContainer || hasEmbeds(ancestor) {
            work.append(contentsOf: children[ancestor].filter { Self.keepsStack($0.kind) }.map(\.target))
        }
        while let next = work.popLast() {
            guard next != node, candidates.insert(next).inserted else { continue }
            work.append(contentsOf: children[next].filter { Self.keepsStack($0.kind) }.map(\.target))
        }
        return candidates
    }

    private func hasEmbeds(_ node: Int) -> Bool { children[node].contains { $0.kind == .embed } }

    /// Containment, references, and segues that keep the source in the same container.
    private static func keepsStack(_ kind: StoryboardSegueKind?) -> Bool {
        guard let kind else { return true }
        return kind.isContainment || kind == .show || kind == .push || kind == .showDetail || kind == .replace
    }

    /// Nodes that sit inside some navigation controller's stack on at least one path of the
    /// app: a navigation controller's root, what it pushes (`push`, `show`), what those embed,
    /// what a reference on that path resolves to, and, transitively, the same from there; a
    /// container inside a stack passes it to its children.
    func insideNavigationStack() -> Set<Int> {
        var inside = Set<Int>()
        var work: [Int] = []
        for (node, entry) in nodes.enumerated() where entry.scene.kind == .navigationController {
            for edge in children[node] where edge.kind == .relationship { work.append(edge.target) }
        }
        while let node = work.popLast() {
            guard inside.insert(node).inserted else { continue }
            let kind = nodes[node].scene.kind
            for edge in children[node] {
                if let segueKind = edge.kind {
                    if segueKind == .push || segueKind == .show || segueKind == .embed {
                        work.append(edge.target)
                    } else if segueKind == .relationship, kind.isContainer, kind != .navigationController {
                        work.append(edge.target)
                    }
                } else {
                    work.append(edge.target)  // a reference stands in for its target
                }
            }
        }
        return inside
    }

    /// Nodes some edge leads to (segue or reference target).
    func placedNodes() -> Set<Int> {
        var placed = Set<Int>()
        for edges in children { for edge in edges { placed.insert(edge.target) } }
        return placed
    }
}
