// NavigationRuntime: storyboard value model.

/// One scene of a storyboard: its controller and every segue that starts in it.
public struct StoryboardScene: Hashable, Sendable, Codable {
    /// The `<scene>` element's `sceneID`.
    public var sceneID: String
    /// The scene controller's element `id`: the key segues use.
    public var controllerID: String
    /// The controller's kind (its element name).
    public var kind: StoryboardControllerKind
    /// The controller's `storyboardIdentifier`, if any.
    public var storyboardIdentifier: String?
    /// The controller's `customClass`, if any.
    public var customClass: String?
    /// The controller's `customModule`, if any.
    public var customModule: String?
    /// The controller's `customModuleProvider` (`target`: the class is in whichever target
    /// builds the storyboard, whatever ``customModule`` says), if any.
    public var customModuleProvider: String?
    /// The reference, when the controller is a `viewControllerPlaceholder`.
    public var reference: StoryboardReference?
    /// The segues of this scene (containment, navigation and unwind), in document order.
    public var segues: [StoryboardSegue]
    /// The element ids of the scene's `<exit>` objects (unwind segues point at them).
    public var exitIDs: [String]
    /// Other top-level objects of the scene whose element name ends in `Controller` (a legacy
    /// `searchDisplayController`, ...): counted by ``StoryboardInspection``, never instantiated.
    public var additionalControllerKinds: [StoryboardControllerKind]
    /// A `<pageViewController>`'s style (R5.13), `nil` for any other controller.
    public var pageStyle: StoryboardPageStyle?
    /// Where the `<scene>` element starts; `nil` for scenes built in Swift.
    public var location: StoryboardSourceLocation?
    /// Where the controller element starts; `nil` for scenes built in Swift.
    public var controllerLocation: StoryboardSourceLocation?

    /// Creates a scene.
    /// - Parameters:
    ///   - sceneID: The scene id; defaults to `"scene-" + controllerID`.
    ///   - controllerID: The controller's element id.
    ///   - kind: The controller kind.
    ///   - storyboardIdentifier: The storyboard identifier.
    ///   - customClass: The custom class.
    ///   - customModule: The custom class's module.
    ///   - customModuleProvider: The `customModuleProvider` attribute (`target`).
    ///   - reference: The reference, for placeholders.
    ///   - segues: The scene's segues, in order.
    ///   - exitIDs: The scene's exit element ids.
    ///   - additionalControllerKinds: Other controller-named objects of the scene.
    ///   - location: The scene element's location.
    ///   - controllerLocation: The controller element's location.
    ///   - pageStyle: A page view controller's style.
    public init(
        sceneID: String? = nil,
        controllerID: String,
        kind: StoryboardControllerKind,
        storyboardIdentifier: String? = nil,
        customClass: String? = nil,
        customModule: String? = nil,
        customModuleProvider: String? = nil,
        reference: StoryboardReference? = nil,
        segues: [StoryboardSegue] = [],
        exitIDs: [String] = [],
        additionalControllerKinds: [StoryboardControllerKind] = [],
        location: StoryboardSourceLocation? = nil,
        controllerLocation: StoryboardSourceLocation? = nil,
        pageStyle: StoryboardPageStyle? = nil
    ) {
        self.pageStyle = pageStyle
        self.sceneID = sceneID ?? "scene-" + controllerID
        self.controllerID = controllerID
        self.kind = kind
        self.storyboardIdentifier = storyboardIdentifier
        self.customClass = customClass
        self.customModule = customModule
        self.customModuleProvider = customModuleProvider
        self.reference = reference
        self.segues = segues
        self.exitIDs = exitIDs
        self.additionalControllerKinds = additionalControllerKinds
        self.location = location
        self.controllerLocation = controllerLocation
    }

    /// The container relationships (relationship and embed segues), in document order.
    public var relationships: [StoryboardRelationship] {
        segues.compactMap { segue in
            if segue.kind == .embed {
                return StoryboardRelationship(kind: .embed, destinationID: segue.destinationID, segueID: segue.id)
            }
            guard segue.kind == .relationship, let name = segue.relationship else { return nil }
            return StoryboardRelationship(kind: .init(rawValue: name), destinationID: segue.destinationID, segueID: segue.id)
        }
    }

    /// The class a scene's controller is: its custom class, else UIKit's for its kind
    /// (``StoryboardControllerKind/uiKitClassName``).
    package var className: String { customClass ?? kind.uiKitClassName }

    /// A label for diagnostics and graphs: the custom class, else the kind, plus the identifier.
    public var displayName: String {
        let base = customClass ?? kind.rawValue
        if let storyboardIdentifier { return "\(base) '\(storyboardIdentifier)'" }
        return base
    }
}
