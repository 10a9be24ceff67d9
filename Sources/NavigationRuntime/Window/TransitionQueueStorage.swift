import Synchronization

/// A window's transition queue: its state machine behind a lock, and the operations the window
/// needs, each returning what to do (STYLE pattern 1 and 12, like swift-async-algorithms'
/// `ChannelStorage`).
///
/// The window calls every operation from its own executor, except a waiting request's
/// cancellation handler, which runs on any thread: that is what the lock is for. The storage
/// itself resumes only the continuations of the suspensions it makes (``waitForTurn(_:)`` and
/// ``waitUntilIdle()``, when they need not wait, and a cancelled waiter); every other action
/// is carried out by the window (resume a waiter, journal, tear down, finish the journal), in
/// the order the action states.
///
/// An uncontended request (the queue idle, nothing waiting, not closed) takes no lock: while
/// the queue is uncontended its state is one atomic word, ``TransitionQueueUncontendedState``,
/// which ``accept(policy:)`` and ``finish(_:)`` update with a compare-and-exchange. Every other
/// event runs under the lock, first taking the state back into the machine
/// (``TransitionQueueStateMachine/reclaim(_:)``, the word swapped for `.locked` in the same
/// critical section) and, once the machine is uncontended again, giving it out
/// (``TransitionQueueStateMachine/releaseIfUncontended()``). The word changes only atomically,
/// and the hand-overs only under the lock, so each event sees one queue state, either the
/// word's or the machine's: FIFO, the busy policies, gapless ids, closing and the idle waiters
/// stay the machine's rules. The cancellation handler never touches the word: while the word
/// holds the state nothing waits, so there is nothing to cancel.
///
/// The window's hot path reads ``running`` and ``isClosed`` (every journaled callback) and
/// ``lastSequence`` (every journal event) without the lock: the storage publishes them after
/// each event of the window's executor, whether it went through the word or the machine, so
/// they are always the queue's values as of its last such event (cancellation changes neither).
struct TransitionQueueStorage: ~Copyable, Sendable {
    typealias Machine = TransitionQueueStateMachine<QueueWaiter, DeferredRequest, IdleWaiter>

    private let machine = Locked(Machine())
    /// The queue's state while it is uncontended (``TransitionQueueUncontendedState/word``),
    /// else `.locked` carrying the machine's running request as of its last event
    /// (``TransitionQueueUncontendedState/lockedWord(running:)``): one word publishes both, so
    /// a window is no bigger than before the word (an idle window's bytes count, DESIGN §8).
    /// Starts `.idle(lastRequest: 0)`: a new machine is uncontended, so it starts released.
    private let uncontended = Atomic<UInt64>(TransitionQueueUncontendedState.idle(lastRequest: 0).word)
    /// The machine's `isClosed` as of its last event.
    private let publishedClosed = Atomic<Bool>(false)
    /// The last committed sequence number. Not the lock's: only the running request commits,
    /// so the counter needs no ordering with the machine's events.
    private let sequence = Atomic<UInt64>(0)

    init() {
        machine.withLock { _ = $0.releaseIfUncontended() }
    }

    /// Runs one event of the window's executor on the machine, under the lock: takes the state
    /// back from the uncontended word first, gives it out again after if the machine is
    /// uncontended, and publishes the values read without the lock.
    ///
    /// The word is swapped for `.locked` with an exchange, so an ``accept(policy:)`` or
    /// ``finish(_:)`` racing it (none does: both run on the executor) would fail its
    /// compare-and-exchange and come here, behind the lock.
    private func withMachine<R: Sendable>(_ event: (inout Machine) -> R) -> R {
        machine.withLock { machine in
            let lockedWord = TransitionQueueUncontendedState.locked.word
            machine.reclaim(TransitionQueueUncontendedState(word: uncontended.exchange(lockedWord, ordering: .relaxed)))
            let result = event(&machine)
            if let released = machine.releaseIfUncontended() {
                uncontended.store(released.word, ordering: .relaxed)
            } else {
                uncontended.store(TransitionQueueUncontendedState.lockedWord(running: machine.running), ordering: .relaxed)
            }
            publishedClosed.store(machine.isClosed, ordering: .relaxed)
            return result
        }
    }

    /// The uncontended word, when it holds the queue's state (not `.locked`).
    private var uncontendedState: TransitionQueueUncontendedState? {
        let state = TransitionQueueUncontendedState(word: uncontended.load(ordering: .relaxed))
        return state == .locked ? nil : state
    }

    // MARK: Reads

    /// The request whose turn it is, if any (read without the lock).
    var running: RequestID? {
        TransitionQueueUncontendedState.running(inWord: uncontended.load(ordering: .relaxed))
    }

    /// Whether the window closed (read without the lock).
    var isClosed: Bool { publishedClosed.load(ordering: .relaxed) }

    /// The last committed sequence number, 0 before the first commit.
    var lastSequence: UInt64 { sequence.load(ordering: .relaxed) }

    /// Whether a transition runs or waits (never once closed). Without the lock while the queue
    /// is uncontended.
    var isBusy: Bool {
        if let state = uncontendedState { return state.running != nil }
        return machine.withLock { machine in
            // Released since the load above: the word holds the state again.
            machine.isReleased ? uncontendedState?.running != nil : machine.isBusy
        }
    }

    /// How many requests wait behind the running one (none while the queue is uncontended).
    var pendingCount: Int {
        if uncontendedState != nil { return 0 }
        return machine.withLock { $0.pendingCount }
    }

    // MARK: Events

    /// A request arrives with its busy policy.
    ///
    /// If the queue is idle and uncontended, the request runs with the next id after one
    /// compare-and-exchange on the word, without the lock: what the machine would answer,
    /// whatever the policy (an idle queue neither drops nor supersedes). Else the machine
    /// decides, under the lock.
    ///
    /// Always inlined, the locked path never: the caller's `switch` then sees the constant
    /// `.run` of the uncontended path and builds no action.
    @inline(__always)
    func accept(policy: BusyPolicy) -> Machine.AcceptAction {
        let word = uncontended.load(ordering: .relaxed)
        var state = TransitionQueueUncontendedState(word: word)
        if let request = state.accept(),
            uncontended.compareExchange(expected: word, desired: state.word, ordering: .relaxed).exchanged
        {
            return .run(request)
        }
        return acceptLocked(policy: policy)
    }

    /// ``accept(policy:)`` when the queue is not uncontended and idle: the machine decides.
    @inline(never)
    private func acceptLocked(policy: BusyPolicy) -> Machine.AcceptAction {
        withMachine { $0.accept(policy: policy) }
    }

    /// A request made from inside the running transition arrives; `nil` once closed.
    func acceptDeferred(_ job: DeferredRequest) -> RequestID? {
        withMachine { $0.acceptDeferred(job) }
    }

    /// An enqueued request suspends (``Window/waitForTurn(_:)`` makes the continuation, on the
    /// window's executor): its continuation is stored, or resumed at once if its turn came, or
    /// it was resolved, before it could suspend.
    ///
    /// Synchronous, like every event but a cancellation, so that it runs on the window's
    /// executor: an event elsewhere swaps the published word for `.locked` while the window
    /// reads it, and a hook's request then sees no running request and is not deferred (a
    /// continuation made in an async method here once did that, and deadlocked under load).
    func suspend(_ id: RequestID, continuation: UnsafeContinuation<Machine.Resumption, Never>) {
        let action = withMachine { $0.suspend(id, waiter: QueueWaiter(continuation: continuation)) }
        if case .resume(let waiter, let reason) = action {
            waiter.resume(reason)
        }
    }

    /// The task of a waiting request was cancelled: it is resumed with `.cancelled` (at once if
    /// it is suspended, else at its suspension).
    ///
    /// Any thread: the lock only. Neither the word nor the published values (cancelling
    /// changes neither `running` nor `isClosed`); while the word holds the state, the machine
    /// has nothing waiting, and `cancel` finds nothing.
    func cancelWaiting(_ id: RequestID) {
        if case .resume(let waiter) = machine.withLock({ $0.cancel(id) }) {
            waiter.resume(.cancelled)
        }
    }

    /// The running transition committed: its sequence number (gapless from 1).
    func commit() -> UInt64 {
        sequence.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The running request ended and its ending is journaled.
    ///
    /// If it was running on the uncontended word, the queue goes idle after one
    /// compare-and-exchange, without the lock: nothing waits, so there is nobody to hand on to
    /// and no idle waiter to resume (the machine would answer `.idle([])`). Else the machine
    /// decides, under the lock.
    ///
    /// Always inlined, the locked path never: the caller's `switch` then sees the constant
    /// `.idle([])` of the uncontended path and builds (and destroys) no action.
    @inline(__always)
    func finish(_ id: RequestID) -> Machine.FinishAction {
        let word = uncontended.load(ordering: .relaxed)
        var state = TransitionQueueUncontendedState(word: word)
        if state.finish(id),
            uncontended.compareExchange(expected: word, desired: state.word, ordering: .relaxed).exchanged
        {
            return .idle([])
        }
        return finishLocked(id)
    }

    /// ``finish(_:)`` when the request did not run on the uncontended word: the machine decides.
    @inline(never)
    private func finishLocked(_ id: RequestID) -> Machine.FinishAction {
        withMachine { $0.finish(id) }
    }

    /// A waiting request resumed with anything but `.run` journaled its ending.
    func leave(_ id: RequestID) -> Machine.LeaveAction {
        withMachine { $0.leave(id) }
    }

    /// The window closes; `nil` if it was closed already.
    func close() -> Machine.CloseAction? {
        withMachine { $0.close() }
    }

    /// A caller of ``Window/waitUntilIdle()`` suspends (the window makes the continuation, on
    /// its executor, as for ``suspend(_:continuation:)``): resumed at once if nothing runs or
    /// waits, else when the queue goes idle or closes.
    func waitForIdle(_ continuation: CheckedContinuation<Void, Never>) {
        if case .resume(let waiter) = withMachine({ $0.waitForIdle(IdleWaiter(continuation: continuation)) }) {
            waiter.resume()
        }
    }
}

/// What a request waiting in the queue is suspended on.
struct QueueWaiter: Sendable {
    let continuation: UnsafeContinuation<TransitionQueueStorage.Machine.Resumption, Never>

    func resume(_ reason: TransitionQueueStorage.Machine.Resumption) {
        continuation.resume(returning: reason)
    }
}

/// What a caller of ``Window/waitUntilIdle()`` is suspended on.
struct IdleWaiter: Sendable {
    let continuation: CheckedContinuation<Void, Never>

    func resume() {
        continuation.resume()
    }
}

/// A request made from inside a running transition of its own window; it runs in the task that
/// finishes the transitions before it.
struct DeferredRequest: Sendable {
    let request: TransitionRequest
    let animated: Bool
}
