@testable import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// The queue's ordering rules, synchronously, with no actors (DESIGN §3, STYLE pattern 1).
@Suite struct TransitionQueueStateMachineTests {
    typealias Machine = TransitionQueueStateMachine<String, String>

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
        case .idle: nil
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
        var machine = Machine()
        #expect((0..<5).map { _ in machine.commit() } == [1, 2, 3, 4, 5])
        #expect(machine.lastSequence == 5)
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
        let (waiters, jobs, waiting) = machine.close()
        #expect(waiters == ["b", "c"])
        #expect(waiting == [b, c])
        #expect(jobs == [deferred].compactMap { $0 })
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
                    case .runJob, .idle: break
                    }
                }
            }
        }
        if let running = machine.running { resolve(running.rawValue, "ran") }
        for waiter in machine.close().waiters { resolve(UInt64(waiter)!, "closed") }
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
