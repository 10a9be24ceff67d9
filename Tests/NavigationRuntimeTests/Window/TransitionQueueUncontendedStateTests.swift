@testable import NavigationRuntime
import Testing

/// The lock-free path of the transition queue, synchronously: the uncontended word
/// (``TransitionQueueUncontendedState``), the machine's hand-overs (`reclaim(_:)`,
/// `releaseIfUncontended()`), and a differential check that the word in front of the machine
/// answers every event exactly as the machine alone does (FIFO, busy policies, gapless ids,
/// cancellation, close, idle waiters).
@Suite struct TransitionQueueUncontendedStateTests {
    typealias Machine = TransitionQueueStateMachine<String, String, String>
    typealias Word = TransitionQueueUncontendedState

    /// The word in front of the machine, with `TransitionQueueStorage`'s rules and no lock:
    /// `accept` and `finish` try the word first; every other event of the executor reclaims,
    /// runs on the machine, and releases if uncontended; `cancel` (any thread in the window)
    /// runs on the machine alone.
    struct Composed {
        var machine = Machine()
        var word: Word

        init() {
            word = machine.releaseIfUncontended() ?? .locked
        }

        mutating func locked<R>(_ event: (inout Machine) -> R) -> R {
            machine.reclaim(word)
            word = .locked
            let result = event(&machine)
            if let released = machine.releaseIfUncontended() { word = released }
            return result
        }

        mutating func accept(policy: BusyPolicy) -> Machine.AcceptAction {
            if let id = word.accept() { return .run(id) }
            return locked { $0.accept(policy: policy) }
        }

        mutating func finish(_ id: RequestID) -> Machine.FinishAction {
            if word.finish(id) { return .idle([]) }
            return locked { $0.finish(id) }
        }

        mutating func cancel(_ id: RequestID) -> Machine.CancelAction {
            machine.cancel(id)
        }

        var running: RequestID? { word == .locked ? machine.running : word.running }
        var isBusy: Bool { word == .locked ? machine.isBusy : word.running != nil }
        var pendingCount: Int { word == .locked ? machine.pendingCount : 0 }
        var inFlight: Int { word == .locked ? machine.inFlight : (word.running == nil ? 0 : 1) }
    }

    // MARK: The word

    /// One word publishes the running request whoever holds the state: the word's own
    /// `.running`, nothing when idle, and the machine's running request carried by a locked
    /// word, which still decodes as `.locked`.
    @Test func runningIsReadFromTheWord_uncontendedOrLocked() {
        #expect(Word.running(inWord: Word.idle(lastRequest: 7).word) == nil)
        #expect(Word.running(inWord: Word.running(RequestID(8)).word) == RequestID(8))
        #expect(Word.running(inWord: Word.lockedWord(running: RequestID(9))) == RequestID(9))
        #expect(Word.running(inWord: Word.lockedWord(running: nil)) == nil)
        #expect(Word.running(inWord: Word.locked.word) == nil)
        #expect(Word(word: Word.lockedWord(running: RequestID(9))) == .locked)
        #expect(Word.lockedWord(running: nil) == Word.locked.word)
    }

    @Test func word_roundTripsEveryState() {
        for state: Word in [.locked, .idle(lastRequest: 0), .idle(lastRequest: 41), .running(RequestID(1)), .running(RequestID(1 << 40))] {
            #expect(Word(word: state.word) == state)
        }
        #expect(Word.idle(lastRequest: 0).word == 0)
    }

    @Test func word_accept_runsTheNextId_onlyWhenIdle() {
        var state = Word.idle(lastRequest: 6)
        #expect(state.accept() == RequestID(7))
        #expect(state == .running(RequestID(7)))
        #expect(state.accept() == nil)
        var locked = Word.locked
        #expect(locked.accept() == nil)
        #expect(locked == .locked)
    }

    @Test func word_finish_onlyTheRunningRequest_keepsTheLastId() {
        var state = Word.running(RequestID(3))
        let other = state.finish(RequestID(2))
        #expect(other == false)
        let running = state.finish(RequestID(3))
        #expect(running == true)
        #expect(state == .idle(lastRequest: 3))
        let again = state.finish(RequestID(3))
        #expect(again == false)
    }

    // MARK: The hand-overs

    @Test func release_ofANewMachine_givesOutIdleAtZero_once() {
        var machine = Machine()
        #expect(machine.isUncontended)
        #expect(machine.releaseIfUncontended() == .idle(lastRequest: 0))
        #expect(machine.isReleased)
        #expect(machine.releaseIfUncontended() == nil)
    }

    @Test func reclaim_ofARunningRequest_queuesTheNextBehindIt() {
        var queue = Composed()
        guard case .run(let first) = queue.accept(policy: .enqueue) else {
            Issue.record("an idle queue runs at once")
            return
        }
        #expect(queue.word == .running(first))
        guard case .enqueue(let second, [], []) = queue.accept(policy: .enqueue) else {
            Issue.record("a busy queue enqueues")
            return
        }
        #expect(second == RequestID(2))
        #expect(queue.word == .locked)
        #expect(queue.machine.running == first)
        #expect(queue.machine.inFlight == 2)
        let suspended = queue.locked { $0.suspend(second, waiter: "b") }
        #expect(suspended.isSuspended)
        guard case .resume("b") = queue.finish(first) else {
            Issue.record("the first's finish resumes the second")
            return
        }
        // The second is running and the last id: uncontended again, its finish is lock-free.
        #expect(queue.word == .running(second))
        guard case .idle([]) = queue.finish(second) else {
            Issue.record("expected idle")
            return
        }
        #expect(queue.word == .idle(lastRequest: 2))
    }

    @Test func release_afterADrop_waitsForTheRunningRequestsFinish() {
        var queue = Composed()
        guard case .run(let first) = queue.accept(policy: .dropIfBusy) else { return }
        guard case .drop(let dropped) = queue.accept(policy: .dropIfBusy) else {
            Issue.record("a busy queue drops a dropIfBusy request")
            return
        }
        #expect(dropped == RequestID(2))
        // The running request is not the last id any more: the word cannot say it.
        #expect(queue.word == .locked)
        guard case .idle([]) = queue.finish(first) else { return }
        #expect(queue.word == .idle(lastRequest: 2))
        guard case .run(let third) = queue.accept(policy: .enqueue) else { return }
        #expect(third == RequestID(3))
    }

    @Test func release_waitsUntilACancelledWaiterLeft() {
        var queue = Composed()
        guard case .run(let first) = queue.accept(policy: .enqueue) else { return }
        guard case .enqueue(let second, _, _) = queue.accept(policy: .enqueue) else { return }
        let suspended = queue.locked { $0.suspend(second, waiter: "b") }
        #expect(suspended.isSuspended)
        guard case .resume("b") = queue.cancel(second) else {
            Issue.record("the cancelled waiter comes back")
            return
        }
        guard case .idle([]) = queue.finish(first) else { return }
        // Its task has not journaled its ending yet: it is still in flight.
        #expect(queue.word == .locked)
        let left = queue.locked { $0.leave(second) }
        #expect(left == .none)
        #expect(queue.word == .idle(lastRequest: 2))
    }

    @Test func release_waitsForIdleWaiters_andDeferredJobs() {
        var queue = Composed()
        guard case .run(let first) = queue.accept(policy: .enqueue) else { return }
        guard case .suspended = queue.locked({ $0.waitForIdle("idle") }) else {
            Issue.record("a busy queue keeps the idle waiter")
            return
        }
        #expect(queue.word == .locked)
        let deferred = queue.locked { $0.acceptDeferred("job") }
        #expect(deferred == RequestID(2))
        guard case .runJob(let job, "job") = queue.finish(first) else {
            Issue.record("the deferred job runs next")
            return
        }
        #expect(queue.word == .locked, "an idle waiter still waits")
        guard case .idle(["idle"]) = queue.finish(job) else {
            Issue.record("the idle waiter is resumed")
            return
        }
        #expect(queue.word == .idle(lastRequest: 2))
    }

    @Test func cancel_whileReleased_findsNothing_andLeavesTheWordAlone() {
        var queue = Composed()
        guard case .run(let first) = queue.accept(policy: .enqueue) else { return }
        guard case .none = queue.cancel(first) else {
            Issue.record("the running request checks cancellation itself")
            return
        }
        guard case .none = queue.cancel(RequestID(9)) else { return }
        #expect(queue.word == .running(first))
        #expect(queue.machine.isReleased)
    }

    @Test func close_takesTheStateBack_forGood() {
        var queue = Composed()
        guard case .run(let first) = queue.accept(policy: .enqueue) else { return }
        guard let close = queue.locked({ $0.close() }) else {
            Issue.record("the first close acts")
            return
        }
        #expect(!close.tearDown, "the running request still runs")
        #expect(!close.finishJournal, "the running request is still in flight")
        #expect(queue.word == .locked)
        guard case .closed(finishJournal: true) = queue.finish(first) else {
            Issue.record("the last request's finish finishes the journal")
            return
        }
        #expect(queue.word == .locked)
        guard case .closed = queue.accept(policy: .enqueue) else {
            Issue.record("a closed queue takes nothing")
            return
        }
    }

    // MARK: Differential

    /// Seeded runs of random events: the word in front of the machine answers every event as
    /// the machine alone does, with the same observable state after each.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func composed_answersLikeTheMachineAlone(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var alone = Machine()
        var queue = Composed()
        var waiterNumber = 0
        for step in 0..<3_000 {
            let last = alone.lastRequest
            // An id among those handed out, or the next one.
            let anyID = RequestID(UInt64.random(in: 1...(last + 1), using: &random))
            let roll = Int.random(in: 0..<100, using: &random)
            let event: String
            let expected: String
            let actual: String
            switch roll {
            case 0..<30:
                let policy = [BusyPolicy.enqueue, .dropIfBusy, .replacePending].randomElement(using: &random)!
                event = "accept(\(policy))"
                expected = "\(alone.accept(policy: policy))"
                actual = "\(queue.accept(policy: policy))"
            case 30..<50:
                waiterNumber += 1
                let id = Bool.random(using: &random) ? RequestID(last) : anyID
                event = "suspend(\(id))"
                expected = "\(alone.suspend(id, waiter: "w\(waiterNumber)"))"
                actual = "\(queue.locked { $0.suspend(id, waiter: "w\(waiterNumber)") })"
            case 50..<72:
                let id = Int.random(in: 0..<4, using: &random) == 0 ? anyID : (alone.running ?? anyID)
                event = "finish(\(id))"
                expected = "\(alone.finish(id))"
                actual = "\(queue.finish(id))"
            case 72..<82:
                event = "cancel(\(anyID))"
                expected = "\(alone.cancel(anyID))"
                actual = "\(queue.cancel(anyID))"
            case 82..<92:
                event = "leave(\(anyID))"
                expected = "\(alone.leave(anyID))"
                actual = "\(queue.locked { $0.leave(anyID) })"
            case 92..<95 where alone.running != nil:
                event = "acceptDeferred"
                expected = "\(String(describing: alone.acceptDeferred("j\(step)")))"
                actual = "\(String(describing: queue.locked { $0.acceptDeferred("j\(step)") }))"
            case 92..<99:
                event = "waitForIdle"
                expected = "\(alone.waitForIdle("i\(step)"))"
                actual = "\(queue.locked { $0.waitForIdle("i\(step)") })"
            default:
                if Int.random(in: 0..<40, using: &random) != 0 { continue }
                event = "close"
                expected = "\(String(describing: alone.close()))"
                actual = "\(String(describing: queue.locked { $0.close() }))"
            }
            let context = "seed \(seed), step \(step), \(event)"
            #expect(actual == expected, "\(context)")
            #expect(queue.running == alone.running, "\(context)")
            #expect(queue.isBusy == alone.isBusy, "\(context)")
            #expect(queue.pendingCount == alone.pendingCount, "\(context)")
            #expect(queue.inFlight == alone.inFlight, "\(context)")
            #expect(queue.machine.isClosed == alone.isClosed, "\(context)")
            if queue.word != .locked {
                #expect(alone.isUncontended, "released only when uncontended: \(context)")
            }
            if actual != expected { return }
        }
    }
}
