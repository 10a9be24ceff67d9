// NavigationRuntime: storyboard value model.

/// A container relationship of a scene: a `relationship` segue (root, tabs, split columns)
/// or an `embed` segue (a container view's child).
public struct StoryboardRelationship: Hashable, Sendable, Codable {
    /// The kind of a relationship: the `relationship` attribute, or `embed`.
    public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The attribute value.
        public var rawValue: String
        /// Creates a kind from its attribute value.
        /// - Parameter rawValue: The attribute value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A navigation controller's root.
        public static let rootViewController = Self(rawValue: "rootViewController")
        /// One of a tab bar (or page) controller's children.
        public static let viewControllers = Self(rawValue: "viewControllers")
        /// A split view's primary column.
        public static let masterViewController = Self(rawValue: "masterViewController")
        /// A split view's secondary column.
        public static let detailViewController = Self(rawValue: "detailViewController")
        /// A split view's supplementary column (iOS 14 triple-column style). The runtime's split
        /// has no supplementary column: the relationship's controller is not instantiated, and
        /// ``StoryboardLint`` warns (`unsupported-relationship`).
        public static let supplementaryViewController = Self(rawValue: "supplementaryViewController")
        /// A column-style split view's compact column (iOS 14, R5.7): the controller shown
        /// instead of the others while the split is collapsed. A split scene with this
        /// relationship is loaded as a column-style ``SplitViewController``.
        ///
        /// DEC: Apple does not document the storyboard XML of the column styles. The name is
        /// the one Interface Builder writes, as a user porting an iOS 14 split reported it
        /// (`<segue kind="relationship" relationship="compactViewController">` in a
        /// `<splitViewController allowDoubleColumnStyle="YES">`); the column-style choice rests
        /// on this relationship alone, because it exists only in that style.
        public static let compactViewController = Self(rawValue: "compactViewController")
        /// A container view's embedded child.
        public static let embed = Self(rawValue: "embed")
        /// The attribute value.
        public var description: String { rawValue }
    }

    /// The relationship kind.
    public var kind: Kind
    /// The child controller's element id.
    public var destinationID: String
    /// The element id of the segue that declares the relationship.
    public var segueID: String

    /// Creates a relationship.
    /// - Parameters:
    ///   - kind: The relationship kind.
    ///   - destinationID: The child's element id.
    ///   - segueID: The declaring segue's element id.
    public init(kind: Kind, destinationID: String, segueID: String) {
        self.kind = kind
        self.destinationID = destinationID
        self.segueID = segueID
    }
}
