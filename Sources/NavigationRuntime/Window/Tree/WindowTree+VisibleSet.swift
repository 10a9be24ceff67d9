// Which controllers of a window's tree are on screen: the walk that builds a `VisibleSet`.

extension WindowTree {
    /// The controllers on screen now.
    func visibleSet() -> VisibleSet {
        var set = VisibleSet()
        // Enough for a tab bar, a navigation stack and its top without growing; not kept
        // between transitions (an idle window holds no scratch storage).
        set.reserveCapacity(8)
        if let root { collectVisible(root, layer: 0, into: &set) }
        return set
    }

    private func collectVisible(_ controller: any ViewController, layer: Int, into set: inout VisibleSet) {
        let context = controller.context
        let covered = context.presented?.context.presentationStyle?.removesPresenterViews ?? false
        if !covered {
            // A controller with no children shows none, whatever its kind (every container's
            // shown children are among its children): no need to ask its semantics.
            if context.children.isEmpty {
                set.appendLeaf(controller, layer: layer)
            } else {
                set.append(.init(controller: controller, layer: layer, isExit: false))
                controller.kind.semantics.collectShownChildren(of: controller, layer: layer, into: &set) {
                    collectVisible($0, layer: $1, into: &$2)
                }
                set.append(.init(controller: controller, layer: layer, isExit: true))
            }
        }
        if let presented = context.presented { collectVisible(presented, layer: layer + 1, into: &set) }
    }

    /// Applies `change` (see ``apply(_:)``) and returns it with the visible sets before and
    /// after it, or with what stands for them: only their difference counts (who appears and
    /// who disappears, in callback order), and the transition reads nothing else from them.
    ///
    /// A change that names the controllers it takes off and puts on screen (a push, a pop or a
    /// new stack of a navigation controller that is on screen) walks only those two subtrees:
    /// the old top's and the new top's. That is exact: in the whole walk, a controller's
    /// subtree (its shown children and its presentations) is one contiguous run of steps, the
    /// rest of the walk is the same before and after (nothing outside the navigation
    /// controller's top changes), and the two subtrees have no controller in common unless
    /// the top stays (then both runs are the same and nothing differs). Layers are relative
    /// (only their order counts, R6.7), so both runs start at layer 0.
    func applyNotingVisibility(_ change: Change) -> (before: VisibleSet, applied: AppliedChange, after: VisibleSet) {
        let navigation: NavigationController
        switch change {
        case .navigation(.push(let owner, _)), .navigation(.pop(let owner, _)), .navigation(.setStack(let owner, _)):
            navigation = owner
        default:
            let before = visibleSet()
            let applied = apply(change)
            return (before, applied, visibleSet())
        }
        guard isOnScreen(navigation) else {
            let before = visibleSet()
            let applied = apply(change)
            return (before, applied, visibleSet())
        }
        // A content top's walk is that controller alone, kept without an array (`VisibleSet.leaf`).
        var before = VisibleSet()
        if let top = navigation.context.children.last { collectVisible(top, layer: 0, into: &before) }
        let applied = apply(change)
        var after = VisibleSet()
        if let top = navigation.context.children.last { collectVisible(top, layer: 0, into: &after) }
        return (before, applied, after)
    }

    /// Whether ``visibleSet()`` holds `controller`, worked out by walking up from it instead of
    /// down from the root. Conservative: a walk through a container whose shown children are
    /// not plainly a navigation stack's top, a tab bar's selected tab (no More tab) or every
    /// child of a content controller that forwards appearance answers `false`, and the caller
    /// then computes the whole set.
    private func isOnScreen(_ controller: any ViewController) -> Bool {
        isOnScreen(controller, coverCounts: true)
    }

    // Recursive rather than a loop over a `var`: the controller asked about is passed on
    // borrowed, not copied into a variable (one retain and release fewer on every push).
    private func isOnScreen(_ current: any ViewController, coverCounts: Bool) -> Bool {
        // A controller reached as presented is on screen whether or not its presenter is
        // covered (the walk goes on to a covered controller's presentations).
        let context = current.context
        if coverCounts, context.presented?.context.presentationStyle?.removesPresenterViews ?? false { return false }
        if let parent = context.parent {
            let siblings = parent.context.children
            let semantics = ObjectIdentifier(parent.kind.semantics)
            if semantics == ObjectIdentifier(NavigationSemantics.self) {
                guard siblings.last === current else { return false }
            } else if semantics == ObjectIdentifier(TabBarSemantics.self) {
                let selected = parent.context.selectedIndex
                guard siblings.count <= TabBarController.maximumVisibleTabs + 1, siblings.indices.contains(selected),
                    siblings[selected] === current
                else { return false }
            } else if semantics == ObjectIdentifier(ContentSemantics.self) {
                guard parent.shouldAutomaticallyForwardAppearanceMethods else { return false }
            } else {
                return false
            }
            return isOnScreen(parent, coverCounts: true)
        }
        if let presenter = context.presenting { return isOnScreen(presenter, coverCounts: false) }
        return current === root
    }
}
