/// The pure state machine of one window's transition queue (DESIGN §3, STYLE pattern 1).
///
/// It decides, and the window carries out: each event method returns an action naming what
/// to do next (run, resume a waiter, fail some waiters). It holds no actors, locks or clocks,
/// so every ordering rule is unit-tested synchronously. `Waiter` is what a suspended request
/// waits on (a continuation in the window; a plain value in tests) and `Job` a deferred request
/// that has no task of its own.
///
/// Guarantees it implements:
/// - one transition at a time: ``running`` holds at most one request;
/// - FIFO: requests run in the order ``accept(policy:)`` saw them (cancelled and superseded
///   ones leave the line);
/// - gapless sequence numbers from 1, one per ``commit()``;
/// - every accepted request leaves exactly once: it runs, or an action resolves its waiter.
struct TransitionQueueStateMachine<Waiter, Job> {
    /// Why a waiter is resumed.
    enum Resumption: Equatable, Sendable {
        /// It is now the running request: go.
        case run
        /// A later `.replacePending` request replaced it.
        case superseded
        /// Its task was cancelled while it waited.
        case cancelled
        /// The window closed while it waited.
        case closed
    }

    enum AcceptAction {
        /// The queue was idle: the request is now running; run it at once.
        case run(RequestID)
        /// The request waits: suspend it with ``suspend(_:waiter:)``. Resume `superseded` first.
        case enqueue(RequestID, superseded: [Waiter], supersededJobs: [RequestID])
        /// The window is busy and the policy is `.dropIfBusy`.
        case drop(RequestID)
        /// The window is closed.
        case closed
    }

    enum SuspendAction {
        /// The waiter is stored; it will be resumed by a later action.
        case suspended
        /// Resume the waiter at once with this reason (it was cancelled, or promoted, before it
        /// could suspend).
        case resume(Waiter, Resumption)
    }

    enum CancelAction {
        /// Resume this waiter with `.cancelled`.
        case resume(Waiter)
        /// Nothing to do now (running, unknown, or not yet suspended: handled at suspension).
        case none
    }

    enum FinishAction {
        /// Resume this waiter with `.run`: it is the running request now.
        case resume(Waiter)
        /// Run this deferred job in the finishing task: it is the running request now.
        case runJob(RequestID, Job)
        /// Nothing waits.
        case idle
    }

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

    /// The request that is running, if any.
    private(set) var running: RequestID?
    /// Whether ``close()`` was called.
    private(set) var isClosed = false
    /// The last committed sequence number (0 before the first commit).
    private(set) var lastSequence: UInt64 = 0
    /// The last request id handed out.
    private(set) var lastRequest: UInt64 = 0

    init() {}

    /// How many requests wait (not counting the running one).
    var pendingCount: Int { pending.count - head }

    /// Whether a transition runs or waits.
    var isBusy: Bool { running != nil || head < pending.count }

    /// A request arrives with its busy policy.
    mutating func accept(policy: BusyPolicy) -> AcceptAction {
        guard !isClosed else { return .closed }
        lastRequest += 1
        let id = RequestID(lastRequest)
        guard isBusy else {
            running = id
            return .run(id)
        }
        switch policy {
        case .dropIfBusy:
            return .drop(id)
        case .enqueue:
            pending.append(Entry(id: id, payload: .waiter(nil)))
            return .enqueue(id, superseded: [], supersededJobs: [])
        case .replacePending:
            var waiters: [Waiter] = []
            var jobs: [RequestID] = []
            for entry in pending[head...] where !entry.cancelled {
                switch entry.payload {
                case .waiter(let waiter?): waiters.append(waiter)
                case .waiter(nil): break
                case .job: jobs.append(entry.id)
                }
            }
            pending.removeAll(keepingCapacity: true)
            head = 0
            pending.append(Entry(id: id, payload: .waiter(nil)))
            return .enqueue(id, superseded: waiters, supersededJobs: jobs)
        }
    }

    /// A request made from inside the running transition arrives: it waits with no task of its
    /// own and is handed to whichever task finishes the transitions before it.
    mutating func acceptDeferred(_ job: Job) -> RequestID? {
        guard !isClosed else { return nil }
        lastRequest += 1
        let id = RequestID(lastRequest)
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
            // Superseded or failed before it could suspend: only cancellation removes an
            // entry silently, so report it as cancelled unless the window closed.
            return .resume(waiter, isClosed ? .closed : .cancelled)
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
            return .resume(waiter)
        case .waiter(nil):
            pending[index].cancelled = true
            return .none
        case .job:
            return .none
        }
    }

    /// The running transition committed: its sequence number.
    mutating func commit() -> UInt64 {
        lastSequence += 1
        return lastSequence
    }

    /// The running request ended (however it ended): start the next one.
    mutating func finish(_ id: RequestID) -> FinishAction {
        guard running == id else { return .idle }
        running = nil
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
                return .idle
            case .job(let job):
                return .runJob(entry.id, job)
            }
        }
        pending.removeAll(keepingCapacity: true)
        head = 0
        return .idle
    }

    /// The window closes: every waiting request fails; the running one finishes on its own.
    mutating func close() -> (waiters: [Waiter], jobs: [RequestID], waiting: [RequestID]) {
        isClosed = true
        var waiters: [Waiter] = []
        var jobs: [RequestID] = []
        var waiting: [RequestID] = []
        for entry in pending[head...] where !entry.cancelled {
            switch entry.payload {
            case .waiter(let waiter):
                // Suspended or about to suspend (then `suspend` resumes it `.closed`).
                if let waiter { waiters.append(waiter) }
                waiting.append(entry.id)
            case .job: jobs.append(entry.id)
            }
        }
        pending.removeAll()
        head = 0
        return (waiters, jobs, waiting)
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
