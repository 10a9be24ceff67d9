import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// UIKIT-SEMANTICS §4 (navigation controller, R4.1–R4.12) and ideas 31–43 of §11.
// Runtime decisions tested as such: UIKit's exceptions are thrown typed `NavigationError`s that
// leave the stack unchanged; `pop*` return a `TransitionOutcome`, not the popped controllers
// (the popped ones are visible in the committed `.pop` and in the willMove/didMove order);
// the runtime implements the iOS ≥ 13 deferral model (R4.5), not the iOS ≤ 12 log lines.
// R4.10 (interactive pop gesture, coordinator `isCancelled`) does not exist; a cancelled pop
// request (task cancellation, DESIGN §3.4) is checked against R4.10's cancel sequence instead.

private func ids(_ controllers: [any ViewController]) -> [ControllerID] { controllers.map(\.id) }

extension Result {
    /// The failure, if any.
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

@Suite struct NavigationConformanceTests {
    // R4.2 (idea 31): pushing an instance already in the stack (top or below) fails with UIKit's
    // iOS 13 reason; stack and callbacks unchanged.
    @Test func r4_2_pushingTheSameInstanceTwiceFails() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let b = c.controller("B")
        let n = await c.navigation("N", [a, b])
        try await c.start(with: n)
        let before = await c.window.snapshot()

        for again in [b, a] {
            let error = await navigationError { try await n.pushViewController(again) }
            #expect(error?.code == .pushedTwice)
            #expect(error?.message == """
                \(n.id) UINavigationController is pushing the same view controller instance \
                (\(again.id) RecordingController) more than once which is not supported and is most likely an \
                error in the application
                """)
            #expect(error?.controllers == [again.id, n.id])
        }
        #expect(c.recorder.take() == [])
        #expect(await c.window.snapshot() == before)
    }

    // R4.2, R6.11: a controller in another navigation controller's stack (not yet in the
    // window) already has a parent; pushing it elsewhere must fail like any parented controller
    // (`.controllerInUse`, see AppearanceConformanceTests.r6_11). If it does not, presenting N3
    // later puts X in two stacks at once (see the report).
    @Test func r4_2_pushingAControllerOfAStackNotYetInTheWindowFails() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let x = c.controller("X")
        _ = await c.navigation("N3", [x])

        var error: NavigationError?
        do { try await n.pushViewController(x) } catch let thrown as NavigationError { error = thrown }
        let stack = await n.viewControllers.map(\.id)

        do {
            #expect(error?.code == .controllerInUse)
            #expect(stack == [a.id])
        }
    }

    // R4.3 (idea 32): pushing a navigation controller fails; nothing changes.
    @Test func r4_3_pushingANavigationControllerFails() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let n2 = await c.navigation("N2", [c.controller("X")])

        let error = await navigationError { try await n.pushViewController(n2) }

        #expect(error?.code == .pushingNavigationController)
        #expect(error?.message == "Pushing a navigation controller is not supported")
        #expect(error?.controllers == [n2.id, n.id])
        #expect(c.recorder.take() == [])
        #expect(await c.tree() == "N(navigation, appeared)[A(content, appeared)]")
    }

    // R4.1 (idea 35): viewControllers / topViewController / visibleViewController reflect a push
    // (and a pop) from the begin phase, before any did-event, while the animation runs.
    @Test func r4_1_stackUpdatesBeforeTheAnimationEnds() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")

        async let pushed = n.pushViewController(b)
        await clock.sleepers(atLeast: 1)
        #expect(ids(await n.viewControllers) == [a.id, b.id])
        #expect(await n.topViewController === b)
        #expect(await n.visibleViewController === b)
        #expect(c.recorder.take() == [
            "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        ])
        let inFlight = await c.window.snapshot()
        #expect(inFlight.transitionInFlight && inFlight.sequence == 1)
        #expect(await c.tree() == "N(navigation, appeared)[A(content, disappearing), B(content, appearing)]")
        clock.advance(by: .seconds(1))
        #expect(try await pushed == .completed(sequence: 2))

        async let popped = n.pop()
        await clock.sleepers(atLeast: 1)
        #expect(ids(await n.viewControllers) == [a.id])
        #expect(await n.topViewController === a)
        clock.advance(by: .seconds(1))
        #expect(try await popped.outcome == .completed(sequence: 3))
    }

    // R4.4, R4.5 (idea 33): a push requested while a push is in flight is deferred: it runs after
    // the first transition's end phase (iOS ≥ 13 model); final stack [A, B, C].
    @Test func r4_4_r4_5_pushDuringPushIsDeferred() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        let n = await c.navigation("N", [a], delegate: true)
        try await c.start(with: n)
        let b = c.controller("B")
        let cc = c.controller("C")
        var reader = JournalReader(await c.window.journal())

        let first = Task { try await n.pushViewController(b) }
        await clock.sleepers(atLeast: 1)
        let second = Task { try await n.pushViewController(cc) }
        await reader.waitAccepted(2)
        #expect(await c.window.pendingRequestCount == 1)
        clock.advance(by: .seconds(1))
        #expect(try await first.value == .completed(sequence: 2))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(try await second.value == .completed(sequence: 3))

        #expect(c.recorder.take() == [
            "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "N.delegate.willShow(B)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(toParent: N)",
            "N.delegate.didShow(B)",
            "C.willMove(toParent: N)", "C.viewDidLoad", "B.viewWillDisappear(true)", "C.viewWillAppear(true)",
            "N.delegate.willShow(C)", "B.viewDidDisappear(true)", "C.viewDidAppear(true)", "C.didMove(toParent: N)",
            "N.delegate.didShow(C)",
        ])
        #expect(ids(await n.viewControllers) == [a.id, b.id, cc.id])
    }

    // R4.5, R4.2 (idea 34): the duplicate check of a deferred push runs when it is dequeued:
    // pushing B again while B's push is in flight fails after it; the stack stays [A, B].
    @Test func r4_5_deferredDuplicatePushFailsAtDequeue() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")
        var reader = JournalReader(await c.window.journal())

        let first = Task { try await n.pushViewController(b) }
        await clock.sleepers(atLeast: 1)
        let again = Task { try await n.pushViewController(b) }
        await reader.waitAccepted(2)
        clock.advance(by: .seconds(1))

        #expect(try await first.value == .completed(sequence: 2))
        let error = await navigationError { _ = try await again.value }
        #expect(error?.code == .pushedTwice)
        #expect(ids(await n.viewControllers) == [a.id, b.id])
        #expect(await c.window.snapshot().sequence == 2)
    }

    // R4.5: a push made from inside a running transition (B.viewDidAppear) is deferred and
    // replayed after that transition's completion, never nested in it.
    @Test func r4_5_pushFromAHookIsReplayedAfterTheTransition() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let b = c.controller("B")
        let cc = c.controller("C")
        let recorder = c.recorder
        let once = Atomic<Bool>(false)
        await b.setOnDidAppear {
            guard !once.exchange(true, ordering: .relaxed) else { return }
            let outcome = try? await n.pushViewController(cc)
            if case .deferred = outcome { recorder.record("push C from B.viewDidAppear: deferred") }
        }

        #expect(try await n.pushViewController(b) == .completed(sequence: 2))
        #expect(try await a.dismiss() == .noChange)  // queued behind the deferred push: a barrier

        #expect(c.recorder.take() == [
            "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "push C from B.viewDidAppear: deferred",
            "B.didMove(toParent: N)",
            "C.willMove(toParent: N)", "C.viewDidLoad", "B.viewWillDisappear(true)", "C.viewWillAppear(true)",
            "B.viewDidDisappear(true)", "C.viewDidAppear(true)", "C.didMove(toParent: N)",
        ])
        #expect(ids(await n.viewControllers) == [a.id, b.id, cc.id])
        #expect(await c.window.snapshot().sequence == 3)
    }

    // R4.6 (idea 36): pop and popToRoot on a one-element stack do nothing (`.noChange`).
    @Test func r4_6_popOnAOneElementStackDoesNothing() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a], delegate: true)
        try await c.start(with: n)

        #expect(try await n.pop().outcome == .noChange)
        #expect(try await n.popToRoot().outcome == .noChange)
        #expect(c.recorder.take() == [])
        #expect(await c.window.snapshot().sequence == 1)
        #expect(ids(await n.viewControllers) == [a.id])
    }

    // R4.7 (idea 37): popping to a controller not in the stack fails with UIKit's reason;
    // popping to the current top changes nothing.
    @Test func r4_7_popToAControllerNotInTheStack() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let b = c.controller("B")
        let n = await c.navigation("N", [a, b])
        try await c.start(with: n)
        let x = c.controller("X")

        let error = await navigationError { try await n.popToViewController(x) }
        #expect(error?.code == .notInStack)
        #expect(error?.message == "Tried to pop to a view controller that doesn't exist.")
        #expect(error?.controllers == [x.id, n.id])

        #expect(try await n.pop(to: b).outcome == .noChange)
        #expect(c.recorder.take() == [])
        #expect(ids(await n.viewControllers) == [a.id, b.id])
    }

    // R4.8, R4.12, R6.3 (idea 38): popToRoot from N[A,B,C,D] is one transition: B, C, D leave
    // (willMove/didMove nil, in stack order), only D disappears, only A appears.
    @Test func r4_8_popToRootIsOneTransition() async throws {
        let c = Conformance()
        let (a, b, cc, d) = (c.controller("A"), c.controller("B"), c.controller("C"), c.controller("D"))
        let n = await c.navigation("N", [a, b, cc, d], delegate: true)
        try await c.start(with: n)
        let journal = await c.window.journal()

        #expect(try await n.popToRoot().outcome == .completed(sequence: 2))

        #expect(c.recorder.take() == [
            "B.willMove(toParent: nil)", "C.willMove(toParent: nil)", "D.willMove(toParent: nil)", "A.viewDidLoad",
            "D.viewWillDisappear(true)", "A.viewWillAppear(true)", "N.delegate.willShow(A)",
            "D.viewDidDisappear(true)", "A.viewDidAppear(true)",
            "B.didMove(toParent: nil)", "C.didMove(toParent: nil)", "D.didMove(toParent: nil)", "N.delegate.didShow(A)",
        ])
        let events = await c.closeAndCollect(journal)
        #expect(events.filter { if case .committed = $0.kind { true } else { false } }.map(\.kind) == [
            .committed(.pop(navigation: n.id, removed: [b.id, cc.id, d.id]))
        ])
    }

    // R4.8: popToViewController(B) from N[A,B,C,D] pops C and D; only D disappears, B appears.
    @Test func r4_8_popToViewControllerPopsEverythingAbove() async throws {
        let c = Conformance()
        let (a, b, cc, d) = (c.controller("A"), c.controller("B"), c.controller("C"), c.controller("D"))
        let n = await c.navigation("N", [a, b, cc, d])
        try await c.start(with: n)

        #expect(try await n.pop(to: b, animated: false).outcome == .completed(sequence: 2))

        #expect(c.recorder.take() == [
            "C.willMove(toParent: nil)", "D.willMove(toParent: nil)", "B.viewDidLoad", "D.viewWillDisappear(false)",
            "B.viewWillAppear(false)", "D.viewDidDisappear(false)", "B.viewDidAppear(false)",
            "C.didMove(toParent: nil)", "D.didMove(toParent: nil)",
        ])
        #expect(ids(await n.viewControllers) == [a.id, b.id])
    }

    // R4.9 (idea 39), push-style: the new top was not in the stack. Added controllers get
    // willMove(N) at begin and didMove(N) at end; only the new top loads and appears.
    @Test func r4_9_setViewControllersPushStyle() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let (b, cc) = (c.controller("B"), c.controller("C"))

        try await n.setViewControllers([a, b, cc])

        #expect(c.recorder.take() == [
            "B.willMove(toParent: N)", "C.willMove(toParent: N)", "C.viewDidLoad", "A.viewWillDisappear(true)",
            "C.viewWillAppear(true)", "A.viewDidDisappear(true)", "C.viewDidAppear(true)",
            "B.didMove(toParent: N)", "C.didMove(toParent: N)",
        ])
        #expect(await c.tree() == "N(navigation, appeared)[A(content, disappeared), B(content, disappeared), C(content, appeared)]")
    }

    // R4.9, pop-style: the new top was below the old top; the removed controllers get
    // willMove(nil)/didMove(nil).
    @Test func r4_9_setViewControllersPopStyle() async throws {
        let c = Conformance()
        let (a, b, cc) = (c.controller("A"), c.controller("B"), c.controller("C"))
        let n = await c.navigation("N", [a, b, cc])
        try await c.start(with: n)

        try await n.setViewControllers([a, b])

        #expect(c.recorder.take() == [
            "C.willMove(toParent: nil)", "B.viewDidLoad", "C.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "C.viewDidDisappear(true)", "B.viewDidAppear(true)", "C.didMove(toParent: nil)",
        ])
    }

    // R4.9, same top: containment callbacks only, no appearance callbacks; duplicates fail (R4.2).
    @Test func r4_9_setViewControllersSameTopAndDuplicates() async throws {
        let c = Conformance()
        let (a, b) = (c.controller("A"), c.controller("B"))
        let n = await c.navigation("N", [a, b])
        try await c.start(with: n)
        let x = c.controller("X")

        try await n.setViewControllers([x, b])
        #expect(c.recorder.take() == [
            "A.willMove(toParent: nil)", "X.willMove(toParent: N)", "A.didMove(toParent: nil)", "X.didMove(toParent: N)",
        ])
        #expect(await c.tree() == "N(navigation, appeared)[X(content, disappeared), B(content, appeared)]")

        let error = await navigationError { try await n.setViewControllers([x, b, x]) }
        #expect(error?.code == .pushedTwice)
        #expect(c.recorder.take() == [])
        #expect(ids(await n.viewControllers) == [x.id, b.id])
    }

    // R4.9 and the runtime's own contract (`NavigationError.Code.invalidRequest`: "e.g. an
    // empty stack for setViewControllers"): an empty stack is rejected and nothing changes.
    @Test func r4_9_setViewControllersRejectsAnEmptyStack() async throws {
        let c = Conformance()
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        try await c.start(with: n)
        let before = await c.window.snapshot()

        var result: Result<TransitionOutcome, any Error>
        do { result = .success(try await n.setViewControllers([])) } catch { result = .failure(error) }

        let after = await c.window.snapshot()
        do {
            #expect((try? result.get()) == nil)
            #expect((result.error as? NavigationError)?.code == .invalidRequest)
            #expect(after == before)
        }
    }

    // R4.10, R4.11, R6.9 (idea 40, as a cancelled pop request): the stack reads post-pop while
    // the pop is in flight, is rolled back before the cancel callbacks, which follow R4.10's
    // order; the request throws CancellationError and the tree is as before.
    @Test func r4_10_r4_11_cancelledPopRestoresTheStack() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.probe("A")
        let b = c.controller("B")
        let n = await c.navigation("N", [a, b], delegate: true)
        try await c.start(with: n)
        let before = await c.window.snapshot()
        let recorder = c.recorder
        await a.setOnCallback { callback in
            if callback == "viewWillDisappear" { recorder.record("stack: \(await n.viewControllers.count)") }
        }

        let pop = Task { try await n.popViewController() }
        await clock.sleepers(atLeast: 1)
        #expect(ids(await n.viewControllers) == [a.id])  // R4.11: post-pop while in flight
        pop.cancel()
        await #expect(throws: CancellationError.self) { try await pop.value }

        #expect(c.recorder.take() == [
            "B.willMove(toParent: nil)", "A.viewDidLoad", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "N.delegate.willShow(A)",
            "A.viewWillDisappear(true)", "stack: 2", "A.viewDidDisappear(true)", "B.viewWillAppear(true)",
            "B.viewDidAppear(true)", "B.didMove(toParent: N)",
        ])
        #expect(ids(await n.viewControllers) == [a.id, b.id])
        #expect(await c.window.snapshot() == before)
    }

    // R4.12: the delegate hears willShow in the begin phase (before the animation ends) and
    // didShow at the end, with the new top.
    @Test func r4_12_delegateWillShowAtBeginDidShowAtEnd() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let a = c.controller("A")
        let n = await c.navigation("N", [a], delegate: true)
        try await c.start(with: n)
        let b = c.controller("B")

        async let pushed = n.pushViewController(b)
        await clock.sleepers(atLeast: 1)
        #expect(c.recorder.take().last == "N.delegate.willShow(B)")
        clock.advance(by: .seconds(1))
        _ = try await pushed
        #expect(c.recorder.take().last == "N.delegate.didShow(B)")
    }
}
