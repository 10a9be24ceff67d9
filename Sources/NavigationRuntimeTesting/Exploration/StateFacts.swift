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
    struct Repetition: Sendable, Hashable, Digested {
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
        var block: [String] { names.map(\.text) }
        /// The repeated block's names: copied from the walk's path as they are (one copy of
        /// the slice), their texts made into ``block`` only for the few repetitions the
        /// growth rule reports.
        let names: [NodeName]
        /// A hash of ``what`` and the block's words (`TreeHasher`), worked out once: what a set of
        /// repetitions probes by (the growth rule looks each one up once per state that has it).
        let digest: Int

        init(what: Place, block: [String]) {
            self.init(what: what, names: block.map { NodeName(word: TreeHasher.word(for: $0), text: $0) })
        }

        /// The repetition of a block of names: hashed by their words (equal names have equal
        /// words), not by their texts' bytes.
        init(what: Place, names: [NodeName]) {
            self.what = what
            self.names = names
            var hasher = TreeHasher()
            hasher.combine(what == .stack ? 1 : what == .nesting ? 2 : 3)
            for name in names { hasher.combine(name.word) }
            digest = hasher.value
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.digest == rhs.digest && lhs.what == rhs.what && lhs.names == rhs.names
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
    /// ``WindowSnapshot/lastPresented``, noted on the same walk (in that property's order: a
    /// node's presented controller before its children), so that expanding the state does not
    /// walk the tree again for it.
    var lastPresented: ControllerSnapshot? { lastPresenterStorage.last }
    /// The presented storage of the node that presents ``lastPresented`` (its last element),
    /// kept as the array it is: facts are copied often (the table, the findings), and a node
    /// stored inline would make every copy much larger.
    private let lastPresenterStorage: [ControllerSnapshot]

    init(_ snapshot: WindowSnapshot) {
        var walk = Walk()
        walk.names.reserveCapacity(16)
        walk.inScenes.reserveCapacity(16)
        walk.scenes.reserveCapacity(16)
        walk.path.reserveCapacity(16)
        if let root = snapshot.root { walk.visit([root], at: 0) }
        let chainRepetition = Self.repeatedLength(walk.chainNames, from: 0).map {
            Repetition(what: .presentationChain, names: Array(walk.chainNames[(walk.chainNames.count - $0)...]))
        }
        // One array in the common case that only one of the three has candidates.
        if let chainRepetition {
            var growth: [Repetition] = []
            growth.reserveCapacity(walk.stacks.count + 1 + walk.nestings.count)
            growth += walk.stacks
            growth.append(chainRepetition)
            growth += walk.nestings
            self.growth = growth
        } else if walk.stacks.isEmpty {
            growth = walk.nestings
        } else if walk.nestings.isEmpty {
            growth = walk.stacks
        } else {
            growth = walk.stacks + walk.nestings
        }
        chain = walk.chain
        scenes = walk.scenes
        lastPresenterStorage = walk.lastPresenterStorage
        // In place: the walk's array is not shared, so no copy is made.
        walk.names.sort()
        look = ScreenLook(
            screenIn: walk.screen?.nodes ?? [], at: walk.screen?.index ?? 0, chain: walk.chain.count, sortedNames: walk.names,
            screenShape: walk.screen == nil ? nil : walk.screenShape,
            traits: snapshot.traits)
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
        /// The names in the tree, each once, in the order found (sorted in place at the end
        /// for ``ScreenLook``): a name is looked up by a scan of the words, its text compared
        /// only where a word is equal.
        var names: [NodeName] = []
        /// Whether `names[i]` is in ``scenes``: a name met again is looked up there by its
        /// position in `names`, not by a scan of `scenes`.
        var inScenes: [Bool] = []
        /// One bit per name in ``names``, chosen by its word's low bits: a name whose bit is
        /// clear is new, with no scan.
        var wordBits: UInt64 = 0
        var stacks: [Repetition] = []
        var nestings: [Repetition] = []
        /// Where the last presented controller is (copied once at the end, not at every
        /// presentation).
        var screen: (nodes: [ControllerSnapshot], index: Int)?
        /// The presented storage whose last element is ``StateFacts/lastPresented``.
        var lastPresenterStorage: [ControllerSnapshot] = []
        /// The names from the window's root down to the node being visited; the current
        /// tree's (the window's or a presented controller's) start at ``pathStart``: one array
        /// for every tree, not a new one per presented controller.
        var path: [NodeName] = []
        var pathStart = 0
        /// ``TreeHasher/combineShape(_:)`` of the last presented controller, worked out on
        /// this walk (the screen is the last presented controller in this order, so its subtree
        /// presents nothing and is visited in one stretch): ``shape`` collects the nodes visited
        /// since the latest presented controller was entered, while ``shaping``.
        var shape = TreeHasher()
        var shaping = false
        var presentations = 0
        var screenShape = 0

        /// Visits `nodes[index]`, reading its fields in place: a node passed by value would be
        /// copied (every reference in it retained, then released) at every level.
        mutating func visit(_ nodes: [ControllerSnapshot], at index: Int) {
            if shaping { shape.combineShapeNode(nodes, at: index) }
            // Read again below: an array kept across the recursion is retained, then released.
            if !nodes[index].presentedStorage.isEmpty { lastPresenterStorage = nodes[index].presentedStorage }
            let name = NodeName(nodes, at: index)
            let position = insert(name)
            if nodes[index].scene != nil, !inScenes[position] {
                inScenes[position] = true
                scenes.append(name)
            }
            let children = nodes[index].children
            if children.count >= 2, let length = StateFacts.repeatedLength(children), nodes[index].kind.rawValue == ControllerKind.navigationName {
                if stacks.isEmpty { stacks.reserveCapacity(8) }
                stacks.append(Repetition(what: .stack, names: children[(children.count - length)...].map(NodeName.init)))
            }
            let word = name.word
            path.append(name)
            // A nesting repeats only if its last name is in its last half before it: looked at
            // here, word by word, before any call (on most paths it is nowhere).
            let last = path.count - 1
            let half = (path.count - pathStart) / 2
            var length = 1
            while length <= half, path[last - length].word != word { length += 1 }
            if length <= half, let length = StateFacts.repeatedLength(path, from: pathStart) {
                // Room for several at once: a state that nests a loop has it on several paths.
                if nestings.isEmpty { nestings.reserveCapacity(8) }
                nestings.append(Repetition(what: .nesting, names: Array(path[(path.count - length)...])))
            }
            for child in children.indices { visit(children, at: child) }
            path.removeLast()
            // Zero or one controller.
            let presented = nodes[index].presentedStorage
            for last in presented.indices {
                let presentedName = NodeName(presented, at: last)
                chain.append(Presented(name: presentedName.text, style: presented[last].presentationStyle))
                chainNames.append(presentedName)
                screen = (presented, last)
                presentations += 1
                let number = presentations
                shape = TreeHasher()
                shaping = true
                let outer = pathStart
                pathStart = path.count
                visit(presented, at: last)
                pathStart = outer
                if presentations == number { screenShape = shape.value }
                shaping = false
            }
        }

        /// Puts `name` in ``names`` unless it is there, and returns where it is.
        private mutating func insert(_ name: NodeName) -> Int {
            let bit: UInt64 = 1 &<< (name.word & 63)
            if wordBits & bit != 0 {
                for position in names.indices where names[position].word == name.word && names[position].text == name.text {
                    return position
                }
            }
            wordBits |= bit
            names.append(name)
            inScenes.append(false)
            return names.count - 1
        }
    }

    /// The shortest block the names end with twice in a row, if any, as texts: compared by
    /// their words in place (no name copied), their texts only where the words are equal.
    static func repeatedBlock(_ names: [NodeName]) -> [String]? {
        repeatedLength(names, from: 0).map { names[(names.count - $0)...].map(\.text) }
    }

    /// The length of the shortest block `names[start...]` ends with twice in a row, if any.
    static func repeatedLength(_ names: [NodeName], from start: Int) -> Int? {
        repeatedLength(count: names.count, from: start, word: { names[$0].word }, text: { names[$0].text })
    }

    /// ``repeatedLength(_:from:)`` of the names of `nodes` (a stack), read in place: no array
    /// of names is built for a stack that does not repeat (almost every one).
    static func repeatedLength(_ nodes: [ControllerSnapshot]) -> Int? {
        repeatedLength(
            count: nodes.count, from: 0, word: { nodes[$0].nameWord }, text: { ControllerSnapshot.name(of: nodes, at: $0) })
    }

    /// The length of the shortest block the sequence `start..<count` (its names' words and
    /// texts by position) ends with twice in a row, if any. A length is looked at only when the
    /// last name's word is that far back too (in most sequences it is nowhere), its texts only
    /// when all its words are equal.
    private static func repeatedLength(
        count: Int, from start: Int, word: (Int) -> UInt64, text: (Int) -> String
    ) -> Int? {
        guard count - start >= 2 else { return nil }
        let last = count - 1
        let lastWord = word(last)
        for length in 1...((count - start) / 2) where word(last - length) == lastWord {
            let earlier = count - 2 * length
            let later = count - length
            guard (0..<length).allSatisfy({ word(earlier + $0) == word(later + $0) }) else { continue }
            if (0..<length).allSatisfy({ text(earlier + $0) == text(later + $0) }) { return length }
        }
        return nil
    }
}

/// A node's name (its scene, else its class name) with its word
/// (``ControllerSnapshot/nameWord``): equal when both are, ordered and hashed by the word, so
/// that two different names almost always differ after one integer comparison and equal ones
/// (which share their storage) compare in place.
struct NodeName: Sendable, Hashable, Comparable, Digested {
    let word: UInt64
    let text: String

    /// The word, as a ``DigestSet`` probes by it.
    var digest: Int { Int(truncatingIfNeeded: word) }

    init(word: UInt64, text: String) {
        self.word = word
        self.text = text
    }

    init(_ node: borrowing ControllerSnapshot) {
        word = node.nameWord
        text = node.scene ?? node.className
    }

    /// The name of `nodes[index]`, its fields read in place.
    init(_ nodes: [ControllerSnapshot], at index: Int) {
        word = nodes[index].nameWord
        text = ControllerSnapshot.name(of: nodes, at: index)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.word == rhs.word && lhs.text == rhs.text }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.word != rhs.word ? lhs.word < rhs.word : lhs.text < rhs.text }
    func hash(into hasher: inout Hasher) { hasher.combine(word) }
}
