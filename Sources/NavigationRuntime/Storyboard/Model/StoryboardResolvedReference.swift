// NavigationRuntime: storyboard value model.

/// Where a storyboard reference leads once resolved against its folder.
public struct StoryboardResolvedReference: Hashable, Sendable, Codable {
    /// The placeholder controller's element id in the referring storyboard.
    public var placeholderID: String
    /// The path of the storyboard file that holds the target (the referring file itself
    /// when the reference names no storyboard).
    public var file: String
    /// The target controller's element id in that file.
    public var controllerID: String

    /// Creates a resolved reference.
    /// - Parameters:
    ///   - placeholderID: The placeholder's element id.
    ///   - file: The target storyboard's path.
    ///   - controllerID: The target controller's element id.
    public init(placeholderID: String, file: String, controllerID: String) {
        self.placeholderID = placeholderID
        self.file = file
        self.controllerID = controllerID
    }
}
