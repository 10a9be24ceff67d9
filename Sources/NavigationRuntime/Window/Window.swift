import Synchronization

/// One window: its root controller and presentation chain, its transition queue, its journal.
///
/// A window is UIKit's main thread, one per window: the window actor and every
/// controller created with one of its contexts run on the window's serial executor, so a hop
/// between them costs almost nothing, and different windows run in parallel.
///
/// Every structural change (a segue, push, pop, present, dismiss, root change) is a request to
/// the window's transition queue, which runs one transition at a time, in the order it accepted
/// the requests, each to completion: resolve, `shouldPerformSegue` (storyboard triggers only),
/// instantiate, `prepare`, the begin phase (`will…` callbacks), the animation, the **commit**
/// (the next sequence number, gapless from 1), the end phase (`did…` callbacks).
///
/// - Cancellation: cancelling the task that made a request before its commit point removes it:
///   the hierarchy is left as it was, every appearance callback already delivered is balanced
///   (like UIKit's cancelled interactive pop, R6.9) and the request throws `CancellationError`.
///   After the commit point the transition runs to its end.
/// - Hooks that do not return: a request's user code runs in a task of its own while its caller
///   waits, so cancelling the caller before the commit point answers it at once even when a
///   hook ignores cancellation, ``close()`` answers every caller, and
///   ``Configuration/hookDeadline`` ends a request whose hook outlives it. See
///   <doc:RequestContract>.
public actor Window {
    /// How a window runs its transitions.
    public struct Configuration: Sendable {
        /// The clock that times animated transitions.
        public var clock: any Clock<Duration>
        /// How long an animated transition takes. `.zero` skips the clock entirely.
        public var transitionDuration: Duration
        /// The window's initial traits.
        public var traits: Traits
        /// Whether the synchronous core runs a push or a pop that names everything it changes as
        /// a ``LeafPush`` or a ``LeafPop`` (the default) instead of through the general path. Only
        /// the differential tests turn it off, to compare the two. (Beside ``traits``: it takes a byte of padding,
        /// so a window costs what it did.)
        var runsLeafTransitions = true
        /// The actor whose serial executor runs the window and its controllers, or `nil` (the
        /// default) for an executor of the window's own, so that windows run in parallel.
        ///
        /// Windows given the same actor share one serial executor, as UIKit's windows share the
        /// main thread: a UI stack bound to one thread passes its actor (e.g. `MainActor.shared`,
        /// the embedder's choice: the runtime never hops to the main actor itself), and
        /// `navstress bench` passes one actor to every window to measure what the per-window
        /// executors buy. Each window keeps its own transition queue either way.
        public var isolation: (any Actor)?
        /// How long one call of user code (a hook, a delegate method, a custom segue's
        /// `perform`) may take, on ``clock``, or `nil` (the default) for no limit.
        ///
        /// A call that outlives it is abandoned: its request ends at once with
        /// ``TransitionOutcome/hookTimedOut(_:)`` naming the hook, and the window goes on.
        /// Before the commit point the transition is rolled back; after it, the rest of its
        /// end phase is noted (appearance state, journal) without calling hooks. The hook's
        /// late return is discarded. Each watched call costs a task, so leave it `nil` where
        /// no hook can hang. Zero or less is treated as `nil`. See <doc:RequestContract>.
        public var hookDeadline: Duration?

        /// Creates a configuration.
        public init(
            clock: any Clock<Duration> = ContinuousClock(),
            transitionDuration: Duration = .milliseconds(350),
            traits: Traits = .regular,
            isolation: (any Actor)? = nil,
            hookDeadline: Duration? = nil
        ) {
            self.clock = clock
            self.transitionDuration = transitionDuration
            self.traits = traits
            self.isolation = isolation
            self.hookDeadline = hookDeadline
        }

        /// Zero-duration transitions on the continuous clock: for load runs and tests that do
        /// not look at time. An animated request still animates, in no time: its callbacks
        /// carry `animated: true` (`viewWillAppear(_:)` gets the caller's flag, as on iOS).
        public static var immediate: Configuration {
            Configuration(transitionDuration: .zero)
        }
    }

    /// The window's id.
    public nonisolated let id: WindowID
    /// The configuration the window was created with.
    public nonisolated let configuration: Configuration

    private nonisolated let controllerCounter = Atomic<UInt64>(0)
    /// The actor whose serial executor the window runs on (see ``Configuration/isolation``).
    private nonisolated let executorOwner: any Actor
    /// The transition queue and the window's lifecycle (running request, in-flight requests,
    /// idle waiters, close): the one place they are kept.
    let queue = TransitionQueueStorage()

    /// The tree of controllers: the one owner of its structure (see ``WindowTree``). Used only
    /// by this actor's isolated code, and by its controllers' (the coordinator, the links a
    /// dismissal cut), so on the window's executor.
    nonisolated let tree: WindowTree

    // `@exclusivity(unchecked)` on the state below: actor isolation already serialises every
    // access, so the runtime's dynamic exclusivity checks only cost time on the hot path.

    /// The root controller, once set.
    var root: (any ViewController)? { tree.root }
    /// The current traits (horizontal size class drives adaptive segues).
    public var traits: Traits { tree.traits }
    /// The request whose turn it is, if any (the queue's, read without its lock).
    var runningRequest: RequestID? { queue.running }
    /// The interactive gesture driving the running transition, if any (R4.10).
    var interaction: InteractivePop?
    /// Whether ``close()`` was called.
    public var isClosed: Bool { queue.isClosed }
    /// Journal subscribers.
    var subscribers: [UInt64: AsyncStream<JournalEvent>.Continuation] = [:]
    /// Whether ``subscribers`` is not empty (read on every event).
    @exclusivity(unchecked) var hasSubscribers = false
    var nextSubscriber: UInt64 = 0
    /// The runner of the running request's user code, if it runs in one (see `escape`).
    var activeRunner: Runner?
    /// The running request's change, while its phases run with hooks (see `settle`).
    var inFlight: InFlightChange?
    /// The last committed sequence number.
    public var lastSequence: UInt64 { queue.lastSequence }

    /// Creates a window. Usually ``Application/openWindow(configuration:)`` does this.
    public init(id: WindowID = WindowID(1), configuration: Configuration = Configuration()) {
        self.id = id
        self.configuration = configuration
        let executorOwner = configuration.isolation ?? WindowExecutor()
        self.executorOwner = executorOwner
        let tree = WindowTree(
            windowID: id, executor: executorOwner.unownedExecutor, traits: configuration.traits
        )
        self.tree = tree
        tree.bind(to: self)
    }

    /// The serial executor of the window and of every controller created with its contexts.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executorOwner.unownedExecutor }

    /// A new context for a controller of this window.
    ///
    /// - Parameters:
    ///   - scene: the scene the controller is instantiated from (its segue table), if any.
    ///   - catalog: the catalog the scene's segues' destinations are found in.
    public nonisolated func makeContext(scene: Scene? = nil, catalog: SceneCatalog? = nil) -> ControllerContext {
        makeContext(sharing: scene.map(SceneStorage.init), catalog: catalog)
    }

    /// A new context whose scene is shared with the catalog's other instances of it.
    nonisolated func makeContext(sharing scene: SceneStorage?, catalog: SceneCatalog?) -> ControllerContext {
        let raw = controllerCounter.wrappingAdd(1, ordering: .relaxed).newValue
        return ControllerContext(window: self, id: ControllerID(raw), scene: scene, catalog: catalog)
    }

    /// The root controller, if set.
    public var rootViewController: (any ViewController)? { root }

    /// Whether a transition is running or waiting. Always `false` once the window is closed:
    /// a closed window takes no request, even while a hook of its last transition has not
    /// returned yet (issue 18).
    public var isBusy: Bool { queue.isBusy }

    /// Returns once the window has nothing running or waiting: every request accepted before
    /// the call, and every request they deferred (made from their callbacks, R4.5), has
    /// ended. Returns at once when the window is idle or closed. Requests accepted meanwhile
    /// are waited for too: the window must be idle, not just past the earlier requests.
    ///
    /// Called from this window's own transition (a hook, a delegate or a custom segue of the
    /// running request), it would wait for itself: it throws at once instead, while a request
    /// made from the same place is deferred (R4.5). Cancelling the waiting task does not end
    /// the wait. See <doc:RequestContract>.
    ///
    /// - Throws: ``NavigationError/Code/waitingForOwnTransition`` from inside this window's
    ///   running transition.
    public func waitUntilIdle() async throws(NavigationError) {
        guard queue.isBusy else { return }
        if let running = runningRequest, let scope = TransitionScope.current,
            scope.window == ObjectIdentifier(self), scope.request == running
        {
            throw NavigationError(
                .waitingForOwnTransition,
                "waitUntilIdle() was called from inside request \(running.rawValue) of window \(id): it would wait for itself.",
                window: id)
        }
        // The continuation is made here, in the window's isolation (see `waitForTurn(_:)`).
        await withCheckedContinuation { continuation in
            assertIsolated("a queue event off the window's executor")
            queue.waitForIdle(continuation)
        }
    }

    /// How many requests wait behind the running one.
    public var pendingRequestCount: Int { queue.pendingCount }

    /// Closes the window (R8.8): every waiting request fails with
    /// ``NavigationError/Code/windowClosed``; a running transition stops at its next check
    /// (before its commit point it rolls back and fails the same way, after it, it returns
    /// without further callbacks), and a caller whose hook has not returned is answered the
    /// same way at once; the tree is torn down with no appearance callbacks. The
    /// journal streams end with `.windowClosed` once every request accepted has its ending
    /// journaled: at once if nothing runs, else when the last one returns. Closing twice does
    /// nothing.
    public func close() {
        guard let action = queue.close() else { return }
        // Every request the close fails is journaled here (the waiting requests' own tasks
        // resume later, only return the error, and leave the queue).
        for id in action.waiting + action.jobs {
            emit(.failed(NavigationError.Code.windowClosed.description), request: id)
        }
        for waiter in action.waiters { waiter.resume(.closed) }
        for waiter in action.idleWaiters { waiter.resume() }
        // A running request stuck in user code is answered and settled now (issue 18): its
        // ending hands the queue on, which tears down and finishes the journal as due.
        abandonRunnerForClose()
        if action.tearDown { tearDown() }
        if action.finishJournal { finishJournal() }
    }

    /// Releases the tree (breaks the parent/child reference cycles) once nothing runs.
    func tearDown() {
        tree.tearDown()
    }

    /// Runs `body` with the tree, on the window's executor: synchronous checks of the tree
    /// (tests: `await window.withTree { tree in … }`), with no transition around them.
    func withTree<T: Sendable>(_ body: (WindowTree) throws -> T) rethrows -> T {
        try body(tree)
    }

    /// How errors and warnings name a controller: its id and its class.
    func describe(_ controller: any ViewController) -> String {
        WindowTree.describe(controller)
    }

    /// Journals the close and finishes the journal streams: every request's ending is in
    /// them by then (the queue hands this out once, when the last request in flight left).
    func finishJournal() {
        emit(.windowClosed, request: nil)
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
        hasSubscribers = false
    }

}

/// The owner of a window's own serial executor: a default actor, so that hops to the window
/// keep the runtime's fast paths (a default actor's executor switches without enqueuing when it
/// is free). It holds nothing: the window's state stays on the window.
private actor WindowExecutor {}
