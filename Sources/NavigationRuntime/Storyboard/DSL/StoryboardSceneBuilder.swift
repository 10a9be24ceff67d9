// NavigationRuntime: the Swift DSL for storyboards, scene contents.

/// The result builder for a scene's contents: segues and exits, in order.
@resultBuilder
public enum StoryboardSceneBuilder {
    /// One item.
    /// - Parameter item: A segue or exit component.
    /// - Returns: The item as a one-element list.
    public static func buildExpression(_ item: some StoryboardSceneItemConvertible) -> [StoryboardDSL.SceneItem] {
        [item.sceneItem]
    }

    /// Several items.
    /// - Parameter items: Items.
    /// - Returns: The same items.
    public static func buildExpression(_ items: [StoryboardDSL.SceneItem]) -> [StoryboardDSL.SceneItem] { items }

    /// Concatenates the parts in order.
    /// - Parameter parts: The statements' items.
    /// - Returns: All items.
    public static func buildBlock(_ parts: [StoryboardDSL.SceneItem]...) -> [StoryboardDSL.SceneItem] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`.
    /// - Parameter part: The items, if the condition held.
    /// - Returns: The items or none.
    public static func buildOptional(_ part: [StoryboardDSL.SceneItem]?) -> [StoryboardDSL.SceneItem] { part ?? [] }

    /// The first branch of an `if`/`else`.
    /// - Parameter part: The branch's items.
    /// - Returns: The items.
    public static func buildEither(first part: [StoryboardDSL.SceneItem]) -> [StoryboardDSL.SceneItem] { part }

    /// The second branch of an `if`/`else`.
    /// - Parameter part: The branch's items.
    /// - Returns: The items.
    public static func buildEither(second part: [StoryboardDSL.SceneItem]) -> [StoryboardDSL.SceneItem] { part }

    /// A `for` loop.
    /// - Parameter parts: Each iteration's items.
    /// - Returns: All items.
    public static func buildArray(_ parts: [[StoryboardDSL.SceneItem]]) -> [StoryboardDSL.SceneItem] {
        parts.flatMap { $0 }
    }
}
