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
        /// A split view's supplementary column.
        public static let supplementaryViewController = Self(rawValue: "supplementaryViewController")
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
