// NavigationRuntime: the Swift DSL for storyboards, segue components.

extension StoryboardDSL {
    /// A navigation segue (`show`, `presentation`, `push`, `custom`, ...) to a controller.
    public struct SegueTo: StoryboardSceneItemConvertible, Sendable {
        /// The item built.
        public let sceneItem: SceneItem

        /// Creates a navigation segue.
        /// - Parameters:
        ///   - destination: The destination controller's element id.
        ///   - kind: The segue kind.
        ///   - identifier: The storyboard identifier.
        ///   - id: The segue element id (default derived).
        ///   - trigger: The triggering element (default: the controller).
        ///   - customClass: A custom segue class.
        ///   - customModule: Its module.
        ///   - modalPresentationStyle: The presentation style attribute.
        ///   - modalTransitionStyle: The transition style attribute.
        ///   - animates: The animates attribute.
        public init(
            _ destination: String, _ kind: StoryboardSegueKind, identifier: String? = nil, id: String? = nil,
            trigger: StoryboardSegueTrigger? = nil, customClass: String? = nil, customModule: String? = nil,
            modalPresentationStyle: String? = nil, modalTransitionStyle: String? = nil, animates: Bool? = nil
        ) {
            sceneItem = StoryboardDSL.segueItem(id: id, destination: destination, kind: kind, trigger: trigger) {
                $0.identifier = identifier
                $0.customClass = customClass
                $0.customModule = customModule
                $0.modalPresentationStyle = modalPresentationStyle
                $0.modalTransitionStyle = modalTransitionStyle
                $0.animates = animates
            }
        }
    }

    /// A container relationship segue (`rootViewController`, `viewControllers`, ...).
    public struct Relationship: StoryboardSceneItemConvertible, Sendable {
        /// The item built.
        public let sceneItem: SceneItem

        /// Creates a relationship segue.
        /// - Parameters:
        ///   - kind: The relationship.
        ///   - destination: The child's element id.
        ///   - id: The segue element id (default derived).
        public init(_ kind: StoryboardRelationship.Kind, to destination: String, id: String? = nil) {
            sceneItem = StoryboardDSL.segueItem(id: id, destination: destination, kind: .relationship, trigger: nil) {
                $0.relationship = kind.rawValue
            }
        }
    }

    /// An embed segue from a container view.
    public struct Embed: StoryboardSceneItemConvertible, Sendable {
        /// The item built.
        public let sceneItem: SceneItem

        /// Creates an embed segue.
        /// - Parameters:
        ///   - destination: The embedded controller's element id.
        ///   - identifier: The storyboard identifier.
        ///   - id: The segue element id (default derived).
        ///   - containerView: The container view's element id.
        public init(_ destination: String, identifier: String? = nil, id: String? = nil, containerView: String? = nil) {
            sceneItem = StoryboardDSL.segueItem(
                id: id, destination: destination, kind: .embed, trigger: containerView.map { .containerView($0) }
            ) { $0.identifier = identifier }
        }
    }

    /// An unwind segue to an exit, with its action.
    public struct Unwind: StoryboardSceneItemConvertible, Sendable {
        /// The item built.
        public let sceneItem: SceneItem

        /// Creates an unwind segue.
        /// - Parameters:
        ///   - action: The unwind action as Interface Builder writes it (`goBack:`).
        ///   - exit: The exit element's id (see ``Exit``).
        ///   - identifier: The storyboard identifier.
        ///   - id: The segue element id (default derived).
        ///   - trigger: The triggering element (default: the controller).
        ///   - customClass: A custom unwind segue class (iOS 9+): its performer, registered in the
        ///     ``ClassRegistry``, performs the unwind's visual part (R7.7).
        ///   - customModule: Its module.
        ///   - animates: The animates attribute.
        public init(
            _ action: String, exit: String, identifier: String? = nil, id: String? = nil,
            trigger: StoryboardSegueTrigger? = nil, customClass: String? = nil, customModule: String? = nil,
            animates: Bool? = nil
        ) {
            sceneItem = StoryboardDSL.segueItem(id: id, destination: exit, kind: .unwind, trigger: trigger) {
                $0.identifier = identifier
                $0.unwindAction = action
                $0.customClass = customClass
                $0.customModule = customModule
                $0.animates = animates
            }
        }
    }

    /// An `<exit>` object of the scene, the destination of its unwind segues.
    public struct Exit: StoryboardSceneItemConvertible, Sendable {
        /// The item built.
        public let sceneItem: SceneItem

        /// Creates an exit.
        /// - Parameter id: The exit's element id.
        public init(_ id: String) { sceneItem = .exit(id) }
    }
}
