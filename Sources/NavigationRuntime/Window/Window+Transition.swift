import Synchronization

/// A structural change to a window's tree, applied at the begin phase of a transition.
enum Change {
    case setRoot((any ViewController)?)
    case push(NavigationController, any ViewController)
    /// Pop every controller above the first `keeping` ones.
    case pop(NavigationController, keeping: Int)
    case setStack(NavigationController, [any ViewController])
    case present(presenter: any ViewController, presented: any ViewController, style: PresentationStyle)
    case dismiss(presenter: any ViewController)
    case selectTab(TabBarController, Int)
    /// Replace a split view controller's secondary column (expanded show-detail, R5.8).
    case replaceSecondary(SplitViewController, any ViewController)
    /// Collapse (`true`) or expand a split view controller (R5.6); a column-style split
    /// collapsing shows `topColumn` (R5.7).
    case setCollapsed(SplitViewController, Bool, discardSecondary: Bool, topColumn: SplitColumn? = nil)
    /// Set the window's traits.
    case traits(Traits)
    /// A custom container adds a child (`addChild`, R6.11). With `completesMove` the runtime
    /// also delivers `didMove(toParent:)` (a custom container's `show` override, R2.3).
    case addChild(any ViewController, to: any ViewController, completesMove: Bool = false)
    /// A child leaves its container (`removeFromParent`, R6.11). With `completesMove` the
    /// runtime also delivers `willMove(toParent: nil)` (a custom container's `show` override).
    case removeFromParent(any ViewController, completesMove: Bool = false)
    /// Several changes as one transition (an unwind: dismissals, then containers outermost inward).
    case composite([Change])
}

/// What applying a ``Change`` did, so that it can be committed or undone.
struct AppliedChange {
    enum Undo {
        case root(old: (any ViewController)?)
        case push(NavigationController)
        case pop(NavigationController, removed: [any ViewController])
        case stack(NavigationController, old: [any ViewController])
        case present(presenter: any ViewController)
        case dismiss(presenter: any ViewController, chain: [any ViewController], styles: [PresentationStyle?])
        case selectTab(TabBarController, old: Int)
        case split(SplitState)
        case traits(old: Traits)
        case addChild(parent: any ViewController, child: any ViewController)
        case removeFromParent(parent: any ViewController, child: any ViewController, index: Int)
        case composite([AppliedChange])
    }

    /// A controller whose parent changes: `willMove(toParent: to)` at begin, `didMove` at end.
    struct Move {
        let controller: any ViewController
        let from: (any ViewController)?
        let to: (any ViewController)?
        /// A container taking its initial children: UIKit does this at the container's init,
        /// so `isMovingToParent` stays false (R6.10).
        var isAdoption = false
        /// Which containment callbacks the runtime delivers: `addChild` calls only `willMove`
        /// and `removeFromParent` only `didMove`; the container calls the others (R6.11).
        var deliversWillMove = true
        var deliversDidMove = true
    }

    var undo: Undo
    var moves: [Move] = []
    /// Controllers being presented or dismissed (for `isBeingPresented` / `isBeingDismissed`).
    var presented: [any ViewController] = []
    var dismissed: [any ViewController] = []
    /// The navigation controllers whose stacks change (for their delegates, R4.12), read from
    /// the undo data.
    var navigations: [NavigationController] {
        var result: [NavigationController] = []
        forEachNavigation { result.append($0) }
        return result
    }

    /// Whether the end phase delivers the arriving side's `viewDidAppear` before the leaving
    /// side's `viewDidDisappear`: a change that presents or dismisses (R6.4, R6.6: a device log
    /// of a modal segue, O1, and two implementations checked on iOS, O2 and O3). A push, a pop
    /// and a tab switch finish the leaving side first (R6.2, R6.3).
    var finishesToSideFirst: Bool { !presented.isEmpty || !dismissed.isEmpty }

    /// Whether a navigation controller whose stack changes has a delegate (without an array).
    var hasNavigationDelegate: Bool {
        var found = false
        forEachNavigation { found = found || $0.context.hasDelegate }
        return found
    }

    private func forEachNavigation(_ body: (NavigationController) -> Void) {
        switch undo {
        case .push(let navigation), .pop(let navigation, _), .stack(let navigation, _): body(navigation)
        case .composite(let parts): for part in parts { part.forEachNavigation(body) }
        default: break
        }
    }
    /// Containers that adopted their initial children in this change (undone on rollback).
    var adopted: [any ViewController] = []
}

/// The controllers on screen, as a depth-first walk: each controller is entered (parents
/// before children: the will-phase order) and exited (children before parents: the did-phase
/// order, R6.12). One array, so that a transition allocates little.
struct VisibleSet {
    struct Step {
        let controller: any ViewController
        /// How many presentations the controller sits above the root's layer.
        let layer: Int
        /// `false` when the walk enters the controller, `true` when it leaves it.
        let isExit: Bool
    }

    var steps: [Step] = []

    func contains(_ controller: any ViewController) -> Bool {
        steps.contains { !$0.isExit && $0.controller === controller }
    }

    /// Calls `body` with each controller not in `other`, in the order of
    /// ``missing(from:postOrder:topLayerFirst:)``, without building an array when the
    /// controllers leaving or arriving sit in one layer (every transition but a multi-level
    /// dismiss).
    func forEachMissing(
        from other: VisibleSet,
        postOrder: Bool,
        topLayerFirst: Bool,
        _ body: (any ViewController) -> Void
    ) {
        if topLayerFirst {
            var lowest = Int.max
            var highest = Int.min
            for step in steps where step.isExit == postOrder && !other.contains(step.controller) {
                lowest = min(lowest, step.layer)
                highest = max(highest, step.layer)
            }
            if lowest < highest {
                missing(from: other, postOrder: postOrder, topLayerFirst: true).forEach(body)
                return
            }
        }
        for step in steps where step.isExit == postOrder && !other.contains(step.controller) {
            body(step.controller)
        }
    }

    /// The controllers not in `other`, in callback order (`postOrder`: the did-phase order).
    /// With `topLayerFirst`, controllers of higher layers come first (a multi-level dismiss
    /// disappears top-down, R6.7); otherwise tree order.
    func missing(from other: VisibleSet, postOrder: Bool, topLayerFirst: Bool) -> [any ViewController] {
        var result: [any ViewController] = []
        var lowest = Int.max
        var highest = Int.min
        for step in steps where step.isExit == postOrder && !other.contains(step.controller) {
            result.append(step.controller)
            lowest = min(lowest, step.layer)
            highest = max(highest, step.layer)
        }
        guard topLayerFirst, lowest < highest else { return result }
        // Several layers leave: the top layer first, tree order within a layer (R6.7).
        var ordered: [any ViewController] = []
        for layer in stride(from: highest, through: lowest, by: -1) {
            for step in steps where step.isExit == postOrder && step.layer == layer && !other.contains(step.controller) {
                ordered.append(step.controller)
            }
        }
        return ordered
    }
}

extension Window {
    /// Runs one structural change as a transition: begin phase, animation, commit, end phase.
    ///
    /// Before the commit point, cancellation or the window closing rolls the change back and
    /// balances the callbacks already delivered (R6.9); after it, the transition runs to its end.
    func runChange(
        _ change: Change,
        request id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        try checkDepth(entering: change)
        try checkExecutors(entering: change)
        if traits.horizontalSizeClass == .compact { await decideEntryCollapses(for: change, request: id) }
        let before = visibleSet()
        let applied = apply(change)
        if !splitEntryDecisions.isEmpty { splitEntryDecisions.removeAll() }
        let after = visibleSet()
        let hooks = needsHooks(applied, before: before, after: after)
        if !hooks && interaction == nil && (!animated || configuration.transitionDuration == .zero) {
            return try runWithoutHooks(applied, request: id, cancellable: cancellable, before: before, after: after)
        }
        let disappearing = before.missing(from: after, postOrder: false, topLayerFirst: true)
        let appearing = after.missing(from: before, postOrder: false, topLayerFirst: false)
        guard hooks else {
            return try await runPhases(
                applied, request: id, animated: animated, cancellable: cancellable,
                before: before, after: after, appearing: appearing, disappearing: disappearing
            )
        }
        return try await inScope(of: id) {
            try await runPhases(
                applied, request: id, animated: animated, cancellable: cancellable,
                before: before, after: after, appearing: appearing, disappearing: disappearing
            )
        }
    }

    /// The begin phase, the animation, the commit and the end phase of an applied change.
    private func runPhases(
        _ applied: AppliedChange,
        request id: RequestID,
        animated: Bool,
        cancellable: Bool,
        before: VisibleSet,
        after: VisibleSet,
        appearing: [any ViewController],
        disappearing: [any ViewController]
    ) async throws -> TransitionOutcome {
        let coordinator = TransitionCoordinator(isAnimated: animated, isInteractive: interaction != nil)
        executorState.coordinator = coordinator
        defer { executorState.coordinator = nil }
        markFlags(applied, on: true)
        emit(.began, request: id)

        // Begin phase: containment, loading, will-callbacks (R6.2–R6.4).
        await deliverMoves(applied.moves, phase: .begin, animated: animated)
        for controller in appearing where !controller.context.isViewLoaded {
            controller.context.isViewLoaded = true
            if note(.viewDidLoad, to: controller) {
                await callHook(.viewDidLoad, on: controller, parent: nil, animated: animated)
            }
        }
        await deliver(.viewWillDisappear(animated: animated), to: disappearing, animated: animated)
        await deliver(.viewWillAppear(animated: animated), to: appearing, animated: animated)
        for navigation in applied.navigations where navigation.context.hasDelegate && !isClosed {
            if let top = navigation.context.children.last {
                await navigation.notifyDelegate(willShow: top, animated: animated)
            }
        }

        // In flight: the animation (or the user's gesture, R4.10). Then the commit point.
        await coordinator.runAlongside()
        do {
            if let gesture = interaction {
                gesture.markBegan()
                if await gesture.waitForDecision() == .cancel {
                    await rollBack(
                        applied, animated: animated, appearing: appearing, disappearing: disappearing,
                        before: before, after: after
                    )
                    await coordinator.complete(cancelled: true)
                    return .noChange
                }
            } else if animated && configuration.transitionDuration > .zero {
                try await sleep(on: configuration.clock, for: configuration.transitionDuration)
            }
            try checkpoint(cancellable: cancellable)
        } catch {
            await rollBack(
                applied,
                animated: animated,
                appearing: appearing,
                disappearing: disappearing,
                before: before,
                after: after
            )
            await coordinator.complete(cancelled: true)
            throw error
        }
        lastSequence = queue.withLock { $0.commit() }
        if hasSubscribers { emitCommit(applied, request: id) }

        // End phase (R6.2–R6.7), then containment ends and the delegate hears of it. A
        // presentation or dismissal finishes its "to" side first (R6.4, R6.6); a push, a pop or
        // a tab switch its disappearing side (R6.2, R6.3).
        finishDismissals(applied)
        let appearingPost = after.missing(from: before, postOrder: true, topLayerFirst: false)
        let disappearingPost = before.missing(from: after, postOrder: true, topLayerFirst: true)
        if applied.finishesToSideFirst {
            await deliver(.viewDidAppear(animated: animated), to: appearingPost, animated: animated)
            await deliver(.viewDidDisappear(animated: animated), to: disappearingPost, animated: animated)
        } else {
            await deliver(.viewDidDisappear(animated: animated), to: disappearingPost, animated: animated)
            await deliver(.viewDidAppear(animated: animated), to: appearingPost, animated: animated)
        }
        await deliverMoves(applied.moves, phase: .end, animated: animated)
        for navigation in applied.navigations where navigation.context.hasDelegate && !isClosed {
            if let top = navigation.context.children.last {
                await navigation.notifyDelegate(didShow: top, animated: animated)
            }
        }
        markFlags(applied, on: false)
        let sequence = lastSequence
        if !isClosed { await coordinator.complete(cancelled: false) }
        return .completed(sequence: sequence)
    }

    /// Whether any controller of the transition has hooks to call (or a delegate to tell).
    private func needsHooks(_ applied: AppliedChange, before: VisibleSet, after: VisibleSet) -> Bool {
        if applied.hasNavigationDelegate || applied.moves.contains(where: { $0.controller.receivesCallbacks }) {
            return true
        }
        var found = false
        after.forEachMissing(from: before, postOrder: false, topLayerFirst: false) { found = found || $0.receivesCallbacks }
        before.forEachMissing(from: after, postOrder: false, topLayerFirst: false) { found = found || $0.receivesCallbacks }
        return found
    }

    /// The same transition as ``runChange(_:request:animated:cancellable:)`` when nothing in it
    /// has hooks and nothing animates: every callback is noted (state, journal) in the same
    /// order, with no suspension point, so nothing can interleave and nothing can cancel it
    /// midway. Cancellation is checked once, before anything is noted.
    private func runWithoutHooks(
        _ applied: AppliedChange,
        request id: RequestID,
        cancellable: Bool,
        before: VisibleSet,
        after: VisibleSet
    ) throws -> TransitionOutcome {
        do {
            try checkpoint(cancellable: cancellable)
        } catch {
            undo(applied)
            throw error
        }
        emit(.began, request: id)
        let animated = false
        for move in applied.moves where move.deliversWillMove { _ = note(.willMove(toParent: move.to?.id), to: move.controller) }
        after.forEachMissing(from: before, postOrder: false, topLayerFirst: false) { controller in
            let context = controller.context
            if !context.isViewLoaded {
                context.isViewLoaded = true
                _ = note(.viewDidLoad, to: controller)
            }
        }
        before.forEachMissing(from: after, postOrder: false, topLayerFirst: true) { controller in
            _ = note(.viewWillDisappear(animated: animated), to: controller)
        }
        after.forEachMissing(from: before, postOrder: false, topLayerFirst: false) { controller in
            _ = note(.viewWillAppear(animated: animated), to: controller)
        }
        lastSequence = queue.withLock { $0.commit() }
        if hasSubscribers { emitCommit(applied, request: id) }
        finishDismissals(applied)
        let toSideFirst = applied.finishesToSideFirst
        if toSideFirst {
            after.forEachMissing(from: before, postOrder: true, topLayerFirst: false) { controller in
                _ = note(.viewDidAppear(animated: animated), to: controller)
            }
        }
        before.forEachMissing(from: after, postOrder: true, topLayerFirst: true) { controller in
            _ = note(.viewDidDisappear(animated: animated), to: controller)
        }
        if !toSideFirst {
            after.forEachMissing(from: before, postOrder: true, topLayerFirst: false) { controller in
                _ = note(.viewDidAppear(animated: animated), to: controller)
            }
        }
        for move in applied.moves where move.deliversDidMove { _ = note(.didMove(toParent: move.to?.id), to: move.controller) }
        return .completed(sequence: lastSequence)
    }

    /// Throws if the transition must stop before its commit point.
    func checkpoint(cancellable: Bool) throws {
        if isClosed {
            throw NavigationError(.windowClosed, "The window \(id) closed during the transition.", window: id)
        }
        if cancellable && Task.isCancelled { throw CancellationError() }
    }

    private func sleep<C: Clock<Duration>>(on clock: C, for duration: Duration) async throws {
        try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
    }

    /// Undoes an applied change and balances the callbacks of its begin phase: arriving
    /// controllers disappear again, leaving ones appear again (R4.10, R6.9), and every
    /// `willMove` ends with a `didMove` to the parent the controller keeps.
    private func rollBack(
        _ applied: AppliedChange,
        animated: Bool,
        appearing: [any ViewController],
        disappearing: [any ViewController],
        before: VisibleSet,
        after: VisibleSet
    ) async {
        undo(applied)
        guard !isClosed else {
            for controller in appearing { controller.context.appearance = .disappeared }
            markFlags(applied, on: false)
            return
        }
        let arriving = after.missing(from: before, postOrder: true, topLayerFirst: false)
        let leaving = before.missing(from: after, postOrder: true, topLayerFirst: true)
        await deliver(.viewWillDisappear(animated: animated), to: appearing, animated: animated)
        await deliver(.viewDidDisappear(animated: animated), to: arriving, animated: animated)
        await deliver(.viewWillAppear(animated: animated), to: disappearing, animated: animated)
        await deliver(.viewDidAppear(animated: animated), to: leaving, animated: animated)
        await deliverMoves(applied.moves, phase: .rollBack, animated: animated)
        markFlags(applied, on: false)
    }

    private func markFlags(_ applied: AppliedChange, on: Bool) {
        for move in applied.moves where !move.isAdoption {
            if move.to != nil { move.controller.context.isMovingToParent = on }
            if move.to == nil { move.controller.context.isMovingFromParent = on }
        }
        for controller in applied.presented { controller.context.isBeingPresented = on }
        for controller in applied.dismissed { controller.context.isBeingDismissed = on }
    }

    /// Notes one callback: updates the bookkeeping and journals it. Returns whether the
    /// controller's hook must be called (it wants callbacks and the window is open). Nothing is
    /// delivered once the window is closed (R8.8).
    func note(_ callback: ControllerCallback, to controller: any ViewController) -> Bool {
        guard !isClosed else { return false }
        let context = controller.context
        switch callback {
        case .viewWillAppear: context.appearance = .appearing
        case .viewDidAppear: context.appearance = .appeared
        case .viewWillDisappear: context.appearance = .disappearing
        case .viewDidDisappear: context.appearance = .disappeared
        case .viewDidLoad, .willMove, .didMove: break
        }
        emit(.callback(context.id, callback), request: runningRequest)
        return controller.receivesCallbacks
    }

    /// Delivers one callback to each controller, in order.
    private func deliver(_ callback: ControllerCallback, to controllers: [any ViewController], animated: Bool) async {
        for controller in controllers where note(callback, to: controller) {
            await callHook(callback, on: controller, parent: nil, animated: animated)
        }
    }

    private enum MovePhase { case begin, end, rollBack }

    /// Delivers the containment callbacks of a change: `willMove(toParent: new)` at begin,
    /// `didMove(toParent: new)` at end, or `didMove(toParent: old)` when it rolls back.
    private func deliverMoves(_ moves: [AppliedChange.Move], phase: MovePhase, animated: Bool) async {
        for move in moves {
            switch phase {
            case .begin where !move.deliversWillMove: continue
            case .end where !move.deliversDidMove: continue
            case .rollBack where !move.deliversWillMove: continue
            default: break
            }
            let parent = phase == .rollBack ? move.from : move.to
            let callback: ControllerCallback =
                phase == .begin ? .willMove(toParent: parent?.id) : .didMove(toParent: parent?.id)
            if note(callback, to: move.controller) {
                await callHook(callback, on: move.controller, parent: parent, animated: animated)
            }
        }
    }

    /// Calls the controller's hook for a callback already noted.
    func callHook(
        _ callback: ControllerCallback,
        on controller: any ViewController,
        parent: (any ViewController)?,
        animated: Bool
    ) async {
        switch callback {
        case .viewDidLoad: await controller.viewDidLoad()
        case .viewWillAppear: await controller.viewWillAppear(animated)
        case .viewDidAppear: await controller.viewDidAppear(animated)
        case .viewWillDisappear: await controller.viewWillDisappear(animated)
        case .viewDidDisappear: await controller.viewDidDisappear(animated)
        case .willMove: await controller.willMove(toParent: parent)
        case .didMove: await controller.didMove(toParent: parent)
        }
    }

    // MARK: - The tree

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

    /// Marks a subtree as in the window's tree, adopting containers' initial children.
    private func attach(_ controller: any ViewController, into applied: inout AppliedChange) {
        let context = controller.context
        context.isAttached = true
        let firstMove = applied.moves.count
        let collapses = controller.kind == .split && traits.horizontalSizeClass == .compact && !context.isCollapsed
        if !context.didAdoptInitialChildren {
            context.didAdoptInitialChildren = true
            var initial = controller.initialChildren
            if controller.kind == .split, let split = controller as? SplitViewController {
                context.splitColumns = split.initialColumns
                if collapses, split.initialColumns == nil, initial.count > 1,
                    splitEntryDecisions[ObjectIdentifier(split)]?.discardSecondary == true
                {
                    // The delegate discards the secondary of a split entering a compact window
                    // (R5.6): it never enters the tree, hears nothing, and is free again.
                    initial[1].context.claim.store(0, ordering: .relaxed)
                    initial.removeLast(initial.count - 1)
                    context.isCollapsed = true
                }
            }
            if !initial.isEmpty && context.children.isEmpty {
                context.children = initial
                applied.adopted.append(controller)
                for child in initial {
                    setParent(child, controller)
                    applied.moves.append(.init(controller: child, from: nil, to: controller, isAdoption: true))
                }
            }
        }
        for child in context.children {
            child.context.parent = controller
            attach(child, into: &applied)
        }
        if let presented = context.presented {
            presented.context.presenting = controller
            attach(presented, into: &applied)
        }
        // A split that enters a compact window starts collapsed, as its delegate said (asked
        // before the change, `decideEntryCollapses`) or by default (R5.6, R5.7).
        if collapses, !context.isCollapsed, let split = controller as? SplitViewController {
            let decision = splitEntryDecisions[ObjectIdentifier(split)]
            if context.splitColumns != nil {
                setColumnsCollapsed(split, true, top: decision?.topColumn)
            } else {
                collapseSplit(split, discardSecondary: decision?.discardSecondary ?? false)
                settleAdoptions(of: &applied, from: firstMove)
            }
        }
    }

    /// After a split collapsed as it entered the tree: each controller it adopted hears only
    /// of the parent it ends with (R6.11), and one that left the tree hears nothing. DEC: UIKit
    /// adds the columns at the split's init and moves the secondary at the collapse, which an
    /// app observes as containment callbacks before the window appears; the runtime delivers
    /// the adoption when the split enters the window (`AppliedChange.Move.isAdoption`), so it
    /// names the final parent once: `willMove(toParent:)` / `didMove(toParent:)` of the
    /// navigation primary for a secondary pushed onto it, `isMovingToParent` false.
    private func settleAdoptions(of applied: inout AppliedChange, from first: Int) {
        var index = first
        while index < applied.moves.count {
            let move = applied.moves[index]
            let parent = move.controller.context.parent
            if !move.isAdoption || parent === move.to {
                index += 1
            } else if move.controller.context.isAttached, let parent {
                applied.moves[index] = .init(controller: move.controller, from: nil, to: parent, isAdoption: true)
                index += 1
            } else {
                applied.moves.remove(at: index)
            }
        }
    }

    /// Sets a controller's parent, and its claim with it (a child is claimed by its parent).
    func setParent(_ controller: any ViewController, _ parent: (any ViewController)?) {
        controller.context.parent = parent
        controller.context.claim.store(parent?.id.rawValue ?? 0, ordering: .relaxed)
    }

    /// Marks a subtree as in the tree again after an undo (it adopted its children before).
    func reattach(_ controller: any ViewController) {
        let context = controller.context
        context.isAttached = true
        for child in context.children {
            child.context.parent = controller
            reattach(child)
        }
        if let presented = context.presented {
            presented.context.presenting = controller
            reattach(presented)
        }
    }

    /// Marks a subtree as out of the tree. The upward links inside it (`parent`,
    /// `presenting`) are cleared so that a detached subtree holds no reference cycle; its
    /// downward links (children, presented) and claims keep its structure for a later attach.
    func detach(_ controller: any ViewController) {
        let context = controller.context
        context.isAttached = false
        for child in context.children {
            detach(child)
            child.context.parent = nil
        }
        if let presented = context.presented {
            detach(presented)
            presented.context.presenting = nil
        }
    }

    /// Marks a subtree as out of the tree, keeping every link inside it (a dismissal in flight).
    private func markDetached(_ controller: any ViewController) {
        let context = controller.context
        context.isAttached = false
        for child in context.children { markDetached(child) }
        if let presented = context.presented { markDetached(presented) }
    }

    /// Ends the relations of the dismissals in a change: the end phase of a dismissal, before
    /// its did-callbacks (R3.1, R6.6). The dismissed subtrees lose their upward links, so no
    /// reference cycle outlives them.
    func finishDismissals(_ applied: AppliedChange) {
        guard !executorState.departing.isEmpty else { return }
        for controller in applied.dismissed where !controller.context.isAttached {
            detach(controller)
            controller.context.presenting = nil
            controller.context.presentationStyle = nil
        }
        executorState.departing.removeAll()
    }

    /// Applies a change to the tree (R4.1: the tree reflects it from the begin phase on).
    private func apply(_ change: Change) -> AppliedChange {
        switch change {
        case .replaceSecondary(let split, let controller) where split.context.splitColumns != nil:
            let state = SplitState(split)
            var applied = AppliedChange(undo: .split(state))
            if let old = replaceSecondaryColumn(of: split, with: controller) {
                setParent(old, nil)
                detach(old)
                applied.moves.append(.init(controller: old, from: split, to: nil))
            }
            setParent(controller, split)
            applied.moves.append(.init(controller: controller, from: nil, to: split))
            if split.context.isAttached { attach(controller, into: &applied) }
            return applied

        case .replaceSecondary(let split, let controller):
            let state = SplitState(split)
            var applied = AppliedChange(undo: .split(state))
            let context = split.context
            if context.children.count > 1 {
                let old = context.children[1]
                context.children[1] = controller
                setParent(old, nil)
                detach(old)
                applied.moves.append(.init(controller: old, from: split, to: nil))
            } else {
                context.children.append(controller)
            }
            setParent(controller, split)
            applied.moves.append(.init(controller: controller, from: nil, to: split))
            if context.isAttached { attach(controller, into: &applied) }
            return applied

        case .setCollapsed(let split, let collapse, let discard, let top):
            let state = SplitState(split)
            if split.context.splitColumns != nil {
                setColumnsCollapsed(split, collapse, top: top)
            } else if collapse {
                collapseSplit(split, discardSecondary: discard)
            } else {
                expandSplit(split)
            }
            var applied = AppliedChange(undo: .split(state))
            applied.moves = state.moves(to: SplitState(split), in: split)
            if split.context.isAttached {
                for child in split.context.children { attach(child, into: &applied) }
            }
            return applied

        case .traits(let traits):
            let old = self.traits
            self.traits = traits
            return AppliedChange(undo: .traits(old: old))

        case .addChild(let child, let parent, let completesMove):
            var applied = AppliedChange(undo: .addChild(parent: parent, child: child))
            var move = AppliedChange.Move(controller: child, from: nil, to: parent)
            move.deliversDidMove = completesMove
            applied.moves.append(move)
            parent.context.children.append(child)
            setParent(child, parent)
            if parent.context.isAttached { attach(child, into: &applied) }
            return applied

        case .removeFromParent(let child, let completesMove):
            guard let parent = child.context.parent,
                let index = parent.context.children.firstIndex(where: { $0 === child })
            else { return AppliedChange(undo: .traits(old: traits)) }
            var applied = AppliedChange(undo: .removeFromParent(parent: parent, child: child, index: index))
            var move = AppliedChange.Move(controller: child, from: parent, to: nil)
            move.deliversWillMove = completesMove
            applied.moves.append(move)
            parent.context.children.remove(at: index)
            setParent(child, nil)
            detach(child)
            return applied

        case .selectTab(let tabBar, let index):
            let old = tabBar.context.selectedIndex
            tabBar.context.selectedIndex = index
            return AppliedChange(undo: .selectTab(tabBar, old: old))

        case .composite(let changes):
            let parts = changes.map { apply($0) }
            var applied = AppliedChange(undo: .composite(parts))
            for part in parts {
                applied.moves += part.moves
                applied.presented += part.presented
                applied.dismissed += part.dismissed
                applied.adopted += part.adopted
            }
            return applied

        case .setRoot(let new):
            let old = root
            if let old { detach(old) }
            root = new
            var applied = AppliedChange(undo: .root(old: old))
            if let new { attach(new, into: &applied) }
            return applied

        case .push(let navigation, let controller):
            let context = navigation.context
            var applied = AppliedChange(undo: .push(navigation))
            applied.moves.append(.init(controller: controller, from: nil, to: navigation))
            context.children.append(controller)
            setParent(controller, navigation)
            if context.isAttached { attach(controller, into: &applied) }
            return applied

        case .pop(let navigation, let keeping):
            let context = navigation.context
            let removed = Array(context.children[keeping...])
            context.children.removeLast(removed.count)
            var applied = AppliedChange(undo: .pop(navigation, removed: removed))
            for controller in removed {
                applied.moves.append(.init(controller: controller, from: navigation, to: nil))
                setParent(controller, nil)
                detach(controller)
            }
            return applied

        case .setStack(let navigation, let stack):
            let context = navigation.context
            let old = context.children
            var applied = AppliedChange(undo: .stack(navigation, old: old))
            let (removedControllers, addedControllers) = stackDifference(from: old, to: stack)
            for removed in removedControllers {
                applied.moves.append(.init(controller: removed, from: navigation, to: nil))
                setParent(removed, nil)
                detach(removed)
            }
            context.children = stack
            for added in addedControllers {
                applied.moves.append(.init(controller: added, from: added.context.parent, to: navigation))
                setParent(added, navigation)
                if context.isAttached { attach(added, into: &applied) }
            }
            return applied

        case .present(let presenter, let presented, let style):
            presenter.context.presented = presented
            presented.context.presenting = presenter
            presented.context.presentationStyle = style
            var applied = AppliedChange(
                undo: .present(presenter: presenter),
                presented: [presented]
            )
            attach(presented, into: &applied)
            return applied

        case .dismiss(let presenter):
            var chain: [any ViewController] = []
            var next = presenter.context.presented
            while let controller = next {
                chain.append(controller)
                next = controller.context.presented
            }
            let styles = chain.map(\.context.presentationStyle)
            // The chain leaves the tree now (R4.1), but its upward links (`presenting`, and the
            // parents inside it) and styles stay until the end phase, and the cut links are
            // remembered: until then the relations still hold (R3.1, R6.6). `finishDismissals`
            // cuts them for good; `undo` restores them.
            var previous = presenter
            for controller in chain {
                executorState.departing.append((previous, controller))
                previous.context.presented = nil
                markDetached(controller)
                previous = controller
            }
            return AppliedChange(
                undo: .dismiss(presenter: presenter, chain: chain, styles: styles),
                dismissed: chain
            )
        }
    }

    /// Journals a commit: first the subtrees that entered the tree (so that a reference model
    /// can replay the change without knowing the controllers), then the change itself.
    private func emitCommit(_ applied: AppliedChange, request id: RequestID) {
        for controller in entered(applied) {
            emit(.entered(snapshot(of: controller)), request: id)
        }
        emit(.committed(record(of: applied)), request: id)
    }

    /// The roots of the subtrees a change brought into the tree.
    private func entered(_ applied: AppliedChange) -> [any ViewController] {
        switch applied.undo {
        case .root: return root.map { [$0] } ?? []
        case .push(let navigation): return navigation.context.children.last.map { [$0] } ?? []
        case .stack: return applied.moves.filter { $0.to != nil && !$0.isAdoption }.map(\.controller)
        case .present(let presenter): return presenter.context.presented.map { [$0] } ?? []
        case .split(let state):
            // A collapse or expansion rearranges the whole split, and a column-style split's
            // columns are journaled whole; a classic split's new secondary enters alone.
            if state.collapsed != state.split.context.isCollapsed || state.columns != nil { return [state.split] }
            let children = state.split.context.children
            return children.count > 1 ? [children[1]] : []
        case .composite(let parts): return parts.flatMap(entered)
        case .addChild(_, let child): return [child]
        case .pop, .dismiss, .selectTab, .traits, .removeFromParent: return []
        }
    }

    /// The change as the journal records it, read at the commit point from the undo data and
    /// the tree (built only when someone listens).
    private func record(of applied: AppliedChange) -> CommittedChange {
        switch applied.undo {
        case .split(let state):
            let context = state.split.context
            if state.columns != nil { return .setColumns(split: state.split.id, collapsed: context.isCollapsed) }
            if context.isCollapsed != state.collapsed {
                return .setCollapsed(split: state.split.id, collapsed: context.isCollapsed)
            }
            return .replaceSecondary(split: state.split.id, secondary: context.children.count > 1 ? context.children[1].id : nil)
        case .traits:
            return .setTraits(traits)
        case .addChild(let parent, let child):
            return .addChild(parent: parent.id, child: child.id)
        case .removeFromParent(let parent, let child, _):
            return .removeFromParent(parent: parent.id, child: child.id)
        case .selectTab(let tabBar, _):
            return .selectTab(tabBar: tabBar.id, index: tabBar.context.selectedIndex)
        case .composite(let parts):
            return .composite(parts.map(record(of:)))
        case .root:
            guard let root else { return .removeRoot }
            return .setRoot(root.id)
        case .push(let navigation):
            return .push(navigation: navigation.id, pushed: navigation.context.children.last?.id ?? ControllerID(0))
        case .pop(let navigation, let removed):
            return .pop(navigation: navigation.id, removed: removed.map(\.id))
        case .stack(let navigation, _):
            return .setStack(navigation: navigation.id, stack: navigation.context.children.map(\.id))
        case .present(let presenter):
            let presented = presenter.context.presented
            return .present(
                presenter: presenter.id,
                presented: presented?.id ?? ControllerID(0),
                style: presented?.context.presentationStyle ?? .fullScreen
            )
        case .dismiss(let presenter, let chain, _):
            return .dismiss(presenter: presenter.id, removed: chain.map(\.id))
        }
    }

    /// The controllers only in `old` and only in `new`, in stack order. Pushes and pops change
    /// the tail, so the common prefix is skipped first; long tails are compared by identity sets.
    private func stackDifference(
        from old: [any ViewController],
        to new: [any ViewController]
    ) -> (removed: [any ViewController], added: [any ViewController]) {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] === new[prefix] { prefix += 1 }
        let oldTail = old[prefix...]
        let newTail = new[prefix...]
        if oldTail.count * newTail.count <= 64 {
            return (
                oldTail.filter { controller in !newTail.contains { $0 === controller } },
                newTail.filter { controller in !oldTail.contains { $0 === controller } }
            )
        }
        let oldSet = Set(oldTail.map(ObjectIdentifier.init))
        let newSet = Set(newTail.map(ObjectIdentifier.init))
        return (
            oldTail.filter { !newSet.contains(ObjectIdentifier($0)) },
            newTail.filter { !oldSet.contains(ObjectIdentifier($0)) }
        )
    }

    func undo(_ applied: AppliedChange) {
        switch applied.undo {
        case .split(let state):
            let current = SplitState(state.split)
            state.restore(attached: state.split.context.isAttached) { controller, parent in
                setParent(controller, parent)
                if parent == nil { detach(controller) } else if state.split.context.isAttached { reattach(controller) }
            }
            // A secondary the change brought in leaves again (free to be shown elsewhere).
            for controller in state.arrivals(since: current) {
                setParent(controller, nil)
                detach(controller)
            }
        case .traits(let old):
            traits = old
            return
        case .addChild(let parent, let child):
            parent.context.children.removeAll { $0 === child }
            setParent(child, nil)
            detach(child)
        case .removeFromParent(let parent, let child, let index):
            parent.context.children.insert(child, at: min(index, parent.context.children.count))
            setParent(child, parent)
            if parent.context.isAttached { reattach(child) }
            return
        case .selectTab(let tabBar, let old):
            tabBar.context.selectedIndex = old
            return
        case .composite(let parts):
            for part in parts.reversed() { undo(part) }
            return
        case .root(let old):
            if let current = root { detach(current) }
            root = old
            if let old { reattach(old) }
        case .push(let navigation):
            if let pushed = navigation.context.children.popLast() {
                setParent(pushed, nil)
                detach(pushed)
            }
        case .pop(let navigation, let removed):
            let context = navigation.context
            context.children.append(contentsOf: removed)
            for controller in removed {
                setParent(controller, navigation)
                if context.isAttached { reattach(controller) }
            }
        case .stack(let navigation, let old):
            let context = navigation.context
            for move in applied.moves where move.to === navigation || move.from === navigation {
                setParent(move.controller, move.from)
                if move.to === navigation { detach(move.controller) }
            }
            context.children = old
            if context.isAttached {
                for child in old { reattach(child) }
            }
        case .present(let presenter):
            if let presented = presenter.context.presented {
                detach(presented)
                presented.context.presenting = nil
                presented.context.presentationStyle = nil
            }
            presenter.context.presented = nil
        case .dismiss(let presenter, let chain, let styles):
            executorState.departing.removeAll()
            var previous = presenter
            for (controller, style) in zip(chain, styles) {
                previous.context.presented = controller
                controller.context.presenting = previous
                controller.context.presentationStyle = style
                previous = controller
            }
            if presenter.context.isAttached, let first = chain.first {
                reattach(first)
            }
        }
        for container in applied.adopted {
            let context = container.context
            for child in context.children { child.context.parent = nil }
            for child in container.initialChildren {
                // Back to "claimed by the container, not yet adopted" (a split that collapsed
                // as it entered may have moved or freed its secondary).
                child.context.parent = nil
                child.context.claim.store(container.id.rawValue, ordering: .relaxed)
            }
            context.children = []
            context.didAdoptInitialChildren = false
            if container.kind == .split {
                context.isCollapsed = false
                context.splitStash = nil
                context.selectedIndex = 0
            }
        }
    }
}
