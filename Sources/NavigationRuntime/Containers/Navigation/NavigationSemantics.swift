/// The rules of a ``NavigationController``: only the top of the stack is on screen (R4.1), a
/// path follows the top, unwind searches the stack from the top down (R7.6), and it handles
/// `show` by pushing (R2.1) but not `showDetail` (R2.4).
enum NavigationSemantics: ContainerSemantics {
    static func shows(child index: Int, in layout: ContainerLayout) -> Bool { index == layout.count - 1 }
    static func followedChild(in layout: ContainerLayout) -> Int? { layout.count > 0 ? layout.count - 1 : nil }
    static func unwindOrder(in layout: ContainerLayout) -> [Int] { Array((0..<layout.count).reversed()) }
    static func overrides(_ action: ShowAction) -> Bool { action == .show }

    static func collectShownChildren(
        of controller: any ViewController, layer: Int, into set: inout VisibleSet,
        visit: (any ViewController, Int, inout VisibleSet) -> Void
    ) {
        if let top = controller.context.children.last { visit(top, layer, &set) }
    }
}

extension NavigationSemantics {
    static func rebuild(_ rebuild: inout ContainerRebuild) throws(RebuildRefusal) -> any ViewController {
        guard rebuild.holdsSecondary, rebuild.children.count >= 2 else {
            return NavigationController(context: rebuild.context, viewControllers: rebuild.children)
        }
        // The top of a collapsed split's navigation primary goes back to the secondary column
        // (the expansion's default, R5.6); the window collapses the split again.
        rebuild.secondary = rebuild.children.last
        return NavigationController(context: rebuild.context, viewControllers: Array(rebuild.children.dropLast()))
    }
}
