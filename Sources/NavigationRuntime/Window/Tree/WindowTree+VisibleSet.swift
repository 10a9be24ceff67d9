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
            switch controller.kind {
            case .navigation:
                if let top = context.children.last { collectVisible(top, layer: layer, into: &set) }
            case .tabBar:
                // (Only a tab bar with a More tab, one more child than tabs beyond the bar's
                // limit, pays for the cast.)
                if context.children.count > TabBarController.maximumVisibleTabs + 1,
                    let tabBar = controller as? TabBarController, let more = tabBar.moreStorage,
                    let shown = tabBar.childShownInMore()
                {
                    // An excess tab is shown inside the More navigation controller, over its
                    // list (R5.2).
                    set.steps.append(.init(controller: more, layer: layer, isExit: false))
                    collectVisible(shown, layer: layer, into: &set)
                    set.steps.append(.init(controller: more, layer: layer, isExit: true))
                } else if context.children.indices.contains(context.selectedIndex) {
                    collectVisible(context.children[context.selectedIndex], layer: layer, into: &set)
                }
            case .split where context.splitColumns != nil:
                // Column-style (R5.7): collapsed, the top column; expanded, all but compact.
                let columns = context.splitColumns ?? []
                for (index, child) in context.children.enumerated() {
                    let column = columns.indices.contains(index) ? columns[index] : .compact
                    let shown = context.isCollapsed ? index == context.selectedIndex : column != .compact
                    if shown { collectVisible(child, layer: layer, into: &set) }
                }
            case .split where context.isCollapsed:
                if let primary = context.children.first { collectVisible(primary, layer: layer, into: &set) }
            case .content where !controller.shouldAutomaticallyForwardAppearanceMethods:
                break  // the container drives its children's appearance itself (R6.12)
            case .split, .content:
                for child in context.children { collectVisible(child, layer: layer, into: &set) }
            }
            set.steps.append(.init(controller: controller, layer: layer, isExit: true))
        }
        if let presented = context.presented { collectVisible(presented, layer: layer + 1, into: &set) }
    }
}
