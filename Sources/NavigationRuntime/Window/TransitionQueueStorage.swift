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
/// The window's hot path reads ``running`` and ``isClosed`` (every journaled callback) and
/// ``lastSequence`` (every journal event) without the lock: the storage publishes them after
/// each event it hands to the machine, in the same critical section, so they are always the
/// machine's values as of its last event. An uncontended request takes the lock twice:
/// ``accept(policy:)`` and ``finish(_:)``.
struct TransitionQueueStorage: ~Copyable, Sendable {
    typealias Machine = TransitionQueueStateMachine<QueueWaiter, DeferredRequest, IdleWaiter>

    private let machine = Locked(Machine())
    /// The machine's `running` (its raw value, 0 for none) as of its last event.
    private let publishedRunning = Atomic<UInt64>(0)
    /// The machine's `isClosed` as of its last event.
    private let publishedClosed = Atomic<Bool>(false)
    /// The last committed sequence number. Not the lock's: only the running request commits,
    /// so the counter needs no ordering with the machine's events.
    private let sequence = Atomic<UInt64>(0)

    init() {}

    /// Runs one event of the machine under the lock, then publishes the values read without it.
    private func withMachine<R: Sendable>(_ event: (inout Machine) -> R) -> R {
        machine.withLock { machine in
            let result = event(&machine)
            publishedRunning.store(machine.running?.rawValue ?? 0, ordering: .relaxed)
            publishedClosed.store(machine.isClosed, ordering: .relaxed)
            return result
        }
    }

    // MARK: Reads

    /// The request whose turn it is, if any (read without the lock).
    var running: RequestID? {
        let raw = publishedRunning.load(ordering: .relaxed)
        return raw == 0 ? nil : RequestID(raw)
    }

    /// Whether the window closed (read without the lock).
    var isClosed: Bool { publishedClosed.load(ordering: .relaxed) }

    /// The last committed sequence number, 0 before the first commit.
    var lastSequence: UInt64 { sequence.load(ordering: .relaxed) }

    /// Whether a transition runs or waits (never once closed).
    var isBusy: Bool { machine.withLock { $0.isBusy } }

    /// How many requests wait behind the running one.
    var pendingCount: Int { machine.withLock { $0.pendingCount } }

    // MARK: Events

    /// A request arrives with its busy policy.
    func accept(policy: BusyPolicy) -> Machine.AcceptAction {
        withMachine { $0.accept(policy: policy) }
    }

    /// A request made from inside the running transition arrives; `nil` once closed.
    func acceptDeferred(_ job: DeferredRequest) -> RequestID? {
        withMachine { $0.acceptDeferred(job) }
    }

    /// Suspends an enqueued request until the queue resumes it. Cancelling the task resumes it
    /// with `.cancelled` (at once if it is suspended, else at its suspension).
    func waitForTurn(_ id: RequestID) async -> Machine.Resumption {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let action = withMachine { $0.suspend(id, waiter: QueueWaiter(continuation: continuation)) }
                if case .resume(let waiter, let reason) = action {
                    waiter.resume(reason)
                }
            }
        } onCancel: {
            if case .resume(let waiter) = withMachine({ $0.cancel(id) }) {
                waiter.resume(.cancelled)
            }
        }
    }

    /// The running transition committed: its sequence number (gapless from 1).
    func commit() -> UInt64 {
        sequence.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The running request ended and its ending is journaled.
    func finish(_ id: RequestID) -> Machine.FinishAction {
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

    /// Suspends until nothing runs or waits, or the window closes. Cancellation does not end
    /// the wait.
    func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            if case .resume(let waiter) = withMachine({ $0.waitForIdle(IdleWaiter(continuation: continuation)) }) {
                waiter.resume()
            }
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
