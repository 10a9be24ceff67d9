// NavigationRuntime: storyboard value model.

/// A storyboard as a value: scenes, their segues, exits and references, and the initial
/// controller.
///
/// Built from Interface Builder XML with ``StoryboardLoader`` or in Swift with the
/// ``StoryboardBuilder`` DSL. Compare a loaded value with a built one through
/// ``withoutSourceLocations()``.
public struct Storyboard: Hashable, Sendable, Codable {
    /// The path of the file it was loaded from; `nil` for storyboards built in Swift.
    public var file: String?
    /// The `initialViewController` attribute: the element id of the initial controller.
    public var initialViewControllerID: String?
    /// The scenes, in document order.
    public var scenes: [StoryboardScene]

    /// Creates a storyboard.
    /// - Parameters:
    ///   - file: The source path, if any.
    ///   - initialViewControllerID: The initial controller's element id.
    ///   - scenes: The scenes, in order.
    public init(file: String? = nil, initialViewControllerID: String? = nil, scenes: [StoryboardScene]) {
        self.file = file
        self.initialViewControllerID = initialViewControllerID
        self.scenes = scenes
    }

    /// Every segue of every scene, in document order.
    public var segues: [StoryboardSegue] { scenes.flatMap(\.segues) }

    /// The exits: every unwind segue, in document order.
    public var unwindSegues: [StoryboardSegue] { segues.filter { $0.kind == .unwind } }

    /// The unwind action names, sorted and de-duplicated.
    public var unwindActions: [String] { Array(Set(unwindSegues.compactMap(\.unwindAction))).sorted() }

    /// The storyboard references (`viewControllerPlaceholder` scenes), in document order.
    public var references: [StoryboardScene] { scenes.filter { $0.reference != nil } }

    /// The scene whose controller has the given element id.
    /// - Parameter controllerID: A controller's element id.
    /// - Returns: The scene, or `nil`.
    public func scene(controllerID: String) -> StoryboardScene? {
        scenes.first { $0.controllerID == controllerID }
    }

    /// The scene whose controller has the given storyboard identifier.
    /// - Parameter storyboardIdentifier: A storyboard identifier.
    /// - Returns: The first such scene, or `nil`.
    public func scene(storyboardIdentifier: String) -> StoryboardScene? {
        scenes.first { $0.storyboardIdentifier == storyboardIdentifier }
    }

    /// The initial scene, if the storyboard names one that exists.
    public var initialScene: StoryboardScene? { initialViewControllerID.flatMap { scene(controllerID: $0) } }

    /// A copy with no file and no source locations: the normalized form to compare a loaded
    /// storyboard with one built in Swift.
    /// - Returns: The normalized copy.
    public func withoutSourceLocations() -> Storyboard {
        var copy = self
        copy.file = nil
        for sceneIndex in copy.scenes.indices {
            copy.scenes[sceneIndex].location = nil
            copy.scenes[sceneIndex].controllerLocation = nil
            for segueIndex in copy.scenes[sceneIndex].segues.indices {
                copy.scenes[sceneIndex].segues[segueIndex].location = nil
            }
        }
        return copy
    }

    /// Whether two storyboards are equal apart from file and source locations.
    /// - Parameter other: The other storyboard.
    /// - Returns: `true` when their normalized forms are equal.
    public func isEquivalent(to other: Storyboard) -> Bool {
        withoutSourceLocations() == other.withoutSourceLocations()
    }
}
