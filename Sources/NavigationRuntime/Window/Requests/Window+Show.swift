// Show routing (R2.1–R2.4): the change `show` and `showDetail` make, and the actions they look for.

extension Window {
    /// The change `show` or `showDetail` makes: to the target found along the next-responder
    /// chain (R2.2), else a modal presentation from the source (R2.1, R2.4). A built-in
    /// container acts as UIKit's does (R2.3–R2.6); a custom container that overrides the
    /// action says what to do (``ViewController/performShow(_:action:sender:)``), possibly by
    /// forwarding to another target.
    ///
    /// A navigation controller shown where the target is a navigation controller is
    /// **presented** modally from the source (with its own ``ViewController/modalPresentationStyle``),
    /// not pushed: UIKit's `UINavigationController.show(_:sender:)` does not raise R4.3's
    /// "Pushing a navigation controller is not supported" for it. Evidence: storyboards whose
    /// `show` segues lead from inside a stack to a navigation controller run on iOS, and are
    /// presented (SwiftyJSON PR #686: "The previous segue is pointed to the navigation
    /// controller. This causes the show segue to be presented instead on the current navigation
    /// controller"; passforios's `addPasswordSegue` and `editPasswordSegue`, in
    /// `../shared/fixtures/apps/mssun__passforios`). Apple does not document it (DEC, R2.3): the
    /// same rule applies to a split's `show` forwarded to its navigation primary. An explicit
    /// ``NavigationController/pushViewController(_:animated:policy:)`` of a navigation
    /// controller stays an error (R4.3), and so does a custom container answering
    /// ``ShowHandling/push(onto:)`` with one; a collapsed split's show-detail of a navigation
    /// controller nests it on the primary (R2.6, see `splitShowChange`).
    ///
    /// - Returns: the change, or `nil` when there is nothing to do (a split's delegate claimed
    ///   a show-detail, or the controller already is the secondary, R2.5).
    func showChange(
        of controller: any ViewController,
        from source: any ViewController,
        detail: Bool,
        sender: (any Sendable)? = nil
    ) async throws -> Change? {
        let action: ShowAction = detail ? .showDetail : .show
        var target = targetViewController(forAction: action, from: source)
        // The custom containers asked so far: a forward back to one of them is a cycle.
        var asked: [ObjectIdentifier] = []
        while true {
            switch target {
            case let navigation as NavigationController:
                // A navigation controller is presented, not pushed (see above; R4.3 otherwise).
                if controller.kind == .navigation { return try presentation(of: controller, from: source, style: nil) }
                try tree.checkPushable(controller, onto: navigation)
                return .push(navigation, controller)
            case let split as SplitViewController:
                return try await splitShowChange(of: controller, in: split, detail: detail, from: source)
            case let container?:
                // A custom container that overrides the action (R2.2, R2.3).
                guard !asked.contains(ObjectIdentifier(container)) else {
                    throw NavigationError(
                        .invalidRequest,
                        "\(describe(container)) forwards \(action) back to itself through its show overrides.",
                        window: id, controllers: [container.id, controller.id]
                    )
                }
                asked.append(ObjectIdentifier(container))
                let handling = try await userCode(.named("show(_:sender:)"), on: container.id) {
                    await container.performShow(controller, action: action, sender: sender)
                }
                // User code ran: judge its answer against the tree as it is now.
                try tree.checkAttached(container)
                switch handling {
                case .addChild:
                    try tree.checkInsertable(controller, into: container, code: .controllerInUse)
                    return .addChild(controller, to: container, completesMove: true)
                case .replaceChild(let old):
                    guard old.context.parent === container, old !== controller else {
                        throw NavigationError(
                            .invalidRequest,
                            "\(describe(old)) is not a child of \(describe(container)) that \(describe(controller)) can replace.",
                            window: id, controllers: [container.id, old.id, controller.id]
                        )
                    }
                    try tree.checkInsertable(controller, into: container, code: .controllerInUse)
                    return .composite([
                        .removeFromParent(old, completesMove: true),
                        .addChild(controller, to: container, completesMove: true),
                    ])
                case .push(let navigation):
                    try tree.checkAttached(navigation)
                    try tree.checkPushable(controller, onto: navigation)
                    return .push(navigation, controller)
                case .forward(let next):
                    try tree.checkAttached(next)
                    target = next
                case .present(let style):
                    return try presentation(of: controller, from: source, style: style)
                case .handled:
                    return nil
                }
            case nil:
                return try presentation(of: controller, from: source, style: nil)
            }
        }
    }
}

/// The actions `targetViewController(forAction:sender:)` looks for (R2.2).
public enum ShowAction: Sendable, Hashable {
    /// `show(_:sender:)`.
    case show
    /// `showDetailViewController(_:sender:)`.
    case showDetail
}
