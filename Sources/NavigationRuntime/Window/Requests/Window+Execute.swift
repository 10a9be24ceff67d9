// Request resolution: a request whose turn it is, validated against the tree, resolved to a change and run.

extension Window {
    /// Runs one request whose turn it is: validates it against the tree as it is now, resolves
    /// it to a change, and runs the change as a transition.
    func execute(
        _ request: TransitionRequest,
        id: RequestID,
        animated: Bool,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        try checkpoint(cancellable: cancellable)
        let change: Change
        switch request {
        case .interactivePop(let navigation, let gesture):
            try tree.checkAttached(navigation)
            let stack = navigation.context.children
            guard stack.count > 1 else { return .noChange }
            interaction = gesture
            defer { if interaction === gesture { interaction = nil } }
            return try await runChange(.pop(navigation, keeping: stack.count - 1), request: id, animated: true, cancellable: cancellable)

        case .show(let controller, let source, let sender, let detail):
            try tree.checkAttached(source)
            guard let show = try await showChange(of: controller, from: source, detail: detail, sender: sender?.value) else {
                return .noChange
            }
            change = show

        case .segue(let source, let identifier, let sender, let triggered):
            if case .some(let resolution) = try resolveStoryboardSegue(from: source, identifier: identifier, triggered: triggered) {
                switch resolution {
                case .outcome(let outcome): return outcome
                case .change(let resolved, let animates, _):
                    return try await runChange(resolved, request: id, animated: animated && animates, cancellable: cancellable)
                case .leafPush(_, let pushed, let navigation, let animates):
                    return try await runChange(.push(navigation, pushed), request: id, animated: animated && animates, cancellable: cancellable)
                case .asynchronous: break
                }
            }
            return try await runSegue(
                from: source, identifier: identifier, sender: sender?.value, triggered: triggered,
                id: id, animated: animated, cancellable: cancellable
            )

        case .performSegue(let segue):
            try tree.checkAttached(segue.source)
            return try await perform(segue, id: id, animated: animated, cancellable: cancellable)

        case .setTraits(let traits):
            guard let traitsChange = try await traitsChange(to: traits) else { return .noChange }
            change = traitsChange

        case .setPages(let pages, let page):
            guard let pagesChange = try pagesChange(page, pages: pages, animated: animated) else { return .noChange }
            // The first pages shown are never animated (UIKit's code treats that call so).
            let animates = animated && !page.context.children.isEmpty
            return try await runChange(pagesChange, request: id, animated: animates, cancellable: cancellable)

        case .turnPage(let page, let direction):
            return try await turnPage(page, direction: direction, id: id, cancellable: cancellable)

        case .selectTab(let tabBar, let index, true):
            return try await tapTab(tabBar, index: index, id: id, animated: animated, cancellable: cancellable)

        case .unwind(let source, let action, let identifier, let sender):
            try tree.checkAttached(source)
            return try await unwind(
                from: source, action: action, identifier: identifier, sender: sender?.value,
                id: id, animated: animated, cancellable: cancellable
            )

        case .resolved(_, let resolve):
            guard let resolved = try await resolve(self) else { return .noChange }
            change = resolved

        case .setRoot, .push, .pop, .popTo, .popToRoot, .setViewControllers, .present, .dismiss, .addChild,
            .removeFromParent, .selectTab(_, _, false):
            switch try resolveSynchronously(request) {
            case .outcome(let outcome): return outcome
            case .change(let resolved, _, _): change = resolved
            case .leafPush(_, let pushed, let navigation, _): change = .push(navigation, pushed)
            case .asynchronous: return .noChange  // not for these requests (see `resolveSynchronously`)
            }
        }
        return try await runChange(change, request: id, animated: animated, cancellable: cancellable)
    }

    /// What resolving a request synchronously found.
    enum Resolution {
        /// The request ends here, with this outcome (nothing to change).
        case outcome(TransitionOutcome)
        /// The request makes this change, animated if the request is and `animates` (a
        /// storyboard segue's `animates="NO"` turns it off). `validated`: the change passed
        /// ``WindowTree/validate(_:)``'s checks already (see ``WindowTree/validatePush(of:onto:)``),
        /// with nothing run since.
        case change(Change, animates: Bool = true, validated: Bool = false)
        /// The request pushes `pushed` onto `navigation`, validated, and the push is a leaf push
        /// (see ``WindowTree/leafPush(of:onto:)``) as the tree is now: the synchronous core runs
        /// it at once unless it animates (then it is `.push(navigation, pushed)`, validated).
        case leafPush(LeafPush, pushed: any ViewController, onto: NavigationController, animates: Bool)
        /// The request needs the asynchronous path (user code, or a look-up that may reach it):
        /// nothing was done.
        case asynchronous
    }

    /// Validates a request against the tree as it is now and resolves it to a change, with no
    /// suspension point, for every request that runs no user code before its change: the
    /// structural requests, and a storyboard segue whose source has no hooks, whose kind is
    /// built in and whose show routing meets no user code (see
    /// ``resolveStoryboardSegue(from:identifier:triggered:)``). Anything else is
    /// `.asynchronous`, with nothing done. Reads the tree: call on the window's executor, at
    /// the request's turn.
    func resolveSynchronously(_ request: TransitionRequest) throws -> Resolution {
        switch request {
        case .setRoot(let controller):
            if controller === root { return .outcome(.noChange) }
            if let controller {
                try tree.checkOwned(controller)
                try tree.checkInsertable(controller, into: nil, code: .controllerInUse)
            }
            return .change(.setRoot(controller))

        case .push(let controller, let navigation):
            try tree.checkAttached(navigation)
            let leaf = try tree.checkAndValidatePush(of: controller, onto: navigation)
            if let leaf, configuration.runsLeafTransitions, let push = tree.leafPush(of: controller, context: leaf, onto: navigation) {
                return .leafPush(push, pushed: controller, onto: navigation, animates: true)
            }
            return .change(.push(navigation, controller), validated: true)

        case .pop(let navigation, let receipt):
            try tree.checkAttached(navigation)
            if let back = moreListSelection(popping: navigation, receipt: receipt) { return .change(back) }
            let stack = navigation.context.children
            guard stack.count > 1 else { return .outcome(.noChange) }
            receipt.popped = Array(stack[(stack.count - 1)...])
            return .change(.pop(navigation, keeping: stack.count - 1))

        case .popTo(let controller, let navigation, let receipt):
            try tree.checkAttached(navigation)
            let stack = navigation.context.children
            guard let index = stack.firstIndex(where: { $0 === controller }) else {
                throw NavigationError(
                    .notInStack,
                    "Tried to pop to a view controller that doesn't exist.",
                    window: self.id, controllers: [controller.id, navigation.id]
                )
            }
            guard index < stack.count - 1 else { return .outcome(.noChange) }
            receipt.popped = Array(stack[(index + 1)...])
            return .change(.pop(navigation, keeping: index + 1))

        case .popToRoot(let navigation, let receipt):
            try tree.checkAttached(navigation)
            if let back = moreListSelection(popping: navigation, receipt: receipt) { return .change(back) }
            let stack = navigation.context.children
            guard stack.count > 1 else { return .outcome(.noChange) }
            receipt.popped = Array(stack[1...])
            return .change(.pop(navigation, keeping: 1))

        case .setViewControllers(let controllers, let navigation):
            try tree.checkAttached(navigation)
            guard !controllers.isEmpty else {
                throw NavigationError(
                    .invalidRequest, "setViewControllers needs at least one controller.",
                    window: self.id, controllers: [navigation.id]
                )
            }
            try tree.checkStack(controllers, for: navigation)
            let old = navigation.context.children
            if old.count == controllers.count && zip(old, controllers).allSatisfy({ $0 === $1 }) { return .outcome(.noChange) }
            return .change(.setStack(navigation, controllers))

        case .present(let controller, let source, let style):
            return .change(try presentation(of: controller, from: source, style: style))

        case .dismiss(let source):
            try tree.checkOwned(source)
            // R3.12: a controller neither presenting nor presented (even one outside the
            // window) has nothing to dismiss.
            guard source.context.isAttached, let presenter = dismissingPresenter(for: source) else { return .outcome(.noChange) }
            return .change(.dismiss(presenter: presenter))

        case .addChild(let child, let parent):
            try tree.checkAttached(parent)
            guard parent.kind == .content else {
                throw NavigationError(
                    .invalidRequest,
                    "addChild is for custom containers; \(describe(parent)) manages its children itself.",
                    window: self.id, controllers: [parent.id, child.id]
                )
            }
            if child.context.parent === parent { return .outcome(.noChange) }
            try tree.checkInsertable(child, into: parent, code: .controllerInUse)
            return .change(.addChild(child, to: parent))

        case .removeFromParent(let child):
            try tree.checkOwned(child)
            guard let parent = child.context.parent, parent.kind == .content else { return .outcome(.noChange) }
            return .change(.removeFromParent(child))

        case .segue(let source, let identifier, _, let triggered):
            return try resolveStoryboardSegue(from: source, identifier: identifier, triggered: triggered) ?? .asynchronous

        case .selectTab(let tabBar, let index, false):
            return try resolveProgrammaticSelection(tabBar, index: index)

        case .show, .performSegue, .setTraits, .selectTab, .unwind, .resolved, .interactivePop, .setPages, .turnPage:
            return .asynchronous
        }
    }

    /// Popping the More navigation controller while it shows an excess tab goes back to the
    /// More list: the tab bar selects More (R5.1, R5.2; the back button of UIKit's More stack).
    private func moreListSelection(popping navigation: NavigationController, receipt: PopReceipt) -> Change? {
        guard let parent = navigation.context.parent, parent.kind == .tabBar,
            let tabBar = parent as? TabBarController, tabBar.moreStorage === navigation, let shown = tabBar.childShownInMore()
        else { return nil }
        receipt.popped = [shown]
        return .selectTab(tabBar, tabBar.tabCount)
    }
}
