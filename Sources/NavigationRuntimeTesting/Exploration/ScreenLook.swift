// NavigationRuntimeTesting: what a presented screen looks like to a user, for no-way-back.

import NavigationRuntime

/// What a state looks like from the screen, ids left out: the controllers a user can act
/// on (the last presented controller's subtree), how many controllers are presented, the
/// scenes anywhere in the tree (what an unwind can find), and the traits. Two states that
/// look alike offer the same actions with the same ways back.
///
/// Equal when the screens are equal but for their ids (every other field of every node
/// compared, see ``sameIgnoringIDs(_:_:)``) and the rest is equal; hashed by a value worked
/// out once (`TreeHasher`: the names, the screen's shape), not by `Hasher` over the whole
/// subtree at every table probe.
struct ScreenLook: Hashable {
    /// The screen, `screenNodes[screenIndex]` (no screen when `screenNodes` is empty): kept
    /// in the array the tree holds it in, so that comparing two looks reads both in place (a
    /// node wrapped in a new array, or copied, at every comparison) and a look stays small.
    private let screenNodes: [ControllerSnapshot]
    private let screenIndex: Int
    let chain: Int
    /// The names (scene, else class name) in the tree, each once, in ``NodeName``'s order.
    let scenes: [NodeName]
    let traits: Traits
    /// A hash of the fields above (the ids left out): equal looks have equal values.
    let digest: Int

    /// - Parameter names: The names in the tree, each once, in any order.
    init(screen: ControllerSnapshot?, chain: Int, names: [NodeName], traits: Traits) {
        var shape: Int?
        if let screen {
            var hasher = TreeHasher()
            hasher.combineShape(screen)
            shape = hasher.value
        }
        self.init(
            screenIn: screen.map { [$0] } ?? [], at: 0, chain: chain, sortedNames: names.sorted(), screenShape: shape, traits: traits)
    }

    /// A look whose parts a walk of the whole tree worked out (``StateFacts``): no sort, and
    /// no second walk of the screen.
    /// - Parameters:
    ///   - screenNodes: The array holding the screen (empty when there is no screen).
    ///   - screenIndex: The screen's position there.
    ///   - sortedNames: The names in the tree, each once, in ``NodeName``'s order.
    ///   - screenShape: The value of a `TreeHasher` that combined only
    ///     ``TreeHasher/combineShape(_:)`` of the screen (`nil` when there is no screen).
    init(
        screenIn screenNodes: [ControllerSnapshot], at screenIndex: Int, chain: Int, sortedNames: [NodeName], screenShape: Int?,
        traits: Traits
    ) {
        self.screenNodes = screenNodes
        self.screenIndex = screenIndex
        self.chain = chain
        self.scenes = sortedNames
        self.traits = traits
        var hasher = TreeHasher()
        hasher.combine(UInt64(bitPattern: Int64(chain)))
        hasher.combine(traits)
        for scene in scenes { hasher.combine(scene.word) }
        hasher.combine(UInt64(scenes.count))
        if let screenShape { hasher.combine(UInt64(bitPattern: Int64(screenShape))) } else { hasher.combine(0x6_0000) }
        digest = hasher.value
    }

    static func == (lhs: ScreenLook, rhs: ScreenLook) -> Bool {
        guard lhs.digest == rhs.digest, lhs.chain == rhs.chain, lhs.traits == rhs.traits else { return false }
        switch (lhs.screenNodes.isEmpty, rhs.screenNodes.isEmpty) {
        case (true, true): break
        case (false, false):
            guard Self.sameIgnoringIDs(lhs.screenNodes, lhs.screenIndex, rhs.screenNodes, rhs.screenIndex) else { return false }
        default: return false
        }
        return lhs.scenes == rhs.scenes
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// Whether two subtrees are equal but for their ids: what `==` says of copies of them
    /// whose ids are all set to one value (every stored field of ``ControllerSnapshot``
    /// but `id`).
    static func sameIgnoringIDs(_ lhs: ControllerSnapshot, _ rhs: ControllerSnapshot) -> Bool {
        sameIgnoringIDs([lhs], 0, [rhs], 0)
    }

    /// ``sameIgnoringIDs(_:_:)`` of `lhs[left]` and `rhs[right]`, their fields read in place
    /// (a node passed by value is copied at every level).
    private static func sameIgnoringIDs(_ lhs: [ControllerSnapshot], _ left: Int, _ rhs: [ControllerSnapshot], _ right: Int) -> Bool {
        guard lhs[left].nameWord == rhs[right].nameWord, lhs[left].kind == rhs[right].kind,
            lhs[left].appearance == rhs[right].appearance, lhs[left].scene == rhs[right].scene,
            lhs[left].className == rhs[right].className, lhs[left].selectedIndex == rhs[right].selectedIndex,
            lhs[left].presentationStyle == rhs[right].presentationStyle, lhs[left].columns == rhs[right].columns
        else { return false }
        let leftChildren = lhs[left].children
        let rightChildren = rhs[right].children
        guard leftChildren.count == rightChildren.count else { return false }
        for index in leftChildren.indices where !sameIgnoringIDs(leftChildren, index, rightChildren, index) {
            return false
        }
        // Zero or one presented controller each.
        let leftPresented = lhs[left].presentedStorage
        let rightPresented = rhs[right].presentedStorage
        guard leftPresented.count == rightPresented.count else { return false }
        for index in leftPresented.indices where !sameIgnoringIDs(leftPresented, index, rightPresented, index) {
            return false
        }
        return true
    }
}

extension TreeHasher {
    /// A subtree's shape, with no strings: each node's child count, selection, whether it has
    /// appeared and whether it presents, depth first. A look hashes its names apart (every
    /// name in the tree, the screen's among them); two screens of one shape and the same names
    /// collide, which costs an exact comparison (`==`), not a wrong answer.
    mutating func combineShape(_ node: ControllerSnapshot) { combineShape([node], at: 0) }

    /// ``combineShape(_:)`` of `nodes[index]`, its fields read in place (a node passed by value
    /// is copied at every level).
    private mutating func combineShape(_ nodes: [ControllerSnapshot], at index: Int) {
        combineShapeNode(nodes, at: index)
        let children = nodes[index].children
        for child in children.indices { combineShape(children, at: child) }
        let presented = nodes[index].presentedStorage
        for last in presented.indices { combineShape(presented, at: last) }
    }

    /// What ``combineShape(_:)`` combines for `nodes[index]` alone, before its children and
    /// what it presents: a walk that visits the nodes in that order (``StateFacts``'s) can
    /// hash a subtree's shape on its way.
    mutating func combineShapeNode(_ nodes: [ControllerSnapshot], at index: Int) {
        let childCount = nodes[index].children.count
        let presents = !nodes[index].presentedStorage.isEmpty
        combine(UInt64(childCount) &<< 8 | (nodes[index].appearance == .appeared ? 2 : 0) | (presents ? 1 : 0))
        if let selection = nodes[index].selectedIndex { combine(UInt64(bitPattern: Int64(selection))) } else { combine(0x2_0000) }
    }
}
