/// The rules of a content controller and of a custom container built on one (R6.12, R2.2):
/// every child is on screen with it, in order, and it is a leaf for a path through the visible
/// hierarchy. A custom container that does not forward appearance
/// (``ViewController/shouldAutomaticallyForwardAppearanceMethods`` `false`) drives its
/// children's appearance itself, so the runtime puts none of them in the visible set.
enum ContentSemantics: ContainerSemantics {
    static func shows(child index: Int, in layout: ContainerLayout) -> Bool { true }
    static func followedChild(in layout: ContainerLayout) -> Int? { nil }
    static func unwindOrder(in layout: ContainerLayout) -> [Int] { Array(0..<layout.count) }
    static func overrides(_ action: ShowAction) -> Bool { false }

    static func routesShowThroughUserCode(_ node: any ViewController) -> Bool {
        node.receivesCallbacks && (node.overrides(.show) || node.overrides(.showDetail))
    }

    static func collectShownChildren(
        of controller: any ViewController, layer: Int, into set: inout VisibleSet,
        visit: (any ViewController, Int, inout VisibleSet) -> Void
    ) {
        // The container drives its children's appearance itself (R6.12).
        guard controller.shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in controller.context.children { visit(child, layer, &set) }
    }
}

extension ContentSemantics {
    /// A content controller comes from its scene's factory (see `Window.buildRestoration`); a
    /// container kind the runtime does not know has these rules and cannot be rebuilt.
    static func rebuild(_ rebuild: inout ContainerRebuild) throws(RebuildRefusal) -> any ViewController {
        throw RebuildRefusal(.unknownKind(rebuild.node.kind))
    }
}
