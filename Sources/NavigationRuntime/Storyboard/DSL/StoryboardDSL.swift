// NavigationRuntime: the Swift DSL for storyboards.

/// The components of the storyboard DSL (see ``StoryboardBuilder``), in a namespace so they
/// never collide with the runtime's own `Scene` and `Segue`.
///
/// Scenes: ``Controller`` (any kind), ``Navigation``, ``TabBar``, ``Split``, ``Reference``.
/// Scene contents: ``SegueTo``, ``Relationship``, ``Embed``, ``Unwind``, ``Exit``.
/// Ids left out are derived deterministically: scene ids `scene-<controller>`, segue ids
/// `<controller>.segue<n>` (n counts the scene's segues from 0), triggers default to the
/// controller itself (a segue performed from code).
public enum StoryboardDSL {
    /// One part of a scene: a segue (its source is filled in by the scene) or an exit.
    public enum SceneItem: Hashable, Sendable {
        /// A segue; `sourceControllerID`, and `id` or `trigger` when left empty, come from the scene.
        case segue(StoryboardSegue, explicitID: Bool, explicitTrigger: Bool)
        /// An `<exit>` object with its element id.
        case exit(String)
    }

    /// Assembles a scene from its controller fields and items.
    static func makeScene(_ base: StoryboardScene, items: [SceneItem]) -> StoryboardScene {
        var scene = base
        for item in items {
            switch item {
            case .exit(let id):
                scene.exitIDs.append(id)
            case .segue(var segue, let explicitID, let explicitTrigger):
                segue.sourceControllerID = scene.controllerID
                if !explicitID { segue.id = "\(scene.controllerID).segue\(scene.segues.count)" }
                if !explicitTrigger {
                    segue.trigger = StoryboardSegueTrigger(
                        kind: .controller, elementID: scene.controllerID, elementName: scene.kind.rawValue,
                        action: segue.trigger.action)
                }
                scene.segues.append(segue)
            }
        }
        return scene
    }

    /// A segue item with an unset source.
    static func segueItem(
        id: String?, destination: String, kind: StoryboardSegueKind, trigger: StoryboardSegueTrigger?,
        configure: (inout StoryboardSegue) -> Void = { _ in }
    ) -> SceneItem {
        var segue = StoryboardSegue(
            id: id ?? "", sourceControllerID: "", destinationID: destination, kind: kind,
            trigger: trigger ?? StoryboardSegueTrigger(kind: .controller))
        configure(&segue)
        return .segue(segue, explicitID: id != nil, explicitTrigger: trigger != nil)
    }
}

extension StoryboardSegueTrigger {
    /// A button (a control) with the given element id.
    /// - Parameter id: The button's element id.
    /// - Returns: The trigger.
    public static func button(_ id: String) -> Self { Self(kind: .control, elementID: id, elementName: "button") }
    /// A bar button item with the given element id.
    /// - Parameter id: The item's element id.
    /// - Returns: The trigger.
    public static func barButtonItem(_ id: String) -> Self { Self(kind: .barButtonItem, elementID: id, elementName: "barButtonItem") }
    /// A table view cell with the given element id.
    /// - Parameters:
    ///   - id: The cell's element id.
    ///   - action: `accessoryAction` for the accessory, `nil` for selection.
    /// - Returns: The trigger.
    public static func tableViewCell(_ id: String, action: String? = nil) -> Self {
        Self(kind: .tableViewCell, elementID: id, elementName: "tableViewCell", action: action)
    }
    /// A container view with the given element id (embed segues).
    /// - Parameter id: The container view's element id.
    /// - Returns: The trigger.
    public static func containerView(_ id: String) -> Self { Self(kind: .containerView, elementID: id, elementName: "containerView") }
}
