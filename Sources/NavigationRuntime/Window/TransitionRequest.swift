/// What a request asks its window to do. Validated when it runs, not when it is accepted, so
/// that a request queued behind others is judged against the tree it will change (R4.5).
///
/// Loadable (every payload is a reference or a trivial value, no opaque existential): a
/// `switch` over a request borrows it in registers instead of copying it to the stack first.
/// Keep it so: box an `any P` that is not class-bound (see ``RequestSender``).
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
    case show(any ViewController, from: any ViewController, sender: RequestSender?, detail: Bool)
    case segue(from: any ViewController, identifier: String?, sender: RequestSender?, triggered: Bool)
    case performSegue(Segue)
    case selectTab(TabBarController, index: Int, userTap: Bool)
    /// A page view controller's `setViewControllers` (R5.10): no data source, no delegate.
    case setPages([any ViewController], in: PageViewController)
    /// A gesture-driven page turn (R5.11): the data source and the delegate are asked.
    case turnPage(PageViewController, PageViewController.NavigationDirection)
    case setTraits(Traits)
    case addChild(any ViewController, to: any ViewController)
    case removeFromParent(any ViewController)
    case interactivePop(NavigationController, InteractivePop)
    case unwind(from: any ViewController, action: String, identifier: String?, sender: RequestSender?)
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
            if segue.kind.performer != nil {
                true
            } else {
                segue.source.receivesCallbacks || Self.showRoutingRunsUserCode(from: segue.source)
            }
        case .unwind, .show, .setTraits, .turnPage: true
        case .resolved: true  // scene factories, `DeepLinkReceiver.receive(deepLink:)`
        case .selectTab(_, _, let userTap): userTap
        case .setRoot, .push, .pop, .popTo, .popToRoot, .setViewControllers, .setPages, .present, .dismiss, .addChild,
            .removeFromParent, .interactivePop:
            false
        }
    }

    /// Whether a show or show-detail from `source` can reach user code on its way (R2.2): a
    /// custom container overriding the action (``ViewController/performShow(_:action:sender:)``)
    /// or a split view controller with a delegate on the next-responder chain. Reads the tree:
    /// call on the window's executor.
    static func showRoutingRunsUserCode(from source: any ViewController) -> Bool {
        ResponderChain(from: source).contains { $0.kind.semantics.routesShowThroughUserCode($0) }
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
        case .setPages: "setPages"
        case .turnPage(_, let direction): "turnPage " + direction.rawValue
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

/// A request's sender (`show`, `performSegue`, `unwind`), boxed: an `(any Sendable)?` in
/// ``TransitionRequest`` would make the whole enum address-only (an opaque existential), so
/// that every `switch` over any request copied it first. No sender is `nil`, no allocation.
final class RequestSender: Sendable {
    /// The sender, as the caller passed it.
    let value: any Sendable

    private init(_ value: any Sendable) { self.value = value }

    /// `sender` boxed, `nil` when there is none.
    static func box(_ sender: (any Sendable)?) -> RequestSender? {
        guard let sender else { return nil }
        return RequestSender(sender)
    }
}

/// Marks the task that runs a transition, so that a request it makes to its own window is
/// recognised as nested (it would otherwise wait for itself) and deferred.
struct TransitionScope: Sendable {
    let window: ObjectIdentifier
    let request: RequestID

    @TaskLocal static var current: TransitionScope?
}
