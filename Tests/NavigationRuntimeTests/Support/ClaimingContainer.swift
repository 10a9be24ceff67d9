import NavigationRuntime

/// A custom container that takes its children at init, as UIKit's `addChild` in `init` does
/// (`ControllerContext.claim(_:for:)`): the runtime names it weakly to its children.
actor ClaimingContainer: ViewController {
    nonisolated let context: ControllerContext
    nonisolated let initialChildren: [any ViewController]

    init(context: ControllerContext, children: [any ViewController]) {
        self.context = context
        self.initialChildren = children
        context.claim(children, for: self)
    }
}
