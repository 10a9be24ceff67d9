// NavigationRuntime: storyboard value model.

/// The element that triggers a segue.
public struct StoryboardSegueTrigger: Hashable, Sendable, Codable {
    /// The kind of the triggering element.
    public var kind: StoryboardTriggerKind
    /// The triggering element's `id` (the controller's id for ``StoryboardTriggerKind/controller``).
    public var elementID: String?
    /// The triggering element's name (`button`, `tableViewCell`, ...).
    public var elementName: String?
    /// The segue's `trigger` attribute, if any (`accessoryAction` for a cell's accessory).
    public var action: String?

    /// Creates a trigger.
    /// - Parameters:
    ///   - kind: The kind of the triggering element.
    ///   - elementID: Its `id`.
    ///   - elementName: Its element name.
    ///   - action: The segue's `trigger` attribute.
    public init(kind: StoryboardTriggerKind, elementID: String? = nil, elementName: String? = nil, action: String? = nil) {
        self.kind = kind
        self.elementID = elementID
        self.elementName = elementName
        self.action = action
    }
}
