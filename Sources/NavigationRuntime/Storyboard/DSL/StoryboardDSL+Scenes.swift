// NavigationRuntime: the Swift DSL for storyboards, scene components.

extension StoryboardDSL {
    /// A scene with a controller of any kind (default `viewController`).
    public struct Controller: StoryboardSceneConvertible, Sendable {
        /// The scene built.
        public let storyboardScene: StoryboardScene

        /// Creates a controller scene.
        /// - Parameters:
        ///   - id: The controller's element id.
        ///   - kind: The controller kind.
        ///   - sceneID: The scene id (default `scene-<id>`).
        ///   - customClass: The custom class.
        ///   - module: The custom class's module.
        ///   - moduleProvider: The `customModuleProvider` (`"target"`: Interface Builder's
        ///     "Inherit Module From Target").
        ///   - storyboardIdentifier: The storyboard identifier.
        ///   - items: Segues and exits, in order.
        public init(
            _ id: String, kind: StoryboardControllerKind = .viewController, sceneID: String? = nil,
            class customClass: String? = nil, module: String? = nil, moduleProvider: String? = nil,
            storyboardIdentifier: String? = nil,
            @StoryboardSceneBuilder _ items: () -> [SceneItem] = { [] }
        ) {
            storyboardScene = StoryboardDSL.makeScene(
                StoryboardScene(
                    sceneID: sceneID, controllerID: id, kind: kind, storyboardIdentifier: storyboardIdentifier,
                    customClass: customClass, customModule: module, customModuleProvider: moduleProvider),
                items: items())
        }
    }

    /// A navigation controller scene with its root.
    public struct Navigation: StoryboardSceneConvertible, Sendable {
        /// The scene built.
        public let storyboardScene: StoryboardScene

        /// Creates a navigation controller scene.
        /// - Parameters:
        ///   - id: The controller's element id.
        ///   - root: The root controller's element id.
        ///   - rootSegueID: The relationship segue's id (default derived).
        ///   - sceneID: The scene id.
        ///   - customClass: The custom class.
        ///   - module: The module.
        ///   - storyboardIdentifier: The storyboard identifier.
        ///   - items: Further segues and exits.
        public init(
            _ id: String, root: String, rootSegueID: String? = nil, sceneID: String? = nil,
            class customClass: String? = nil, module: String? = nil, storyboardIdentifier: String? = nil,
            @StoryboardSceneBuilder _ items: () -> [SceneItem] = { [] }
        ) {
            let rootItem = Relationship(.rootViewController, to: root, id: rootSegueID).sceneItem
            storyboardScene = Controller(
                id, kind: .navigationController, sceneID: sceneID, class: customClass, module: module,
                storyboardIdentifier: storyboardIdentifier
            ) { [rootItem] + items() }.storyboardScene
        }
    }

    /// A tab bar controller scene with its tabs, in order.
    public struct TabBar: StoryboardSceneConvertible, Sendable {
        /// The scene built.
        public let storyboardScene: StoryboardScene

        /// Creates a tab bar controller scene.
        /// - Parameters:
        ///   - id: The controller's element id.
        ///   - tabs: The children's element ids, in tab order.
        ///   - sceneID: The scene id.
        ///   - customClass: The custom class.
        ///   - storyboardIdentifier: The storyboard identifier.
        public init(
            _ id: String, tabs: [String], sceneID: String? = nil, class customClass: String? = nil,
            storyboardIdentifier: String? = nil
        ) {
            storyboardScene = Controller(
                id, kind: .tabBarController, sceneID: sceneID, class: customClass, storyboardIdentifier: storyboardIdentifier
            ) { tabs.map { Relationship(.viewControllers, to: $0).sceneItem } }.storyboardScene
        }
    }

    /// A split view controller scene with its primary and secondary columns.
    public struct Split: StoryboardSceneConvertible, Sendable {
        /// The scene built.
        public let storyboardScene: StoryboardScene

        /// Creates a split view controller scene.
        /// - Parameters:
        ///   - id: The controller's element id.
        ///   - master: The primary column's element id.
        ///   - detail: The secondary column's element id.
        ///   - sceneID: The scene id.
        ///   - storyboardIdentifier: The storyboard identifier.
        public init(_ id: String, master: String, detail: String, sceneID: String? = nil, storyboardIdentifier: String? = nil) {
            storyboardScene = Controller(
                id, kind: .splitViewController, sceneID: sceneID, storyboardIdentifier: storyboardIdentifier
            ) {
                Relationship(.masterViewController, to: master)
                Relationship(.detailViewController, to: detail)
            }.storyboardScene
        }
    }

    /// A storyboard reference scene (`viewControllerPlaceholder`).
    public struct Reference: StoryboardSceneConvertible, Sendable {
        /// The scene built.
        public let storyboardScene: StoryboardScene

        /// Creates a reference scene.
        /// - Parameters:
        ///   - id: The placeholder's element id.
        ///   - storyboard: The referenced storyboard's name (`nil`: this storyboard).
        ///   - identifier: The referenced storyboard identifier (`nil`: the initial controller).
        ///   - sceneID: The scene id.
        public init(_ id: String, storyboard: String?, identifier: String? = nil, sceneID: String? = nil) {
            storyboardScene = StoryboardScene(
                sceneID: sceneID, controllerID: id, kind: .viewControllerPlaceholder,
                reference: StoryboardReference(storyboardName: storyboard, referencedIdentifier: identifier))
        }
    }
}
