// One walk of the live tree instead of a snapshot: a hash of what `normalized()` keeps, an exact
// comparison with a normalized snapshot, and where the first new controller landed.

extension Window {
    /// What one walk of a window's tree tells, without building a ``WindowSnapshot``: what an
    /// explorer asks after each action it tries (see ``Window/digest(since:)``).
    public struct TreeDigest: Sendable, Hashable {
        /// A hash of the tree as ``WindowSnapshot/normalized()`` keeps it: equal normalized
        /// snapshots have equal hashes (``WindowSnapshot/normalizedHash``; an unseeded hash, the
        /// same in every process, not for tables an adversary fills). Unequal ones may collide: compare with
        /// ``Window/matches(_:)`` before taking two trees for one.
        public let hash: Int
        /// The last committed sequence number (``Window/lastSequence``).
        public let sequence: UInt64
        /// The first controller of the tree (in ``WindowSnapshot/allControllers`` order) that is
        /// not the given checkpoint's (what a transition since brought in), if any.
        public let firstNew: Landing?
        /// Whether a controller of the tree keeps what no snapshot shows and later transitions
        /// read: a collapsed split view controller (the secondary it put aside, and how deep
        /// the primary stack was, decide what expanding it brings back). A window restored from
        /// this tree's snapshot may then behave differently from this one.
        public let keepsHiddenState: Bool

        /// Where a controller sits in the tree.
        public struct Landing: Sendable, Hashable {
            /// Its position in ``WindowSnapshot/allControllers`` order.
            public let position: Int
            /// The kind of the controller it is a child of, or `nil` for the root and for a
            /// presented controller.
            public let parentKind: ControllerKind?
            /// Whether it is presented.
            public let isPresented: Bool
        }
    }

    /// Walks the tree once (see ``TreeDigest``).
    ///
    /// - Parameter checkpoint: The controllers ``TreeDigest/firstNew`` skips: those of this
    ///   checkpoint (of this window); `nil`: the root is the first new one.
    public func digest(since checkpoint: Checkpoint? = nil) -> TreeDigest {
        var hasher = TreeHasher()
        hasher.combine(tree.traits)
        var position = 0
        var firstNew: TreeDigest.Landing?
        var keepsHiddenState = false
        func visit(_ controller: any ViewController, parentKind: ControllerKind?, isPresented: Bool) {
            let context = controller.context
            let kind = controller.kind
            if firstNew == nil, !(checkpoint?.contains(controller) ?? false) {
                firstNew = TreeDigest.Landing(position: position, parentKind: parentKind, isPresented: isPresented)
            }
            position += 1
            let isContent = ObjectIdentifier(kind.semantics) == ObjectIdentifier(ContentSemantics.self)
            if kind == .split && context.isCollapsed { keepsHiddenState = true }
            hasher.combineNode(
                scene: context.sceneStorage?.scene.identifier, kind: kind, appearance: context.appearance,
                selection: isContent ? nil : kind.semantics.snapshotSelection(in: ContainerLayout(context)),
                style: context.presentationStyle, columns: context.splitColumns, childCount: context.children.count,
                presents: context.presented != nil)
            for child in context.children { visit(child, parentKind: kind, isPresented: false) }
            if let presented = context.presented { visit(presented, parentKind: nil, isPresented: true) }
        }
        if let root = tree.root { visit(root, parentKind: nil, isPresented: false) }
        hasher.combine(UInt64(position))
        return TreeDigest(
            hash: hasher.value, sequence: lastSequence, firstNew: firstNew, keepsHiddenState: keepsHiddenState)
    }

    /// Whether `snapshot().normalized() == snapshot.normalized()`, decided by one walk of the
    /// tree beside the snapshot's, without building either.
    ///
    /// Compares what ``WindowSnapshot/normalized()`` keeps: the structure, each controller's
    /// scene, class name, kind, appearance, selection, presentation style and columns, and the
    /// traits (not the ids, window, sequence number or `transitionInFlight`).
    public func matches(_ snapshot: WindowSnapshot) -> Bool {
        guard snapshot.traits == tree.traits else { return false }
        func same(_ controller: any ViewController, _ node: ControllerSnapshot) -> Bool {
            let context = controller.context
            let kind = controller.kind
            guard context.children.count == node.children.count,
                (context.presented == nil) == (node.presented == nil),
                kind == node.kind, context.appearance == node.appearance,
                context.presentationStyle == node.presentationStyle,
                context.sceneStorage?.scene.identifier == node.scene,
                kind.semantics.snapshotSelection(in: ContainerLayout(context)) == node.selectedIndex,
                context.splitColumns == node.columns,
                (context.sceneStorage?.scene.className ?? ControllerSnapshot.className(of: controller)) == node.className
            else { return false }
            for (child, childNode) in zip(context.children, node.children) where !same(child, childNode) { return false }
            if let presented = context.presented, let presentedNode = node.presented { return same(presented, presentedNode) }
            return true
        }
        switch (tree.root, snapshot.root) {
        case (nil, nil): return true
        case (let root?, let node?): return same(root, node)
        default: return false
        }
    }
}

extension WindowSnapshot {
    /// The hash ``Window/TreeDigest/hash`` gives the tree this snapshot shows: equal
    /// ``normalized()`` snapshots have equal hashes.
    public var normalizedHash: Int {
        var hasher = TreeHasher()
        hasher.combine(traits)
        var count = 0
        func visit(_ node: ControllerSnapshot) {
            count += 1
            hasher.combineNode(
                scene: node.scene, kind: node.kind, appearance: node.appearance, selection: node.selectedIndex,
                style: node.presentationStyle, columns: node.columns, childCount: node.children.count,
                presents: node.presented != nil)
            for child in node.children { visit(child) }
            if let presented = node.presented { visit(presented) }
        }
        if let root { visit(root) }
        hasher.combine(UInt64(count))
        return hasher.value
    }
}

/// The hash of ``Window/TreeDigest`` and ``WindowSnapshot/normalizedHash``: FNV-1a over the
/// fields' bytes, cheaper than `Hasher` for the few short strings of each node. Not seeded, so
/// not for tables an adversary fills; collisions only cost an exact comparison. Package-wide:
/// the explorer's findings hash their screen looks with it too.
package struct TreeHasher {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package var value: Int { Int(truncatingIfNeeded: state ^ (state >> 32)) }

    package mutating func combine(_ value: UInt64) {
        state = (state ^ value) &* 0x0000_0100_0000_01b3
    }

    /// The string's UTF-8 bytes, eight to a word (one multiply per word, not per byte), then
    /// its length, which ends it (so that no string's words are another's prefix).
    package mutating func combine(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            // Safe: `withUTF8`'s buffer is valid for the closure, and `for in` reads only within it.
            var word: UInt64 = 0
            var shift: UInt64 = 0
            for byte in bytes {
                word |= UInt64(byte) &<< shift
                shift &+= 8
                if shift == 64 {
                    combine(word)
                    word = 0
                    shift = 0
                }
            }
            if shift != 0 { combine(word) }
            combine(0xff00_0000_0000_0000 | UInt64(bytes.count))
        }
    }

    package mutating func combine(_ traits: Traits) {
        combine(traits.horizontalSizeClass.rawValue)
        combine(traits.verticalSizeClass.rawValue)
    }

    /// One controller's share (the class name is left out: it follows from the scene but for
    /// controllers made in code, and a collision only costs a comparison).
    mutating func combineNode(
        scene: String?, kind: ControllerKind, appearance: AppearanceState, selection: Int?,
        style: PresentationStyle?, columns: [SplitColumn]?, childCount: Int, presents: Bool
    ) {
        if let scene { combine(scene) } else { combine(0x1_0000) }
        combine(kind.rawValue)
        combine(appearance.rawValue)
        if let selection { combine(UInt64(bitPattern: Int64(selection))) } else { combine(0x2_0000) }
        if let style { combine(style.rawValue) } else { combine(0x3_0000) }
        if let columns {
            for column in columns { combine(column.rawValue) }
            combine(0x4_0000)
        } else {
            combine(0x5_0000)
        }
        combine(UInt64(childCount))
        combine(presents ? 1 : 0)
    }
}
