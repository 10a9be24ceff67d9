/// What a request asks its window to do. Validated when it runs, not when it is accepted, so
/// that a request queued behind others is judged against the tree it will change (R4.5).
enum TransitionRequest: Sendable {
    /// `nil` removes the root: nothing is visible (UIKit's `window.rootViewController = nil`).
    case setRoot((any ViewController)?)
    case push(any ViewController, onto: NavigationController)
    /// The receipts note what the pops pop, when they run.
    case pop(NavigationController, PopReceipt)
    case popTo(any ViewController, in: NavigationController, PopReceipt)
    case popToRoot(NavigationController, PopReceipt)
    case setViewControllers([any ViewController], in: NavigationController)
    case present(any ViewController, from: any ViewController, style: PresentationStyle?)
    case dismiss(from: any ViewController)
    case show(any ViewController, from: any ViewController, sender: (any Sendable)?, detail: Bool)
    case segue(from: any ViewController, identifier: String?, sender: (any Sendable)?, triggered: Bool)
    case performSegue(Segue)
    case selectTab(TabBarController, index: Int, userTap: Bool)
    case setTraits(Traits)
    case addChild(any ViewController, to: any ViewController)
    case removeFromParent(any ViewController)
    case interactivePop(NavigationController, InteractivePop)
    case unwind(from: any ViewController, action: String, identifier: String?, sender: (any Sendable)?)
    /// A change worked out when the request's turn comes, against the tree as it is then
    /// (restoration, deep links); `nil` is `.noChange`. `name` is the journal's.
    case resolved(name: String, resolve: @Sendable (isolated Window) async throws -> Change?)

    /// Whether the request runs user code (hooks, delegates, custom segues, unwind searches)
    /// before its structural change is known; such requests mark their task for their whole
    /// turn (see `Window.inScope(of:_:)`).
    var runsUserCodeBeforeItsChange: Bool {
        switch self {
        // A storyboard segue's user code before its change is the source's shouldPerform and
        // prepare (scene factories are synchronous, they cannot wait on the window); a custom
        // kind's performer may run later, but checks its own scope (see `Window.perform`).
        case .segue(let source, _, _, _): source.receivesCallbacks || Self.showRoutingRunsUserCode(from: source)
        case .performSegue(let segue):
            if case .custom = segue.kind {
                true
            } else {
                segue.source.receivesCallbacks || Self.showRoutingRunsUserCode(from: segue.source)
            }
        case .unwind, .show, .setTraits: true
        case .resolved: true  // scene factories, `DeepLinkReceiver.receive(deepLink:)`
        case .selectTab(_, _, let userTap): userTap
        case .setRoot, .push, .pop, .popTo, .popToRoot, .setViewControllers, .present, .dismiss, .addChild,
            .removeFromParent, .interactivePop:
            false
        }
    }

    /// Whether a show or show-detail from `source` can reach user code on its way (R2.2): a
    /// custom container overriding the action (``ViewController/performShow(_:action:sender:)``)
    /// or a split view controller with a delegate on the next-responder chain. Reads the tree:
    /// call on the window's executor.
    static func showRoutingRunsUserCode(from source: any ViewController) -> Bool {
        var current: (any ViewController)? = source
        while let node = current {
            if node.kind.semantics.routesShowThroughUserCode(node) { return true }
            current = node.context.parent ?? node.context.presenting
        }
        return false
    }

    /// A short name for the journal.
    var name: String {
        switch self {
        case .setRoot: "setRoot"
        case .push: "push"
        case .pop: "pop"
        case .popTo: "popTo"
        case .popToRoot: "popToRoot"
        case .setViewControllers: "setViewControllers"
        case .present: "present"
        case .dismiss: "dismiss"
        case .show(_, _, _, let detail): detail ? "showDetail" : "show"
        case .segue(_, let identifier, _, let triggered):
            (triggered ? "trigger " : "performSegue ") + (identifier ?? "(null)")
        case .performSegue(let segue): "perform " + (segue.identifier ?? "(null)")
        case .selectTab(_, let index, let userTap): (userTap ? "tapTab " : "selectTab ") + String(index)
        case .unwind(_, let action, _, _): "unwind " + action
        case .setTraits(let traits): "traits " + traits.horizontalSizeClass.rawValue
        case .addChild: "addChild"
        case .removeFromParent: "removeFromParent"
        case .interactivePop: "interactivePop"
        case .resolved(let name, _): name
        }
    }
}

/// Marks the task that runs a transition, so that a request it makes to its own window is
/// recognised as nested (it would otherwise wait for itself) and deferred.
struct TransitionScope: Sendable {
    let window: ObjectIdentifier
    let request: RequestID

    @TaskLocal static var current: TransitionScope?
}
