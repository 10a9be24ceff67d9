// Validation: the checks a request passes against the tree before it becomes a change, and those every change passes before it is applied.

import Synchronization

extension WindowTree {
    /// Refuses a change that would corrupt the tree, before anything is applied: the checks
    /// every way into the tree passes (requests, segues, unwinds, deep links, restoration), on
    /// the controllers it brings in (with the children they will adopt and what they present).
    /// Reads only; synchronous (no user code).
    ///
    /// - Throws: ``NavigationError`` `.treeTooDeep` (checked first: the walks below recurse),
    ///   `.foreignController` for a controller of another window, `.foreignExecutor` for one
    ///   whose actor does not run on this window's executor.
    func validate(_ change: Change) throws {
        try checkDepth(entering: change)
        try checkExecutors(entering: change)
    }

    /// Refuses a change that would make the tree deeper than ``Window/maximumDepth``: the check every
    /// way into the tree passes, made before any other check walks the new controllers (they
    /// may be nested deeper than a recursive walk can go). Iterative; reads only.
    func checkDepth(entering change: Change) throws {
        // Collapsing adds nothing here: it is counted in advance (see `Window.maximumDepth`).
        try change.forEachEntering { entering in
            try checkDepth(of: entering.controller, under: entering.parent, extra: entering.extra)
        }
    }

    /// Refuses `controller`'s subtree if, under `parent` (`nil`: alone), it reaches past the limit.
    func checkDepth(of controller: any ViewController, under parent: (any ViewController)?, extra: Int = 0) throws {
        let base = (parent.map(Window.depth(of:)) ?? 0) + extra
        guard let deepest = Window.height(of: controller, startingAt: base + 1, limit: Window.maximumDepth) else { return }
        throw NavigationError(
            .treeTooDeep,
            "\(describe(controller)) would take the window's tree to depth \(deepest), deeper than Window.maximumDepth (\(Window.maximumDepth)).",
            window: windowID, controllers: [controller.id] + (parent.map { [$0.id] } ?? [])
        )
    }

    /// How errors name a controller: its id and its class.
    func describe(_ controller: any ViewController) -> String {
        Self.describe(controller)
    }

    /// A controller as an error message names it: its id and its class, by the rule snapshots
    /// use (``ControllerSnapshot/className(of:)``: `#7 UINavigationController`, as UIKit's
    /// messages name UIKit's classes).
    static func describe(_ controller: any ViewController) -> String {
        "\(controller.id) \(ControllerSnapshot.className(of: controller))"
    }

    /// The controller belongs to this window (R8.7).
    func checkOwned(_ controller: any ViewController) throws {
        let context = controller.context
        guard isWindow(context.window) else { throw foreign(controller, of: context.window) }
    }

    /// The error for a controller of `window`, another window than this one.
    private func foreign(_ controller: any ViewController, of window: Window) -> NavigationError {
        NavigationError(
            .foreignController, "\(describe(controller)) belongs to window \(window.id), not \(windowID).",
            window: windowID, controllers: [controller.id]
        )
    }

    /// The controller's actor runs on this window's serial executor: what the
    /// proof on ``ControllerContext`` (no two accesses to the tree's fields at once) rests on.
    /// An actor that declares its own `unownedExecutor` (a custom executor, another actor's, or
    /// another window's) would read the tree from elsewhere while the window writes it, so it
    /// is refused when it would enter the tree.
    func checkExecutor(_ controller: any ViewController) throws {
        guard !isSameExecutor(controller.unownedExecutor, executor) else { return }
        throw NavigationError(
            .foreignExecutor,
            "\(describe(controller)) runs on its own executor, not on window \(windowID)'s: a controller actor must keep ViewController's unownedExecutor (its window's).",
            window: windowID, controllers: [controller.id]
        )
    }

    /// Every controller a change brings into the tree (with the children it will adopt and
    /// the controllers it presents) belongs to this window and runs on its executor: the check
    /// every way into the tree passes (requests, segues, deep links, restoration), made before
    /// the change is applied and before any callback. Reads only.
    func checkExecutors(entering change: Change) throws {
        try change.forEachEntering { try checkExecutors(inSubtreeOf: $0.controller) }
    }

    private func checkExecutors(inSubtreeOf controller: any ViewController) throws {
        try checkOwned(controller)
        try checkExecutor(controller)
        let context = controller.context
        for child in context.children { try checkExecutors(inSubtreeOf: child) }
        if !context.didAdoptInitialChildren {
            for child in controller.initialChildren { try checkExecutors(inSubtreeOf: child) }
        }
        if let presented = context.presented { try checkExecutors(inSubtreeOf: presented) }
    }

    /// The controller is in this window's tree (R3.7).
    func checkAttached(_ controller: any ViewController) throws {
        let context = controller.context  // read once: each read is a witness call and a retain
        guard isWindow(context.window) else { throw foreign(controller, of: context.window) }
        guard context.isAttached else {
            throw NavigationError(
                .notInWindowHierarchy,
                "\(describe(controller)) is not in the window hierarchy.",
                window: windowID, controllers: [controller.id]
            )
        }
    }

    /// Whether the controller is free to enter a hierarchy under `container` (or at the top,
    /// when `nil`): no parent, not presented, not in the tree, and claimed by no other container.
    func isFree(_ controller: any ViewController, for container: (any ViewController)?) -> Bool {
        let context = controller.context
        guard context.parent == nil, context.presenting == nil, !context.isAttached else { return false }
        let claim = context.claim.load(ordering: .relaxed)
        return claim == 0 || claim == container?.id.rawValue
    }

    /// The controller, and the initial children it will adopt (recursively), are free to enter
    /// the tree: no controller twice, none already elsewhere (which would make a cycle).
    func checkInsertable(
        _ controller: any ViewController,
        into container: (any ViewController)?,
        code: NavigationError.Code
    ) throws {
        // First: the walks below recurse on the subtree (its place is checked at the change).
        try checkDepth(of: controller, under: nil)
        try checkOwned(controller)
        try checkExecutor(controller)
        guard isFree(controller, for: container) else {
            let message =
                code == .presentingActiveController
                ? "Application tried to present modally an active controller \(describe(controller))."
                : "\(describe(controller)) is already in a hierarchy."
            throw NavigationError(code, message, window: windowID, controllers: [controller.id])
        }
        guard !controller.context.didAdoptInitialChildren, !controller.initialChildren.isEmpty else { return }
        var seen = SeenControllers()
        _ = seen.insert(ObjectIdentifier(controller))
        try checkInitialChildren(of: controller, seen: &seen)
    }

    private func checkInitialChildren(of container: any ViewController, seen: inout SeenControllers) throws {
        guard !container.context.didAdoptInitialChildren else { return }
        if container.kind == .page, let page = container as? PageViewController {
            let count = page.initialChildren.count
            guard count == 0 || count == page.pagesShownAtOnce else {
                // UIKit raises NSInvalidArgumentException for a wrong number of pages (R5.9).
                throw NavigationError(
                    .invalidRequest,
                    "The number of view controllers provided (\(count)) doesn't match the number required (\(page.pagesShownAtOnce)) for \(describe(page))'s transition style and spine location.",
                    window: windowID, controllers: [page.id]
                )
            }
        }
        for child in container.initialChildren {
            try checkOwned(child)
            try checkExecutor(child)
            guard seen.insert(ObjectIdentifier(child)), isFree(child, for: container) else {
                throw NavigationError(
                    .controllerInUse,
                    "\(describe(child)), a child of \(describe(container)), is already in a hierarchy.",
                    window: windowID, controllers: [child.id, container.id]
                )
            }
            try checkInitialChildren(of: child, seen: &seen)
        }
    }

    func checkPushable(_ controller: any ViewController, onto navigation: NavigationController) throws {
        try checkNotMore(navigation)
        try checkOwned(controller)
        if controller.context.parent === navigation { throw pushedTwice(controller, onto: navigation) }
        if controller.kind == .navigation { throw pushingNavigationController(controller, onto: navigation) }
        try checkInsertable(controller, into: navigation, code: .controllerInUse)
    }

    /// ``validate(_:)`` of `.push(navigation, controller)`, once ``checkPushable(_:onto:)``
    /// passed for the same two, with no suspension in between: the same checks in the same
    /// order, without walking again what `checkPushable` walked.
    ///
    /// Why it is the same: `validate` of a push is `checkDepth(of: controller, under:
    /// navigation)`, then `checkExecutors(entering:)`, which walks the controller's subtree
    /// (its children, the initial children it will adopt, what it presents) with `checkOwned`
    /// and `checkExecutor`. A controller with no children, no presentation and no initial
    /// children left to adopt is its whole subtree, and `checkPushable` (through
    /// `checkInsertable`) made both checks on it: their answers cannot have changed since (the
    /// context's `window` is a `let`, and nothing ran on this executor in between). Any other
    /// controller gets the whole `validate`.
    func validatePush(of controller: any ViewController, onto navigation: NavigationController) throws {
        let context = controller.context
        guard context.children.isEmpty, context.presented == nil,
            context.didAdoptInitialChildren || controller.initialChildren.isEmpty
        else {
            try validate(.push(navigation, controller))
            return
        }
        try checkDepth(of: controller, under: navigation)
    }

    /// ``checkPushable(_:onto:)`` then ``validatePush(of:onto:)``, the checks of a push made on
    /// the synchronous path: the same checks, in the same order, with the same errors.
    ///
    /// A leaf (no children, nothing presented, no initial children left to adopt: the usual
    /// pushed controller) is checked from one read of its context: the checks `checkInsertable`
    /// would repeat give the answers they gave the first time (`checkOwned`: `window` is a
    /// `let`), its own depth check alone (depth 1) cannot fail, and the depth under the
    /// navigation controller is that controller's depth plus one (a leaf's subtree is itself).
    /// Anything else gets both functions whole.
    ///
    /// `executorChecked`: the caller has just passed `checkExecutor(controller)`, with no user
    /// code run since (a storyboard segue's destination on the synchronous path, checked as it
    /// was instantiated), so the leaf skips that check instead of repeating it.
    ///
    /// - Returns: The controller's context when it is such a leaf (for ``leafPush(of:context:onto:)``),
    ///   else `nil`.
    @discardableResult
    func checkAndValidatePush(
        of controller: any ViewController, onto navigation: NavigationController, executorChecked: Bool = false
    ) throws -> ControllerContext? {
        let context = controller.context
        guard hasNothingInside(controller, context) else {
            try checkPushable(controller, onto: navigation)
            try validatePush(of: controller, onto: navigation)
            return nil
        }
        try checkNotMore(navigation)
        guard isWindow(context.window) else { throw foreign(controller, of: context.window) }
        if context.parent === navigation { throw pushedTwice(controller, onto: navigation) }
        if controller.kind == .navigation { throw pushingNavigationController(controller, onto: navigation) }
        if !executorChecked { try checkExecutor(controller) }
        let claim = context.claim.load(ordering: .relaxed)
        guard context.parent == nil, context.presenting == nil, !context.isAttached,
            claim == 0 || claim == navigation.id.rawValue
        else {
            try checkInsertable(controller, into: navigation, code: .controllerInUse)
            return context
        }
        let depth = Window.depth(of: navigation) + 1
        guard depth <= Window.maximumDepth else {
            try checkDepth(of: controller, under: navigation)
            return context
        }
        return context
    }

    /// The More navigation controller's stack is the tab bar's to manage (R5.2).
    private func checkNotMore(_ navigation: NavigationController) throws {
        guard let parent = navigation.context.parent, parent.kind == .tabBar,
            let tabBar = parent as? TabBarController, tabBar.moreStorage === navigation
        else { return }
        throw NavigationError(
            .invalidRequest,
            "\(describe(navigation)) is the More navigation controller of \(describe(tabBar)); select a tab to show it there.",
            window: windowID, controllers: [navigation.id, tabBar.id]
        )
    }

    func checkStack(_ controllers: [any ViewController], for navigation: NavigationController) throws {
        try checkNotMore(navigation)
        var seen = SeenControllers()
        for controller in controllers {
            try checkOwned(controller)
            guard seen.insert(ObjectIdentifier(controller)) else { throw pushedTwice(controller, onto: navigation) }
            if controller.kind == .navigation { throw pushingNavigationController(controller, onto: navigation) }
            if controller.context.parent !== navigation {
                try checkInsertable(controller, into: navigation, code: .controllerInUse)
            }
        }
    }

    /// A page view controller's new pages (R5.9): each belongs to this window and is free to
    /// enter it, or is one of its pages already; none twice. (Like ``checkStack(_:for:)``.)
    func checkPages(_ pages: [any ViewController], for page: PageViewController) throws {
        var seen = SeenControllers()
        for controller in pages {
            guard seen.insert(ObjectIdentifier(controller)) else {
                throw NavigationError(
                    .invalidRequest, "\(describe(controller)) is given twice as a page of \(describe(page)).",
                    window: windowID, controllers: [page.id, controller.id]
                )
            }
            if controller.context.parent !== page {
                try checkInsertable(controller, into: page, code: .controllerInUse)
            }
        }
    }

    /// R4.2, in UIKit's iOS 13+ words.
    private func pushedTwice(_ controller: any ViewController, onto navigation: NavigationController) -> NavigationError {
        NavigationError(
            .pushedTwice,
            "\(describe(navigation)) is pushing the same view controller instance (\(describe(controller))) more than once which is not supported and is most likely an error in the application",
            window: windowID, controllers: [controller.id, navigation.id]
        )
    }

    /// R4.3.
    private func pushingNavigationController(_ controller: any ViewController, onto navigation: NavigationController)
        -> NavigationError
    {
        NavigationError(
            .pushingNavigationController, "Pushing a navigation controller is not supported",
            window: windowID, controllers: [controller.id, navigation.id]
        )
    }
}

/// Whether two executor references name the same executor the same way.
///
/// `UnownedSerialExecutor` is neither `Equatable` nor comparable through public API on this
/// toolchain. Why reading its bytes is safe: it is a `@frozen` struct holding one
/// `Builtin.Executor`, two machine words (the executor's identity and its kind bits), trivially
/// copyable, with no padding and no reference counting; `withUnsafeBytes(of:)` only reads the
/// two local copies for the duration of the closure. References to the window's executor are
/// all made by the same `unownedExecutor` getter, so they have the same bits; a reference to any
/// other executor has another identity word.
///
/// The two words are compared as words (`load(fromByteOffset:as:)` of `UInt`, a trivial type,
/// at offsets 0 and one word, both inside the buffers and aligned, since the buffers are the
/// values' own storage, aligned for `UnownedSerialExecutor`, whose alignment is a word's); a
/// layout of any other size falls back to comparing the bytes one by one.
func isSameExecutor(_ lhs: UnownedSerialExecutor, _ rhs: UnownedSerialExecutor) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in
        withUnsafeBytes(of: rhs) { rhs in
            let word = MemoryLayout<UInt>.size
            guard lhs.count == 2 * word, rhs.count == 2 * word,
                MemoryLayout<UnownedSerialExecutor>.alignment >= MemoryLayout<UInt>.alignment
            else { return lhs.elementsEqual(rhs) }
            return lhs.load(fromByteOffset: 0, as: UInt.self) == rhs.load(fromByteOffset: 0, as: UInt.self)
                && lhs.load(fromByteOffset: word, as: UInt.self) == rhs.load(fromByteOffset: word, as: UInt.self)
        }
    }
}
