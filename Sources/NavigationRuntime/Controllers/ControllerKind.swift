/// What kind of controller a node of the hierarchy is, as snapshots report it.
///
/// An open set, like ``StoryboardControllerKind``: new container kinds (a page view controller
/// came after the first four) are new static members, not new enum cases, so a `switch` over a
/// kind keeps compiling when one is added (it needs a `default:` branch). A kind decodes from
/// any string; a raw value the runtime does not know behaves as ``content`` (its children are
/// all on screen, in order).
public struct ControllerKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind's name, as snapshots encode it (`"navigation"`, `"tabBar"`, ...).
    public let rawValue: String
    /// The container rules of this kind: which children are on screen, which one a path
    /// follows, the unwind search order, show handling (see `ContainerSemantics`).
    let semantics: any ContainerSemantics.Type
    /// ``TreeHasher/word(for:)`` of ``rawValue``, worked out once: what a ``Window/TreeDigest``
    /// hashes for the kind, instead of its name's bytes.
    let word: UInt64

    /// The kind with this name; one the runtime does not know has ``content``'s rules.
    public init(rawValue: String) {
        self.rawValue = rawValue
        self.semantics = Self.builtIn.first { $0.rawValue == rawValue }?.semantics ?? ContentSemantics.self
        self.word = TreeHasher.word(for: rawValue)
    }

    init(_ rawValue: String, semantics: any ContainerSemantics.Type) {
        self.rawValue = rawValue
        self.semantics = semantics
        self.word = TreeHasher.word(for: rawValue)
    }

    /// A content controller: one screen (it may still embed children).
    public static let content = Self("content", semantics: ContentSemantics.self)
    /// A ``NavigationController``: a stack of children.
    public static let navigation = Self("navigation", semantics: NavigationSemantics.self)
    /// A ``TabBarController``: children, one selected.
    public static let tabBar = Self("tabBar", semantics: TabBarSemantics.self)
    /// A ``SplitViewController``: primary and secondary columns.
    public static let split = Self("split", semantics: SplitSemantics.self)

    /// A ``PageViewController``: the pages shown now (R5.9).
    public static let page = Self("page", semantics: PageSemantics.self)

    /// The kinds the runtime knows.
    static let builtIn: [Self] = [.content, .navigation, .tabBar, .split, .page]

    public var description: String { rawValue }

    /// Equal names. A kind's rules follow from its name (``init(rawValue:)`` looks them up,
    /// and each static kind's rules are the built-in table's), so kinds with different rules
    /// have different names: that is answered without comparing strings.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        ObjectIdentifier(lhs.semantics) == ObjectIdentifier(rhs.semantics) && lhs.rawValue == rhs.rawValue
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
