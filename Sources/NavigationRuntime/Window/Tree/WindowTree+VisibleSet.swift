// Which controllers of a window's tree are on screen: the walk that builds a `VisibleSet`.

extension WindowTree {
    /// The controllers on screen now.
    func visibleSet() -> VisibleSet {
        var set = VisibleSet()
        // Enough for a tab bar, a navigation stack and its top without growing; not kept
        // between transitions (an idle window holds no scratch storage).
        set.steps.reserveCapacity(8)
        if let root { collectVisible(root, layer: 0, into: &set) }
        return set
    }

    private func collectVisible(_ controller: any ViewController, layer: Int, into set: inout VisibleSet) {
        let context = controller.context
        let covered = context.presented?.context.presentationStyle?.removesPresenterViews ?? false
        if !covered {
            set.steps.append(.init(controller: controller, layer: layer, isExit: false))
            controller.kind.semantics.collectShownChildren(of: controller, layer: layer, into: &set) {
                collectVisible($0, layer: $1, into: &$2)
            }
            set.steps.append(.init(controller: controller, layer: layer, isExit: true))
        }
        if let presented = context.presented { collectVisible(presented, layer: layer + 1, into: &set) }
    }
}
