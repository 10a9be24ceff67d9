@testable import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// The queue's ordering and lifecycle rules, synchronously, with no actors (DESIGN §3, STYLE
/// pattern 1). Waiters, jobs and idle waiters are plain strings.
@Suite struct TransitionQueueStateMachineTests {
    typealias Machine = TransitionQueueStateMachine<String, String, String>

    /// Accepts with `.enqueue` and stores the waiter, returning the id.
    private func enqueue(_ machine: inout Machine, _ waiter: String) -> RequestID {
        guard case .enqueue(let id, [], []) = machine.accept(policy: .enqueue) else {
            Issue.record("expected .enqueue")
            return RequestID(0)
        }
        guard case .suspended = machine.suspend(id, waiter: waiter) else {
            Issue.record("expected .suspended")
            return id
        }
        return id
    }

    private func finished(_ machine: inout Machine, _ id: RequestID) -> String? {
        switch machine.finish(id) {
        case .resume(let waiter): waiter
        case .runJob(_, let job): "job:" + job
        case .none, .idle, .closed: nil
        }
    }

    @Test func accept_whenIdle_runsAtOnce_andIdsStartAtOne() {
        var machine = Machine()
        guard case .run(let id) = machine.accept(policy: .enqueue) else {
            Issue.record("expected .run")
            return
        }
        #expect(id == RequestID(1))
        #expect(machine.running == id)
        #expect(machine.isBusy)
    }

    @Test func finish_resumesWaitersInAcceptanceOrder() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        let second = enqueue(&machine, "b")
        let third = enqueue(&machine, "c")
        #expect([first, second, third].map(\.rawValue) == [1, 2, 3])
        #expect(machine.pendingCount == 2)
        #expect(finished(&machine, first) == "b")
        #expect(machine.running == second)
        #expect(finished(&machine, second) == "c")
        #expect(finished(&machine, third) == nil)
        #expect(!machine.isBusy)
    }

    @Test func commit_numbersAreGaplessFromOne() {
        let storage = TransitionQueueStorage()
        do { let holds = storage.lastSequence == 0; #expect(holds, "storage.lastSequence == 0") }
        do { let holds = (0..<5).map { _ in storage.commit() } == [1, 2, 3, 4, 5]; #expect(holds, "(0..<5).map { _ in storage.commit() } == [1, 2, 3, 4, 5]") }
        do { let holds = storage.lastSequence == 5; #expect(holds, "storage.lastSequence == 5") }
    }

    @Test func dropIfBusy_dropsOnlyWhenBusy() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .dropIfBusy) else {
            Issue.record("an idle queue runs a dropIfBusy request")
            return
        }
        guard case .drop(let dropped) = machine.accept(policy: .dropIfBusy) else {
            Issue.record("expected .drop")
            return
        }
        #expect(dropped == RequestID(2))
        #expect(machine.pendingCount == 0)
        #expect(finished(&machine, first) == nil)
    }

    @Test func replacePending_supersedesEveryWaiter_notTheRunningOne() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        _ = enqueue(&machine, "b")
        _ = enqueue(&machine, "c")
        guard case .enqueue(let latest, let superseded, []) = machine.accept(policy: .replacePending) else {
            Issue.record("expected .enqueue")
            return
        }
        #expect(superseded == ["b", "c"])
        #expect(machine.running == first)
        #expect(machine.suspend(latest, waiter: "d").isSuspended)
        #expect(finished(&machine, first) == "d")
    }

    @Test func cancel_whileWaiting_resumesThatWaiterOnly_andKeepsOrder() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        let second = enqueue(&machine, "b")
        _ = enqueue(&machine, "c")
        guard case .resume("b") = machine.cancel(second) else {
            Issue.record("expected the cancelled waiter back")
            return
        }
        #expect(machine.pendingCount == 1)
        #expect(finished(&machine, first) == "c")
    }

    @Test func cancel_beforeSuspending_isRememberedAndAppliedAtSuspension() {
        var machine = Machine()
        guard case .run = machine.accept(policy: .enqueue) else { return }
        guard case .enqueue(let id, _, _) = machine.accept(policy: .enqueue) else { return }
        guard case .none = machine.cancel(id) else {
            Issue.record("nothing to resume before the waiter is stored")
            return
        }
        guard case .resume("b", .cancelled) = machine.suspend(id, waiter: "b") else {
            Issue.record("expected an immediate cancellation at suspension")
            return
        }
        #expect(machine.pendingCount == 0)
    }

    @Test func cancel_ofTheRunningRequest_isLeftToTheTransition() {
        var machine = Machine()
        guard case .run(let id) = machine.accept(policy: .enqueue) else { return }
        guard case .none = machine.cancel(id) else {
            Issue.record("the running transition checks cancellation itself")
            return
        }
        #expect(machine.running == id)
    }

    @Test func finish_skipsRequestsCancelledBeforeSuspending() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        guard case .enqueue(let tombstone, _, _) = machine.accept(policy: .enqueue) else { return }
        _ = machine.cancel(tombstone)
        _ = enqueue(&machine, "c")
        #expect(finished(&machine, first) == "c")
        guard case .resume(_, .cancelled) = machine.suspend(tombstone, waiter: "late") else {
            Issue.record("a skipped tombstone still resolves as cancelled")
            return
        }
    }

    @Test func close_failsEveryWaiter_andRefusesNewRequests() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        let b = enqueue(&machine, "b")
        let c = enqueue(&machine, "c")
        let deferred = machine.acceptDeferred("j")
        let action = machine.close()
        #expect(action?.waiters == ["b", "c"])
        #expect(action?.waiting == [b, c])
        #expect(action?.jobs == [deferred].compactMap { $0 })
        #expect(machine.isClosed)
        guard case .closed = machine.accept(policy: .enqueue) else {
            Issue.record("a closed queue accepts nothing")
            return
        }
        #expect(machine.acceptDeferred("k") == nil)
        #expect(finished(&machine, first) == nil)
        #expect(!machine.isBusy)
    }

    @Test func deferredJobs_runInOrderAfterTheRunningTransition() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        let job = machine.acceptDeferred("j")
        _ = enqueue(&machine, "b")
        guard case .runJob(let jobID, "j") = machine.finish(first) else {
            Issue.record("expected the deferred job first")
            return
        }
        #expect(jobID == job)
        #expect(finished(&machine, jobID) == "b")
    }

    @Test func promotionBeforeSuspension_resumesAtSuspension() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        guard case .enqueue(let id, _, _) = machine.accept(policy: .enqueue) else { return }
        #expect(finished(&machine, first) == nil)  // promoted with no waiter yet
        #expect(machine.running == id)
        guard case .resume("b", .run) = machine.suspend(id, waiter: "b") else {
            Issue.record("expected to run at once")
            return
        }
    }

    /// Seeded random interleavings: every accepted request leaves exactly once, in order.
    @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
    func randomInterleavings_everyRequestResolvesExactlyOnce(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var machine = Machine()
        var resolved: [UInt64: String] = [:]
        var started: [UInt64] = []
        var waiting: [RequestID] = []
        var accepted: [UInt64] = []
        func resolve(_ id: UInt64, _ how: String) {
            #expect(resolved[id] == nil, "seed \(seed): R\(id) resolved twice")
            resolved[id] = how
        }
        for _ in 0..<2_000 {
            switch rng.next() % 5 {
            case 0, 1:
                let policy = BusyPolicy.allCases[Int(rng.next() % 3)]
                switch machine.accept(policy: policy) {
                case .run(let id): accepted.append(id.rawValue); started.append(id.rawValue)
                case .drop(let id): accepted.append(id.rawValue); resolve(id.rawValue, "dropped")
                case .enqueue(let id, let superseded, _):
                    accepted.append(id.rawValue)
                    for waiter in superseded { resolve(UInt64(waiter)!, "superseded") }
                    waiting.removeAll { superseded.contains(String($0.rawValue)) }
                    _ = machine.suspend(id, waiter: String(id.rawValue))
                    waiting.append(id)
                case .closed: break
                }
            case 2:
                if let id = waiting.randomElement(using: &rng) {
                    if case .resume(let waiter) = machine.cancel(id) {
                        resolve(UInt64(waiter)!, "cancelled")
                        waiting.removeAll { $0 == id }
                    }
                }
            default:
                if let running = machine.running {
                    resolve(running.rawValue, "ran")
                    switch machine.finish(running) {
                    case .resume(let waiter):
                        started.append(UInt64(waiter)!)
                        waiting.removeAll { $0.rawValue == UInt64(waiter)! }
                    case .runJob, .none, .idle, .closed: break
                    }
                }
            }
        }
        if let running = machine.running { resolve(running.rawValue, "ran") }
        for waiter in machine.close()?.waiters ?? [] { resolve(UInt64(waiter)!, "closed") }
        #expect(Set(resolved.keys) == Set(accepted), "seed \(seed): some request never resolved")
        #expect(started == started.sorted(), "seed \(seed): requests started out of acceptance order")
    }
}

extension TransitionQueueStateMachine.SuspendAction {
    var isSuspended: Bool {
        if case .suspended = self { return true }
        return false
    }
}

// MARK: - The lifecycle: in flight, leaving, idle waiters, close, teardown, the journal's end

extension TransitionQueueStateMachineTests {
    @Test func directRequest_isInFlightFromAcceptUntilFinish() {
        var machine = Machine()
        guard case .run(let id) = machine.accept(policy: .enqueue) else {
            Issue.record("expected .run")
            return
        }
        #expect(machine.inFlight == 1)
        guard case .idle([]) = machine.finish(id) else {
            Issue.record("expected .idle with no idle waiter")
            return
        }
        #expect(machine.inFlight == 0)
        #expect(machine.running == nil)
    }

    @Test func droppedRequest_isNeverInFlight() {
        var machine = Machine()
        guard case .run = machine.accept(policy: .enqueue) else { return }
        guard case .drop = machine.accept(policy: .dropIfBusy) else {
            Issue.record("expected .drop")
            return
        }
        #expect(machine.inFlight == 1)
    }

    @Test func finish_ofARequestThatIsNotRunning_doesNothing() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        let second = enqueue(&machine, "b")
        guard case .none = machine.finish(second) else {
            Issue.record("a waiting request cannot finish")
            return
        }
        #expect(machine.inFlight == 2)
        #expect(finished(&machine, first) == "b")
        // An abandoned request's late second ending is ignored.
        guard case .none = machine.finish(first) else {
            Issue.record("a request finishes once")
            return
        }
        #expect(machine.inFlight == 1)
        #expect(machine.running == second)
    }

    @Test func waitingRequest_resolvedOtherwise_leavesOnceThroughLeave() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        let second = enqueue(&machine, "b")
        guard case .resume("b") = machine.cancel(second) else {
            Issue.record("expected the cancelled waiter")
            return
        }
        #expect(machine.inFlight == 2)  // its task has not journaled its ending yet
        #expect(machine.leave(second) == .none)
        #expect(machine.inFlight == 1)
        #expect(machine.leave(second) == .none)  // twice: ignored
        #expect(machine.leave(first) == .none)  // the running one leaves by finishing
        #expect(machine.inFlight == 1)
    }

    @Test func replacePending_supersededWaitersLeaveLater_supersededJobsAtOnce() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        let waiting = enqueue(&machine, "b")
        guard let job = machine.acceptDeferred("j") else {
            Issue.record("an open queue defers")
            return
        }
        #expect(machine.inFlight == 3)
        guard case .enqueue(let latest, ["b"], let jobs) = machine.accept(policy: .replacePending) else {
            Issue.record("expected b superseded")
            return
        }
        #expect(jobs == [job])
        #expect(machine.inFlight == 3)  // first, b (until it leaves), latest; the job has left
        #expect(machine.leave(waiting) == .none)
        #expect(machine.inFlight == 2)
        #expect(machine.suspend(latest, waiter: "d").isSuspended)
        #expect(finished(&machine, first) == "d")
        guard case .idle([]) = machine.finish(latest) else {
            Issue.record("expected idle")
            return
        }
        #expect(machine.inFlight == 0)
    }

    @Test func deferredRequest_isInFlightUntilItHasRun() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        guard let job = machine.acceptDeferred("j") else { return }
        #expect(machine.inFlight == 2)
        guard case .runJob(job, "j") = machine.finish(first) else {
            Issue.record("expected the job")
            return
        }
        #expect(machine.inFlight == 1)
        #expect(machine.running == job)
        guard case .idle([]) = machine.finish(job) else {
            Issue.record("expected idle")
            return
        }
        #expect(machine.inFlight == 0)
    }

    @Test func close_whenIdle_tearsDownAndFinishesTheJournalAtOnce() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        _ = machine.finish(first)
        guard let action = machine.close() else {
            Issue.record("the first close acts")
            return
        }
        #expect(action.waiting.isEmpty && action.waiters.isEmpty && action.jobs.isEmpty)
        #expect(action.tearDown)
        #expect(action.finishJournal)
        #expect(machine.isJournalFinished)
        #expect(machine.close() == nil)  // closing twice does nothing
    }

    @Test func close_withARunningRequest_tearsDownAndFinishesTheJournalWhenItEnds_once() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        guard let action = machine.close() else { return }
        #expect(!action.tearDown)
        #expect(!action.finishJournal)
        #expect(machine.running == first)
        #expect(!machine.isBusy)  // a closed window takes no request
        guard case .closed(finishJournal: true) = machine.finish(first) else {
            Issue.record("the last ending finishes the journal")
            return
        }
        #expect(machine.inFlight == 0)
        guard case .none = machine.finish(first) else {
            Issue.record("a second ending (an abandoned runner's late one) does nothing")
            return
        }
        #expect(machine.isJournalFinished)
    }

    @Test func close_failsWaitersAndJobs_andTheJournalFinishesAfterTheLastLeaves() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        let b = enqueue(&machine, "b")
        guard case .enqueue(let c, _, _) = machine.accept(policy: .enqueue) else { return }  // not suspended yet
        guard let job = machine.acceptDeferred("j") else { return }
        #expect(machine.inFlight == 4)
        guard let action = machine.close() else { return }
        #expect(action.waiting == [b, c])
        #expect(action.waiters == ["b"])
        #expect(action.jobs == [job])
        #expect(!action.tearDown && !action.finishJournal)
        #expect(machine.inFlight == 3)  // the job left with the close
        guard case .resume("c", .closed) = machine.suspend(c, waiter: "c") else {
            Issue.record("a request closed before it suspended resumes closed")
            return
        }
        guard case .closed(finishJournal: false) = machine.finish(first) else {
            Issue.record("teardown, but b and c have not left")
            return
        }
        #expect(machine.leave(c) == .none)
        #expect(machine.leave(b) == .finishJournal)
        #expect(machine.leave(b) == .none)
        #expect(machine.inFlight == 0)
    }

    @Test func close_afterACancellationBeforeSuspension_waitsForThatRequestToLeave() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        guard case .enqueue(let tombstone, _, _) = machine.accept(policy: .enqueue) else { return }
        _ = machine.cancel(tombstone)
        guard let action = machine.close() else { return }
        #expect(action.waiting.isEmpty)  // cancelled already: its own task journals that
        guard case .closed(finishJournal: false) = machine.finish(first) else {
            Issue.record("the tombstone is still in flight")
            return
        }
        guard case .resume("t", .cancelled) = machine.suspend(tombstone, waiter: "t") else {
            Issue.record("expected cancelled")
            return
        }
        #expect(machine.leave(tombstone) == .finishJournal)
    }

    @Test func supersededBeforeSuspending_resumesSuperseded_andLeavesOnce() {
        var machine = Machine()
        guard case .run = machine.accept(policy: .enqueue) else { return }
        guard case .enqueue(let early, _, _) = machine.accept(policy: .enqueue) else { return }
        guard case .enqueue(_, [], []) = machine.accept(policy: .replacePending) else {
            Issue.record("no waiter stored yet: nothing to resume now")
            return
        }
        _ = machine.close()
        guard case .resume("e", .superseded) = machine.suspend(early, waiter: "e") else {
            Issue.record("superseded before it suspended, and the close does not change that")
            return
        }
        #expect(machine.inFlight == 3)
        #expect(machine.leave(early) == .none)
        #expect(machine.inFlight == 2)
    }

    @Test func closed_acceptsNothing_andDefersNothing() {
        var machine = Machine()
        _ = machine.close()
        guard case .closed = machine.accept(policy: .replacePending) else {
            Issue.record("expected .closed")
            return
        }
        #expect(machine.acceptDeferred("j") == nil)
        #expect(machine.inFlight == 0)
        #expect(machine.lastRequest == 0)
    }

    @Test func idleWaiters_areResumedWhenTheQueueGoesIdle_notBefore() {
        var machine = Machine()
        guard case .resume("early") = machine.waitForIdle("early") else {
            Issue.record("an idle queue resumes at once")
            return
        }
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        guard let job = machine.acceptDeferred("j") else { return }
        guard case .suspended = machine.waitForIdle("w1") else {
            Issue.record("a busy queue stores the waiter")
            return
        }
        guard case .suspended = machine.waitForIdle("w2") else { return }
        #expect(machine.idleWaiterCount == 2)
        guard case .runJob(job, "j") = machine.finish(first) else {
            Issue.record("the deferred job runs first: not idle yet")
            return
        }
        #expect(machine.idleWaiterCount == 2)
        guard case .idle(["w1", "w2"]) = machine.finish(job) else {
            Issue.record("expected both idle waiters, in order")
            return
        }
        #expect(machine.idleWaiterCount == 0)
    }

    @Test func idleWaiters_areNotResumedWhileAPromotedRequestHasNotSuspended() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        guard case .enqueue(let second, _, _) = machine.accept(policy: .enqueue) else { return }
        guard case .suspended = machine.waitForIdle("w") else { return }
        guard case .none = machine.finish(first) else {
            Issue.record("promoted before suspending: nothing to do, and not idle")
            return
        }
        #expect(machine.isBusy)
        guard case .resume("b", .run) = machine.suspend(second, waiter: "b") else { return }
        guard case .idle(["w"]) = machine.finish(second) else {
            Issue.record("expected the idle waiter")
            return
        }
    }

    @Test func idleWaiters_areResumedByTheClose_andLaterOnesAtOnce() {
        var machine = Machine()
        guard case .run(let first) = machine.accept(policy: .enqueue) else { return }
        _ = machine.waitForIdle("w")
        guard let action = machine.close() else { return }
        #expect(action.idleWaiters == ["w"])
        guard case .resume("late") = machine.waitForIdle("late") else {
            Issue.record("a closed queue resumes at once, even while its last request runs")
            return
        }
        guard case .closed(finishJournal: true) = machine.finish(first) else {
            Issue.record("expected the end of the journal")
            return
        }
    }

    @Test func storage_publishesTheMachinesRunningRequestAndClose() {
        let storage = TransitionQueueStorage()
        do { let holds = storage.running == nil; #expect(holds, "storage.running == nil") }
        guard case .run(let first) = storage.accept(policy: .enqueue) else {
            Issue.record("expected .run")
            return
        }
        do { let holds = storage.running == first; #expect(holds, "storage.running == first") }
        do { let holds = storage.isBusy; #expect(holds, "storage.isBusy") }
        guard case .idle(let idleWaiters) = storage.finish(first), idleWaiters.isEmpty else {
            Issue.record("expected .idle")
            return
        }
        do { let holds = storage.running == nil; #expect(holds, "storage.running == nil") }
        do { let holds = !storage.isClosed; #expect(holds, "!storage.isClosed") }
        guard case .run(let second) = storage.accept(policy: .enqueue) else { return }
        do { let holds = storage.close()?.tearDown == false; #expect(holds, "storage.close()?.tearDown == false") }
        do { let holds = storage.isClosed; #expect(holds, "storage.isClosed") }
        do { let holds = storage.running == second; #expect(holds, "storage.running == second") }
        do { let holds = !storage.isBusy; #expect(holds, "!storage.isBusy") }
        do { let holds = storage.close() == nil; #expect(holds, "storage.close() == nil") }
    }

    /// Seeded random lifecycles, closed at a random point and drained as the window does: every
    /// accepted request leaves exactly once; the journal finishes exactly once, after the last
    /// one left; the window is torn down exactly once, when nothing runs; every idle waiter is
    /// resumed exactly once, and only when the queue is idle or closed.
    @Test(arguments: [1, 7, 42, 99, 2026] as [UInt64])
    func randomLifecycles_everyRequestLeavesOnce_andTheJournalFinishesOnceAfterThem(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var machine = Machine()
        var accepted: Set<UInt64> = []
        var leaves: [UInt64: Int] = [:]
        var waiting: [RequestID] = []  // suspended, not yet resolved
        var resolved: [RequestID] = []  // resumed otherwise than `.run`, not yet left
        var idleWaiting: Set<String> = []
        var idleResumed: [String: Int] = [:]
        var journalFinishes = 0
        var teardowns = 0
        var nextIdleWaiter = 0
        func leaveOnce(_ id: UInt64) { leaves[id, default: 0] += 1 }
        func journalFinished() {
            journalFinishes += 1
            #expect(Set(leaves.keys) == accepted, "seed \(seed): the journal finished before every request left")
        }
        func resumeIdle(_ waiters: [String]) {
            #expect(!machine.isBusy, "seed \(seed): idle waiters resumed while busy")
            for waiter in waiters {
                #expect(idleWaiting.remove(waiter) != nil, "seed \(seed): \(waiter) resumed but not waiting")
                idleResumed[waiter, default: 0] += 1
            }
        }
        func carryOut(_ action: Machine.FinishAction) {
            switch action {
            case .resume(let waiter): waiting.removeAll { String($0.rawValue) == waiter }
            case .runJob, .none: break
            case .idle(let waiters): resumeIdle(waiters)
            case .closed(let finishes):
                teardowns += 1
                if finishes { journalFinished() }
            }
        }
        func finishRunning() {
            guard let running = machine.running else { return }
            leaveOnce(running.rawValue)
            carryOut(machine.finish(running))
            // An abandoned request's late ending changes nothing.
            if case .none = machine.finish(running) {} else { Issue.record("seed \(seed): finished twice") }
        }
        func leave(_ id: RequestID) {
            leaveOnce(id.rawValue)
            if machine.leave(id) == .finishJournal { journalFinished() }
            #expect(machine.leave(id) == .none, "seed \(seed): left twice")
        }
        func close() {
            guard let action = machine.close() else { return }
            #expect(Set(action.waiters) == Set(waiting.map { String($0.rawValue) }), "seed \(seed)")
            resolved += waiting
            waiting.removeAll()
            for job in action.jobs { leaveOnce(job.rawValue) }
            resumeIdle(action.idleWaiters)
            if action.tearDown { teardowns += 1 }
            if action.finishJournal { journalFinished() }
        }
        let steps = 300 + Int(rng.next() % 1_500)
        for step in 0..<2_000 {
            if step == steps { close() }
            switch rng.next() % 8 {
            case 0, 1:
                let policy = BusyPolicy.allCases[Int(rng.next() % 3)]
                switch machine.accept(policy: policy) {
                case .run(let id): accepted.insert(id.rawValue)
                case .drop: break
                case .closed: break
                case .enqueue(let id, let superseded, let jobs):
                    accepted.insert(id.rawValue)
                    let gone = waiting.filter { superseded.contains(String($0.rawValue)) }
                    waiting.removeAll { gone.contains($0) }
                    resolved += gone
                    for job in jobs { leaveOnce(job.rawValue) }
                    switch machine.suspend(id, waiter: String(id.rawValue)) {
                    case .suspended: waiting.append(id)
                    case .resume: Issue.record("seed \(seed): R\(id.rawValue) resumed at suspension")
                    }
                }
            case 2:
                // Only a running transition defers.
                if machine.running != nil, let id = machine.acceptDeferred("job") { accepted.insert(id.rawValue) }
            case 3:
                if let id = waiting.randomElement(using: &rng), case .resume = machine.cancel(id) {
                    waiting.removeAll { $0 == id }
                    resolved.append(id)
                }
            case 4:
                if !resolved.isEmpty { leave(resolved.remove(at: Int(rng.next() % UInt64(resolved.count)))) }
            case 5:
                nextIdleWaiter += 1
                let waiter = "i\(nextIdleWaiter)"
                switch machine.waitForIdle(waiter) {
                case .resume(let resumed):
                    #expect(resumed == waiter && !machine.isBusy, "seed \(seed)")
                    idleResumed[waiter, default: 0] += 1
                case .suspended: idleWaiting.insert(waiter)
                }
            default:
                finishRunning()
            }
            #expect(machine.inFlight >= 0, "seed \(seed)")
        }
        // Drain as the window does once closed: the running request ends, the resolved leave.
        close()
        finishRunning()
        while let id = resolved.popLast() { leave(id) }
        #expect(waiting.isEmpty, "seed \(seed)")
        #expect(machine.inFlight == 0, "seed \(seed)")
        #expect(leaves.keys.count == accepted.count && leaves.values.allSatisfy { $0 == 1 }, "seed \(seed): a request left twice or never")
        #expect(journalFinishes == 1, "seed \(seed)")
        #expect(teardowns == 1, "seed \(seed)")
        #expect(idleWaiting.isEmpty && idleResumed.values.allSatisfy { $0 == 1 }, "seed \(seed)")
        #expect(idleResumed.count == nextIdleWaiter, "seed \(seed)")
    }
}
