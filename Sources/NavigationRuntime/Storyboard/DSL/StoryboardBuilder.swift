// NavigationRuntime: the Swift DSL for storyboards.

/// The result builder behind `Storyboard(initial:) { ... }`: collects scenes in order.
///
/// ```swift
/// let storyboard = Storyboard(initial: "nav") {
///     StoryboardDSL.Navigation("nav", root: "home")
///     StoryboardDSL.Controller("home", class: "HomeViewController") {
///         StoryboardDSL.SegueTo("detail", .show, identifier: "showDetail")
///     }
///     StoryboardDSL.Controller("detail", storyboardIdentifier: "Detail") {
///         StoryboardDSL.Unwind("unwindToHome:", exit: "detail-exit")
///         StoryboardDSL.Exit("detail-exit")
///     }
/// }
/// ```
@resultBuilder
public enum StoryboardBuilder {
    /// One scene.
    /// - Parameter scene: A scene component.
    /// - Returns: The scene as a one-element list.
    public static func buildExpression(_ scene: some StoryboardSceneConvertible) -> [StoryboardScene] {
        [scene.storyboardScene]
    }

    /// Several scenes (e.g. from a helper function).
    /// - Parameter scenes: Scenes.
    /// - Returns: The same scenes.
    public static func buildExpression(_ scenes: [StoryboardScene]) -> [StoryboardScene] { scenes }

    /// Concatenates the parts in order.
    /// - Parameter parts: The statements' scenes.
    /// - Returns: All scenes.
    public static func buildBlock(_ parts: [StoryboardScene]...) -> [StoryboardScene] { parts.flatMap { $0 } }

    /// An `if` without `else`.
    /// - Parameter part: The scenes, if the condition held.
    /// - Returns: The scenes or none.
    public static func buildOptional(_ part: [StoryboardScene]?) -> [StoryboardScene] { part ?? [] }

    /// The first branch of an `if`/`else` or `switch`.
    /// - Parameter part: The branch's scenes.
    /// - Returns: The scenes.
    public static func buildEither(first part: [StoryboardScene]) -> [StoryboardScene] { part }

    /// The second branch of an `if`/`else` or `switch`.
    /// - Parameter part: The branch's scenes.
    /// - Returns: The scenes.
    public static func buildEither(second part: [StoryboardScene]) -> [StoryboardScene] { part }

    /// A `for` loop.
    /// - Parameter parts: Each iteration's scenes.
    /// - Returns: All scenes.
    public static func buildArray(_ parts: [[StoryboardScene]]) -> [StoryboardScene] { parts.flatMap { $0 } }
}

extension Storyboard {
    /// Builds a storyboard in Swift.
    /// - Parameters:
    ///   - file: A file name to report, if any.
    ///   - initial: The initial controller's element id.
    ///   - scenes: The scenes, written with ``StoryboardDSL`` components.
    public init(file: String? = nil, initial: String?, @StoryboardBuilder scenes: () -> [StoryboardScene]) {
        self.init(file: file, initialViewControllerID: initial, scenes: scenes())
    }
}
