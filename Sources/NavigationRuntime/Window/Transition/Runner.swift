import Synchronization

// The runner of a request's user code: what lets a caller go while a hook of its transition has
// not returned (issue 18, finding 4).

/// A hook of the runtime's API: an appearance or containment callback, or a named hook
/// (`prepare(for:sender:)`, a delegate method, a custom segue's `perform`).
enum Hook: Sendable, Equatable {
    case callback(ControllerCallback)
    case named(StaticString)

    static func == (lhs: Hook, rhs: Hook) -> Bool {
        switch (lhs, rhs) {
        case (.callback(let a), .callback(let b)): a == b
        case (.named(let a), .named(let b)): a.description == b.description
        default: false
        }
    }

    /// The hook's name as Swift spells it, e.g. `viewDidAppear(_:)`.
    var name: String {
        switch self {
        case .named(let name): name.description
        case .callback(let callback):
            switch callback {
            case .viewDidLoad: "viewDidLoad()"
            case .viewWillAppear: "viewWillAppear(_:)"
            case .viewDidAppear: "viewDidAppear(_:)"
            case .viewWillDisappear: "viewWillDisappear(_:)"
            case .viewDidDisappear: "viewDidDisappear(_:)"
            case .willMove: "willMove(toParent:)"
            case .didMove: "didMove(toParent:)"
            }
        }
    }
}

/// One call of user code by a runner: which hook, on which controller.
struct HookCall: Sendable, Equatable {
    let hook: Hook
    let controller: ControllerID?
    /// Tells apart two calls of the same hook (a deadline fires for one call only).
    let serial: UInt64
}

/// Why a runner's request was taken from it while its user code had not returned.
enum Abandonment: Sendable, Equatable {
    /// The caller's task was cancelled before the commit point.
    case cancelled
    /// The window closed.
    case closed
    /// A hook outlived ``Window/Configuration/hookDeadline``.
    case deadline(HookCall)
}

/// The answer a request's caller gets from its runner.
typealias RunnerAnswer = Result<TransitionOutcome, any Error>

/// The pure state machine of one runner (STYLE pattern 1, like `TransitionQueueStateMachine`):
/// who answers the caller, and when the request is abandoned.
///
/// A request that runs user code runs it in a task of its own, the runner, while its caller
/// waits on a continuation (`Continuation`; a plain value in tests). The caller is answered
/// exactly once: by the runner's result, or at once when the request is abandoned (its caller
/// cancelled before the commit point, the window closed, or a hook's deadline passed) while
/// the runner is inside user code. An abandoned runner's late result is discarded, and it stops
/// at the first point where its user code returns.
struct RunnerStateMachine<Continuation> {
    typealias Answer = RunnerAnswer

    private var continuation: Continuation?
    /// An answer decided before the caller suspended.
    private var earlyAnswer: Answer?
    /// Whether the caller has its answer (given, or waiting in `earlyAnswer`).
    private(set) var isCallerAnswered = false
    /// Why the request was abandoned, if it was.
    private(set) var abandonment: Abandonment?
    /// The user code running now, if any (innermost call).
    private(set) var current: HookCall?
    private var serial: UInt64 = 0
    /// The sequence number once the transition committed.
    private(set) var committed: UInt64?
    /// The caller was cancelled while the runner ran the runtime's own code: the runner's task
    /// is cancelled, and it rolls back at its next checkpoint.
    private(set) var isCancelRequested = false

    init() {}

    enum SuspendAction {
        case suspended
        /// Resume the caller at once with this answer.
        case resume(Answer)
    }

    /// The caller suspends.
    mutating func suspend(_ continuation: Continuation) -> SuspendAction {
        if let earlyAnswer {
            self.earlyAnswer = nil
            return .resume(earlyAnswer)
        }
        self.continuation = continuation
        return .suspended
    }

    /// The answer decided before the caller suspended, if any (the runner finished first):
    /// the caller takes it instead of suspending.
    mutating func takeAnswer() -> Answer? {
        defer { earlyAnswer = nil }
        return earlyAnswer
    }

    /// Gives the caller its answer unless it has one: the continuation to resume with it, if
    /// the caller is suspended (else the answer waits for ``suspend(_:)``).
    private mutating func answer(_ answer: Answer) -> Continuation? {
        guard !isCallerAnswered else { return nil }
        isCallerAnswered = true
        if let continuation {
            self.continuation = nil
            return continuation
        }
        earlyAnswer = answer
        return nil
    }

    /// The runner finished: the continuation to resume with its result, or `nil` when the
    /// caller was already answered (an abandoned runner's late result is discarded).
    mutating func finish(_ result: Answer) -> Continuation? {
        guard abandonment == nil else { return nil }
        return answer(result)
    }

    /// The runner calls user code.
    mutating func enter(_ hook: Hook, controller: ControllerID?) -> (call: HookCall, outer: HookCall?) {
        serial += 1
        let call = HookCall(hook: hook, controller: controller, serial: serial)
        let outer = current
        current = call
        return (call, outer)
    }

    /// The user code returned: `false` if the request was abandoned meanwhile (the runner must
    /// stop without touching anything).
    mutating func exit(restoring outer: HookCall?) -> Bool {
        current = outer
        return abandonment == nil
    }

    /// The transition committed: from now on cancelling the caller does nothing (the
    /// transition runs to its end).
    mutating func commit(_ sequence: UInt64) {
        committed = sequence
    }

    enum CancelAction {
        /// Nothing to do: answered, committed, or not cancellable.
        case none
        /// Cancel the runner's task: it is in the runtime's own code and rolls back at its next
        /// checkpoint, then answers the caller.
        case cancelRunner
        /// Abandoned: resume the caller (if suspended) with `CancellationError`, and settle the
        /// request in place of the runner.
        case abandon(Continuation?)
    }

    /// The caller's task was cancelled.
    mutating func callerCancelled() -> CancelAction {
        guard !isCallerAnswered, abandonment == nil, committed == nil else { return .none }
        guard current != nil else {
            isCancelRequested = true
            return .cancelRunner
        }
        abandonment = .cancelled
        return .abandon(answer(.failure(CancellationError())))
    }

    /// The window closed. Abandons the request if its runner is inside user code (else the
    /// runner sees the close at its next checkpoint). Returns whether it abandoned, and the
    /// continuation to resume with `answer`.
    mutating func windowClosed(answer closedAnswer: (UInt64?) -> Answer) -> (abandoned: Bool, continuation: Continuation?, answer: Answer?) {
        guard abandonment == nil, current != nil else { return (false, nil, nil) }
        abandonment = .closed
        let value = closedAnswer(committed)
        return (true, answer(value), value)
    }

    /// A hook's deadline passed. Abandons the request if that very call has not returned.
    mutating func deadlinePassed(_ call: HookCall, answer timeoutAnswer: (UInt64?) -> Answer) -> (abandoned: Bool, continuation: Continuation?, answer: Answer?) {
        guard abandonment == nil, current == call else { return (false, nil, nil) }
        abandonment = .deadline(call)
        let value = timeoutAnswer(committed)
        return (true, answer(value), value)
    }
}

/// A runner: the state machine behind a lock, shared by the caller (its cancellation handler
/// runs on any thread), the runner task and the window.
final class Runner: Sendable {
    typealias Continuation = UnsafeContinuation<RunnerAnswer, Never>

    /// The request whose user code it runs.
    let request: RequestID
    /// Whether cancelling the caller cancels the request (a deferred request has no caller).
    let cancellable: Bool
    /// A runner that settles an abandoned request (its rollback's callbacks): it has no caller,
    /// and a second abandonment settles the rest without calling hooks.
    let settles: Abandonment?
    let state = Locked(RunnerStateMachine<Continuation>())
    private let task = Locked<Task<Void, Never>?>(nil)

    init(request: RequestID, cancellable: Bool, settles: Abandonment? = nil) {
        self.request = request
        self.cancellable = cancellable
        self.settles = settles
    }

    /// Stores the runner's task, cancelling it if the caller was cancelled before.
    func setTask(_ runnerTask: Task<Void, Never>) {
        task.withLock { $0 = runnerTask }
        if state.withLock({ $0.isCancelRequested }) { runnerTask.cancel() }
    }

    func cancelTask() {
        task.withLock { $0 }?.cancel()
    }

    /// Why the request was abandoned, if it was.
    var abandonment: Abandonment? { state.withLock { $0.abandonment } }

    /// Whether the request's transition committed (its end phase, or user code after it such as
    /// a tab bar delegate's `didSelect`, was running).
    var hasCommitted: Bool { state.withLock { $0.committed != nil } }
}
