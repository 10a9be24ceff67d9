// NavigationRuntime: storyboard value model.

/// A storyboard reference (`<viewControllerPlaceholder>`): a scene that stands for a
/// controller of another storyboard (or of the same one).
public struct StoryboardReference: Hashable, Sendable, Codable {
    /// The referenced storyboard's name, without `.storyboard`; `nil` means this storyboard.
    public var storyboardName: String?
    /// The referenced controller's storyboard identifier; `nil` means the initial controller.
    public var referencedIdentifier: String?
    /// The bundle identifier, if any (kept, not used for resolution).
    public var bundleIdentifier: String?

    /// Creates a reference.
    /// - Parameters:
    ///   - storyboardName: The referenced storyboard's name; `nil` for this storyboard.
    ///   - referencedIdentifier: The referenced storyboard identifier; `nil` for the initial controller.
    ///   - bundleIdentifier: The bundle identifier.
    public init(storyboardName: String?, referencedIdentifier: String? = nil, bundleIdentifier: String? = nil) {
        self.storyboardName = storyboardName
        self.referencedIdentifier = referencedIdentifier
        self.bundleIdentifier = bundleIdentifier
    }
}
