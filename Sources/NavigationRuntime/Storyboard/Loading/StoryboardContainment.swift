// NavigationRuntime: storyboard graph helpers.

/// Graph questions about a storyboard's scenes, answered over controller element ids:
/// containment cycles, reachability, navigation-stack membership.
enum StoryboardContainment {
    /// Throws ``StoryboardError/Code/relationshipCycle`` when relationship or embed segues
    /// make a controller contain itself.
    static func checkAcyclic(_ storyboard: Storyboard) throws(StoryboardError) {
        var children: [String: [StoryboardSegue]] = [:]
        for scene in storyboard.scenes {
            for segue in scene.segues where segue.kind.isContainment {
                children[scene.controllerID, default: []].append(segue)
            }
        }
        guard !children.isEmpty else { return }
        // Iterative three-colour DFS: 1 = on the stack, 2 = done.
        var colour: [String: UInt8] = [:]
        for root in storyboard.scenes.map(\.controllerID) where colour[root] == nil {
            var stack: [(id: String, next: Int)] = [(root, 0)]
            colour[root] = 1
            while let top = stack.last {
                let edges = children[top.id] ?? []
                if top.next >= edges.count {
                    colour[top.id] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let segue = edges[top.next]
                switch colour[segue.destinationID] {
                case 1:
                    throw StoryboardError(
                        .relationshipCycle,
                        "\(segue.kind) segue '\(segue.id)' from '\(top.id)' to '\(segue.destinationID)' closes a containment cycle",
                        at: segue.location)
                case nil:
                    colour[segue.destinationID] = 1
                    stack.append((segue.destinationID, 0))
                default:
                    break
                }
            }
        }
    }

    /// Controller ids reachable from the roots through relationships, embeds and navigation
    /// segues (unwind segues lead back, so they are not edges).
    static func reachable(_ storyboard: Storyboard, from roots: [String]) -> Set<String> {
        var edges: [String: [String]] = [:]
        for segue in storyboard.segues where segue.kind != .unwind {
            edges[segue.sourceControllerID, default: []].append(segue.destinationID)
        }
        var seen = Set<String>()
        var work = roots
        while let id = work.popLast() {
            guard seen.insert(id).inserted else { continue }
            work.append(contentsOf: edges[id] ?? [])
        }
        return seen
    }

    /// The entry points: the initial controller plus every scene with a storyboard
    /// identifier (code can instantiate those).
    static func entryPoints(_ storyboard: Storyboard) -> [String] {
        var roots = storyboard.scenes.filter { $0.storyboardIdentifier != nil }.map(\.controllerID)
        if let initial = storyboard.initialViewControllerID { roots.append(initial) }
        return roots
    }

    /// Controller ids that sit inside some navigation controller's stack on at least one
    /// path: a navigation controller's root, what it pushes (`push`, `show`), what those
    /// embed, and, transitively, the same from there.
    static func insideNavigationStack(_ storyboard: Storyboard) -> Set<String> {
        var byID: [String: StoryboardScene] = [:]
        for scene in storyboard.scenes { byID[scene.controllerID] = scene }
        var inside = Set<String>()
        var work: [String] = []
        for scene in storyboard.scenes where scene.kind == .navigationController {
            for relationship in scene.relationships where relationship.kind == .rootViewController {
                work.append(relationship.destinationID)
            }
        }
        while let id = work.popLast() {
            guard inside.insert(id).inserted, let scene = byID[id] else { continue }
            for segue in scene.segues where segue.kind == .push || segue.kind == .show || segue.kind == .embed {
                work.append(segue.destinationID)
            }
            // A container inside a stack passes the stack to its children (e.g. a tab bar pushed).
            if !scene.kind.isContainer || scene.kind == .navigationController { continue }
            for relationship in scene.relationships { work.append(relationship.destinationID) }
        }
        return inside
    }
}
