extension Window {
    /// What `show` / `showDetailViewController` do when a split view controller is the target
    /// (R2.3–R2.6, R5.8): the delegate may claim a show-detail; the current secondary again is
    /// nothing; collapsed, push onto a navigation primary; expanded, show-detail replaces the
    /// secondary and show pushes onto a navigation primary.
    ///
    /// Collapsed, a show-detail of a **navigation controller** (Xcode's Master-Detail template,
    /// "open a conversation") pushes that navigation controller itself onto the navigation
    /// primary, nested, as UIKit does: `showDetailViewController` "in a compact environment
    /// … calls `show(_:sender:)`" (developer.apple.com/documentation/uikit/uiviewcontroller/
    /// showdetailviewcontroller(_:sender:)), and a split's navigation primary is allowed nested
    /// navigation controllers (UIKit's private `_allowNestedNavigationControllers`, which
    /// `UISplitViewController` sets on it; woocommerce-ios PR #17778: "UIKit … pushing the
    /// *secondary navigation controller* into the *primary navigation stack*. One navigation
    /// controller ends up nested inside the other."). The detail keeps its own navigation
    /// controller (`navigationController` names it) and expanding separates it whole
    /// (``expandSplit(_:)``). Anywhere else pushing a navigation controller stays an error (R4.3).
    func splitShowChange(
        of controller: any ViewController,
        in split: SplitViewController,
        detail: Bool,
        from source: any ViewController
    ) async throws -> Change? {
        if split.context.splitColumns != nil {
            return try await columnShowChange(of: controller, in: split, detail: detail)
        }
        let children = split.context.children
        guard let primary = children.first else { return nil }
        if detail {
            if split.hasDelegate, try await claimsShowDetail(split, controller) { return nil }
            if children.count > 1, children[1] === controller { return nil }
        }
        if split.context.isCollapsed || !detail, let navigation = primary as? NavigationController {
            if detail && controller.kind == .navigation {
                // UIKit nests it: the collapsed split's show-detail is the primary's `show`
                // (R2.6), and a navigation primary of a split accepts a navigation controller
                // on its stack there (only there: R4.3 everywhere else).
                try tree.checkOwned(controller)
                try tree.checkInsertable(controller, into: navigation, code: .controllerInUse)
            } else if controller.kind == .navigation {
                // The split's `show` is its navigation primary's, which presents a navigation
                // controller instead of pushing it (see `showChange`).
                return try presentation(of: controller, from: source, style: nil)
            } else {
                try tree.checkPushable(controller, onto: navigation)
            }
            return .push(navigation, controller)
        }
        try tree.checkInsertable(controller, into: split, code: .controllerInUse)
        return .replaceSecondary(split, controller)
    }

    /// Changes the window's traits as one transition: every split view controller in the tree
    /// whose width class changes collapses or expands (R5.6), with its appearance callbacks.
    ///
    /// A presented controller keeps the style it was resolved to when it was presented (R2.8,
    /// R2.9). UIKit asks the adaptation again when the traits change, for content already on
    /// screen (Apple's docs of `UIAdaptivePresentationControllerDelegate` and of
    /// `presentationController(_:willPresentWithAdaptiveStyle:transitionCoordinator:)`): a
    /// popover shown in regular width becomes a sheet in compact width. The runtime does not
    /// model that yet: a snapshot taken after the change still says `popover`.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it throws
    /// `CancellationError`: the traits stay, and no split collapses or expands.
    ///
    /// - Returns: ``TransitionOutcome/completed(sequence:)``, or `.noChange` for the same traits.
    @discardableResult
    public func setTraits(_ traits: Traits, animated: Bool = false, policy: BusyPolicy = .enqueue) async throws
        -> TransitionOutcome
    {
        try await submit(.setTraits(traits), animated: animated, policy: policy)
    }

    func traitsChange(to traits: Traits) async throws -> Change? {
        guard traits != self.traits else { return nil }
        var changes: [Change] = [.traits(traits)]
        let collapse = traits.horizontalSizeClass == .compact
        for split in attachedSplits() where split.context.isCollapsed != collapse {
            if let columns = split.context.splitColumns {
                let top = collapse ? try await topColumnForCollapsing(split, columns: columns) : nil
                changes.append(.setCollapsed(split, collapse, discardSecondary: false, topColumn: top))
                continue
            }
            var discard = false
            if collapse, split.hasDelegate, split.context.children.count > 1 {
                let children = split.context.children
                discard = try await userCode(.named("splitViewController(_:collapseSecondary:onto:)"), on: split.id) {
                    await split.discardsSecondary(children[1], onto: children[0])
                }
            }
            changes.append(.setCollapsed(split, collapse, discardSecondary: discard))
        }
        return .composite(changes)
    }

    private func attachedSplits() -> [SplitViewController] {
        var result: [SplitViewController] = []
        func visit(_ controller: any ViewController) {
            if let split = controller as? SplitViewController { result.append(split) }
            for child in controller.context.children { visit(child) }
            if let presented = controller.context.presented { visit(presented) }
        }
        if let root { visit(root) }
        return result
    }
}

// MARK: - Column-style splits (R5.7)

extension Window {
    /// What `show` / `showDetailViewController` do when a column-style split is the target:
    /// the delegate may claim a show-detail, the current secondary again is nothing (R2.5);
    /// `show` pushes onto a navigation primary (R2.3); a show-detail replaces or sets the
    /// secondary column, except collapsed with a navigation compact column, which it is pushed
    /// onto (the collapsed interface's stack, as R2.6). Collapsed without a compact column, the
    /// new secondary comes on top (see ``setColumnsCollapsed(_:_:top:)``).
    private func columnShowChange(of controller: any ViewController, in split: SplitViewController, detail: Bool)
        async throws -> Change?
    {
        let context = split.context
        if detail {
            if split.hasDelegate, try await claimsShowDetail(split, controller) { return nil }
            if column(.secondary, of: split) === controller { return nil }
        }
        if !detail, let navigation = column(.primary, of: split) as? NavigationController {
            try tree.checkPushable(controller, onto: navigation)
            return .push(navigation, controller)
        }
        if context.isCollapsed, let compact = column(.compact, of: split) as? NavigationController {
            try tree.checkPushable(controller, onto: compact)
            return .push(compact, controller)
        }
        try tree.checkInsertable(controller, into: split, code: .controllerInUse)
        return .replaceSecondary(split, controller)
    }

    /// The controller of a column of a column-style split.
    func column(_ column: SplitColumn, of split: SplitViewController) -> (any ViewController)? {
        let context = split.context
        guard let index = context.splitColumns?.firstIndex(of: column), context.children.indices.contains(index) else {
            return nil
        }
        return context.children[index]
    }

    /// The column a column-style split shows when it collapses (R5.7): the compact column if
    /// it has a controller; else the delegate's answer to the proposal (the secondary when it
    /// has a controller, else the primary), an answer naming an empty column being ignored.
    func topColumnForCollapsing(_ split: SplitViewController, columns: [SplitColumn]) async throws -> SplitColumn {
        if columns.contains(.compact) { return .compact }
        let proposed: SplitColumn = columns.contains(.secondary) ? .secondary : .primary
        guard split.hasDelegate else { return proposed }
        let answer = try await userCode(.named("splitViewController(_:topColumnForCollapsingToProposedTopColumn:)"), on: split.id) {
            await split.topColumnForCollapsing(proposed: proposed)
        }
        return answer != .compact && columns.contains(answer) ? answer : proposed
    }
}

// MARK: - Entering a compact window (R5.6, R5.7)

/// What a split view controller's delegate answered before the split entered a compact
/// window: whether to discard the secondary (classic), which column to show (column-style).
struct SplitEntryDecision {
    var discardSecondary = false
    var topColumn: SplitColumn?
}

extension Window {
    /// Asks the delegate of every split view controller that `change` brings into this compact
    /// window what its collapse must do, before the change is applied (the collapse itself
    /// happens as the split is attached, synchronously, see `attach`): a classic split's
    /// `collapseSecondary(_:onto:)` (R5.6), a column-style split's
    /// `topColumnForCollapsingToProposedTopColumn` when it has no compact column (R5.7).
    ///
    /// UIKit collapses a split when it is added to a window of compact width
    /// (commandshift.co.uk/blog/2016/04/11/understanding-split-view-controller: "When a split
    /// view controller is born, it assumes it is in a non-collapsed state. When it is added to
    /// the window, if running in a .Compact horizontal size class, it collapses"), through the
    /// same delegate calls as a rotation; Xcode's Master-Detail template relies on it to show
    /// the list, not an empty detail, at an iPhone launch. The answers are asked before the
    /// begin phase, so they precede every callback of the transition.
    ///
    /// The delegates are user code: asked from a request that runs none before its change (a
    /// push, a presentation), they run in a runner of their own (see `escape`), so that a
    /// delegate that never answers cannot keep the caller or the window stuck.
    func decideEntryCollapses(for change: Change, request id: RequestID, cancellable: Bool) async throws {
        guard traits.horizontalSizeClass == .compact else { return }
        let asked = splitsAskedOnEntry(by: change)
        guard !asked.isEmpty else { return }
        if let runner = activeRunner, runner.request == id {
            try await askEntryDecisions(of: asked, request: id)
        } else {
            _ = try await escape(id, cancellable: cancellable) { window in
                try await window.askEntryDecisions(of: asked, request: id)
                return .noChange
            }
        }
    }

    /// The split view controllers `change` brings in whose delegates
    /// ``decideEntryCollapses(for:request:cancellable:)`` asks how they collapse in a compact
    /// window (R5.6). Reads only.
    func splitsAskedOnEntry(by change: Change) -> [SplitViewController] {
        var splits: [SplitViewController] = []
        change.forEachEntering { collectEnteringSplits($0.controller, into: &splits) }
        return splits.filter(\.hasDelegate)
    }

    /// Asks the delegates of splits entering a compact window how they collapse.
    private func askEntryDecisions(of splits: [SplitViewController], request id: RequestID) async throws {
        for split in splits {
            let context = split.context
            let adopted = context.didAdoptInitialChildren
            let children = adopted ? context.children : split.initialChildren
            var decision = SplitEntryDecision()
            if let columns = adopted ? context.splitColumns : split.initialColumns {
                guard !columns.contains(.compact) else { continue }
                decision.topColumn = try await inScope(of: id) { try await topColumnForCollapsing(split, columns: columns) }
            } else {
                guard children.count > 1 else { continue }
                decision.discardSecondary = try await inScope(of: id) {
                    try await userCode(.named("splitViewController(_:collapseSecondary:onto:)"), on: split.id) {
                        await split.discardsSecondary(children[1], onto: children[0])
                    }
                }
            }
            tree.entryDecisions[ObjectIdentifier(split)] = decision
        }
    }

    /// The split view controllers, expanded and out of the tree, in a subtree about to enter it.
    private func collectEnteringSplits(_ controller: any ViewController, into splits: inout [SplitViewController]) {
        let context = controller.context
        guard !context.isAttached else { return }
        if controller.kind == .split, !context.isCollapsed, let split = controller as? SplitViewController {
            splits.append(split)
        }
        if controller.kind != .content || !context.children.isEmpty || !controller.initialChildren.isEmpty {
            for child in context.didAdoptInitialChildren ? context.children : controller.initialChildren {
                collectEnteringSplits(child, into: &splits)
            }
        }
        if let presented = context.presented { collectEnteringSplits(presented, into: &splits) }
    }
}

extension Window {
    /// The split delegate's `splitViewController(_:showDetail:sender:)`, as the request's user code.
    fileprivate func claimsShowDetail(_ split: SplitViewController, _ controller: any ViewController) async throws -> Bool {
        try await userCode(.named("splitViewController(_:showDetail:sender:)"), on: split.id) {
            await split.claimsShowDetail(controller)
        }
    }
}
