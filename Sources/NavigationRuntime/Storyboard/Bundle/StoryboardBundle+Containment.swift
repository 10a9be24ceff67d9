// NavigationRuntime: containment across an app's storyboards (cycles and depth through references).

extension StoryboardBundle {
    /// What instantiating the app's scenes would do to containment, across storyboard
    /// references: a controller that would contain itself (a navigation controller whose root is
    /// a reference back to it, an embed that leads through references to its own container), or
    /// a containment chain deeper than ``Window/maximumDepth``. UIKit would recurse until the
    /// process crashes on the first and build a tree no window can hold on the second; the
    /// catalogs of this bundle refuse to instantiate such a scene, and `drive`, `run` and `lint`
    /// report these errors before anything runs.
    ///
    /// A cycle inside one storyboard is refused when the storyboard loads
    /// (``StoryboardError/Code/relationshipCycle``); these are the ones references close.
    /// - Returns: ``StoryboardError/Code/relationshipCycle`` naming the chain
    ///   (`Main:nav -> Main:ref -> Main:nav`), at the segue or placeholder that closes it, and
    ///   ``StoryboardError/Code/containmentTooDeep`` at the outermost scene of a chain that is
    ///   too deep; in bundle and document order.
    public func containmentProblems() -> [StoryboardError] {
        StoryboardContainmentAnalysis(self).problems
    }
}

/// Heights of every scene's containment across a bundle, computed once, iteratively.
struct StoryboardContainmentAnalysis: Sendable {
    /// The problems, in bundle and document order (see
    /// ``StoryboardBundle/containmentProblems()``).
    private(set) var problems: [StoryboardError] = []
    /// Storyboard key (its file, or `<memory>`) → controller id → why the scene cannot be
    /// instantiated (it lies on or leads into a cycle, or its containment is too deep).
    private(set) var refused: [String: [String: String]] = [:]

    private struct Edge {
        var target: Int
        /// The levels the edge adds: 0 for a reference (it stands in for its target), 1 for a
        /// child, 2 for a classic split's secondary (collapsing nests it one deeper, R5.6).
        var weight: Int
        var location: StoryboardSourceLocation?
    }

    init(_ bundle: StoryboardBundle) {
        let all = bundle.all
        var nodes: [(storyboard: Int, scene: StoryboardScene)] = []
        var index: [String: [String: Int]] = [:]
        var fileIndex: [String: Int] = [:]
        for (storyboardIndex, storyboard) in all.enumerated() {
            let key = storyboard.file ?? "<memory>"
            if fileIndex[key] == nil { fileIndex[key] = storyboardIndex }
            for scene in storyboard.scenes where index[key]?[scene.controllerID] == nil {
                index[key, default: [:]][scene.controllerID] = nodes.count
                nodes.append((storyboardIndex, scene))
            }
        }
        func key(_ storyboard: Int) -> String { all[storyboard].file ?? "<memory>" }
        var edges: [[Edge]] = Array(repeating: [], count: nodes.count)
        var hasParent = Array(repeating: false, count: nodes.count)
        for (node, entry) in nodes.enumerated() {
            let storyboard = all[entry.storyboard]
            if entry.scene.reference != nil {
                guard let resolved = try? bundle.resolve(entry.scene, in: storyboard),
                    let target = index[resolved.storyboard.file ?? "<memory>"]?[resolved.scene.controllerID]
                else { continue }  // unresolved: reported by `unresolvedReferences()`
                edges[node].append(Edge(target: target, weight: 0, location: entry.scene.controllerLocation ?? entry.scene.location))
                hasParent[target] = true
                continue
            }
            for segue in entry.scene.segues where segue.kind.isContainment {
                guard let target = index[key(entry.storyboard)]?[segue.destinationID] else { continue }
                let secondary = entry.scene.kind == .splitViewController && segue.relationship == StoryboardRelationship.Kind.detailViewController.rawValue
                edges[node].append(Edge(target: target, weight: secondary ? 2 : 1, location: segue.location))
                hasParent[target] = true
            }
        }

        func label(_ node: Int) -> String {
            let name = all[nodes[node].storyboard].file.flatMap(StoryboardBundle.name(ofFile:)) ?? "(memory)"
            return name + ":" + nodes[node].scene.controllerID
        }
        // Iterative depth-first search; a height of `Int.max` means "leads into a cycle".
        let infinite = Int.max
        var height = Array(repeating: 0, count: nodes.count)
        var colour = Array(repeating: UInt8(0), count: nodes.count)  // 1: on the stack, 2: done
        var cycles: [(node: Int, error: StoryboardError)] = []
        for root in nodes.indices where colour[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            var position: [Int: Int] = [root: 0]
            colour[root] = 1
            while let top = stack.last {
                let outgoing = edges[top.node]
                if top.next < outgoing.count {
                    stack[stack.count - 1].next += 1
                    let edge = outgoing[top.next]
                    switch colour[edge.target] {
                    case 0:
                        colour[edge.target] = 1
                        position[edge.target] = stack.count
                        stack.append((edge.target, 0))
                    case 1:
                        let start = position[edge.target] ?? 0
                        let chain = (stack[start...].map { label($0.node) } + [label(edge.target)]).joined(separator: " -> ")
                        cycles.append((top.node, StoryboardError(
                            .relationshipCycle,
                            "containment cycle through storyboard references \(chain): a controller would contain itself",
                            at: edge.location)))
                        height[top.node] = infinite
                    default:
                        break
                    }
                    continue
                }
                stack.removeLast()
                position[top.node] = nil
                colour[top.node] = 2
                let isReference = nodes[top.node].scene.reference != nil
                var deepest = isReference ? 0 : 1
                if height[top.node] == infinite { deepest = infinite }
                for edge in outgoing where deepest != infinite {
                    let below = height[edge.target]
                    if below == infinite || colour[edge.target] != 2 {
                        deepest = infinite
                    } else {
                        deepest = max(deepest, (isReference ? 0 : 1) + (edge.weight == 0 ? 0 : edge.weight - 1) + below)
                    }
                }
                height[top.node] = deepest
            }
        }
        problems = cycles.map(\.error)
        for node in nodes.indices where height[node] > Window.maximumDepth {
            let scene = nodes[node].scene
            let reason: String
            if height[node] == infinite {
                reason = "scene '\(scene.controllerID)' leads into a containment cycle through storyboard references"
            } else {
                reason = "the containment of scene '\(scene.controllerID)' is \(height[node]) controllers deep, deeper than Window.maximumDepth (\(Window.maximumDepth))"
                if !hasParent[node] {
                    problems.append(StoryboardError(.containmentTooDeep, reason, at: scene.controllerLocation ?? scene.location))
                }
            }
            refused[key(nodes[node].storyboard), default: [:]][scene.controllerID] = reason
        }
        problems.sort { lhs, rhs in
            let l = (fileIndex[lhs.file ?? "<memory>"] ?? 0, lhs.line ?? 0, lhs.column ?? 0)
            let r = (fileIndex[rhs.file ?? "<memory>"] ?? 0, rhs.line ?? 0, rhs.column ?? 0)
            return l < r
        }
    }
}
