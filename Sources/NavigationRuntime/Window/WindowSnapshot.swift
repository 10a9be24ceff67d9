/// A value of a window's whole tree: what tests assert on and what restoration stores.
///
/// Taken between transitions it is the committed state. Taken while a transition is in
/// flight (from a callback, or while its animation runs) it shows the tree that transition is
/// building (R4.1), with ``transitionInFlight`` set.
public struct WindowSnapshot: Sendable, Hashable, Codable {
    /// The window.
    public var window: WindowID
    /// The last committed sequence number.
    public var sequence: UInt64
    /// The window's traits.
    public var traits: Traits
    /// Whether a transition was between its begin phase and its end.
    public var transitionInFlight: Bool
    /// The root controller's tree, if there is a root.
    public var root: Optional<ControllerSnapshot>  // `Optional<T>`, not `T?`: see the note on ControllerSnapshot

    /// Creates a snapshot.
    public init(window: WindowID, sequence: UInt64, traits: Traits, transitionInFlight: Bool, root: ControllerSnapshot?) {
        self.window = window
        self.sequence = sequence
        self.traits = traits
        self.transitionInFlight = transitionInFlight
        self.root = root
    }

    /// Every controller of the tree, depth first: children, then the presented controller.
    public var allControllers: [ControllerSnapshot] {
        var result: [ControllerSnapshot] = []
        func visit(_ node: ControllerSnapshot) {
            result.append(node)
            for child in node.children { visit(child) }
            if let presented = node.presented { visit(presented) }
        }
        if let root { visit(root) }
        return result
    }

    /// The controller with this id, if it is in the tree.
    public func controller(_ id: ControllerID) -> ControllerSnapshot? {
        allControllers.first { $0.id == id }
    }
}

/// One controller of a ``WindowSnapshot`` and its subtree.
public struct ControllerSnapshot: Sendable, Hashable, Codable {
    // The optional fields are spelled `Optional<T>`, not `T?`: a `var` of type `T?` is given
    // an implicit `= nil`, so the initializers would re-assign it instead of initializing it,
    // and every node built (a window's snapshot builds one per controller) was copied once
    // more, every reference in it retained, then released.

    /// The controller's id.
    public var id: ControllerID
    /// The scene it was instantiated from, if any.
    public var scene: Optional<String> { didSet { nameWord = Self.nameWord(scene: scene, className: className) } }
    /// Its class name, by one rule for storyboards, the DSL and code: see
    /// ``className(of:)``.
    public var className: String { didSet { nameWord = Self.nameWord(scene: scene, className: className) } }
    /// `TreeHasher.word(for:)` of the node's name (its scene, else its class name), kept with
    /// them: what a reader that compares, sorts or hashes many names (the explorer's state
    /// facts) compares first. Equal names have equal words; a window's snapshot takes it from
    /// the scene (``SceneStorage/identifierWord``), worked out once per scene.
    package private(set) var nameWord: UInt64
    /// What kind of controller it is.
    public var kind: ControllerKind
    /// The children, in order (a navigation stack bottom to top).
    public var children: [ControllerSnapshot]
    /// The selected child's index in ``children`` (tab bar controllers). A tab bar with a More
    /// tab has its More navigation controller as its last child, so More selected is
    /// `children.count - 1` (R5.1, R5.2).
    public var selectedIndex: Optional<Int>
    /// The style it was presented with, if it is presented.
    public var presentationStyle: Optional<PresentationStyle>
    /// Where it is in the appearance state machine. (Stored after the one-byte style, in the
    /// nine-byte optional index's padding: a node is 96 bytes, not 104.)
    public var appearance: AppearanceState
    /// A column-style split view controller's column of each child, in child order (`nil`
    /// for every other controller); while it is collapsed ``selectedIndex`` names the child
    /// on screen (R5.7).
    public var columns: Optional<[SplitColumn]>
    /// What it presents, as zero or one element: read in place (``presented`` returns a copy).
    package private(set) var presentedStorage: [ControllerSnapshot]

    /// Whether it presents a controller (``presented`` is not `nil`), without copying it.
    var presents: Bool { !presentedStorage.isEmpty }

    /// What it presents, if anything.
    public var presented: ControllerSnapshot? {
        get { presentedStorage.first }
        set { presentedStorage = newValue.map { [$0] } ?? [] }
    }

    /// Creates a controller snapshot.
    public init(
        id: ControllerID,
        scene: String? = nil,
        className: String,
        kind: ControllerKind,
        appearance: AppearanceState,
        children: [ControllerSnapshot] = [],
        selectedIndex: Int? = nil,
        presentationStyle: PresentationStyle? = nil,
        presented: ControllerSnapshot? = nil,
        columns: [SplitColumn]? = nil
    ) {
        self.init(
            id: id, scene: scene, className: className, nameWord: Self.nameWord(scene: scene, className: className), kind: kind,
            appearance: appearance, children: children, selectedIndex: selectedIndex, presentationStyle: presentationStyle,
            presentedStorage: presented.map { [$0] } ?? [], columns: columns)
    }

    /// The name of `nodes[index]`, its scene else its class name (the name ``nameWord`` is the
    /// word of), read in place. From another module, `nodes[index].className` copies the whole
    /// node first (a property with an observer is read through its getter, on a copy).
    package static func name(of nodes: [ControllerSnapshot], at index: Int) -> String {
        nodes[index].scene ?? nodes[index].className
    }

    /// ``nameWord`` of a node with this scene and class name.
    static func nameWord(scene: String?, className: String) -> UInt64 { TreeHasher.word(for: scene ?? className) }

    /// Creates a controller snapshot whose presented controller is given as its storage
    /// (zero or one element), moved in rather than copied.
    fileprivate init(
        id: ControllerID, scene: String?, className: String, nameWord: UInt64, kind: ControllerKind, appearance: AppearanceState,
        children: [ControllerSnapshot], selectedIndex: Int?, presentationStyle: PresentationStyle?,
        presentedStorage: [ControllerSnapshot], columns: [SplitColumn]?
    ) {
        self.id = id
        self.scene = scene
        self.className = className
        self.nameWord = nameWord
        self.kind = kind
        self.appearance = appearance
        self.children = children
        self.selectedIndex = selectedIndex
        self.presentationStyle = presentationStyle
        self.columns = columns
        self.presentedStorage = presentedStorage
    }

    private enum CodingKeys: String, CodingKey {
        case id, scene, className, kind, appearance, children, selectedIndex, presentationStyle, presented, columns
    }

    /// Decodes a controller and its subtree.
    /// - Throws: ``TooDeep`` past ``Window/maximumDepth`` levels, else the decoder's errors.
    public init(from decoder: any Decoder) throws {
        guard Self.codingDepth(decoder.codingPath) <= Window.maximumDepth else { throw Self.tooDeep(decoder.codingPath) }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try container.decode(ControllerID.self, forKey: .id)
        self.scene = try container.decodeIfPresent(String.self, forKey: .scene)
        self.className = try container.decode(String.self, forKey: .className)
        self.kind = try container.decode(ControllerKind.self, forKey: .kind)
        self.appearance = try container.decode(AppearanceState.self, forKey: .appearance)
        self.children = try container.decodeIfPresent([ControllerSnapshot].self, forKey: .children) ?? []
        self.selectedIndex = try container.decodeIfPresent(Int.self, forKey: .selectedIndex)
        self.presentationStyle = try container.decodeIfPresent(PresentationStyle.self, forKey: .presentationStyle)
        self.columns = try container.decodeIfPresent([SplitColumn].self, forKey: .columns)
        let presented = try container.decodeIfPresent(ControllerSnapshot.self, forKey: .presented)
        self.presentedStorage = presented.map { [$0] } ?? []
        self.nameWord = Self.nameWord(scene: scene, className: className)
    }

    /// Encodes a controller and its subtree.
    /// - Throws: ``TooDeep`` past ``Window/maximumDepth`` levels (a window never commits such a
    ///   tree), else the encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        guard Self.codingDepth(encoder.codingPath) <= Window.maximumDepth else { throw Self.tooDeep(encoder.codingPath) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(scene, forKey: .scene)
        try container.encode(className, forKey: .className)
        try container.encode(kind, forKey: .kind)
        try container.encode(appearance, forKey: .appearance)
        try container.encode(children, forKey: .children)
        try container.encodeIfPresent(selectedIndex, forKey: .selectedIndex)
        try container.encodeIfPresent(presentationStyle, forKey: .presentationStyle)
        try container.encodeIfPresent(presented, forKey: .presented)
        try container.encodeIfPresent(columns, forKey: .columns)
    }
}

extension Window {
    /// The whole tree as a value.
    public func snapshot() -> WindowSnapshot {
        WindowSnapshot(
            window: id,
            sequence: lastSequence,
            traits: traits,
            transitionInFlight: runningRequest != nil,
            root: root.map(snapshot(of:))
        )
    }

    /// `snapshot().normalized()`, built in one pass (no snapshot with ids to copy): the ids
    /// numbered from 1 in the walk's order, as ``WindowSnapshot/normalized()`` numbers them.
    public func normalizedSnapshot() -> WindowSnapshot {
        var builder = SnapshotBuilder(numbering: true)
        return WindowSnapshot(
            window: WindowID(0), sequence: 0, traits: traits, transitionInFlight: false,
            root: root.map { builder.node($0) })
    }

    /// The controller with this id, if it is in the window's tree.
    public func controller(_ id: ControllerID) -> (any ViewController)? {
        func search(_ controller: any ViewController) -> (any ViewController)? {
            if controller.id == id { return controller }
            for child in controller.context.children {
                if let found = search(child) { return found }
            }
            return controller.context.presented.flatMap(search)
        }
        return root.flatMap(search)
    }

    func snapshot(of controller: any ViewController) -> ControllerSnapshot {
        var builder = SnapshotBuilder(numbering: false)
        return builder.node(controller)
    }
}

/// Builds a subtree's snapshot: a value with a mutating method (no closure per node, no
/// isolated closure handed to `map`), each node built with its children and what it presents
/// in place.
private struct SnapshotBuilder {
    /// Whether ids are numbered from 1 in the walk's order (a controller before its children
    /// and what it presents), as ``WindowSnapshot/normalized()`` numbers them, rather than
    /// the controllers' own.
    let numbering: Bool
    private var next: UInt64 = 0

    init(numbering: Bool) { self.numbering = numbering }

    /// The snapshot of `controller` and its subtree. Read on the window's executor.
    mutating func node(_ controller: any ViewController) -> ControllerSnapshot {
        node(controller.context, controller.kind) { controller }
    }

    /// The snapshot of the controller with this context and kind (`controller` is read only
    /// for a class name when it has no scene). Its children are reached through its tree
    /// nodes (``ControllerContext/childNodes()``), so that they are not retained.
    private mutating func node(
        _ context: ControllerContext, _ kind: ControllerKind, _ controller: () -> any ViewController
    ) -> ControllerSnapshot {
        let scene = context.sceneStorage
        let id: ControllerID
        if numbering {
            next += 1
            id = ControllerID(next)
        } else {
            id = context.id
        }
        var nodes: [ControllerSnapshot] = []
        if !context.children.isEmpty {
            let children = context.childNodes()
            nodes.reserveCapacity(children.count)
            for index in children.indices {
                nodes.append(node(children[index].context, children[index].kind) { children[index].controller })
            }
        }
        var presented: [ControllerSnapshot] = []
        if let controller = context.presented { presented = [node(controller)] }
        let className = scene?.scene.className ?? ControllerSnapshot.className(of: controller())
        return ControllerSnapshot(
            id: id, scene: scene?.scene.identifier, className: className,
            nameWord: scene?.identifierWord ?? TreeHasher.word(for: className), kind: kind,
            appearance: context.appearance, children: nodes,
            selectedIndex: ObjectIdentifier(kind.semantics) == ObjectIdentifier(ContentSemantics.self)
                ? nil : kind.semantics.snapshotSelection(in: ContainerLayout(context)),
            presentationStyle: context.presentationStyle, presentedStorage: presented, columns: context.splitColumns)
    }
}
