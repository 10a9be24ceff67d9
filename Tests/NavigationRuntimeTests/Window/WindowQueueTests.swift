import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// DESIGN §3 on a real window, made deterministic by a manual clock: busy policies,
/// cancellation before and after the commit point, closing with pending requests, nesting.
@Suite struct WindowQueueTests {
    /// A window with N[A] as root, whose animated transitions park on `clock` for 1 s.
    private func parkedFixture() async throws -> (Fixture, ManualClock, NavigationController, RecordingController) {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let a = f.controller("A")
        let navigation = f.navigation("N", [a])
        try await f.start(with: navigation)
        return (f, clock, navigation, a)
    }

    @Test func dropIfBusy_whileATransitionRuns_isDropped_andChangesNothing() async throws {
        let (f, clock, navigation, _) = try await parkedFixture()
        let b = f.controller("B")
        async let first = navigation.pushViewController(b)
        await clock.sleepers(atLeast: 1)
        let second = try await navigation.pushViewController(f.controller("C"), policy: .dropIfBusy)
        #expect(second == .dropped)
        clock.advance(by: .seconds(1))
        #expect(try await first == .completed(sequence: 2))
        #expect(await navigation.viewControllers.map(\.id) == [f.window.snapshot().root!.children[0].id, b.id])
    }

    @Test func waitUntilIdle_returnsOnlyOnceEveryAcceptedRequestEnded() async throws {
        let (f, clock, navigation, _) = try await parkedFixture()
        async let first = navigation.pushViewController(f.controller("B"))
        await clock.sleepers(atLeast: 1)
        let second = Task { try await navigation.pushViewController(f.controller("C")) }
        while await f.window.pendingRequestCount < 1 { await Task.yield() }
        let idle = Task {
            try await f.window.waitUntilIdle()
            return await f.window.lastSequence
        }
        clock.advance(by: .seconds(1))
        #expect(try await first == .completed(sequence: 2))
        await clock.sleepers(atLeast: 1)  // the second push, parked in its animation
        clock.advance(by: .seconds(1))
        #expect(try await second.value == .completed(sequence: 3))
        #expect(try await idle.value == 3)
        await f.window.close()
        try await f.window.waitUntilIdle()  // closed: at once
    }

    @Test func replacePending_supersedesWaitingRequests_latestWins() async throws {
        let (f, clock, navigation, _) = try await parkedFixture()
        let b = f.controller("B")
        let c = f.controller("C")
        let d = f.controller("D")
        async let first = navigation.pushViewController(b)
        await clock.sleepers(atLeast: 1)
        let waiting = Task { try await navigation.pushViewController(c) }
        while await f.window.pendingRequestCount < 1 { await Task.yield() }
        let latest = Task { try await navigation.pushViewController(d, policy: .replacePending) }
        #expect(try await waiting.value == .superseded)
        clock.advance(by: .seconds(1))
        #expect(try await first == .completed(sequence: 2))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(try await latest.value == .completed(sequence: 3))
        let names = await navigation.viewControllers.map { f.recorder.name(of: $0) }
        #expect(names == ["A", "B", "D"])
    }

    // R6.9
    @Test func cancelBeforeCommit_rollsBack_andBalancesCallbacks_R6_9() async throws {
        let (f, clock, navigation, a) = try await parkedFixture()
        let before = await f.window.snapshot()
        let b = f.controller("B")
        let push = Task { try await navigation.pushViewController(b) }
        await clock.sleepers(atLeast: 1)
        #expect(await navigation.topViewController === b, "R4.1: the stack shows B while in flight")
        push.cancel()
        await #expect(throws: CancellationError.self) { try await push.value }
        #expect(f.recorder.take() == [
            "B.willMove(toParent: N)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            // cancelled: the arriving controller disappears again, the leaving one appears again (R6.9)
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
            "B.didMove(toParent: nil)",
        ])
        #expect(await f.window.snapshot() == before)
        #expect(await a.appearanceState == .appeared)
        #expect(await b.appearanceState == .disappeared)
    }

    @Test func cancelWhileWaiting_leavesNoTrace_andTheQueueGoesOn() async throws {
        let (f, clock, navigation, _) = try await parkedFixture()
        let b = f.controller("B")
        let c = f.controller("C")
        let d = f.controller("D")
        async let first = navigation.pushViewController(b)
        await clock.sleepers(atLeast: 1)
        let waiting = Task { try await navigation.pushViewController(c) }
        while await f.window.pendingRequestCount < 1 { await Task.yield() }
        let last = Task { try await navigation.pushViewController(d) }
        while await f.window.pendingRequestCount < 2 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        clock.advance(by: .seconds(1))
        #expect(try await first == .completed(sequence: 2))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(try await last.value == .completed(sequence: 3), "gapless: the cancelled request took no number")
        #expect(await navigation.viewControllers.map { f.recorder.name(of: $0) } == ["A", "B", "D"])
        #expect(!f.recorder.events.contains { $0.hasPrefix("C.") }, "C never saw a callback")
    }

    @Test func cancelAfterCommit_runsToItsEnd() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let navigation = f.navigation("N", [a])
        try await f.start(with: navigation)
        let b = f.controller("B")
        let gate = AsyncStream.makeStream(of: Void.self)
        // B's viewDidAppear runs after the commit point; cancel the task from inside it.
        let push = Task { try await navigation.pushViewController(b, animated: false) }
        await b.setOnDidAppear {
            push.cancel()
            gate.continuation.yield()
        }
        var iterator = gate.stream.makeAsyncIterator()
        _ = await iterator.next()
        #expect(try await push.value == .completed(sequence: 2))
        #expect(await navigation.topViewController === b)
        #expect(f.recorder.take().last == "B.didMove(toParent: N)")
    }

    @Test func closingTheWindow_failsEveryPendingRequest_withTheTypedError() async throws {
        let (f, clock, navigation, _) = try await parkedFixture()
        let journal = await f.window.journal()
        let running = Task { try await navigation.pushViewController(f.controller("B")) }
        await clock.sleepers(atLeast: 1)
        var pending: [Task<TransitionOutcome, any Error>] = []
        for index in 0..<100 {
            pending.append(Task { try await navigation.pushViewController(f.controller("P\(index)")) })
        }
        while await f.window.pendingRequestCount < 100 { await Task.yield() }
        await f.window.close()
        for task in pending {
            await #expect(throws: NavigationError(.windowClosed, "")) { try await task.value }
        }
        clock.advance(by: .seconds(1))
        await #expect(throws: NavigationError(.windowClosed, "")) { try await running.value }
        await #expect(throws: NavigationError(.windowClosed, "")) {
            try await navigation.pushViewController(f.controller("late"))
        }
        let events = await JournalReader.collect(journal)
        #expect(events.last?.kind == .windowClosed)
        #expect(!events.contains { if case .committed = $0.kind { true } else { false } })
    }

    // R4.5
    @Test func aHookNavigatingItsOwnWindow_isDeferred_R4_5() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let navigation = f.navigation("N", [a])
        try await f.start(with: navigation)
        let b = f.controller("B")
        let c = f.controller("C")
        let result = AsyncStream.makeStream(of: TransitionOutcome.self)
        await b.setOnDidAppear {
            let outcome = (try? await navigation.pushViewController(c, animated: false)) ?? .noChange
            result.continuation.yield(outcome)
        }
        let journal = await f.window.journal()
        #expect(try await navigation.pushViewController(b, animated: false) == .completed(sequence: 2))
        var outcomes = result.stream.makeAsyncIterator()
        guard case .deferred(let id)? = await outcomes.next() else {
            Issue.record("expected .deferred")
            return
        }
        // The deferred push commits after B's transition, as number 3.
        var reader = JournalReader(journal)
        let commit = await reader.next { if case .committed = $0.kind { $0.sequence == 3 } else { false } }
        let committed = commit.map { ($0.request, $0.sequence) }
        #expect(committed?.0 == id)
        #expect(await navigation.viewControllers.map { f.recorder.name(of: $0) } == ["A", "B", "C"])
    }

    @Test(.timeLimit(.minutes(1))) func waitUntilIdle_fromAHookOfItsOwnWindow_throwsAtOnce_insteadOfWaitingForItself() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let navigation = f.navigation("N", [a])
        try await f.start(with: navigation)
        let b = f.controller("B")
        let result = AsyncStream.makeStream(of: String.self)
        let window = f.window
        await b.setOnDidAppear {
            do {
                try await window.waitUntilIdle()
                result.continuation.yield("returned")
            } catch {
                result.continuation.yield((error as? NavigationError)?.code.description ?? "\(error)")
            }
        }
        // The push ends (it would hang forever if the hook waited for its own transition).
        #expect(try await navigation.pushViewController(b, animated: false) == .completed(sequence: 2))
        var answers = result.stream.makeAsyncIterator()
        #expect(await answers.next() == "waitingForOwnTransition")
        // From outside, on the idle window, it returns at once.
        try await window.waitUntilIdle()
        #expect(await window.isBusy == false)
    }

    // Issue 18: a hook that has not returned when its window closes leaves no busy window behind.
    @Test(.timeLimit(.minutes(1))) func closedWindow_isNotBusy_whileAHookOfItsLastTransitionHangs() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let navigation = f.navigation("N", [a])
        try await f.start(with: navigation)
        let b = f.controller("B")
        let entered = AsyncStream.makeStream(of: Void.self)
        let release = AsyncStream.makeStream(of: Void.self)
        await b.setOnDidAppear {
            entered.continuation.yield()
            for await _ in release.stream { break }
        }
        let push = Task { try await navigation.pushViewController(b, animated: false) }
        var hooks = entered.stream.makeAsyncIterator()
        await hooks.next()
        #expect(await f.window.isBusy)
        await f.window.close()
        #expect(await f.window.isBusy == false)
        try await f.window.waitUntilIdle()  // closed: at once
        release.continuation.yield()
        #expect(try await push.value == .completed(sequence: 2))
    }

    @Test func badInput_isATypedError_andChangesNothing() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let navigation = f.navigation("N", [a])
        try await f.start(with: navigation)
        let before = await f.window.snapshot()

        // A controller from another window (R8.7).
        let other = Window(id: WindowID(2), configuration: .immediate)
        let stranger = GenericViewController(context: other.makeContext())
        await #expect(throws: NavigationError(.foreignController, "")) {
            try await navigation.pushViewController(stranger)
        }
        // A popped controller used again as a source (R3.7).
        let b = f.controller("B")
        try await navigation.pushViewController(b, animated: false)
        try await navigation.popViewController(animated: false)
        await #expect(throws: NavigationError(.notInWindowHierarchy, "")) {
            try await b.present(f.controller("C"))
        }
        // A controller never added to the window has nothing to dismiss (R3.12).
        #expect(try await f.controller("D").dismiss() == .noChange)
        #expect(await f.window.snapshot().root == before.root)
    }
}

@Suite struct ApplicationTests {
    // R8.6
    @Test func windows_openInOrder_firstIsKey_closingMovesKey_R8_6() async throws {
        let app = Application()
        let first = await app.openWindow(configuration: .immediate)
        let second = await app.openWindow(configuration: .immediate)
        #expect(first.id == WindowID(1))
        #expect(second.id == WindowID(2))
        #expect(await app.keyWindow == first.id)
        try await app.makeKey(second.id)
        #expect(await app.keyWindow == second.id)
        await app.closeWindow(second.id)
        #expect(await app.keyWindow == first.id)
        #expect(await app.openWindows.map(\.id) == [first.id])
        #expect(await second.isClosed)
        await #expect(throws: NavigationError(.windowClosed, "")) { try await app.makeKey(second.id) }
    }
}
