import Synchronization

// The synchronous core's commonest transition, a push that names everything it changes: one
// controller with nothing inside it pushed over a top with nothing inside it, onto a navigation
// controller on screen, with no hook to call, no delegate to tell and nothing to animate.

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
    /// The navigation controller whose stack grows.
    let navigation: NavigationController
    /// The controller pushed.
    let pushed: any ViewController
    /// Its context (read once: each read is a witness call, a retain and a release).
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
        let context = navigation.context
        guard !context.hasDelegate, context.isAttached, isOnScreen(navigation) else { return nil }
        var coveredContext: ControllerContext?
        if let top = context.children.last {
            let covered = top.context
            guard covered.children.isEmpty, covered.presented == nil, !top.receivesCallbacks else { return nil }
            coveredContext = covered
        }
        let pushedContext = pushed.context
        guard pushedContext.children.isEmpty, pushedContext.presented == nil, !pushed.receivesCallbacks,
            pushedContext.didAdoptInitialChildren || pushed.initialChildren.isEmpty, pushed.kind != .split
        else { return nil }
        return LeafPush(navigation: navigation, pushed: pushed, pushedContext: pushedContext, coveredContext: coveredContext)
    }

    /// Applies a leaf push: the fields ``apply(_:)`` writes for `.navigation(.push)` (the stack,
    /// the parent and its claim, the attach with its adoption of no initial children), and the
    /// split decisions used up.
    func applyLeafPush(_ push: LeafPush) {
        push.navigation.context.children.append(push.pushed)
        setParent(of: push.pushedContext, push.navigation)
        push.pushedContext.isAttached = true
        push.pushedContext.didAdoptInitialChildren = true
        if !entryDecisions.isEmpty { entryDecisions.removeAll() }
    }
}

extension Window {
    /// Runs a leaf push to its end: what `runWithoutHooks` does for a push whose visible runs are
    /// one controller each, with the same state, the same journal and the same order (R6.1–R6.3,
    /// R4.1): `began`, `willMove`, `viewDidLoad` (once), the old top's `viewWillDisappear`, the
    /// pushed controller's `viewWillAppear`, the commit (`entered`, `committed`), the old top's
    /// `viewDidDisappear`, the pushed controller's `viewDidAppear`, `didMove`. Cancellation and
    /// closing are checked before anything is applied, unless the caller just did (`checks`
    /// false: see ``startChange(_:request:animated:cancellable:checked:)``).
    func runLeafPush(_ push: LeafPush, request id: RequestID, cancellable: Bool, checks: Bool) throws -> TransitionOutcome {
        if checks { try checkpoint(cancellable: cancellable) }
        tree.applyLeafPush(push)
        emit(.began, request: id)
        let pushed = push.pushedContext
        let journals = hasSubscribers
        if journals { record(.willMove(toParent: push.navigation.id), of: pushed) }
        if !pushed.isViewLoaded {
            pushed.isViewLoaded = true
            if journals { record(.viewDidLoad, of: pushed) }
        }
        if let covered = push.coveredContext { record(.viewWillDisappear(animated: false), of: covered) }
        record(.viewWillAppear(animated: false), of: pushed)
        let sequence = queue.commit()
        if let runner = activeRunner, runner.request == id { runner.state.withLock { $0.commit(sequence) } }
        if hasSubscribers {
            emit(.entered(snapshot(of: push.pushed)), request: id)
            emit(.committed(.push(navigation: push.navigation.id, pushed: pushed.id)), request: id)
        }
        tree.finishDismissals()
        if let covered = push.coveredContext { record(.viewDidDisappear(animated: false), of: covered) }
        record(.viewDidAppear(animated: false), of: pushed)
        if hasSubscribers { record(.didMove(toParent: push.navigation.id), of: pushed) }
        return .completed(sequence: sequence)
    }
}
