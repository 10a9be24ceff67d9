// NavigationRuntimeTesting: what the findings and the coverage read of one state, worked out once.

import NavigationRuntime

/// What the findings and the coverage read of a state's tree, worked out by one walk of its
/// snapshot when the state is found: by the worker that found it (in parallel with the
/// others), once, instead of by every rule over every state after the search (the rules
/// walked each snapshot five times, copying nodes, on one task at the end).
struct StateFacts: Sendable {
    /// One presented controller of the presentation chain.
    struct Presented: Sendable, Hashable {
        /// Its scene, else its class name.
        let name: String
        /// The style it was presented with.
        let style: PresentationStyle?
    }

    /// A block of scenes a sequence ends with twice in a row (``StateFacts/growth``).
    struct Repetition: Sendable, Hashable {
        /// What a block repeats in, in the findings' words.
        enum Place: String, Sendable, Hashable {
            /// A navigation controller's stack.
            case stack
            /// The presentation chain.
            case presentationChain = "presentation chain"
            /// A containment path from a tree's root.
            case nesting
        }

        /// What repeats it.
        let what: Place
        /// The repeated block, in the sequence's order.
        let block: [String]
    }

    /// The presentation chain, from the root's side.
    let chain: [Presented]
    /// The scene identifiers in the tree (controllers made in code have none), sorted, each once.
    let scenes: [String]
    /// What the state looks like from the screen (no-way-back's key for a state at the depth bound).
    let look: ScreenLook
    /// The stacks, the presentation chain and the containment paths that end in the same block
    /// twice (candidates of the unbounded-growth rule), in that order: each navigation
    /// controller's in ``WindowSnapshot/allControllers`` order, then the chain's, then the
    /// nestings' depth first.
    let growth: [Repetition]

    init(_ snapshot: WindowSnapshot) {
        var walk = Walk()
        if let root = snapshot.root { walk.visit(root) }
        var growth = walk.stacks
        if let block = Self.repeatedBlock(walk.chain.map(\.name)) { growth.append(Repetition(what: .presentationChain, block: block)) }
        growth += walk.nestings
        chain = walk.chain
        scenes = walk.scenes.sorted()
        self.growth = growth
        look = ScreenLook(screen: walk.screen, chain: walk.chain.count, scenes: walk.names.sorted(), traits: snapshot.traits)
    }

    /// One walk of a snapshot's tree, in ``WindowSnapshot/allControllers`` order: a value with
    /// a mutating method rather than a nested function, whose captured variables would be
    /// boxed and checked for exclusive access at every use.
    private struct Walk {
        var chain: [Presented] = []
        // Arrays, not sets: a state has a few dozen controllers and fewer names, and `==` on
        // short strings costs less than a set's hashing (sorted once at the end).
        var scenes: [String] = []
        var names: [String] = []
        var stacks: [Repetition] = []
        var nestings: [Repetition] = []
        var screen: ControllerSnapshot?
        /// The scenes from the current tree's root (the window's or a presented controller's)
        /// down to the node being visited.
        var path: [String] = []

        mutating func visit(_ node: ControllerSnapshot) {
            let name = node.scene ?? node.className
            if !names.contains(name) { names.append(name) }
            if let scene = node.scene, !scenes.contains(scene) { scenes.append(scene) }
            if node.kind == .navigation, let block = StateFacts.repeatedBlock(node.children.map { $0.scene ?? $0.className }) {
                stacks.append(Repetition(what: .stack, block: block))
            }
            path.append(name)
            if let block = StateFacts.repeatedBlock(path) { nestings.append(Repetition(what: .nesting, block: block)) }
            for child in node.children { visit(child) }
            path.removeLast()
            if let presented = node.presented {
                chain.append(Presented(name: presented.scene ?? presented.className, style: presented.presentationStyle))
                screen = presented
                let outer = path
                path = []
                visit(presented)
                path = outer
            }
        }
    }

    /// The shortest block the sequence ends with twice in a row, if any (compared in place).
    static func repeatedBlock(_ scenes: [String]) -> [String]? {
        let count = scenes.count
        guard count >= 2 else { return nil }
        for length in 1...(count / 2) {
            var repeated = true
            for offset in 0..<length where scenes[count - 2 * length + offset] != scenes[count - length + offset] {
                repeated = false
                break
            }
            if repeated { return Array(scenes[(count - length)...]) }
        }
        return nil
    }
}
