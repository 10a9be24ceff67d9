/// The rules of a ``TabBarController``: the selected tab is on screen (an excess tab inside the
/// More navigation controller, R5.2), a path follows the selected tab, unwind searches the
/// selected tab first and then the others in order (R7.6, R7.8), and `show` passes up the chain
/// (R2.1).
enum TabBarSemantics: ContainerSemantics {
    static func shows(child index: Int, in layout: ContainerLayout) -> Bool { index == layout.selectedIndex }

    static func followedChild(in layout: ContainerLayout) -> Int? {
        (0..<layout.count).contains(layout.selectedIndex) ? layout.selectedIndex : nil
    }

    static func unwindOrder(in layout: ContainerLayout) -> [Int] {
        let selected = layout.selectedIndex
        let others = (0..<layout.count).filter { $0 != selected }
        return (0..<layout.count).contains(selected) ? [selected] + others : others
    }

    static func overrides(_ action: ShowAction) -> Bool { false }
    static func snapshotSelection(in layout: ContainerLayout) -> Int? { layout.selectedIndex }

    static func collectShownChildren(
        of controller: any ViewController, layer: Int, into set: inout VisibleSet,
        visit: (any ViewController, Int, inout VisibleSet) -> Void
    ) {
        let context = controller.context
        // (Only a tab bar with a More tab pays for the cast.)
        if hasMoreNavigation(context), let tabBar = controller as? TabBarController, let more = tabBar.moreStorage,
            let shown = tabBar.childShownInMore()
        {
            // An excess tab is shown inside the More navigation controller, over its list (R5.2).
            set.append(.init(controller: more, layer: layer, isExit: false))
            visit(shown, layer, &set)
            set.append(.init(controller: more, layer: layer, isExit: true))
        } else if let selected = selectedChild(context) {
            visit(selected, layer, &set)
        }
    }

    /// Whether the tab bar with this context has its More navigation controller among its
    /// children (one child more than the tabs beyond the bar's limit): then an excess tab is
    /// shown inside it, not by the bar itself. Without it, the bar shows ``selectedChild(_:)``.
    static func hasMoreNavigation(_ context: ControllerContext) -> Bool {
        context.children.count > TabBarController.maximumVisibleTabs + 1
    }

    /// The selected child of the tab bar with this context, `nil` for a selection out of range.
    static func selectedChild(_ context: ControllerContext) -> (any ViewController)? {
        context.children.indices.contains(context.selectedIndex) ? context.children[context.selectedIndex] : nil
    }
}

extension TabBarSemantics {
    static func restoredChildren(of node: ControllerSnapshot, isCompact: Bool) -> (
        nodes: ArraySlice<ControllerSnapshot>, holdSecondary: Bool
    ) {
        // A tab bar makes its own More navigation controller (R5.2): not rebuilt.
        (RestorationValidator.moreNavigation(of: node) != nil ? node.children.dropLast() : node.children[...], false)
    }

    static func rebuild(_ rebuild: inout ContainerRebuild) throws(RebuildRefusal) -> any ViewController {
        let tabBar = TabBarController(context: rebuild.context, viewControllers: rebuild.children)
        rebuild.preparations.append(.select(tabBar, rebuild.node.selectedIndex ?? 0))
        return tabBar
    }
}
