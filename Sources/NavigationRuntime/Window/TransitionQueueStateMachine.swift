/// The pure state machine of one window's transition queue and of its lifecycle (DESIGN §3,
/// STYLE pattern 1).
///
/// It decides, and the window carries out: each event method returns an action naming what
/// to do next (run, resume a waiter, fail some waiters, tear down, finish the journal). It holds
/// no actors, locks or clocks, so every ordering and lifecycle rule is unit-tested
/// synchronously. `Waiter` is what a suspended request waits on (a continuation in the window; a
/// plain value in tests), `Job` a deferred request that has no task of its own, and `IdleWaiter`
/// a caller of `waitUntilIdle()`. `TransitionQueueStorage` keeps it behind a lock, and, while
/// the queue is uncontended, lends its state to one atomic word (``releaseIfUncontended()``,
/// ``reclaim(_:)``, ``TransitionQueueUncontendedState``) so that an uncontended request takes
/// no lock.
///
/// Guarantees it implements:
/// - one transition at a time: ``running`` holds at most one request;
/// - FIFO: requests run in the order ``accept(policy:)`` saw them (cancelled and superseded
///   ones leave the line);
/// - every accepted request, direct or deferred, leaves exactly once, counted in ``inFlight``:
///   the running one by ``finish(_:)``; a deferred one superseded or failed by the close in the
///   action that ends it; a waiting one resumed with anything but `.run` by ``leave(_:)``, once
///   its task journaled its ending;
/// - idle waiters are resumed exactly when nothing runs or waits any more, or the window closes;
/// - closing fails every waiting request at once; the window is torn down once nothing runs, and
///   the journal finishes once, when the last request in flight has left.
struct TransitionQueueStateMachine<Waiter, Job, IdleWaiter> {
    private enum Payload {
        case waiter(Waiter?)
        case job(Job)
    }

    private struct Entry {
        let id: RequestID
        var payload: Payload
        /// Cancelled before its waiter was stored: a tombstone that `suspend` picks up.
        var cancelled = false
    }

    /// Requests waiting to run, in acceptance order, from `head`.
    private var pending: [Entry] = []
    private var head = 0
    /// A request promoted to running before its waiter was stored.
    private var promotedWithoutWaiter: RequestID?
    /// Waiting requests resolved otherwise than by running, with how (superseded, cancelled,
    /// closed), whose task has not left yet (``leave(_:)``).
    private var leaving: [RequestID: Resumption] = [:]
    /// Callers of `waitUntilIdle()`.
    private var idleWaiters: [IdleWaiter] = []

    /// The request that is running, if any: the one whose turn it is.
    private(set) var running: RequestID?
    /// Whether ``close()`` was called.
    private(set) var isClosed = false
    /// The last request id handed out.
    private(set) var lastRequest: UInt64 = 0
    /// How many accepted requests have not left yet (running, waiting, deferred, or resolved
    /// and not yet left).
    private(set) var inFlight = 0
    /// Whether the close's journal finish was handed out (at most once).
    private(set) var isJournalFinished = false
    /// Whether ``releaseIfUncontended()`` gave the state out and no ``reclaim(_:)`` took it back:
    /// then the uncontended path holds the running request and the last id (``running`` is
    /// `nil`, ``inFlight`` 0, ``lastRequest`` stale here), and nothing waits, so a cancellation
    /// handler, the one event that may come meanwhile, finds nothing to do.
    private(set) var isReleased = false

    init() {}

    /// Whether the queue's whole state fits ``TransitionQueueUncontendedState``: not closed,
    /// nothing waiting (requests, deferred jobs, idle waiters), no waiting request resolved and
    /// not yet left, and the only request in flight, if any, is the running one and the last
    /// accepted. A request that finds the queue so needs no waiting line, so no lock.
    var isUncontended: Bool {
        guard !isClosed, head == pending.count, leaving.isEmpty, idleWaiters.isEmpty,
            promotedWithoutWaiter == nil
        else { return false }
        if let running { return inFlight == 1 && running.rawValue == lastRequest }
        return inFlight == 0
    }

    /// The uncontended path hands its state back before any other event: the machine is the
    /// queue's state again. `.locked` (the machine held it already) does nothing.
    ///
    /// Takes over the running request (in flight) and the last id, so ids stay gapless and
    /// ``accept(policy:)`` sees the queue busy exactly when the uncontended path had a request
    /// running.
    mutating func reclaim(_ state: TransitionQueueUncontendedState) {
        switch state {
        case .locked:
            return
        case .idle(let lastRequest):
            assert(isReleased, "reclaim(_:) of a state the machine did not release")
            self.lastRequest = lastRequest
        case .running(let request):
            assert(isReleased, "reclaim(_:) of a state the machine did not release")
            lastRequest = request.rawValue
            running = request
            inFlight += 1
        }
        isReleased = false
    }

    /// After an event: if the queue is uncontended (``isUncontended``), gives its state out to
    /// the uncontended path, which then accepts and finishes requests without the machine
    /// until the next ``reclaim(_:)``. `nil`: the machine keeps it (contended, closed, or given
    /// out already).
    mutating func releaseIfUncontended() -> TransitionQueueUncontendedState? {
        guard !isReleased, isUncontended else { return nil }
        isReleased = true
        defer {
            running = nil
            inFlight = 0
        }
        return running.map { .running($0) } ?? .idle(lastRequest: lastRequest)
    }

    /// How many requests wait (not counting the running one).
    var pendingCount: Int { pending.count - head }

    /// Whether a transition runs or waits. Always `false` once closed: a closed window takes no
    /// request, even while its last transition has not returned.
    var isBusy: Bool { !isClosed && (running != nil || head < pending.count) }

    /// How many callers of `waitUntilIdle()` wait.
    var idleWaiterCount: Int { idleWaiters.count }

    /// A request arrives with its busy policy.
    mutating func accept(policy: BusyPolicy) -> AcceptAction {
        guard !isClosed else { return .closed }
        lastRequest += 1
        let id = RequestID(lastRequest)
        guard running != nil || head < pending.count else {
            running = id
            inFlight += 1
            return .run(id)
        }
        switch policy {
        case .dropIfBusy:
            return .drop(id)
        case .enqueue:
            inFlight += 1
            pending.append(Entry(id: id, payload: .waiter(nil)))
            return .enqueue(id, superseded: [], supersededJobs: [])
        case .replacePending:
            inFlight += 1
            var waiters: [Waiter] = []
            var jobs: [RequestID] = []
            for entry in pending[head...] where !entry.cancelled {
                switch entry.payload {
                case .waiter(let waiter):
                    // Suspended or about to suspend (then `suspend` resumes it): it leaves later.
                    if let waiter { waiters.append(waiter) }
                    leaving[entry.id] = .superseded
                case .job:
                    jobs.append(entry.id)
                }
            }
            inFlight -= jobs.count
            pending.removeAll(keepingCapacity: true)
            head = 0
            pending.append(Entry(id: id, payload: .waiter(nil)))
            return .enqueue(id, superseded: waiters, supersededJobs: jobs)
        }
    }

    /// A request made from inside the running transition arrives: it waits with no task of its
    /// own and is handed to whichever task finishes the transitions before it. `nil` once
    /// closed.
    mutating func acceptDeferred(_ job: Job) -> RequestID? {
        guard !isClosed else { return nil }
        lastRequest += 1
        let id = RequestID(lastRequest)
        inFlight += 1
        // The window only defers while a transition runs, so the job waits for its finish.
        pending.append(Entry(id: id, payload: .job(job)))
        return id
    }

    /// An enqueued request stores its waiter.
    mutating func suspend(_ id: RequestID, waiter: Waiter) -> SuspendAction {
        if promotedWithoutWaiter == id {
            promotedWithoutWaiter = nil
            return .resume(waiter, .run)
        }
        guard let index = indexOfPending(id) else {
            // Resolved before it could suspend: say how (a request cancelled before it
            // suspended stays cancelled even if the window closed since).
            return .resume(waiter, leaving[id] ?? (isClosed ? .closed : .cancelled))
        }
        if pending[index].cancelled {
            remove(at: index)
            return .resume(waiter, .cancelled)
        }
        pending[index].payload = .waiter(waiter)
        return .suspended
    }

    /// The task of a request was cancelled (from any thread).
    mutating func cancel(_ id: RequestID) -> CancelAction {
        guard let index = indexOfPending(id) else { return .none }
        switch pending[index].payload {
        case .waiter(let waiter?):
            remove(at: index)
            leaving[id] = .cancelled
            return .resume(waiter)
        case .waiter(nil):
            pending[index].cancelled = true
            leaving[id] = .cancelled
            return .none
        case .job:
            return .none
        }
    }

    /// A waiting request resumed with anything but `.run` journaled its ending: it leaves.
    /// Leaving twice, or without such a resumption, does nothing.
    mutating func leave(_ id: RequestID) -> LeaveAction {
        guard leaving.removeValue(forKey: id) != nil else { return .none }
        return left()
    }

    /// The running request ended (however it ended: it ran, or it was abandoned), and its
    /// ending is journaled: it leaves, and the next one starts. Any other id does nothing.
    mutating func finish(_ id: RequestID) -> FinishAction {
        guard running == id else { return .none }
        running = nil
        if isClosed {
            return .closed(finishJournal: left() == .finishJournal)
        }
        inFlight -= 1
        while head < pending.count {
            let entry = pending[head]
            head += 1
            if entry.cancelled { continue }
            compactIfNeeded()
            running = entry.id
            switch entry.payload {
            case .waiter(let waiter?):
                return .resume(waiter)
            case .waiter(nil):
                promotedWithoutWaiter = entry.id
                return .none
            case .job(let job):
                return .runJob(entry.id, job)
            }
        }
        pending.removeAll(keepingCapacity: true)
        head = 0
        return .idle(takeIdleWaiters())
    }

    /// A caller of `waitUntilIdle()` arrives.
    mutating func waitForIdle(_ waiter: IdleWaiter) -> IdleWaitAction {
        guard isBusy else { return .resume(waiter) }
        idleWaiters.append(waiter)
        return .suspended
    }

    /// The window closes: every waiting request fails; the running one finishes on its own (or
    /// is abandoned) and ends with ``finish(_:)``. `nil` if it was closed already.
    mutating func close() -> CloseAction? {
        guard !isClosed else { return nil }
        isClosed = true
        var action = CloseAction()
        for entry in pending[head...] where !entry.cancelled {
            switch entry.payload {
            case .waiter(let waiter):
                // Suspended or about to suspend (then `suspend` resumes it `.closed`).
                if let waiter { action.waiters.append(waiter) }
                action.waiting.append(entry.id)
                leaving[entry.id] = .closed
            case .job:
                action.jobs.append(entry.id)
            }
        }
        inFlight -= action.jobs.count
        pending.removeAll()
        head = 0
        action.idleWaiters = takeIdleWaiters()
        action.tearDown = running == nil
        action.finishJournal = finishJournalIfDone()
        return action
    }

    /// One request left: whether the journal must finish now.
    private mutating func left() -> LeaveAction {
        inFlight -= 1
        return finishJournalIfDone() ? .finishJournal : .none
    }

    private mutating func finishJournalIfDone() -> Bool {
        guard isClosed, inFlight == 0, !isJournalFinished else { return false }
        isJournalFinished = true
        return true
    }

    private mutating func takeIdleWaiters() -> [IdleWaiter] {
        guard !idleWaiters.isEmpty else { return [] }
        defer { idleWaiters.removeAll() }
        return idleWaiters
    }

    private func indexOfPending(_ id: RequestID) -> Int? {
        // Entries are sorted by id: binary search from `head`.
        var low = head
        var high = pending.count
        while low < high {
            let mid = (low + high) / 2
            if pending[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < pending.count && pending[low].id == id ? low : nil
    }

    private mutating func remove(at index: Int) {
        if index == head {
            head += 1
            compactIfNeeded()
        } else {
            pending.remove(at: index)
        }
    }

    private mutating func compactIfNeeded() {
        if head == pending.count {
            pending.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64 && head * 2 > pending.count {
            pending.removeFirst(head)
            head = 0
        }
    }
}
