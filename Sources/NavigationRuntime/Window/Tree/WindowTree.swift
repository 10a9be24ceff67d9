// The owner of a window's tree: the one type that writes the tree's fields.

/// A window's tree of controllers, and the one code that changes it.
///
/// `WindowTree` owns the root and the traits, and it alone writes the structural fields of
/// ``ControllerContext`` (`parent`, `children`, `presented`, `presenting`,
/// `presentationStyle`, `isAttached`, the adoption of initial children, the claims that follow
/// a parent, and a split view controller's columns, collapse state, stash and selection, as a
/// tab bar's selection). Everything else reads them. The ways in:
/// - ``apply(_:)`` applies a ``Change`` and returns what it did (an ``AppliedChange``), which
///   ``undo(_:)`` reverts exactly and ``finishDismissals(_:)`` completes at a dismissal's end
///   phase;
/// - ``applyLeafPush(_:of:onto:)`` and ``applyLeafPop(of:keeping:)`` apply a push or a pop that
///   ``leafPush(of:onto:)`` or ``leafPop(of:keeping:)`` found to name everything it changes, with
///   the same writes and no record (the synchronous core checks before it applies, so nothing is
///   undone);
/// - ``validate(_:)`` and the `check…` methods refuse what would corrupt the tree (a foreign
///   window's or foreign executor's controller, a controller twice, a tree too deep), reading only;
/// - ``visibleSet()`` computes the controllers on screen;
/// - ``link(_:presentedBy:style:)``, ``unlink(_:)``, ``preselect(_:of:)`` and
///   ``precollapse(_:showing:)`` shape a subtree that is not in the tree yet (what restoration
///   and deep links build before the one change that brings it in);
/// - ``captureCheckpoint()`` and ``rewind(to:)`` take every field of the tree as a value and
///   write them all back (``Window/Checkpoint``: an explorer going back to a state);
/// - ``tearDown()`` releases the tree when the window closes.
///
/// The transition machinery (the phase driver, the queue, the callback delivery) decides when
/// a change is applied or undone and which callbacks follow; appearance state
/// (`context.appearance`, `isBeingPresented`, …) is the transition's, not the tree's.
///
/// Isolation: a final class stored by its window and used only by the window's actor-isolated
/// code, so that all of its methods run on the window's serial executor, the executor of every
/// controller whose fields it writes (see the proof on ``ControllerContext``), and by the
/// window's controllers from their own isolation, which reads ``coordinator`` and
/// ``departing``. Synchronous throughout: nothing in it suspends, so nothing can interleave
/// with a change half-applied.
//
// Why `@unchecked Sendable` is safe (the same proof as `ControllerContext`'s): the window reaches
// its tree from its isolated code only, and a controller reads `coordinator` and `departing`
// only from code isolated to it, which runs on the window's serial executor (a controller whose
// executor is another is refused before it enters the tree: `checkExecutor`). So every access to
// every field runs on that one serial executor, one at a time. (It is `Sendable` so that the
// controllers reach it through `window.tree` without a hop: one object per window, not two.)
final class WindowTree: @unchecked Sendable {  // safe: see the proof above
    /// The window's id, for error messages.
    let windowID: WindowID
    /// The window's serial executor: every controller entering the tree must run on it.
    let executor: UnownedSerialExecutor
    /// The coordinator of the transition in flight with hooks, if any (R3.14). Read by the
    /// window's controllers from their own isolation.
    @exclusivity(unchecked) var coordinator: TransitionCoordinator?
    /// The presentation links a dismissal in flight has cut, presenter first: until the
    /// dismissal's end phase, `presentedViewController` still answers with them (R3.1, R6.6).
    /// Read by the window's controllers from their own isolation.
    @exclusivity(unchecked) var departing: [(presenter: any ViewController, presented: any ViewController)] = []
    /// The identity of the window, set once by ``bind(to:)`` (a controller of another window is
    /// refused). Until then, the identity of no window.
    private(set) var windowIdentity = ObjectIdentifier(WindowTree.self)

    // `@exclusivity(unchecked)`: only the window's actor reaches the tree (see above), so the
    // runtime's dynamic exclusivity checks would only cost time on the hot path.

    /// The root controller, once set. Written only by ``apply(_:)``, ``undo(_:)`` and
    /// ``tearDown()``.
    @exclusivity(unchecked) var root: (any ViewController)?
    /// The current traits (the horizontal size class collapses split view controllers).
    /// Written only by ``apply(_:)`` and ``undo(_:)``.
    @exclusivity(unchecked) var traits: Traits
    /// What the delegates of split view controllers entering a compact window answered, asked
    /// before the change that brings them in is applied (R5.6, R5.7); emptied by ``apply(_:)``.
    @exclusivity(unchecked) var entryDecisions: [ObjectIdentifier: SplitEntryDecision] = [:]
    /// The ``Window/Checkpoint/serial`` of the checkpoint the tree was last rewound to (0:
    /// none): since then, a controller no write touched is as that checkpoint has it (see
    /// ``rewind(to:)``). (The last of the fields: it fits the allocation's spare bytes, so an
    /// idle window costs what it did.)
    @exclusivity(unchecked) var rewoundTo: UInt64 = 0

    init(windowID: WindowID, executor: UnownedSerialExecutor, traits: Traits) {
        self.windowID = windowID
        self.executor = executor
        self.traits = traits
    }

    /// What `presenter` presented before the dismissal in flight, if one is under way.
    func departingPresented(by presenter: any ViewController) -> (any ViewController)? {
        guard !departing.isEmpty else { return nil }
        return departing.first { $0.presenter === presenter }?.presented
    }

    /// Binds the tree to its window (once, from the window's initializer).
    func bind(to window: Window) {
        windowIdentity = ObjectIdentifier(window)
    }

    /// Whether `window` is this tree's window.
    func isWindow(_ window: Window) -> Bool { ObjectIdentifier(window) == windowIdentity }

    /// Releases the tree (breaks the parent/child reference cycles): every controller leaves
    /// it with no link and no appearance (no callback: the window is closing).
    func tearDown() {
        if let root { detachAll(root) }
        root = nil
    }

    private func detachAll(_ controller: any ViewController) {
        let context = controller.context
        for child in context.children { detachAll(child) }
        if let presented = context.presented { detachAll(presented) }
        context.children = []
        context.presented = nil
        context.presenting = nil
        context.parent = nil
        context.isAttached = false
        context.appearance = .disappeared
    }
}

// MARK: - Building a subtree outside the tree (restoration, deep links)

extension WindowTree {
    /// Links `presented` as presented by `presenter`, both outside the tree: the chain then
    /// enters the tree with the change that brings `presenter` in (a restored tree's
    /// presentations, a deep link presenting from a controller it presents). Should that change
    /// be undone, the chain leaves like any subtree: downward links and styles kept, upward
    /// links cut (``detach(_:)``).
    ///
    /// - Throws: ``NavigationError/Code/foreignController`` or
    ///   ``NavigationError/Code/foreignExecutor`` for a controller that cannot be in this
    ///   window; ``NavigationError/Code/invalidRequest`` when `presenter` is in the tree (a
    ///   presentation there is a ``Change/present(presenter:presented:style:)``);
    ///   ``NavigationError/Code/alreadyPresenting`` when `presenter` presents already;
    ///   ``NavigationError/Code/presentingActiveController`` when `presented` is elsewhere.
    func link(_ presented: any ViewController, presentedBy presenter: any ViewController, style: PresentationStyle) throws {
        try checkOutside(presenter)
        try checkOwned(presented)
        try checkExecutor(presented)
        if let current = presenter.context.presented {
            throw NavigationError(
                .alreadyPresenting,
                "\(describe(presenter)) already presents \(describe(current)).",
                window: windowID, controllers: [presenter.id, current.id, presented.id]
            )
        }
        guard isFree(presented, for: nil) else {
            throw NavigationError(
                .presentingActiveController,
                "Application tried to present modally an active controller \(describe(presented)).",
                window: windowID, controllers: [presented.id]
            )
        }
        presenter.context.presented = presented
        presented.context.presenting = presenter
        presented.context.presentationStyle = style
    }

    /// Undoes ``link(_:presentedBy:style:)``: `presented` (outside the tree) is presented by
    /// nothing again, and what it presents stays linked to it. Nothing to do when it is not
    /// presented.
    ///
    /// - Throws: ``NavigationError/Code/invalidRequest`` when it is in the tree (a dismissal
    ///   there is a ``Change/dismiss(presenter:)``).
    func unlink(_ presented: any ViewController) throws {
        try checkOutside(presented)
        guard let presenter = presented.context.presenting else { return }
        if presenter.context.presented === presented { presenter.context.presented = nil }
        presented.context.presenting = nil
        presented.context.presentationStyle = nil
    }

    /// Selects the tab at `index` of a tab bar controller outside the tree: it enters the tree
    /// showing that tab.
    ///
    /// - Throws: ``NavigationError/Code/invalidRequest`` when it is in the tree (a
    ///   ``Change/selectTab(_:_:)`` there) or `index` is negative.
    func preselect(_ index: Int, of tabBar: TabBarController) throws {
        try checkOutside(tabBar)
        guard index >= 0 else { throw invalid("tab index \(index) of \(describe(tabBar)) is negative", tabBar) }
        tabBar.context.selectedIndex = index
    }

    /// Collapses a column-style split view controller outside the tree, with the child at
    /// `index` on top: entering a compact window, it keeps that column on top (R5.7).
    ///
    /// - Throws: ``NavigationError/Code/invalidRequest`` when it is in the tree (a
    ///   ``Change/setCollapsed(_:_:discardSecondary:topColumn:)`` there), is a classic split, or
    ///   `index` is no column of it.
    func precollapse(_ split: SplitViewController, showing index: Int) throws {
        try checkOutside(split)
        let columns = split.context.didAdoptInitialChildren ? split.context.splitColumns : split.initialColumns
        guard let columns else { throw invalid("\(describe(split)) is not a column-style split", split) }
        guard columns.indices.contains(index) else {
            throw invalid("\(describe(split)) has no column \(index) (it has \(columns.count))", split)
        }
        split.context.isCollapsed = true
        split.context.selectedIndex = index
    }

    /// The controller belongs to this window and is not in its tree.
    private func checkOutside(_ controller: any ViewController) throws {
        try checkOwned(controller)
        try checkExecutor(controller)
        guard !controller.context.isAttached else {
            throw invalid("\(describe(controller)) is in the window's tree: change it with a transition", controller)
        }
    }

    private func invalid(_ message: String, _ controller: any ViewController) -> NavigationError {
        NavigationError(.invalidRequest, message + ".", window: windowID, controllers: [controller.id])
    }
}
