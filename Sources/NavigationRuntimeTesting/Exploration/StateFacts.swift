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
        /// A hash of ``what`` and ``block`` (`TreeHasher`), worked out once: what a set of
        /// repetitions hashes (the growth rule looks each one up once per state that has it).
        private let digest: Int

        init(what: Place, block: [String]) {
            self.what = what
            self.block = block
            var hasher = TreeHasher()
            hasher.combine(what == .stack ? 1 : what == .nesting ? 2 : 3)
            for name in block { hasher.combine(name) }
            digest = hasher.value
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.digest == rhs.digest && lhs.what == rhs.what && lhs.block == rhs.block
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    /// The presentation chain, from the root's side.
    let chain: [Presented]
    /// The scene identifiers in the tree (controllers made in code have none), each once, in
    /// ``WindowSnapshot/allControllers`` order, with their words.
    let scenes: [NodeName]
    /// What the state looks like from the screen (no-way-back's key for a state at the depth bound).
    let look: ScreenLook
    /// The stacks, the presentation chain and the containment paths that end in the same block
    /// twice (candidates of the unbounded-growth rule), in that order: each navigation
    /// controller's in ``WindowSnapshot/allControllers`` order, then the chain's, then the
    /// nestings' depth first.
    let growth: [Repetition]

    init(_ snapshot: WindowSnapshot) {
        var walk = Walk()
        walk.names.reserveCapacity(16)
        walk.scenes.reserveCapacity(16)
        walk.path.reserveCapacity(16)
        if let root = snapshot.root { walk.visit([root], at: 0) }
        var growth = walk.stacks
        if let block = Self.repeatedBlock(walk.chainNames) { growth.append(Repetition(what: .presentationChain, block: block)) }
        growth += walk.nestings
        chain = walk.chain
        scenes = walk.scenes
        self.growth = growth
        look = ScreenLook(screen: walk.screen, chain: walk.chain.count, names: walk.names, traits: snapshot.traits)
    }

    /// One walk of a snapshot's tree, in ``WindowSnapshot/allControllers`` order: a value with
    /// a mutating method rather than a nested function, whose captured variables would be
    /// boxed and checked for exclusive access at every use. Names are compared by their words
    /// first (``NodeName``): no string is compared, hashed or sorted unless two words are equal.
    private struct Walk {
        var chain: [Presented] = []
        var chainNames: [NodeName] = []
        // Arrays, not sets: a state has a few dozen controllers and fewer names, and comparing
        // words costs less than a set's hashing.
        var scenes: [NodeName] = []
        var names: [NodeName] = []
        var stacks: [Repetition] = []
        var nestings: [Repetition] = []
        var screen: ControllerSnapshot?
        /// The names from the current tree's root (the window's or a presented controller's)
        /// down to the node being visited.
        var path: [NodeName] = []

        /// Visits `nodes[index]`, reading its fields in place: a node passed by value would be
        /// copied (every reference in it retained, then released) at every level.
        mutating func visit(_ nodes: [ControllerSnapshot], at index: Int) {
            let name = NodeName(nodes, at: index)
            if !NodeName.contains(name, in: names) { names.append(name) }
            if nodes[index].scene != nil, !NodeName.contains(name, in: scenes) { scenes.append(name) }
            let children = nodes[index].children
            if children.count >= 2, nodes[index].kind == .navigation,
                let block = StateFacts.repeatedBlock(children.indices.map { NodeName(children, at: $0) })
            {
                stacks.append(Repetition(what: .stack, block: block))
            }
            path.append(name)
            if let block = StateFacts.repeatedBlock(path) { nestings.append(Repetition(what: .nesting, block: block)) }
            for child in children.indices { visit(children, at: child) }
            path.removeLast()
            // Zero or one controller.
            let presented = nodes[index].presentedStorage
            for last in presented.indices {
                let presentedName = NodeName(presented, at: last)
                chain.append(Presented(name: presentedName.text, style: presented[last].presentationStyle))
                chainNames.append(presentedName)
                screen = presented[last]
                let outer = path
                path = []
                visit(presented, at: last)
                path = outer
            }
        }
    }

    /// The shortest block the names end with twice in a row, if any, as texts: compared by
    /// their words in place (no name copied), their texts only where the words are equal.
    static func repeatedBlock(_ names: [NodeName]) -> [String]? {
        let count = names.count
        guard count >= 2 else { return nil }
        for length in 1...(count / 2) {
            var repeated = true
            for offset in 0..<length {
                let earlier = count - 2 * length + offset
                let later = count - length + offset
                if names[earlier].word != names[later].word || names[earlier].text != names[later].text {
                    repeated = false
                    break
                }
            }
            if repeated { return names[(count - length)...].map(\.text) }
        }
        return nil
    }
}

/// A node's name (its scene, else its class name) with its word
/// (``ControllerSnapshot/nameWord``): equal when both are, ordered and hashed by the word, so
/// that two different names almost always differ after one integer comparison and equal ones
/// (which share their storage) compare in place.
struct NodeName: Sendable, Hashable, Comparable {
    let word: UInt64
    let text: String

    init(_ node: borrowing ControllerSnapshot) {
        word = node.nameWord
        text = node.scene ?? node.className
    }

    /// The name of `nodes[index]`, its fields read in place.
    init(_ nodes: [ControllerSnapshot], at index: Int) {
        word = nodes[index].nameWord
        text = nodes[index].scene ?? nodes[index].className
    }

    /// Whether `names` has `name`: words compared in place, texts only where they are equal.
    static func contains(_ name: NodeName, in names: [NodeName]) -> Bool {
        for index in names.indices where names[index].word == name.word && names[index].text == name.text { return true }
        return false
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.word == rhs.word && lhs.text == rhs.text }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.word != rhs.word ? lhs.word < rhs.word : lhs.text < rhs.text }
    func hash(into hasher: inout Hasher) { hasher.combine(word) }
}
