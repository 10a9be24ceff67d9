// NavigationRuntime: the Swift DSL for storyboards, scene contents.

/// A value that stands for part of a scene (a segue or an exit) in the DSL.
public protocol StoryboardSceneItemConvertible {
    /// The item.
    var sceneItem: StoryboardDSL.SceneItem { get }
}
