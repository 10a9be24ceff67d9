// NavigationRuntimeTesting: what a presented screen looks like to a user, for no-way-back.

import NavigationRuntime

/// What a state looks like from the screen, ids left out: the controllers a user can act
/// on (the last presented controller's subtree), how many controllers are presented, the
/// scenes anywhere in the tree (what an unwind can find), and the traits. Two states that
/// look alike offer the same actions with the same ways back.
///
/// Equal when the screens are equal but for their ids (every other field of every node
/// compared, see ``sameIgnoringIDs(_:_:)``) and the rest is equal; hashed by a value worked
/// out once by one walk (`TreeHasher`), not by `Hasher` over the whole subtree at
/// every table probe.
struct ScreenLook: Hashable {
    let screen: ControllerSnapshot?
    let chain: Int
    let scenes: Set<String>
    let traits: Traits
    /// A hash of the fields above (the ids left out): equal looks have equal values.
    let digest: Int

    init(screen: ControllerSnapshot?, chain: Int, scenes: Set<String>, traits: Traits) {
        self.screen = screen
        self.chain = chain
        self.scenes = scenes
        self.traits = traits
        var hasher = TreeHasher()
        hasher.combine(UInt64(bitPattern: Int64(chain)))
        hasher.combine(traits)
        // The set's hash does not depend on its order: a sum of its members' hashes.
        var members: UInt64 = 0
        for scene in scenes {
            var member = TreeHasher()
            member.combine(scene)
            members &+= UInt64(bitPattern: Int64(member.value))
        }
        hasher.combine(members)
        hasher.combine(UInt64(scenes.count))
        if let screen { hasher.combine(screen) } else { hasher.combine(0x6_0000) }
        digest = hasher.value
    }

    static func == (lhs: ScreenLook, rhs: ScreenLook) -> Bool {
        guard lhs.digest == rhs.digest, lhs.chain == rhs.chain, lhs.traits == rhs.traits else { return false }
        switch (lhs.screen, rhs.screen) {
        case (nil, nil): break
        case (let left?, let right?): guard Self.sameIgnoringIDs(left, right) else { return false }
        default: return false
        }
        return lhs.scenes == rhs.scenes
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// Whether two subtrees are equal but for their ids: what `==` says of copies of them
    /// whose ids are all set to one value (every stored field of ``ControllerSnapshot``
    /// but `id`).
    static func sameIgnoringIDs(_ lhs: ControllerSnapshot, _ rhs: ControllerSnapshot) -> Bool {
        guard lhs.kind == rhs.kind, lhs.appearance == rhs.appearance, lhs.scene == rhs.scene,
            lhs.className == rhs.className, lhs.selectedIndex == rhs.selectedIndex,
            lhs.presentationStyle == rhs.presentationStyle, lhs.columns == rhs.columns,
            lhs.children.count == rhs.children.count
        else { return false }
        for index in lhs.children.indices where !sameIgnoringIDs(lhs.children[index], rhs.children[index]) {
            return false
        }
        switch (lhs.presented, rhs.presented) {
        case (nil, nil): return true
        case (let left?, let right?): return sameIgnoringIDs(left, right)
        default: return false
        }
    }
}

extension TreeHasher {
    /// A node and its subtree, the id left out.
    mutating func combine(_ node: ControllerSnapshot) {
        if let scene = node.scene { combine(scene) } else { combine(0x1_0000) }
        combine(node.className)
        combine(node.kind.rawValue)
        combine(node.appearance.rawValue)
        if let selection = node.selectedIndex { combine(UInt64(bitPattern: Int64(selection))) } else { combine(0x2_0000) }
        if let style = node.presentationStyle { combine(style.rawValue) } else { combine(0x3_0000) }
        if let columns = node.columns {
            for column in columns { combine(column.rawValue) }
            combine(0x4_0000)
        } else {
            combine(0x5_0000)
        }
        combine(UInt64(node.children.count))
        for child in node.children { combine(child) }
        if let presented = node.presented {
            combine(1)
            combine(presented)
        } else {
            combine(0)
        }
    }
}
