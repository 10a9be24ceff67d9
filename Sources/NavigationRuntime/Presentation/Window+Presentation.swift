// Presentation routing (R3.1–R3.12): the change presenting a controller makes, after rerouting.

extension Window {
    /// The change presenting `controller` from `source` makes, after rerouting (R3.3, R3.4).
    func presentation(
        of controller: any ViewController,
        from source: any ViewController,
        style requested: PresentationStyle?
    ) throws -> Change {
        try tree.checkAttached(source)
        try tree.checkOwned(controller)
        if controller === source {
            throw NavigationError(
                .presentingActiveController,
                "Application tried to present modally an active controller \(describe(controller)).",
                window: id, controllers: [controller.id, source.id]
            )
        }
        try tree.checkInsertable(controller, into: nil, code: .presentingActiveController)
        try checkInWindow(source, presenting: controller)
        let style = (requested ?? controller.modalPresentationStyle)
            .resolved(for: traits, adaptation: controller.adaptivePresentationStyle(for: traits))
        let presenter = style.usesPresentationContext ? presentationContext(of: source) : layerOwner(of: source)
        if let presented = presenter.context.presented {
            throw NavigationError(
                .alreadyPresenting,
                "Attempt to present \(describe(controller)) on \(describe(presenter)) (from \(describe(source))) which is already presenting \(describe(presented)).",
                window: id, controllers: [controller.id, presenter.id, source.id, presented.id]
            )
        }
        // R3.5: a context that provides its transition style lends it to the presentation.
        let lendsStyle = style.usesPresentationContext && presenter.definesPresentationContext
            && presenter.providesPresentationContextTransitionStyle
        controller.context.presentationTransitionStyle =
            lendsStyle ? presenter.modalTransitionStyle : controller.modalTransitionStyle
        return .present(presenter: presenter, presented: controller, style: style)
    }

    /// The presenting source's view is in the window (R3.7): each container above it shows it
    /// (a navigation stack's top, a tab bar's selected tab: ``ContainerSemantics``).
    private func checkInWindow(_ source: any ViewController, presenting controller: any ViewController) throws {
        var child = source
        while let parent = child.context.parent {
            let children = parent.context.children
            let index = children.firstIndex { $0 === child } ?? 0
            let shown = parent.kind.semantics.shows(child: index, in: ContainerLayout(parent.context))
            guard shown else {
                throw NavigationError(
                    .notInWindowHierarchy,
                    "Attempt to present \(describe(controller)) on \(describe(source)) whose view is not in the window hierarchy.",
                    window: id, controllers: [controller.id, source.id]
                )
            }
            child = parent
        }
    }
}
