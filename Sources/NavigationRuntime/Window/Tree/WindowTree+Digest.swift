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
        var walk = DigestWalk(membership: checkpoint?.membership)
        walk.hasher.combine(tree.traits)
        if let root = tree.root { walk.visit(root, isPresented: false) }
        walk.hasher.combine(UInt64(walk.position))
        return TreeDigest(
            hash: walk.hasher.value, sequence: lastSequence, firstNew: walk.firstNew, keepsHiddenState: walk.keepsHiddenState)
    }

    /// The walk of ``digest(since:)``: a value with a mutating method rather than a local
    /// function capturing variables.
    private struct DigestWalk {
        /// The checkpoint's (`nil`: none, the root is the first new controller).
        let membership: Checkpoint.Membership?
        var hasher = TreeHasher()
        var position = 0
        var firstNew: TreeDigest.Landing?
        /// Until the first new controller is found (then membership is no longer asked).
        var searching = true
        var keepsHiddenState = false

        init(membership: Checkpoint.Membership?) { self.membership = membership }

        /// Visits the root or a presented controller (no parent): its context and kind read
        /// through it. Its children are visited through its ``ControllerContext/childNodes()``.
        mutating func visit(_ controller: any ViewController, isPresented: Bool) {
            let kind = controller.kind
            let answer = visit(
                controller.context, semantics: kind.semantics, word: kind.word, identity: ObjectIdentifier(controller),
                isPresented: isPresented)
            if answer.wantsKind { fillParentKind(kind) }
        }

        /// Visits a controller by its context and its kind's rules and word (`identity`: the
        /// controller's, for the checkpoint's membership): a kind passed whole is copied at
        /// every visit, its name retained and released. The kind itself is read by the caller,
        /// for the one node that needs it: the answer says whether this controller is the first
        /// new one as a child (its parent's kind is wanted), and whether its own kind is (it is
        /// that parent).
        mutating func visit(
            _ context: ControllerContext, semantics kindSemantics: any ContainerSemantics.Type, word: UInt64,
            identity: ObjectIdentifier, isPresented: Bool
        ) -> (isFirstNewChild: Bool, wantsKind: Bool) {
            let isFirstNew = searching && !(membership?.contains(identity, at: position) ?? false)
            if isFirstNew {
                firstNew = TreeDigest.Landing(position: position, parentKind: nil, isPresented: isPresented)
                searching = false
            }
            position += 1
            let presents = context.presented != nil
            let childCount = context.children.count
            let semantics = ObjectIdentifier(kindSemantics)
            // A content controller has no selection or columns: not read for it.
            let isContent = semantics == ObjectIdentifier(ContentSemantics.self)
            // Split semantics is the split kind's alone (see `ControllerKind.==`).
            if !isContent && semantics == ObjectIdentifier(SplitSemantics.self) && context.isCollapsed { keepsHiddenState = true }
            hasher.combineNode(
                scene: context.sceneStorage?.identifierWord, kind: word, appearance: context.appearance,
                selection: isContent ? nil : kindSemantics.snapshotSelection(in: ContainerLayout(context)),
                style: context.presentationStyle, columns: isContent ? nil : context.splitColumns, childCount: childCount,
                presents: presents)
            var wantsKind = false
            if childCount > 0 {
                let nodes = context.childNodes()
                for index in nodes.indices {
                    let answer = visit(
                        nodes[index].context, semantics: nodes[index].kind.semantics, word: nodes[index].kind.word,
                        identity: ObjectIdentifier(nodes[index].controller), isPresented: false)
                    if answer.wantsKind { fillParentKind(nodes[index].kind) }
                    if answer.isFirstNewChild { wantsKind = true }
                }
            }
            if presents, let presented = context.presented { visit(presented, isPresented: true) }
            return (isFirstNew && !isPresented, wantsKind)
        }

        /// Names `kind` as the kind of the first new controller's parent.
        private mutating func fillParentKind(_ kind: ControllerKind) {
            guard let landing = firstNew else { return }
            firstNew = TreeDigest.Landing(position: landing.position, parentKind: kind, isPresented: false)
        }
    }

    /// Whether `snapshot().normalized() == snapshot.normalized()`, decided by one walk of the
    /// tree beside the snapshot's, without building either.
    ///
    /// Compares what ``WindowSnapshot/normalized()`` keeps: the structure, each controller's
    /// scene, class name, kind, appearance, selection, presentation style and columns, and the
    /// traits (not the ids, window, sequence number or `transitionInFlight`).
    public func matches(_ snapshot: WindowSnapshot) -> Bool {
        guard snapshot.traits == tree.traits else { return false }
        // The node is `nodes[index]`, read field by field in place (a node passed by value is
        // copied, every reference in it retained). A child is reached through its parent's tree
        // nodes (`ControllerContext.childNodes()`), so that its controller is not retained.
        func same(_ controller: any ViewController, _ nodes: [ControllerSnapshot], _ index: Int) -> Bool {
            let kind = controller.kind
            return kind == nodes[index].kind && same(controller.context, kind.semantics, { controller }, nodes, index)
        }
        // The kinds are compared by the caller, in place: a kind passed whole is copied at every
        // visit, its name retained and released.
        func same(
            _ context: ControllerContext, _ semantics: any ContainerSemantics.Type, _ controller: () -> any ViewController,
            _ nodes: [ControllerSnapshot], _ index: Int
        ) -> Bool {
            let scene = context.sceneStorage
            guard context.children.count == nodes[index].children.count,
                (context.presented == nil) == !nodes[index].presents,
                context.appearance == nodes[index].appearance,
                context.presentationStyle == nodes[index].presentationStyle,
                scene?.scene.identifier == nodes[index].scene,
                (ObjectIdentifier(semantics) == ObjectIdentifier(ContentSemantics.self)
                    ? nil : semantics.snapshotSelection(in: ContainerLayout(context))) == nodes[index].selectedIndex,
                context.splitColumns == nodes[index].columns,
                (scene?.scene.className ?? ControllerSnapshot.className(of: controller())) == nodes[index].className
            else { return false }
            if !context.children.isEmpty {
                let children = context.childNodes()
                let childNodes = nodes[index].children
                for position in children.indices {
                    guard children[position].kind == childNodes[position].kind,
                        same(children[position].context, children[position].kind.semantics, { children[position].controller }, childNodes, position)
                    else { return false }
                }
            }
            // Both present or neither (the guard): the node's is its storage's one element.
            if let presented = context.presented { return same(presented, nodes[index].presentedStorage, 0) }
            return true
        }
        switch (tree.root, snapshot.root) {
        case (nil, nil): return true
        case (let root?, let node?): return same(root, [node], 0)
        default: return false
        }
    }
}

extension WindowSnapshot {
    /// The hash ``Window/TreeDigest/hash`` gives the tree this snapshot shows: equal
    /// ``normalized()`` snapshots have equal hashes.
    public var normalizedHash: Int {
        var walk = NormalizedHashWalk()
        walk.hasher.combine(traits)
        if let root { walk.visit([root], at: 0) }
        walk.hasher.combine(UInt64(walk.count))
        return walk.hasher.value
    }
}

/// ``WindowSnapshot/normalizedHash``'s walk: each node's fields read in place (`nodes[index]`:
/// a node passed by value is copied at every level), its scene's word the one the node keeps
/// (``ControllerSnapshot/nameWord`` is the scene's when it has one), not hashed again.
private struct NormalizedHashWalk {
    var hasher = TreeHasher()
    var count = 0

    mutating func visit(_ nodes: [ControllerSnapshot], at index: Int) {
        count += 1
        let children = nodes[index].children
        let presented = nodes[index].presentedStorage
        hasher.combineNode(
            scene: nodes[index].scene == nil ? nil : nodes[index].nameWord, kind: nodes[index].kind.word,
            appearance: nodes[index].appearance, selection: nodes[index].selectedIndex,
            style: nodes[index].presentationStyle, columns: nodes[index].columns,
            childCount: children.count, presents: !presented.isEmpty)
        for child in children.indices { visit(children, at: child) }
        for one in presented.indices { visit(presented, at: one) }
    }
}

/// The hash of ``Window/TreeDigest`` and ``WindowSnapshot/normalizedHash``: FNV-1a over
/// 64-bit words (one multiply per word), cheaper than `Hasher` for the few fields of each
/// node. A node's strings (its scene's identifier, its kind's name) count as one word each,
/// their ``word(for:)``, worked out once per scene and per kind; its enums (appearance,
/// presentation style, columns, size classes) as small integer codes. Not seeded (the same
/// value in every process), so not for tables an adversary fills; collisions only cost an
/// exact comparison. Package-wide: the explorer's findings hash their screen looks with it too.
package struct TreeHasher {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hasher with nothing combined yet.
    package init() {}

    /// The hash of what was combined.
    package var value: Int { Int(truncatingIfNeeded: state ^ (state >> 32)) }

    /// Combines one word.
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

    /// One word standing for a string: the state after combining it alone. Equal strings give
    /// equal words; what a node's scene identifier and kind name count as (see
    /// ``SceneStorage/identifierWord`` and ``ControllerKind/word``, which keep it).
    package static func word(for string: String) -> UInt64 {
        var hasher = TreeHasher()
        hasher.combine(string)
        return hasher.state
    }

    /// The traits, as one word of their size classes' codes.
    package mutating func combine(_ traits: Traits) {
        combine(0x7_0000 | traits.horizontalSizeClass.treeCode << 1 | traits.verticalSizeClass.treeCode)
    }

    /// One controller's share (the class name is left out: it follows from the scene but for
    /// controllers made in code, and a collision only costs a comparison): its scene's and
    /// kind's words, then one word packing the appearance, presentation style, child count and
    /// which optional fields are there, then the selection and columns when there are some.
    mutating func combineNode(
        scene: UInt64?, kind: UInt64, appearance: AppearanceState, selection: Int?,
        style: PresentationStyle?, columns: [SplitColumn]?, childCount: Int, presents: Bool
    ) {
        combine(scene ?? 0x1_0000)
        combine(kind)
        // Bits 0-1: appearance; 2-5: style + 1 (0: none); 6: presents; 7: a selection;
        // 8: columns; 16 and up: the child count.
        var packed = appearance.treeCode | (style.map { $0.treeCode + 1 } ?? 0) << 2
        if presents { packed |= 1 << 6 }
        if selection != nil { packed |= 1 << 7 }
        if columns != nil { packed |= 1 << 8 }
        combine(packed | UInt64(truncatingIfNeeded: childCount) << 16)
        if let selection { combine(UInt64(bitPattern: Int64(selection))) }
        if let columns {
            for column in columns { combine(column.treeCode) }
            combine(0x4_0000)
        }
    }
}

// Small integer codes for the enums a node's hash packs (``TreeHasher/combineNode``): distinct
// per case, stable across processes.

extension AppearanceState {
    /// 0 to 3.
    fileprivate var treeCode: UInt64 {
        switch self {
        case .disappeared: 0
        case .appearing: 1
        case .appeared: 2
        case .disappearing: 3
        }
    }
}

extension PresentationStyle {
    /// 0 to 8.
    fileprivate var treeCode: UInt64 {
        switch self {
        case .fullScreen: 0
        case .overFullScreen: 1
        case .currentContext: 2
        case .overCurrentContext: 3
        case .pageSheet: 4
        case .formSheet: 5
        case .popover: 6
        case .automatic: 7
        case .none: 8
        }
    }
}

extension SplitColumn {
    /// 0 to 2.
    fileprivate var treeCode: UInt64 {
        switch self {
        case .primary: 0
        case .secondary: 1
        case .compact: 2
        }
    }
}

extension Traits.SizeClass {
    /// 0 or 1.
    fileprivate var treeCode: UInt64 {
        switch self {
        case .compact: 0
        case .regular: 1
        }
    }
}
