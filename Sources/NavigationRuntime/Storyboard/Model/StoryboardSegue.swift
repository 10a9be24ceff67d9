// NavigationRuntime: storyboard value model.

/// A `<segue>` element with a `kind`: navigation, containment (relationship, embed) or unwind.
///
/// `<segue reference="..."/>` back-references carry no kind and are not segues.
public struct StoryboardSegue: Hashable, Sendable, Codable {
    /// The segue element's `id`.
    public var id: String
    /// The segue's storyboard `identifier` (what `performSegue(withIdentifier:)` names), if any.
    public var identifier: String?
    /// The element id of the controller of the scene that holds the segue.
    public var sourceControllerID: String
    /// The `destination` element id: a controller, or an `<exit>` for unwind segues.
    public var destinationID: String
    /// The `kind` attribute.
    public var kind: StoryboardSegueKind
    /// The `relationship` attribute of relationship segues (`rootViewController`, ...).
    public var relationship: String?
    /// The `unwindAction` attribute of unwind segues, as Interface Builder writes it (`goBack:`).
    public var unwindAction: String?
    /// The `customClass` attribute (a `UIStoryboardSegue` subclass), if any.
    public var customClass: String?
    /// The `customModule` attribute, if any.
    public var customModule: String?
    /// The `customModuleProvider` attribute (`target`: the class is in whichever target builds
    /// the storyboard, whatever ``customModule`` says), if any.
    public var customModuleProvider: String?
    /// The `modalPresentationStyle` attribute, if any.
    public var modalPresentationStyle: String?
    /// The `modalTransitionStyle` attribute, if any.
    public var modalTransitionStyle: String?
    /// The `animates` attribute (`NO` → `false`); `nil` when absent.
    public var animates: Bool?
    /// The element that triggers the segue.
    public var trigger: StoryboardSegueTrigger
    /// Where the `<segue>` element starts; `nil` for segues built in Swift.
    public var location: StoryboardSourceLocation?

    /// Creates a segue.
    /// - Parameters:
    ///   - id: The element id.
    ///   - identifier: The storyboard identifier.
    ///   - sourceControllerID: The source controller's element id.
    ///   - destinationID: The destination element id.
    ///   - kind: The segue kind.
    ///   - relationship: The relationship attribute (relationship segues).
    ///   - unwindAction: The unwind action (unwind segues).
    ///   - customClass: The custom segue class.
    ///   - customModule: The custom segue class's module.
    ///   - customModuleProvider: The `customModuleProvider` attribute (`target`).
    ///   - modalPresentationStyle: The modal presentation style attribute.
    ///   - modalTransitionStyle: The modal transition style attribute.
    ///   - animates: The animates attribute.
    ///   - trigger: The triggering element.
    ///   - location: The source location.
    public init(
        id: String,
        identifier: String? = nil,
        sourceControllerID: String,
        destinationID: String,
        kind: StoryboardSegueKind,
        relationship: String? = nil,
        unwindAction: String? = nil,
        customClass: String? = nil,
        customModule: String? = nil,
        customModuleProvider: String? = nil,
        modalPresentationStyle: String? = nil,
        modalTransitionStyle: String? = nil,
        animates: Bool? = nil,
        trigger: StoryboardSegueTrigger,
        location: StoryboardSourceLocation? = nil
    ) {
        self.id = id
        self.identifier = identifier
        self.sourceControllerID = sourceControllerID
        self.destinationID = destinationID
        self.kind = kind
        self.relationship = relationship
        self.unwindAction = unwindAction
        self.customClass = customClass
        self.customModule = customModule
        self.customModuleProvider = customModuleProvider
        self.modalPresentationStyle = modalPresentationStyle
        self.modalTransitionStyle = modalTransitionStyle
        self.animates = animates
        self.trigger = trigger
        self.location = location
    }
}
