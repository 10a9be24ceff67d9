// NavigationRuntime: storyboard inspection (`navstress inspect`).

/// What the loader read from a storyboard, in the shape of `navstress inspect --json`.
///
/// Counts follow §11: `view_controllers_by_type` counts scene controllers whose element name
/// ends in `Controller` plus `viewControllerPlaceholder`; `segues_total` and `segues_by_kind`
/// count `<segue>` elements with a kind (back-references are not segues); `relationships`
/// counts relationship segues by their `relationship` attribute; arrays are sorted and
/// de-duplicated; `storyboard_references` counts `<viewControllerPlaceholder>` scenes.
public struct StoryboardInspection: Hashable, Sendable, Codable {
    /// The storyboard's path (empty for storyboards built in Swift).
    public var file: String
    /// The initial controller's element id, if any.
    public var initialViewController: String?
    /// The number of scenes.
    public var scenes: Int
    /// Scene controllers by element name.
    public var viewControllersByType: [String: Int]
    /// The number of segues with a kind.
    public var seguesTotal: Int
    /// Segues by kind.
    public var seguesByKind: [String: Int]
    /// Relationship segues by relationship (`rootViewController`, `viewControllers`, ...).
    public var relationships: [String: Int]
    /// Unwind action names, sorted, de-duplicated.
    public var unwindActions: [String]
    /// Segues carrying a `customClass`, by class.
    public var customSegueClasses: [String: Int]
    /// Controllers' storyboard identifiers, sorted, de-duplicated.
    public var storyboardIdentifiers: [String]
    /// The number of storyboard references.
    public var storyboardReferences: Int

    private enum CodingKeys: String, CodingKey {
        case file, scenes, relationships
        case initialViewController = "initial_view_controller"
        case viewControllersByType = "view_controllers_by_type"
        case seguesTotal = "segues_total"
        case seguesByKind = "segues_by_kind"
        case unwindActions = "unwind_actions"
        case customSegueClasses = "custom_segue_classes"
        case storyboardIdentifiers = "storyboard_identifiers"
        case storyboardReferences = "storyboard_references"
    }

    /// Computes the inspection of a storyboard.
    /// - Parameter storyboard: A loaded or built storyboard.
    public init(_ storyboard: Storyboard) {
        file = storyboard.file ?? ""
        initialViewController = storyboard.initialViewControllerID
        scenes = storyboard.scenes.count
        var byType: [String: Int] = [:]
        var identifiers = Set<String>()
        var references = 0
        for scene in storyboard.scenes {
            if scene.kind.isCountedController { byType[scene.kind.rawValue, default: 0] += 1 }
            for kind in scene.additionalControllerKinds where kind.isCountedController { byType[kind.rawValue, default: 0] += 1 }
            if let identifier = scene.storyboardIdentifier { identifiers.insert(identifier) }
            if scene.kind == .viewControllerPlaceholder { references += 1 }
        }
        var total = 0
        var byKind: [String: Int] = [:]
        var relationships: [String: Int] = [:]
        var actions = Set<String>()
        var customClasses: [String: Int] = [:]
        for scene in storyboard.scenes {
            for segue in scene.segues {
                total += 1
                byKind[segue.kind.rawValue, default: 0] += 1
                if segue.kind == .relationship, let name = segue.relationship { relationships[name, default: 0] += 1 }
                if let action = segue.unwindAction { actions.insert(action) }
                if let customClass = segue.customClass { customClasses[customClass, default: 0] += 1 }
            }
        }
        viewControllersByType = byType
        seguesTotal = total
        seguesByKind = byKind
        self.relationships = relationships
        unwindActions = actions.sorted()
        customSegueClasses = customClasses
        storyboardIdentifiers = identifiers.sorted()
        storyboardReferences = references
    }

    /// Decodes an inspection from its JSON form.
    /// - Parameter decoder: The decoder.
    /// - Throws: A decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        initialViewController = try container.decodeIfPresent(String.self, forKey: .initialViewController)
        scenes = try container.decode(Int.self, forKey: .scenes)
        viewControllersByType = try container.decode([String: Int].self, forKey: .viewControllersByType)
        seguesTotal = try container.decode(Int.self, forKey: .seguesTotal)
        seguesByKind = try container.decode([String: Int].self, forKey: .seguesByKind)
        relationships = try container.decode([String: Int].self, forKey: .relationships)
        unwindActions = try container.decode([String].self, forKey: .unwindActions)
        customSegueClasses = try container.decode([String: Int].self, forKey: .customSegueClasses)
        storyboardIdentifiers = try container.decode([String].self, forKey: .storyboardIdentifiers)
        storyboardReferences = try container.decode(Int.self, forKey: .storyboardReferences)
    }

    /// Encodes every key, `initial_view_controller` as `null` when absent.
    /// - Parameter encoder: The encoder.
    /// - Throws: An encoding error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(initialViewController, forKey: .initialViewController)
        try container.encode(scenes, forKey: .scenes)
        try container.encode(viewControllersByType, forKey: .viewControllersByType)
        try container.encode(seguesTotal, forKey: .seguesTotal)
        try container.encode(seguesByKind, forKey: .seguesByKind)
        try container.encode(relationships, forKey: .relationships)
        try container.encode(unwindActions, forKey: .unwindActions)
        try container.encode(customSegueClasses, forKey: .customSegueClasses)
        try container.encode(storyboardIdentifiers, forKey: .storyboardIdentifiers)
        try container.encode(storyboardReferences, forKey: .storyboardReferences)
    }
}
