import Synchronization

// The synchronous core's commonest transitions, a push and a pop that name everything they
// change: a stack's top with nothing inside it covered by or uncovering another such controller,
// in a navigation controller on screen, with no hook to call, no delegate to tell and nothing to
// animate.

/// A push that the synchronous core runs without the general transition's records (see
/// ``WindowTree/leafPush(of:onto:)``): checked, not applied yet.
///
/// The general path applies a change into an ``AppliedChange`` (the undo record and the
/// containment moves), walks the visible runs before and after it to learn who appears and who
/// disappears, asks each of them for hooks, and notes the callbacks from those walks. A leaf
/// push knows all of it beforehand: the pushed controller appears, the old top disappears, and
/// the one move is the pushed controller's. On that path nothing is undone (the checks come
/// before the apply), so nothing needs recording either.
struct LeafPush {
    /// The pushed controller's context (read once: each read is a witness call, a retain and a
    /// release). The controllers themselves are the change's, passed along borrowed.
    let pushedContext: ControllerContext
    /// The context of the top it covers, if the stack was not empty.
    let coveredContext: ControllerContext?
}

extension WindowTree {
    /// The push of `pushed` onto `navigation` as a ``LeafPush``, or `nil` when the general path
    /// must run it. A leaf push is what ``applyNotingVisibility(_:)`` would walk as one run of
    /// one controller before and after the change (`VisibleSet.leaf`), with no controller that
    /// hears callbacks (`needsHooks` false):
    /// - `navigation` is in the tree, on screen, and has no delegate (R4.12);
    /// - the old top, if any, has no children and presents nothing, and receives no callbacks;
    /// - `pushed` has no children, presents nothing, has no initial children to adopt, is not a
    ///   split view controller (which may collapse as it enters), and receives no callbacks.
    ///
    /// The push must have passed its validation (`checkAndValidatePush`).
    func leafPush(of pushed: any ViewController, onto navigation: NavigationController) -> LeafPush? {
        let pushedContext = pushed.context
        guard hasNothingInside(pushed, pushedContext) else { return nil }
        return leafPush(of: pushed, context: pushedContext, onto: navigation)
    }

    /// Whether `controller` (whose context is `context`) has no children, presents nothing and
    /// has no initial children left to adopt: its visible run is itself alone. The one test of
    /// a leaf, for the push's validation (`checkAndValidatePush`) and the leaf transitions.
    @inline(__always)
    func hasNothingInside(_ controller: any ViewController, _ context: ControllerContext) -> Bool {
        context.children.isEmpty && context.presented == nil
            && (context.didAdoptInitialChildren || controller.initialChildren.isEmpty)
    }

    /// ``leafPush(of:onto:)`` of a controller whose context `checkAndValidatePush` returned:
    /// it has no children, presents nothing and has no initial children to adopt.
    func leafPush(
        of pushed: any ViewController, context pushedContext: ControllerContext, onto navigation: NavigationController
    ) -> LeafPush? {
        let context = navigation.context
        guard !context.hasDelegate, context.isAttached, isOnScreen(navigation) else { return nil }
        var coveredContext: ControllerContext?
        if let top = context.children.last {
            let covered = top.context
            guard hasNothingInside(top, covered), !top.receivesCallbacks else { return nil }
            coveredContext = covered
        }
        guard !pushed.receivesCallbacks, pushed.kind != .split else { return nil }
        return LeafPush(pushedContext: pushedContext, coveredContext: coveredContext)
    }

    /// Applies a leaf push of `pushed` onto `navigation`: the fields ``apply(_:)`` writes for
    /// `.navigation(.push)` (the stack, the parent and its claim, the attach with its adoption
    /// of no initial children), and the split decisions used up.
    func applyLeafPush(_ push: LeafPush, of pushed: any ViewController, onto navigation: NavigationController) {
        navigation.context.children.append(pushed)
        setParent(of: push.pushedContext, navigation)
        push.pushedContext.isAttached = true
        push.pushedContext.didAdoptInitialChildren = true
        if !entryDecisions.isEmpty { entryDecisions.removeAll() }
    }
}

extension Window {
    /// Runs a leaf push to its end: its tree writes, then its callbacks and commit in
    /// `runWithoutHooks`' order (``noteLeafTransition(request:animated:appearing:covered:moving:to:committed:)``),
    /// the pushed controller appearing over the old top. Cancellation and closing are checked
    /// before anything is applied, unless the caller just did (`checks` false: see
    /// ``startChange(_:request:animated:cancellable:checked:)``).
    func runLeafPush(
        _ push: LeafPush, of pushed: any ViewController, onto navigation: NavigationController,
        request id: RequestID, animated: Bool, cancellable: Bool, checks: Bool
    ) throws -> TransitionOutcome {
        if checks { try checkpoint(cancellable: cancellable) }
        tree.applyLeafPush(push, of: pushed, onto: navigation)
        let appearing = push.pushedContext
        return noteLeafTransition(
            request: id, animated: animated, appearing: appearing, covered: push.coveredContext,
            moving: { $0(appearing.id) }, to: navigation.id
        ) {
            emit(.entered(snapshot(of: pushed)), request: id)
            emit(.committed(.push(navigation: navigation.id, pushed: appearing.id)), request: id)
        }
    }

    /// The callbacks and the commit of a leaf transition whose tree writes are made, as
    /// `runWithoutHooks` notes a stack change whose visible runs are one controller each, in
    /// the same order (R6.1–R6.3, R4.1): `began`; each moved controller's `willMove`;
    /// `viewDidLoad` of the appearing controller if it never loaded; the covered controller's
    /// `viewWillDisappear`; the appearing controller's `viewWillAppear`; the commit (the
    /// journal's records from `committed`); `viewDidDisappear`; `viewDidAppear`; each `didMove`.
    /// The containment and load callbacks are only journaled, so with no subscriber they are
    /// not noted. The window is open (checked before the tree writes, or by the caller with
    /// nothing suspended since), so each callback is noted as `record(_:of:)` notes it, without
    /// asking again.
    ///
    /// - Parameters:
    ///   - moving: Calls its argument with the id of each controller whose parent changes, in
    ///     stack order.
    ///   - parent: The parent they move to (`nil`: they leave the stack).
    ///   - committed: Journals the commit's records; called only with a subscriber.
    @inline(__always)
    private func noteLeafTransition(
        request id: RequestID, animated: Bool, appearing: ControllerContext, covered: ControllerContext?,
        moving: ((ControllerID) -> Void) -> Void, to parent: ControllerID?, committed: () -> Void
    ) -> TransitionOutcome {
        emit(.began, request: id)
        let journals = hasSubscribers
        if journals { moving { emit(.callback($0, .willMove(toParent: parent)), request: id) } }
        if !appearing.isViewLoaded {
            appearing.isViewLoaded = true
            if journals { emit(.callback(appearing.id, .viewDidLoad), request: id) }
        }
        if let covered { noteAppearance(.viewWillDisappear(animated: animated), .disappearing, of: covered, request: id) }
        noteAppearance(.viewWillAppear(animated: animated), .appearing, of: appearing, request: id)
        let sequence = queue.commit()
        if let runner = activeRunner, runner.request == id { runner.state.withLock { $0.commit(sequence) } }
        if hasSubscribers { committed() }
        tree.finishDismissals()
        if let covered { noteAppearance(.viewDidDisappear(animated: animated), .disappeared, of: covered, request: id) }
        noteAppearance(.viewDidAppear(animated: animated), .appeared, of: appearing, request: id)
        if hasSubscribers { moving { emit(.callback($0, .didMove(toParent: parent)), request: id) } }
        return .completed(sequence: sequence)
    }

    /// An appearance callback noted: the state it moves to, and its journal event.
    @inline(__always)
    private func noteAppearance(
        _ callback: ControllerCallback, _ state: AppearanceState, of context: ControllerContext, request id: RequestID
    ) {
        context.appearance = state
        emit(.callback(context.id, callback), request: id)
    }
}

/// A pop that the synchronous core runs without the general transition's records (see
/// ``WindowTree/leafPop(of:keeping:)``): checked, not applied yet. Like a ``LeafPush``, it
/// knows who appears (the controller it uncovers), who disappears (the old top) and whose
/// containment moves (the popped controllers', in stack order).
struct LeafPop {
    /// The old top's context.
    let coveredContext: ControllerContext
    /// The context of the controller that becomes the top.
    let revealedContext: ControllerContext
}

extension WindowTree {
    /// The pop of every controller above the first `keeping` of `navigation`'s stack as a
    /// ``LeafPop``, or `nil` when the general path must run it. A leaf pop is what
    /// ``applyNotingVisibility(_:)`` would walk as one run of one controller before and after
    /// the change, with no controller that hears callbacks (`needsHooks` false):
    /// - `navigation` is in the tree, on screen, and has no delegate (R4.12);
    /// - the old top and the controller it uncovers have no children and present nothing;
    /// - neither they nor any popped controller receives callbacks (each hears its move).
    func leafPop(of navigation: NavigationController, keeping: Int) -> LeafPop? {
        let context = navigation.context
        let count = context.children.count
        guard keeping >= 1, keeping < count, !context.hasDelegate, context.isAttached, isOnScreen(navigation) else { return nil }
        let top = context.children[count - 1]
        let revealed = context.children[keeping - 1]
        let covered = top.context
        let shown = revealed.context
        guard hasNothingInside(top, covered), hasNothingInside(revealed, shown), !revealed.receivesCallbacks else { return nil }
        for index in keeping..<count where context.children[index].receivesCallbacks { return nil }
        return LeafPop(coveredContext: covered, revealedContext: shown)
    }

    /// Applies a leaf pop: the fields ``apply(_:)`` writes for `.navigation(.pop)` (the stack,
    /// each popped controller's parent and claim, its subtree detached), and the split decisions
    /// used up. Returns the popped controllers, in stack order, alive until the caller is done.
    func applyLeafPop(of navigation: NavigationController, keeping: Int) -> [any ViewController] {
        let context = navigation.context
        let removed = Array(context.children[keeping...])
        context.children.removeLast(removed.count)
        for controller in removed {
            let popped = controller.context  // read once for both
            setParent(of: popped, nil)
            detach(popped)
        }
        if !entryDecisions.isEmpty { entryDecisions.removeAll() }
        return removed
    }
}

extension Window {
    /// Runs a leaf pop to its end, as ``runLeafPush(_:of:onto:request:animated:cancellable:checks:)``
    /// runs a push: the uncovered controller appears, the old top disappears, and each popped
    /// controller moves to no parent.
    func runLeafPop(
        _ pop: LeafPop, of navigation: NavigationController, keeping: Int,
        request id: RequestID, animated: Bool, cancellable: Bool, checks: Bool
    ) throws -> TransitionOutcome {
        if checks { try checkpoint(cancellable: cancellable) }
        let removed = tree.applyLeafPop(of: navigation, keeping: keeping)
        return noteLeafTransition(
            request: id, animated: animated, appearing: pop.revealedContext, covered: pop.coveredContext,
            moving: { body in for controller in removed { body(controller.id) } }, to: nil
        ) {
            emit(.committed(.pop(navigation: navigation.id, removed: removed.map(\.id))), request: id)
        }
    }
}
