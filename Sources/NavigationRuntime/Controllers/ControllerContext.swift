import Synchronization

/// A controller's place in its window: the window, the controller's id and scene, and the
/// runtime's bookkeeping for it (parent, children, presentation, appearance state).
///
/// Every controller is created with a context from ``Window/makeContext(scene:catalog:)``
/// and keeps it for life; the context binds the controller to its window's serial executor
/// (see ``ViewController``). Read the hierarchy through the isolated properties of
/// ``ViewController`` (``ViewController/parent``, ...), not through the context.
//
// Why `@unchecked Sendable` is safe here: the public members are immutable `let`s of Sendable
// types. The mutable members are `internal`, and every access to them is made by code isolated
// either to `window` (the `Window` actor's methods, and the methods of its `WindowTree`, which
// only those call: the tree's structural fields are written there alone) or to a controller
// actor of that same window (their isolated members, e.g. `ViewController.parent`). All of
// those actors run on one serial executor, the window's (`ViewController.unownedExecutor`
// returns `context.window.unownedExecutor`, and `window` is fixed at init), so no two accesses
// to these fields can ever run at the same time. A controller actor that declares its own
// `unownedExecutor` would break this, so the tree checks it: such a controller is refused with
// `NavigationError.Code.foreignExecutor` before it can enter the tree (`WindowTree.checkExecutor`,
// on every request that inserts a controller, and `WindowTree.validate` before any change is
// applied) and before the tree writes its fields outside the tree (`WindowTree.link`,
// `unlink`, `preselect`, `precollapse`); a controller that never passes these checks has no
// field the window writes while it could read it. Nothing outside the module can reach the
// fields.
public final class ControllerContext: @unchecked Sendable {  // safe: see the proof above
    /// The container that took this controller as an initial child at its init, by raw id (0:
    /// none). Atomic because containers are initialised on any thread.
    let claim = Atomic<UInt64>(0)

    /// The container that claimed this controller at its init (``claim(_:for:)``), for
    /// ``ViewController/parent`` before the container adopts it (issue 17, item 4). Behind a
    /// lock because the container's initializer runs on any thread while this controller's
    /// executor may read it; not a strong reference, so that a container that never enters a
    /// window is freed with its children (the container holds them strongly, through its
    /// `initialChildren`). Written only by an initializer whose claim won (never by the
    /// window), and cleared by a built-in container's deinit; stale once the claim moves on,
    /// which `pendingParent` checks.
    let claimant = Locked<Claimant?>(nil)

    /// The window whose executor this controller runs on.
    public let window: Window
    /// The controller's id, unique within ``window``.
    public let id: ControllerID
    /// The scene the controller was instantiated from, if any: its segue table.
    public var scene: Scene? { sceneStorage?.scene }
    /// The scene, shared by reference with every controller its catalog instantiates (one word
    /// here instead of the scene's 72 bytes in every context).
    let sceneStorage: SceneStorage?
    /// The catalog the scene belongs to, used to instantiate segue destinations.
    public let catalog: SceneCatalog?

    // MARK: Window-executor state (see the proof above)
    //
    // `@exclusivity(unchecked)`: the runtime's dynamic exclusivity checks are off for these
    // fields. They guard against overlapping accesses from concurrent code, and the proof above
    // rules that out (one serial executor); the runtime never holds an inout access to one of
    // them across a call that touches the same field.

    /// The container or content controller this controller is a child of, while it is in the
    /// window's tree. A strong reference: the window clears it when the controller leaves the
    /// tree, so only attached subtrees have child-to-parent links (no cycle outlives the tree,
    /// and no weak reference puts a side table on every container).
    @exclusivity(unchecked) var parent: (any ViewController)? { didSet { flags.insert(.touched) } }
    /// The children: a navigation stack bottom to top, tabs in order, or embedded children.
    @exclusivity(unchecked) var children: [any ViewController] = [] {
        // Whatever wrote them (a change, its undo, a rewind, a restoration), the nodes are
        // built again on their next read.
        didSet {
            if childNodeCache != nil { childNodeCache = nil }
            flags.insert(.touched)
        }
    }
    /// The controller this one presents (at most one, R3.6).
    @exclusivity(unchecked) var presented: (any ViewController)? { didSet { flags.insert(.touched) } }
    /// The controller that presents this one, while in the tree (cleared like ``parent``).
    @exclusivity(unchecked) var presenting: (any ViewController)? { didSet { flags.insert(.touched) } }
    /// How this controller was presented (resolved style), while it is presented.
    @exclusivity(unchecked) var presentationStyle: PresentationStyle? { didSet { flags.insert(.touched) } }
    /// The transition style of its presentation, while presented (R3.5).
    @exclusivity(unchecked) var presentationTransitionStyle: TransitionStyle? { didSet { flags.insert(.touched) } }
    /// Where the controller is in the appearance state machine.
    @exclusivity(unchecked) var appearance: AppearanceState = .disappeared { didSet { flags.insert(.touched) } }
    /// The flags below, packed (two bytes instead of one per flag, which keeps a context in the
    /// allocator's 160-byte class with ``childNodeCache``: an idle window costs what it did).
    @exclusivity(unchecked) private var flags: Flags = []
    /// The children as tree nodes (see ``childNodes()``), or `nil` until read since
    /// ``children`` last changed.
    @exclusivity(unchecked) private var childNodeCache: [TreeNode]?

    /// Whether the runtime has taken the controller's initial children (containers) yet.
    var didAdoptInitialChildren: Bool {
        get { flags.contains(.adopted) }
        set { flags.set(.adopted, newValue) }
    }
    /// Whether the controller is in its window's tree (reachable from the root).
    var isAttached: Bool {
        get { flags.contains(.attached) }
        set { flags.set(.attached, newValue) }
    }
    /// Whether `viewDidLoad` has been delivered (R6.1).
    var isViewLoaded: Bool {
        get { flags.contains(.viewLoaded) }
        set { flags.set(.viewLoaded, newValue) }
    }
    /// Set while a transition presents (`isBeingPresented`) or dismisses it (R3.13).
    var isBeingPresented: Bool {
        get { flags.contains(.beingPresented) }
        set { flags.set(.beingPresented, newValue) }
    }
    var isBeingDismissed: Bool {
        get { flags.contains(.beingDismissed) }
        set { flags.set(.beingDismissed, newValue) }
    }
    /// Set while a transition adds it to (`isMovingToParent`) or removes it from a container (R6.10).
    var isMovingToParent: Bool {
        get { flags.contains(.movingToParent) }
        set { flags.set(.movingToParent, newValue) }
    }
    var isMovingFromParent: Bool {
        get { flags.contains(.movingFromParent) }
        set { flags.set(.movingFromParent, newValue) }
    }
    /// Whether a navigation controller has a delegate (so transitions skip the call otherwise).
    var hasDelegate: Bool {
        get { flags.contains(.hasDelegate) }
        set { flags.set(.hasDelegate, newValue) }
    }
    /// The `animated` flag of the last manual `beginAppearanceTransition`, for its end (R6.12).
    var manualAppearanceAnimated: Bool {
        get { flags.contains(.manualAnimated) }
        set { flags.set(.manualAnimated, newValue) }
    }

    /// The flags a checkpoint keeps and writes back (``Window/Checkpoint``): all but
    /// ``hasDelegate``, which mirrors whether a navigation controller has a delegate, the
    /// controller's own state that a rewind leaves as it is.
    var treeFlags: Flags {
        get { flags.subtracting(Self.ownFlags) }
        set { flags = newValue.subtracting(Self.ownFlags).union(flags.intersection(.hasDelegate)).union(.touched) }
    }

    /// The flags no checkpoint keeps: ``hasDelegate`` (the controller's own state) and
    /// ``isTouched`` (the tree's bookkeeping of its rewinds).
    private static let ownFlags: Flags = [.hasDelegate, .touched]

    /// Whether a field a ``Window/Checkpoint`` keeps was written since ``clearTouched()``:
    /// every write of one sets it (the fields' observers and setters), whether or not the value
    /// changed. A rewind to the checkpoint it last rewound to writes back only the touched
    /// controllers (``WindowTree/rewind(to:)``), then clears them.
    var isTouched: Bool { flags.contains(.touched) }

    /// Marks the controller's fields as the last rewind left them (see ``isTouched``).
    func clearTouched() { flags.remove(.touched) }

    /// The packed flags of a context.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt16
        static let adopted = Self(rawValue: 1 << 0)
        static let attached = Self(rawValue: 1 << 1)
        static let viewLoaded = Self(rawValue: 1 << 2)
        static let beingPresented = Self(rawValue: 1 << 3)
        static let beingDismissed = Self(rawValue: 1 << 4)
        static let movingToParent = Self(rawValue: 1 << 5)
        static let movingFromParent = Self(rawValue: 1 << 6)
        static let hasDelegate = Self(rawValue: 1 << 7)
        static let manualAnimated = Self(rawValue: 1 << 8)
        /// See ``ControllerContext/isTouched``.
        static let touched = Self(rawValue: 1 << 9)

        /// Sets or clears `flag`, and marks the fields touched (see ``ControllerContext/isTouched``).
        mutating func set(_ flag: Self, _ on: Bool) {
            if on { insert(flag) } else { remove(flag) }
            insert(.touched)
        }
    }

    /// The children as tree nodes: each with its context and kind, read once after every
    /// change of ``children`` instead of through the controller at every visit (a call through
    /// the protocol, and a copy of the kind, whose name is retained).
    func childNodes() -> [TreeNode] {
        if let childNodeCache { return childNodeCache }
        let nodes = children.map { TreeNode(controller: $0, context: $0.context, kind: $0.kind) }
        childNodeCache = nodes
        return nodes
    }

    /// The state only tab bar and split view controllers use, allocated on first write, so
    /// that a content controller's context does not carry it (32 bytes less per controller).
    @exclusivity(unchecked) private var containerState: ContainerState?

    /// Whether a split view controller is collapsed (only its primary on screen).
    var isCollapsed: Bool {
        get { containerState?.isCollapsed ?? false }
        set { containerStateForWriting().isCollapsed = newValue }
    }
    /// What a collapsed split view controller put aside, to restore when it expands.
    var splitStash: SplitState.Stash? {
        get { containerState?.splitStash }
        set { containerStateForWriting().splitStash = newValue }
    }
    /// The selected child index (tab bar controllers; the child shown by a collapsed
    /// column-style split view controller).
    var selectedIndex: Int {
        get { containerState?.selectedIndex ?? 0 }
        set { containerStateForWriting().selectedIndex = newValue }
    }
    /// The column of each child of a column-style split view controller, in child order
    /// (`nil`: a classic split, or not a split).
    var splitColumns: [SplitColumn]? {
        get { containerState?.splitColumns }
        set { containerStateForWriting().splitColumns = newValue }
    }

    /// Whether a container state was ever written (see ``containerFields``), without copying it.
    var hasContainerState: Bool { containerState != nil }

    /// The container state as a value, or `nil` while none was ever written (a content
    /// controller): what a ``Window/Checkpoint`` keeps and writes back. Setting `nil` drops it.
    var containerFields: ContainerFields? {
        get {
            containerState.map {
                ContainerFields(
                    isCollapsed: $0.isCollapsed, splitStash: $0.splitStash, selectedIndex: $0.selectedIndex,
                    splitColumns: $0.splitColumns)
            }
        }
        set {
            guard let newValue else {
                containerState = nil
                flags.insert(.touched)
                return
            }
            let state = containerStateForWriting()
            state.isCollapsed = newValue.isCollapsed
            state.splitStash = newValue.splitStash
            state.selectedIndex = newValue.selectedIndex
            state.splitColumns = newValue.splitColumns
        }
    }

    /// The container state, made on first write; every caller writes a field a checkpoint
    /// keeps, so the fields are marked touched here (see ``isTouched``).
    private func containerStateForWriting() -> ContainerState {
        flags.insert(.touched)
        if let containerState { return containerState }
        let state = ContainerState()
        containerState = state
        return state
    }

    init(window: Window, id: ControllerID, scene: SceneStorage?, catalog: SceneCatalog?) {
        self.window = window
        self.id = id
        self.sceneStorage = scene
        self.catalog = catalog
    }

    /// Instantiates the scene with this identifier from this context's catalog, in the same
    /// window: what a container scene's factory calls to build its children.
    ///
    /// - Returns: the new controller, or `nil` if there is no catalog or no such scene.
    public func instantiate(_ sceneIdentifier: String) -> (any ViewController)? {
        catalog?.instantiate(sceneIdentifier, in: window)
    }

    /// Claims `children` for the container this is the context of: they count as its children
    /// (not free to push or present elsewhere) from now on, but their ``ViewController/parent``
    /// stays `nil` until the container enters the window's tree. Prefer
    /// ``claim(_:for:)``, which names the container from the claim on, as UIKit's `addChild`
    /// in an initializer does.
    @available(*, deprecated, renamed: "claim(_:for:)", message: "pass the container, so that its children's parent is set from its init on, as in UIKit")
    public func claim(_ children: [any ViewController]) {
        claimChildren(children, for: nil)
    }

    /// Claims `children` for `container`, the controller this is the context of: from now on
    /// they are its children (not free to push or present elsewhere), and each child's
    /// ``ViewController/parent`` (and so its `navigationController`, `tabBarController`,
    /// `splitViewController`) names `container`, before it enters any window, as UIKit's
    /// container initializers (`UINavigationController(rootViewController:)`, a custom
    /// container's `addChild` in `init`) set it. The containment callbacks
    /// (`willMove`/`didMove(toParent:)`) are still delivered when the container enters the
    /// window (R6.11; see ``ViewController/parent``).
    ///
    /// Built-in containers call it from their initializers; a custom container with
    /// ``ViewController/initialChildren`` calls it as the last line of its `init`:
    ///
    /// ```swift
    /// init(context: ControllerContext, children: [any ViewController]) {
    ///     self.context = context
    ///     self.initialChildren = children
    ///     context.claim(children, for: self)
    /// }
    /// ```
    ///
    /// Safe from any thread. A child already claimed by another container stays that one's
    /// (the container is refused with ``NavigationError/Code/controllerInUse`` when it enters a
    /// window). `container` must be the controller whose context this is; for another one, the
    /// children are claimed but their `parent` stays `nil` until adoption.
    public func claim(_ children: [any ViewController], for container: any ViewController) {
        claimChildren(children, for: container.context === self ? container : nil)
    }

    /// The claim by a custom container (named weakly, ``Claimant/custom(_:)``), or by none.
    func claimChildren(_ children: [any ViewController], for container: (any ViewController)?) {
        claimChildren(children, naming: container.map { .custom(WeakContainer($0)) })
    }

    /// The claim by a container of the runtime's own kinds (navigation, tab bar, split, page,
    /// generic), named unretained (``Claimant/builtIn(_:)``): its deinit calls
    /// ``releaseClaims(on:by:)`` with the same children.
    func claimChildren(_ children: [any ViewController], forBuiltIn container: AnyObject) {
        claimChildren(children, naming: .builtIn(UnretainedContainer(reference: Unmanaged.passUnretained(container))))
    }

    /// The claim: the atomic id first, then (only for the claim that won) the claimant, if
    /// any. The lock orders the two for a reader: whoever sees the claimant sees the id.
    private func claimChildren(_ children: [any ViewController], naming claimant: Claimant?) {
        for child in children {
            let won = child.context.claim.compareExchange(expected: 0, desired: id.rawValue, ordering: .relaxed).exchanged
            if won, let claimant { child.context.claimant.withLock { $0 = claimant } }
        }
    }

    /// Called by a built-in container's deinit with the children it claimed: each child whose
    /// claimant is still that container forgets it (see ``Claimant``). Only `container`'s
    /// address is read (it is not retained: its deinit is running).
    static func releaseClaims(on children: [any ViewController], by container: AnyObject) {
        guard !children.isEmpty else { return }
        let address = Unmanaged.passUnretained(container).toOpaque()
        for child in children {
            child.context.claimant.withLock { claimant in
                if case .builtIn(let claimed) = claimant, claimed.reference.toOpaque() == address { claimant = nil }
            }
        }
    }

    /// The container that claimed this controller at its init and has not adopted it yet
    /// (it has not entered a window since, or the transition that took it in was undone), or
    /// `nil`. Read on the window's executor.
    //
    // Thread safety: `claimant` is read under its lock, then `claim` (the lock's acquire orders
    // the claim's exchange, made before the lock's release by the same initializer). `parent`
    // and `isAttached` are this controller's executor-confined fields. The container's
    // `didAdoptInitialChildren` is read only when the container belongs to the same window,
    // so runs on this executor too (see the proof above); a container of another window can
    // never adopt this controller (`.foreignController`), and its fields are not read.
    var pendingParent: (any ViewController)? {
        guard parent == nil, !isAttached else { return nil }
        guard let container = claimant.withLock({ $0?.container }) as? any ViewController else { return nil }
        guard claim.load(ordering: .relaxed) == container.id.rawValue else { return nil }
        if container.context.window === window, container.context.didAdoptInitialChildren { return nil }
        return container
    }

    /// ``parent``, or before adoption the container that claimed this controller at its init.
    var containingParent: (any ViewController)? { parent ?? pendingParent }

    /// A new context in the same window (for a child built in code).
    public func makeContext(scene: Scene? = nil) -> ControllerContext {
        window.makeContext(scene: scene, catalog: scene == nil ? nil : catalog)
    }
}

/// The fields of a ``ControllerContext``'s container state, as a value (see
/// ``ControllerContext/containerFields``).
struct ContainerFields {
    var isCollapsed: Bool
    var splitStash: SplitState.Stash?
    var selectedIndex: Int
    var splitColumns: [SplitColumn]?
}

/// The part of a ``ControllerContext`` only containers use. Accessed, like the context's other
/// mutable fields, only from the window's serial executor (see the proof on the context).
private final class ContainerState {
    @exclusivity(unchecked) var isCollapsed = false
    @exclusivity(unchecked) var splitStash: SplitState.Stash?
    @exclusivity(unchecked) var selectedIndex = 0
    @exclusivity(unchecked) var splitColumns: [SplitColumn]?
}

/// A child in its container's ``ControllerContext/childNodes()``: the controller, with its
/// context and kind read once. A walk reads the fields in place (`nodes[index].context`): a
/// node taken by value is copied, its references retained.
struct TreeNode {
    let controller: any ViewController
    let context: ControllerContext
    let kind: ControllerKind
}
