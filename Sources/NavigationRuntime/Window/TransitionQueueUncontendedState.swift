/// The state of a window's transition queue while it is uncontended: what
/// `TransitionQueueStorage` keeps in one atomic word, so that a request that finds the queue
/// idle runs and finishes without taking the queue's lock.
///
/// Uncontended means: not closed, nothing waiting, no deferred job, no idle waiter, no waiting
/// request resolved and not yet left. Then the only request in flight is the running one, if
/// any, and it is the last one accepted, so the queue's whole state is the last request id and
/// whether it runs: one word. A waiting request's cancellation handler (the one event that runs
/// on any thread) has nothing to find then, and never reads or writes this word.
///
/// The word is authoritative while it is `.idle` or `.running`; while it is `.locked`, the state
/// machine behind the lock is. The hand-overs are the machine's events
/// ``TransitionQueueStateMachine/reclaim(_:)`` (any event that is not uncontended takes the state
/// back first) and ``TransitionQueueStateMachine/releaseIfUncontended()`` (after each event, the
/// machine gives it out again once it is uncontended), so the two never disagree: FIFO, busy
/// policies, gapless ids and closing stay the machine's rules. Pure and synchronous, like the
/// machine (STYLE pattern 1).
enum TransitionQueueUncontendedState: Equatable, Sendable {
    /// The state machine behind the lock holds the queue's state: take the lock.
    case locked
    /// Nothing runs or is in flight; `lastRequest` is the last request id handed out (0 before
    /// the first).
    case idle(lastRequest: UInt64)
    /// `request` runs, is the only request in flight, and is the last id handed out.
    case running(RequestID)

    /// Bit 63 of ``word``: `.locked`.
    private static let lockedBit: UInt64 = 1 << 63
    /// Bit 62 of ``word``: `.running`; the low 62 bits hold the id (ids never get that far: one
    /// request per nanosecond would take 146 years).
    private static let runningBit: UInt64 = 1 << 62
    private static let idMask: UInt64 = runningBit - 1

    /// Decodes the atomic word.
    init(word: UInt64) {
        if word & Self.lockedBit != 0 {
            self = .locked
        } else if word & Self.runningBit != 0 {
            self = .running(RequestID(word & Self.idMask))
        } else {
            self = .idle(lastRequest: word)
        }
    }

    /// The atomic word: 0 is `.idle(lastRequest: 0)`, a new window's queue.
    var word: UInt64 {
        switch self {
        case .locked: Self.lockedBit
        case .idle(let lastRequest): lastRequest & Self.idMask
        case .running(let request): Self.runningBit | (request.rawValue & Self.idMask)
        }
    }

    /// A request arrives; if the queue is idle it runs at once with the next id (what the
    /// machine's `accept(policy:)` answers, `.run`, whatever the policy). `nil`: take the lock.
    mutating func accept() -> RequestID? {
        guard case .idle(let lastRequest) = self else { return nil }
        let request = RequestID(lastRequest + 1)
        self = .running(request)
        return request
    }

    /// The running request `request` ended; with nothing else in flight the queue goes idle (the
    /// machine's `finish(_:)` answers `.idle([])`). `false`: take the lock.
    mutating func finish(_ request: RequestID) -> Bool {
        guard case .running(request) = self else { return false }
        self = .idle(lastRequest: request.rawValue)
        return true
    }

    /// The word of `.locked` that also carries the machine's running request (its low bits;
    /// 0: none), so that the storage publishes both in one word. It decodes as `.locked`.
    static func lockedWord(running: RequestID?) -> UInt64 {
        lockedBit | ((running?.rawValue ?? 0) & idMask)
    }

    /// The running request a word says: the uncontended state's, or the machine's that a
    /// locked word carries (``lockedWord(running:)``); `nil` when idle.
    static func running(inWord word: UInt64) -> RequestID? {
        guard word & (lockedBit | runningBit) != 0 else { return nil }
        let raw = word & idMask
        return raw == 0 ? nil : RequestID(raw)
    }

    /// The running request, if any; `nil` also when `.locked` (then the machine says).
    var running: RequestID? {
        if case .running(let request) = self { request } else { nil }
    }
}
