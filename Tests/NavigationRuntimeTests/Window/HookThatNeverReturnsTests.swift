import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// Issue 18, finding 4: a hook that never returns must not stall its window for good. Cancelling
// the caller before the commit point answers it at once with `CancellationError`, rolls back and
// lets the window go on, even when the hook ignores cancellation; `close()` answers every caller;
// a per-window hook deadline ends the request with `.hookTimedOut` naming the hook.

/// A hook that ignores cancellation and returns only when released.
private final class Stall: Sendable {
    private let state = Mutex<(released: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
    private let enteredStream = AsyncStream.makeStream(of: String.self)
    private let returnedStream = AsyncStream.makeStream(of: String.self)
    /// The hooks entered, in order (one consumer).
    var entered: AsyncStream<String>.Iterator { enteredStream.stream.makeAsyncIterator() }
    /// The hooks that returned after their release, in order (one consumer).
    var returned: AsyncStream<String>.Iterator { returnedStream.stream.makeAsyncIterator() }

    func hang(_ hook: String) async {
        enteredStream.continuation.yield(hook)
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.released { return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    func didReturn(_ hook: String) { returnedStream.continuation.yield(hook) }

    /// A hook that honours cancellation: it waits on a stream nobody feeds, which ends when its
    /// task is cancelled.
    func waitUntilCancelled(_ hook: String) async {
        enteredStream.continuation.yield(hook)
        let (never, feeder) = AsyncStream.makeStream(of: Void.self)
        for await _ in never {}
        withExtendedLifetime(feeder) {}
        returnedStream.continuation.yield(hook)
    }

    func release() {
        let waiting = state.withLock { state in
            state.released = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// A controller whose named hook hangs the first time it is called.
private actor StallingController: ViewController {
    nonisolated let context: ControllerContext
    private let stall: Stall
    private var stalls: Set<String>

    init(context: ControllerContext, stall: Stall, stalls: Set<String>) {
        self.context = context
        self.stall = stall
        self.stalls = stalls
    }

    private func hook(_ name: String) async {
        if stalls.remove("cooperative " + name) != nil { return await stall.waitUntilCancelled(name) }
        guard stalls.remove(name) != nil else { return }
        await stall.hang(name)
        stall.didReturn(name)
    }

    nonisolated var unwindActions: Set<String> { ["done"] }
    func viewWillAppear(_ animated: Bool) async { await hook("viewWillAppear") }
    func viewDidAppear(_ animated: Bool) async { await hook("viewDidAppear") }
    func prepare(for segue: Segue, sender: (any Sendable)?) async throws { await hook("prepare") }
    func performUnwindAction(_ action: String, segue: Segue) async { await hook("unwind") }
}

/// A custom container (R2.2) whose `show` override hangs.
private actor StallingContainer: ViewController {
    nonisolated let context: ControllerContext
    nonisolated let initialChildren: [any ViewController]
    private let stall: Stall

    init(context: ControllerContext, child: any ViewController, stall: Stall) {
        self.context = context
        self.initialChildren = [child]
        self.stall = stall
        context.claim([child], for: self)
    }

    nonisolated func overrides(_ action: ShowAction) -> Bool { action == .show }
    func performShow(_ viewController: any ViewController, action: ShowAction, sender: (any Sendable)?) async
        -> ShowHandling
    {
        await stall.hang("show")
        stall.didReturn("show")
        return .addChild
    }
}

/// A tab bar controller delegate whose `didSelect` hangs (user code after the commit).
private struct StallingTabDelegate: TabBarControllerDelegate {
    let stall: Stall
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: any ViewController) async {
        await stall.hang("didSelect")
    }
}

/// A split view controller delegate whose collapse answer hangs.
private struct StallingSplitDelegate: SplitViewControllerDelegate {
    let stall: Stall
    func splitViewController(
        _ splitViewController: SplitViewController,
        collapseSecondary secondary: any ViewController,
        onto primary: any ViewController
    ) async -> Bool {
        await stall.hang("collapseSecondary")
        return false
    }
}

/// What a window's journal says of one request: its callbacks and its ending.
private func story(of request: UInt64, in events: [JournalEvent], names: [ControllerID: String]) -> [String] {
    events.filter { $0.request?.rawValue == request }.compactMap { event in
        switch event.kind {
        case .callback(let id, let callback): "\(names[id] ?? "?").\(callback)"
        case .accepted, .began, .committed, .entered: nil
        default: "\(event.kind)"
        }
    }
}

@Suite struct HookThatNeverReturnsTests {
    private let stall = Stall()

    private func world(_ configuration: Window.Configuration = .immediate, stalls: Set<String> = [], in scene: String = "A")
        -> (window: Window, catalog: SceneCatalog)
    {
        let window = Window(configuration: configuration)
        let stall = stall
        let catalog = SceneCatalog([
            Scene("A", segues: [SegueDefinition(identifier: "s", kind: .show, destination: "B")]) { context in
                StallingController(context: context, stall: stall, stalls: scene == "A" ? stalls : [])
            },
            Scene("B") { context in StallingController(context: context, stall: stall, stalls: scene == "B" ? stalls : []) },
        ])
        return (window, catalog)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCaller_ofAPrepareThatNeverReturns_answersAtOnce_andTheWindowGoesOn() async throws {
        let (window, catalog) = world(stalls: ["prepare"])
        let a = try #require(catalog.instantiate("A", in: window))
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [a])
        try await window.setRootViewController(navigation, animated: false)
        let start = await window.snapshot()
        let journal = await window.journal()

        let segue = Task { try await a.performSegue(withIdentifier: "s", sender: nil) }
        var entered = stall.entered
        #expect(await entered.next() == "prepare")
        segue.cancel()
        await #expect(throws: CancellationError.self) { try await segue.value }

        // The window goes on while the hook still hangs.
        try await window.waitUntilIdle()
        let c = GenericViewController(context: window.makeContext())
        #expect(try await navigation.pushViewController(c, animated: false) == .completed(sequence: 2))
        #expect(await navigation.viewControllers.map(\.id) == [a.id, c.id])

        // The hook's late return is discarded: the segue's destination never arrives.
        stall.release()
        var returned = stall.returned
        #expect(await returned.next() == "prepare")
        #expect(await navigation.viewControllers.map(\.id) == [a.id, c.id])
        await window.close()
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }
        #expect(story(of: 2, in: events, names: [:]) == ["cancelled"])
        #expect(InvariantChecker.check(events: events, finalSnapshot: nil, start: start).violations.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCaller_ofAViewWillAppearThatNeverReturns_rollsBackWithBalancedCallbacks() async throws {
        let (window, catalog) = world(stalls: ["viewWillAppear"], in: "B")
        let a = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [a])
        try await window.setRootViewController(navigation, animated: false)
        let start = await window.snapshot()
        let journal = await window.journal()
        let b = try #require(catalog.instantiate("B", in: window))

        let push = Task { try await navigation.pushViewController(b, animated: false) }
        var entered = stall.entered
        #expect(await entered.next() == "viewWillAppear")
        push.cancel()
        await #expect(throws: CancellationError.self) { try await push.value }
        try await window.waitUntilIdle()
        #expect(await navigation.viewControllers.map(\.id) == [a.id])
        #expect(await window.snapshot().normalized() == start.normalized())

        stall.release()
        var returned = stall.returned
        #expect(await returned.next() == "viewWillAppear")
        #expect(await navigation.viewControllers.map(\.id) == [a.id])
        await window.close()
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }
        let names = [a.id: "A", b.id: "B", navigation.id: "N"]
        #expect(
            story(of: 2, in: events, names: names) == [
                "B.willMove(toParent: \(navigation.id))", "B.viewDidLoad", "A.viewWillDisappear(false)",
                "B.viewWillAppear(false)",
                // The rollback, while B's viewWillAppear still hangs (R6.9).
                "B.viewWillDisappear(false)", "B.viewDidDisappear(false)",
                "A.viewWillAppear(false)", "A.viewDidAppear(false)", "B.didMove(toParent: nil)",
                "cancelled",
            ])
        #expect(InvariantChecker.check(events: events, finalSnapshot: nil, start: start).violations.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCaller_ofAnUnwindActionThatNeverReturns_answersAtOnce_andChangesNothing() async throws {
        let (window, catalog) = world(stalls: ["unwind"])
        let a = try #require(catalog.instantiate("A", in: window))
        let b = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [a, b])
        try await window.setRootViewController(navigation, animated: false)

        let unwind = Task { try await b.performUnwind(action: "done", animated: false) }
        var entered = stall.entered
        #expect(await entered.next() == "unwind")
        unwind.cancel()
        await #expect(throws: CancellationError.self) { try await unwind.value }
        try await window.waitUntilIdle()
        #expect(await navigation.viewControllers.map(\.id) == [a.id, b.id])
        #expect(try await navigation.popViewController(animated: false)?.id == b.id)
        stall.release()
    }

    @Test(.timeLimit(.minutes(1)))
    func close_answersTheCallerStuckInAHook_andFinishesTheJournal() async throws {
        let (window, catalog) = world(stalls: ["prepare"])
        let a = try #require(catalog.instantiate("A", in: window))
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [a])
        try await window.setRootViewController(navigation, animated: false)
        let journal = await window.journal()

        let segue = Task { try await a.performSegue(withIdentifier: "s", sender: nil) }
        var entered = stall.entered
        #expect(await entered.next() == "prepare")
        await window.close()
        await #expect(throws: NavigationError(.windowClosed, "")) { try await segue.value }
        #expect(await window.isBusy == false)
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }  // finishes: nothing waits for the hook
        #expect(events.map(\.kind).suffix(2) == [.failed("windowClosed"), .windowClosed])
        stall.release()
    }

    @Test(.timeLimit(.minutes(1)))
    func aHookPastItsDeadline_beforeTheCommit_endsItsRequest_hookTimedOut_andRollsBack() async throws {
        let clock = ManualClock()
        let (window, catalog) = world(
            Window.Configuration(clock: clock, transitionDuration: .zero, hookDeadline: .seconds(2)),
            stalls: ["viewWillAppear"], in: "B")
        let a = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [a])
        try await window.setRootViewController(navigation, animated: false)
        let journal = await window.journal()
        let b = try #require(catalog.instantiate("B", in: window))

        let push = Task { try await navigation.pushViewController(b, animated: false) }
        var entered = stall.entered
        #expect(await entered.next() == "viewWillAppear")
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(2))
        #expect(try await push.value == .hookTimedOut(HookTimeout(hook: "viewWillAppear(_:)", controller: b.id, sequence: nil)))
        try await window.waitUntilIdle()
        #expect(await navigation.viewControllers.map(\.id) == [a.id])
        stall.release()
        await window.close()
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }
        #expect(story(of: 2, in: events, names: [:]).last == "failed(\"hookTimedOut\")")
    }

    @Test(.timeLimit(.minutes(1)))
    func aViewDidAppearPastItsDeadline_keepsTheCommit_andNotesTheRestOfTheEndPhase() async throws {
        let clock = ManualClock()
        let (window, catalog) = world(
            Window.Configuration(clock: clock, transitionDuration: .zero, hookDeadline: .seconds(2)),
            stalls: ["viewDidAppear"], in: "B")
        let a = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [a])
        try await window.setRootViewController(navigation, animated: false)
        let start = await window.snapshot()
        let journal = await window.journal()
        let b = try #require(catalog.instantiate("B", in: window))

        let push = Task { try await navigation.pushViewController(b, animated: false) }
        var entered = stall.entered
        #expect(await entered.next() == "viewDidAppear")
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(2))
        #expect(try await push.value == .hookTimedOut(HookTimeout(hook: "viewDidAppear(_:)", controller: b.id, sequence: 2)))
        try await window.waitUntilIdle()
        #expect(await navigation.viewControllers.map(\.id) == [a.id, b.id])
        stall.release()
        await window.close()
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }
        let names = [a.id: "A", b.id: "B", navigation.id: "N"]
        let told = story(of: 2, in: events, names: names)
        #expect(told.suffix(3) == [
            "B.viewDidAppear(false)", "B.didMove(toParent: \(navigation.id))",
            "\(JournalEvent.Kind.warning("viewDidAppear(_:) of controller \(b.id.rawValue) did not return within the hook deadline; the transition's later callbacks were noted without calling hooks"))",
        ])
        #expect(InvariantChecker.check(events: events, finalSnapshot: nil, start: start).violations.isEmpty)
    }

    /// User code a request reaches on its way, though its own source has no hooks: a custom
    /// container's `show` override (R2.2) and a split's delegate asked as the split enters a
    /// compact window (R5.6). Both run in a runner too.
    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCaller_ofACustomContainersShowThatNeverReturns_fromASourceWithoutHooks() async throws {
        let window = Window(configuration: .immediate)
        let catalog = SceneCatalog([
            Scene("A", segues: [SegueDefinition(identifier: "s", kind: .show, destination: "B")]) { context in
                GenericViewController(context: context)
            },
            Scene("B") { context in GenericViewController(context: context) },
        ])
        let a = try #require(catalog.instantiate("A", in: window))
        let container = StallingContainer(context: window.makeContext(), child: a, stall: stall)
        try await window.setRootViewController(container, animated: false)

        let segue = Task { try await a.performSegue(withIdentifier: "s", sender: nil) }
        var entered = stall.entered
        #expect(await entered.next() == "show")
        segue.cancel()
        await #expect(throws: CancellationError.self) { try await segue.value }
        try await window.waitUntilIdle()
        #expect(await container.children.map(\.id) == [a.id])
        stall.release()
        var returned = stall.returned
        #expect(await returned.next() == "show")
        #expect(await container.children.map(\.id) == [a.id])  // the late `.addChild` is discarded
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingThePresenter_ofASplitWhoseDelegateNeverAnswers_asItEntersACompactWindow() async throws {
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: .compact))
        let a = GenericViewController(context: window.makeContext())
        try await window.setRootViewController(a, animated: false)
        let primary = NavigationController(context: window.makeContext(), viewControllers: [GenericViewController(context: window.makeContext())])
        let split = SplitViewController(
            context: window.makeContext(), primary: primary, secondary: GenericViewController(context: window.makeContext()),
            delegate: StallingSplitDelegate(stall: stall))

        let present = Task { try await a.present(split, animated: false) }
        var entered = stall.entered
        #expect(await entered.next() == "collapseSecondary")
        present.cancel()
        await #expect(throws: CancellationError.self) { try await present.value }
        try await window.waitUntilIdle()
        #expect(await a.presentedViewController == nil)
        let b = GenericViewController(context: window.makeContext())
        #expect(try await a.present(b, animated: false) == .completed(sequence: 2))
        stall.release()
    }

    /// A hook that returns as soon as its task is cancelled (as a cancellable sleep or network
    /// call would; here a gate that opens on cancellation, no clock) is rolled back like one that ignores cancellation (found by a new user's
    /// trial: the change stayed applied).
    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCaller_ofAViewWillAppearThatHonoursCancellation_rollsBack() async throws {
        let (window, catalog) = world(stalls: ["cooperative viewWillAppear"], in: "B")
        let a = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [a])
        try await window.setRootViewController(navigation, animated: false)
        let start = await window.snapshot()
        let journal = await window.journal()
        let b = try #require(catalog.instantiate("B", in: window))

        let push = Task { try await navigation.pushViewController(b, animated: false) }
        var entered = stall.entered
        #expect(await entered.next() == "viewWillAppear")
        push.cancel()
        await #expect(throws: CancellationError.self) { try await push.value }
        var returned = stall.returned
        #expect(await returned.next() == "viewWillAppear")  // its task was cancelled too
        try await window.waitUntilIdle()
        #expect(await navigation.viewControllers.map(\.id) == [a.id])
        #expect(await window.snapshot().normalized() == start.normalized())
        await window.close()
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }
        #expect(story(of: 2, in: events, names: [:]).last == "cancelled")
        #expect(InvariantChecker.check(events: events, finalSnapshot: nil, start: start).violations.isEmpty)
    }

    /// User code after the commit (a tab bar delegate's `didSelect`): closing answers the caller
    /// with its commit, and the journal ends the request once (found by a new user's trial).
    @Test(.timeLimit(.minutes(1)))
    func close_whileATabBarDelegatesDidSelectHangs_endsTheCommittedRequestOnce() async throws {
        let window = Window(configuration: .immediate)
        let first = GenericViewController(context: window.makeContext())
        let second = GenericViewController(context: window.makeContext())
        let tabs = TabBarController(
            context: window.makeContext(), viewControllers: [first, second], delegate: StallingTabDelegate(stall: stall))
        try await window.setRootViewController(tabs, animated: false)
        let start = await window.snapshot()
        let journal = await window.journal()

        let tap = Task { try await tabs.tapTab(at: 1) }
        var entered = stall.entered
        #expect(await entered.next() == "didSelect")
        tap.cancel()  // after the commit: does nothing
        await window.close()
        #expect(try await tap.value == .completed(sequence: 2))
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }
        let told = story(of: 2, in: events, names: [first.id: "First", second.id: "Second"])
        #expect(told == [  // committed: its callbacks, and no failure after the commit
            "Second.viewDidLoad", "First.viewWillDisappear(false)", "Second.viewWillAppear(false)",
            "First.viewDidDisappear(false)", "Second.viewDidAppear(false)",
        ])
        #expect(InvariantChecker.check(events: events, finalSnapshot: nil, start: start).violations.isEmpty)
        stall.release()
    }

    @Test(.timeLimit(.minutes(1)))
    func setRootScene_whoseHookTimesOut_throwsHookTimedOut_andTheOldRootStays() async throws {
        let clock = ManualClock()
        let (window, catalog) = world(
            Window.Configuration(clock: clock, transitionDuration: .zero, hookDeadline: .seconds(1)),
            stalls: ["viewWillAppear"], in: "B")
        let a = GenericViewController(context: window.makeContext())
        try await window.setRootViewController(a, animated: false)
        let setRoot = Task { try await window.setRoot(scene: "B", from: catalog) }
        var entered = stall.entered
        #expect(await entered.next() == "viewWillAppear")
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        await #expect(throws: NavigationError(.hookTimedOut, "")) { try await setRoot.value }
        try await window.waitUntilIdle()
        #expect(await window.rootViewController?.id == a.id)
        stall.release()
    }
}
