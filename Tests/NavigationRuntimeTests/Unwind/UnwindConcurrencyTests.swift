import NavigationRuntime
import NavigationRuntimeTesting
import Testing

// An unwind is one request on the window's transition queue (DESIGN §3.2–§3.4, §4): it can be
// cancelled before its commit point with no trace in the hierarchy and balanced callbacks
// (R6.9), and it is resolved (R7.4) against the tree as it is when it runs, not when it was
// made. Deterministic: a ManualClock holds animated transitions in flight.

private let done = "done:"

@Suite struct UnwindConcurrencyTests {
    // R7.1, R7.8, R6.9: an unwind cancelled in flight (after prepare and the action, during the
    // animation) throws CancellationError, leaves the stack as it was, and balances every
    // callback it started: the arriving A disappears again, the leaving C appears again, B and C
    // end their containment move back in N. A retry then works (A stays loaded, R6.1).
    @Test func r7_1_r6_9_unwindCancelledInFlightLeavesTheStackAsItWas() async throws {
        let clock = ManualClock()
        let w = UnwindWorld(clock: clock)
        let (a, b, c) = (w.probe("A", actions: [done]), w.probe("B"), w.probe("C"))
        let n = await w.navigation("N", [a, b, c])
        let journal = await w.window.journal()  // from the first request on (InvariantChecker)
        try await w.start(with: n)
        let before = await w.window.snapshot()

        let unwind = Task { try await c.performUnwind(action: done) }
        await clock.sleepers(atLeast: 1)
        unwind.cancel()
        await #expect(throws: CancellationError.self) { try await unwind.value }

        #expect(w.recorder.take() == [
            "B.canPerformUnwind(done:, from: C) → false",
            "A.canPerformUnwind(done:, from: C) → true",
            "C.prepare(nil C→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil C→A)",
            "B.willMove(toParent: nil)", "C.willMove(toParent: nil)", "A.viewDidLoad",
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "A.viewWillDisappear(true)", "A.viewDidDisappear(true)", "C.viewWillAppear(true)", "C.viewDidAppear(true)",
            "B.didMove(toParent: N)", "C.didMove(toParent: N)",
        ])
        #expect(await w.window.snapshot() == before)
        #expect(unwindIDs(await n.viewControllers) == [a.id, b.id, c.id])
        #expect(await c.parent === n)

        #expect(try await c.performUnwind(action: done, animated: false) == .completed(sequence: 2))
        #expect(w.recorder.take().contains("A.viewDidLoad") == false)
        let snapshot = await w.window.snapshot()
        await w.window.close()
        let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        #expect(report.violations == [])
        #expect(w.lifecycle(report.events).dropFirst(3).prefix(3) == [.accepted("unwind done:"), .began, .cancelled])
    }

    // R7.8, R3.11, R6.9: an unwind across a modal chain cancelled in flight restores the whole
    // chain: A → B → C as before, C appeared again, nobody left being dismissed.
    @Test func r7_8_r6_9_unwindAcrossAChainCancelledInFlightRestoresIt() async throws {
        let clock = ManualClock()
        let w = UnwindWorld(clock: clock)
        let a = w.probe("A", actions: [done])
        try await w.start(with: a)
        let (b, c) = (w.probe("B"), w.probe("C"))
        try await a.present(b, style: .fullScreen, animated: false)
        try await b.present(c, style: .fullScreen, animated: false)
        w.recorder.clear()
        let before = await w.window.snapshot()

        let unwind = Task { try await c.performUnwind(action: done) }
        await clock.sleepers(atLeast: 1)
        unwind.cancel()
        await #expect(throws: CancellationError.self) { try await unwind.value }

        #expect(w.recorder.take().suffix(6) == [
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "A.viewWillDisappear(true)", "A.viewDidDisappear(true)", "C.viewWillAppear(true)", "C.viewDidAppear(true)",
        ])
        #expect(await w.window.snapshot() == before)
        #expect(await w.tree() == """
            A(content, disappeared) ▸ B(content, disappeared, fullScreen) ▸ C(content, appeared, fullScreen)
            """)
        #expect(await b.isBeingDismissed == false)
        #expect(await c.isBeingDismissed == false)
        #expect(await a.presentedViewController === b)
    }

    // DESIGN §3.4, R7.1: cancelled between prepare and the action (the source's prepare cancels
    // its own task): CancellationError, the action never runs, no transition, nothing changed.
    @Test func r7_1_unwindCancelledDuringPrepareRunsNoAction() async throws {
        let w = UnwindWorld()
        let (a, c) = (w.probe("A", actions: [done]), w.probe("C"))
        let n = await w.navigation("N", [a, c])
        try await w.start(with: n)
        await c.setOnPrepare { _ in withUnsafeCurrentTask { $0?.cancel() } }
        let before = await w.window.snapshot()

        let unwind = Task { try await c.performUnwind(action: done) }
        await #expect(throws: CancellationError.self) { try await unwind.value }

        #expect(w.recorder.take() == [
            "A.canPerformUnwind(done:, from: C) → true",
            "C.prepare(nil C→A unwind(done:), sender: nil)",
        ])
        #expect(await w.window.snapshot() == before)
    }

    // DESIGN §3.4, R7.10's spirit: an unwind cancelled while it waits behind a push leaves no
    // trace: no search, no prepare, no action; the push completes.
    @Test func r7_1_unwindCancelledWhileQueuedDoesNothing() async throws {
        let clock = ManualClock()
        let w = UnwindWorld(clock: clock)
        let (a, c) = (w.probe("A", actions: [done]), w.probe("C"))
        let n = await w.navigation("N", [a, c])
        try await w.start(with: n)
        let d = w.probe("D")
        let journal = await w.window.journal()
        var reader = JournalReader(await w.window.journal())

        let push = Task { try await n.pushViewController(d) }
        await clock.sleepers(atLeast: 1)
        let unwind = Task { try await c.performUnwind(action: done) }
        await reader.waitAccepted(2)
        unwind.cancel()
        await #expect(throws: CancellationError.self) { try await unwind.value }
        clock.advance(by: .seconds(1))
        #expect(try await push.value == .completed(sequence: 2))

        #expect(w.recorder.take() == [
            "D.willMove(toParent: N)", "D.viewDidLoad", "C.viewWillDisappear(true)", "D.viewWillAppear(true)",
            "C.viewDidDisappear(true)", "D.viewDidAppear(true)", "D.didMove(toParent: N)",
        ])
        #expect(await w.tree() == """
            N(navigation, appeared)[A(content, disappeared), C(content, disappeared), D(content, appeared)]
            """)
        let events = await w.closeAndCollect(journal)
        #expect(w.lifecycle(events).contains(.cancelled))
    }

    // R7.4, DESIGN §4 (racing): an unwind queued behind a push is resolved when it runs. N[A]
    // presents S; D is being pushed onto N (under S) when S asks to unwind; A and D both handle
    // the action. At dequeue time N's stack is [A,D], searched top first: the pushed D is the
    // destination (resolved at request time it would have been A). S is dismissed, D appears.
    @Test func r7_4_racing_unwindQueuedBehindAPushFindsThePushedController() async throws {
        let clock = ManualClock()
        let w = UnwindWorld(clock: clock)
        let a = w.probe("A", actions: [done])
        let n = await w.navigation("N", [a])
        try await w.start(with: n)
        let s = w.probe("S")
        try await a.present(s, style: .fullScreen, animated: false)
        let d = w.probe("D", actions: [done])
        w.recorder.clear()
        let journal = await w.window.journal()
        var reader = JournalReader(await w.window.journal())

        let push = Task { try await n.pushViewController(d) }
        await clock.sleepers(atLeast: 1)
        let unwind = Task { try await s.performUnwind(action: done) }
        await reader.waitAccepted(2)
        #expect(await w.window.pendingRequestCount == 1)
        clock.advance(by: .seconds(1))
        #expect(try await push.value == .completed(sequence: 3))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(try await unwind.value == .completed(sequence: 4))

        #expect(w.recorder.take() == [
            "D.willMove(toParent: N)", "D.didMove(toParent: N)",
            "D.canPerformUnwind(done:, from: S) → true",
            "S.prepare(nil S→D unwind(done:), sender: nil)",
            "D.performUnwindAction(done:, nil S→D)",
            "D.viewDidLoad", "S.viewWillDisappear(true)", "D.viewWillAppear(true)",
            "D.viewDidAppear(true)", "S.viewDidDisappear(true)",
        ])
        #expect(await w.tree() == "N(navigation, appeared)[A(content, disappeared), D(content, appeared)]")
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [
            .push(navigation: n.id, pushed: d.id),
            .composite([.dismiss(presenter: n.id, removed: [s.id])]),
        ])
    }

    // R7.8, R3.11, DESIGN §4 (racing): the source's position changes before its unwind runs:
    // N[A] ▸ N2[S]; S presents P (in flight) and then asks to unwind to A. At dequeue time S is
    // covered by P: the one dismissal from N removes N2 and P; only P disappears (S, covered,
    // gets nothing), only A appears.
    @Test func r7_8_racing_sourceCoveredBeforeItsUnwindRuns() async throws {
        let clock = ManualClock()
        let w = UnwindWorld(clock: clock)
        let a = w.probe("A", actions: [done])
        let n = await w.navigation("N", [a])
        try await w.start(with: n)
        let s = w.probe("S")
        let n2 = await w.navigation("N2", [s])
        try await a.present(n2, style: .fullScreen, animated: false)
        let p = w.probe("P")
        w.recorder.clear()
        let journal = await w.window.journal()
        var reader = JournalReader(await w.window.journal())

        let present = Task { try await s.present(p, style: .fullScreen) }
        await clock.sleepers(atLeast: 1)
        let unwind = Task { try await s.performUnwind(action: done) }
        await reader.waitAccepted(2)
        clock.advance(by: .seconds(1))
        #expect(try await present.value == .completed(sequence: 3))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(try await unwind.value == .completed(sequence: 4))

        #expect(w.recorder.take() == [
            "P.viewDidLoad", "S.viewWillDisappear(true)", "P.viewWillAppear(true)",
            "P.viewDidAppear(true)", "S.viewDidDisappear(true)",
            "A.canPerformUnwind(done:, from: S) → true",
            "S.prepare(nil S→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil S→A)",
            "P.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)", "P.viewDidDisappear(true)",
        ])
        #expect(await w.tree() == "N(navigation, appeared)[A(content, appeared)]")
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [
            .present(presenter: n2.id, presented: p.id, style: .fullScreen),
            .composite([.dismiss(presenter: n.id, removed: [n2.id, p.id])]),
        ])
    }

    // DESIGN §4 (racing), runtime decision: the source is popped while its unwind waits; at
    // dequeue time it is no longer in the window, so the unwind fails with
    // `.notInWindowHierarchy` and changes nothing (no search, no prepare).
    @Test func r7_10_racing_sourcePoppedBeforeItsUnwindRuns() async throws {
        let clock = ManualClock()
        let w = UnwindWorld(clock: clock)
        let (a, c) = (w.probe("A", actions: [done]), w.probe("C"))
        let n = await w.navigation("N", [a, c])
        try await w.start(with: n)
        var reader = JournalReader(await w.window.journal())

        let pop = Task { try await n.pop().outcome }
        await clock.sleepers(atLeast: 1)
        let unwind = Task { try await c.performUnwind(action: done) }
        await reader.waitAccepted(2)
        clock.advance(by: .seconds(1))
        #expect(try await pop.value == .completed(sequence: 2))
        w.recorder.clear()

        do {
            let outcome = try await unwind.value
            Issue.record("expected .notInWindowHierarchy, got \(outcome)")
        } catch let error as NavigationError {
            #expect(error.code == .notInWindowHierarchy)
        }
        #expect(w.recorder.take() == [])
        #expect(await w.tree() == "N(navigation, appeared)[A(content, appeared)]")
    }
}
