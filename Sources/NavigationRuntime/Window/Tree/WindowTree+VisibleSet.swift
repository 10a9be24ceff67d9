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
    /// A change confined to one controller's run of the walk walks only that run, before and
    /// after, instead of the whole tree. That is exact: in the whole walk, a controller's
    /// subtree (its shown children and its presentations) is one contiguous run of steps, and
    /// the rest of the walk is the same before and after when nothing outside the run changes.
    /// Layers are relative (only their order counts, R6.7), so both runs start at layer 0.
    /// The changes walked so:
    /// - a push, a pop or a new stack of a navigation controller that is on screen: the old
    ///   top's run and the new top's (no controller in common unless the top stays, and then
    ///   both runs are the same and nothing differs);
    /// - a tab bar's new selection, when the bar is on screen and has no More tab: the old
    ///   selected tab's run and the new one's;
    /// - a presentation or a dismissal: the presenter's run, which the walk reaches whether or
    ///   not the presentation covers the presenter (its presentations are walked either way);
    ///   and when the presented controller leaves the presenter's views on screen, only the
    ///   presented run, since the rest of the presenter's is the same before and after.
    ///
    /// Where the walk up cannot tell (``isOnScreen(_:coverCounts:)`` is conservative), the
    /// whole tree is walked.
    func applyNotingVisibility(_ change: Change) -> (before: VisibleSet, applied: AppliedChange, after: VisibleSet) {
        switch change {
        case .navigation(.push(let owner, _)), .navigation(.pop(let owner, _)), .navigation(.setStack(let owner, _)):
            guard isOnScreen(owner) else { break }
            return applyWalkingRun(change) { owner.context.children.last }
        case .tabBar(.selectTab(let tabBar, _)):
            guard !TabBarSemantics.hasMoreNavigation(tabBar.context), isOnScreen(tabBar) else { break }
            return applyWalkingRun(change) { TabBarSemantics.selectedChild(tabBar.context) }
        case .presentation(.present(let presenter, let presented, let style)):
            guard isOnScreen(presenter, coverCounts: false) else { break }
            guard style.removesPresenterViews else { return applyWalkingRuns(change, before: { nil }, after: { presented }) }
            return applyWalkingRun(change) { presenter }
        case .presentation(.dismiss(let presenter)):
            guard isOnScreen(presenter, coverCounts: false) else { break }
            if let presented = presenter.context.presented, !(presented.context.presentationStyle?.removesPresenterViews ?? false) {
                return applyWalkingRuns(change, before: { presented }, after: { nil })
            }
            return applyWalkingRun(change) { presenter }
        default:
            break
        }
        let before = visibleSet()
        let applied = apply(change)
        return (before, applied, visibleSet())
    }

    /// Applies `change`, walking the run of the controller `start` names before the change and
    /// the run of the one it names after (see ``applyNotingVisibility(_:)``).
    private func applyWalkingRun(
        _ change: Change, start: () -> (any ViewController)?
    ) -> (before: VisibleSet, applied: AppliedChange, after: VisibleSet) {
        applyWalkingRuns(change, before: start, after: start)
    }

    /// Applies `change`, walking the run of the controller `before` names before the change and
    /// the run of the one `after` names after it (none: an empty set). A content top's walk is
    /// that controller alone, kept without an array (`VisibleSet.leaf`).
    ///
    /// A presentation that leaves its presenter's views on screen walks only the presented run
    /// after it (nothing before), and its dismissal only that run before it (nothing after):
    /// the rest of the presenter's run is the same on both sides, and only the difference counts.
    private func applyWalkingRuns(
        _ change: Change, before: () -> (any ViewController)?, after: () -> (any ViewController)?
    ) -> (before: VisibleSet, applied: AppliedChange, after: VisibleSet) {
        var beforeSet = VisibleSet()
        if let first = before() { collectVisible(first, layer: 0, into: &beforeSet) }
        let applied = apply(change)
        var afterSet = VisibleSet()
        if let first = after() { collectVisible(first, layer: 0, into: &afterSet) }
        return (beforeSet, applied, afterSet)
    }

    /// Whether ``visibleSet()`` holds `controller`, worked out by walking up from it instead of
    /// down from the root. Conservative: a walk through a container whose shown children are
    /// not plainly a navigation stack's top, a tab bar's selected tab (no More tab) or every
    /// child of a content controller that forwards appearance answers `false`, and the caller
    /// then computes the whole set.
    func isOnScreen(_ controller: any ViewController) -> Bool {
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
            let parentContext = parent.context
            let semantics = ObjectIdentifier(parent.kind.semantics)
            if semantics == ObjectIdentifier(NavigationSemantics.self) {
                guard parentContext.children.last === current else { return false }
            } else if semantics == ObjectIdentifier(TabBarSemantics.self) {
                guard !TabBarSemantics.hasMoreNavigation(parentContext), TabBarSemantics.selectedChild(parentContext) === current
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
