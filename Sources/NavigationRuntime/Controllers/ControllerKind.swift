/// What kind of controller a node of the hierarchy is, as snapshots report it.
///
/// An open set, like ``StoryboardControllerKind``: new container kinds (a page view controller
/// came after the first four) are new static members, not new enum cases, so a `switch` over a
/// kind keeps compiling when one is added (it needs a `default:` branch). A kind decodes from
/// any string; a raw value the runtime does not know behaves as ``content`` (its children are
/// all on screen, in order).
public struct ControllerKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A kind the runtime knows, by number: its name, rules and word are looked up, not stored.
    private enum BuiltIn: UInt8, CaseIterable {
        case content, navigation, tabBar, split, page

        /// The words of the built-in kinds' names, in case order, worked out once.
        static let words: [UInt64] = allCases.map { TreeHasher.word(for: $0.name) }

        var name: String {
            switch self {
            case .content: "content"
            case .navigation: "navigation"
            case .tabBar: "tabBar"
            case .split: "split"
            case .page: "page"
            }
        }

        var semantics: any ContainerSemantics.Type {
            switch self {
            case .content: ContentSemantics.self
            case .navigation: NavigationSemantics.self
            case .tabBar: TabBarSemantics.self
            case .split: SplitSemantics.self
            case .page: PageSemantics.self
            }
        }
    }

    /// A kind the runtime does not know: its name and word, shared by the kind's copies.
    private final class Custom: Sendable {
        let name: String
        let word: UInt64

        init(_ name: String) {
            self.name = name
            self.word = TreeHasher.word(for: name)
        }
    }

    /// A built-in kind by number, else a custom one's name: one word (the case in the
    /// reference's spare bits), so that a node of a snapshot or a tree carries 8 bytes for its
    /// kind, not 40, and copying a built-in kind (almost every one) retains nothing. A kind
    /// used to store its name, rules and word: a copy went through the type's value witness,
    /// and each of a window's snapshot nodes was 32 bytes larger.
    private enum Name: Sendable {
        case builtIn(BuiltIn)
        case custom(Custom)
    }

    private let name: Name

    /// The kind's name, as snapshots encode it (`"navigation"`, `"tabBar"`, ...).
    public var rawValue: String {
        switch name {
        case .builtIn(let kind): kind.name
        case .custom(let custom): custom.name
        }
    }

    /// The container rules of this kind: which children are on screen, which one a path
    /// follows, the unwind search order, show handling (see `ContainerSemantics`). A kind
    /// the runtime does not know has ``content``'s.
    var semantics: any ContainerSemantics.Type {
        switch name {
        case .builtIn(let kind): kind.semantics
        case .custom: ContentSemantics.self
        }
    }

    /// ``TreeHasher/word(for:)`` of ``rawValue``, worked out once per name: what a
    /// ``Window/TreeDigest`` hashes for the kind, instead of its name's bytes.
    var word: UInt64 {
        switch name {
        case .builtIn(let kind): BuiltIn.words[Int(kind.rawValue)]
        case .custom(let custom): custom.word
        }
    }

    /// The kind with this name; one the runtime does not know has ``content``'s rules.
    public init(rawValue: String) {
        if let kind = BuiltIn.allCases.first(where: { $0.name == rawValue }) {
            name = .builtIn(kind)
        } else {
            name = .custom(Custom(rawValue))
        }
    }

    private init(_ kind: BuiltIn) { name = .builtIn(kind) }

    /// A content controller: one screen (it may still embed children).
    public static let content = Self(.content)
    /// A ``NavigationController``: a stack of children.
    public static let navigation = Self(.navigation)
    /// A ``TabBarController``: children, one selected.
    public static let tabBar = Self(.tabBar)
    /// A ``SplitViewController``: primary and secondary columns.
    public static let split = Self(.split)

    /// A ``PageViewController``: the pages shown now (R5.9).
    public static let page = Self(.page)

    /// The kinds the runtime knows.
    static let builtIn: [Self] = BuiltIn.allCases.map(Self.init)

    public var description: String { rawValue }

    /// Equal names. A name the runtime knows is always its built-in case (``init(rawValue:)``
    /// looks it up), so two built-in kinds compare by number and a built-in kind never equals
    /// a custom one: only two custom kinds compare strings.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.name, rhs.name) {
        case (.builtIn(let left), .builtIn(let right)): left == right
        case (.custom(let left), .custom(let right)): left === right || left.name == right.name
        default: false
        }
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
