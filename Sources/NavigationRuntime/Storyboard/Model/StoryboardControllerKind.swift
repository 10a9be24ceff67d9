// NavigationRuntime: storyboard value model.

/// The kind of a scene's controller: the Interface Builder element name
/// (`viewController`, `navigationController`, `viewControllerPlaceholder`, ...).
///
/// An open set: an element name the runtime does not know is kept verbatim, so that any
/// real storyboard loads.
public struct StoryboardControllerKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The element name as Interface Builder writes it.
    public var rawValue: String

    /// Creates a kind from an element name.
    /// - Parameter rawValue: The element name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a kind from an element name.
    /// - Parameter rawValue: The element name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A plain content controller (`<viewController>`).
    public static let viewController = Self("viewController")
    /// A navigation controller (`<navigationController>`).
    public static let navigationController = Self("navigationController")
    /// A tab bar controller (`<tabBarController>`).
    public static let tabBarController = Self("tabBarController")
    /// A split view controller (`<splitViewController>`).
    public static let splitViewController = Self("splitViewController")
    /// A table view controller (`<tableViewController>`).
    public static let tableViewController = Self("tableViewController")
    /// A collection view controller (`<collectionViewController>`).
    public static let collectionViewController = Self("collectionViewController")
    /// A page view controller (`<pageViewController>`).
    public static let pageViewController = Self("pageViewController")
    /// A SwiftUI hosting controller (`<hostingController>`).
    public static let hostingController = Self("hostingController")
    /// A storyboard reference (`<viewControllerPlaceholder>`).
    public static let viewControllerPlaceholder = Self("viewControllerPlaceholder")

    /// Whether this kind holds child controllers through relationship segues.
    public var isContainer: Bool {
        self == .navigationController || self == .tabBarController || self == .splitViewController
            || self == .pageViewController
    }

    /// Whether §11 of the design counts this kind in `view_controllers_by_type`:
    /// element names ending in `Controller`, plus `viewControllerPlaceholder`.
    public var isCountedController: Bool {
        rawValue.hasSuffix("Controller") || self == .viewControllerPlaceholder
    }

    /// The element name.
    public var description: String { rawValue }
}
