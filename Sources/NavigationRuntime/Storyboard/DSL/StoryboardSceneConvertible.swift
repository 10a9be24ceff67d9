// NavigationRuntime: the Swift DSL for storyboards.

/// A value that stands for one storyboard scene in the ``StoryboardBuilder`` DSL.
public protocol StoryboardSceneConvertible {
    /// The scene.
    var storyboardScene: StoryboardScene { get }
}

extension StoryboardScene: StoryboardSceneConvertible {
    /// The scene itself.
    public var storyboardScene: StoryboardScene { self }
}
