// The transition queue's answers: what each event of `TransitionQueueStateMachine` tells its
// caller to do, in the order it says.

extension TransitionQueueStateMachine {
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
        /// The request waits: suspend it with ``suspend(_:waiter:)``. Resume `superseded` with
        /// `.superseded` (each leaves with ``leave(_:)``), and journal the `supersededJobs` as
        /// superseded (they have left already).
        case enqueue(RequestID, superseded: [Waiter], supersededJobs: [RequestID])
        /// The window is busy and the policy is `.dropIfBusy`: the request is not in flight.
        case drop(RequestID)
        /// The window is closed.
        case closed
    }

    enum SuspendAction {
        /// The waiter is stored; it will be resumed by a later action.
        case suspended
        /// Resume the waiter at once with this reason (it was cancelled, superseded or closed, or
        /// promoted, before it could suspend).
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
        /// The next request runs once its task suspends (it was promoted before it could), or
        /// the request was not the running one: nothing to do.
        case none
        /// Nothing runs or waits: resume these callers of `waitUntilIdle()`.
        case idle([IdleWaiter])
        /// The window is closed and nothing runs any more: tear it down, then finish the journal
        /// if `finishJournal` (the last request in flight has left).
        case closed(finishJournal: Bool)
    }

    enum LeaveAction: Equatable {
        /// Nothing to do.
        case none
        /// The window is closed and this was the last request in flight: finish the journal.
        case finishJournal
    }

    /// What closing the window does, in this order: journal `waiting` and `jobs` as failed
    /// (`windowClosed`), resume `waiters` with `.closed` (each leaves with ``leave(_:)``),
    /// resume `idleWaiters`; then, if `tearDown`, tear the window down (nothing runs), and if
    /// `finishJournal`, finish the journal (nothing is in flight).
    struct CloseAction {
        /// The waiting requests (their waiters, if suspended, are in `waiters`).
        var waiting: [RequestID] = []
        var waiters: [Waiter] = []
        /// The deferred requests: they have left.
        var jobs: [RequestID] = []
        var idleWaiters: [IdleWaiter] = []
        var tearDown = false
        var finishJournal = false
    }

    enum IdleWaitAction {
        /// The waiter is stored: a later ``finish(_:)`` or ``close()`` resumes it.
        case suspended
        /// Resume it at once: the queue is idle, or the window closed.
        case resume(IdleWaiter)
    }
}

// Actions cross the storage's lock: they are sendable when what they carry is.
extension TransitionQueueStateMachine.AcceptAction: Sendable where Waiter: Sendable, Job: Sendable, IdleWaiter: Sendable {}
extension TransitionQueueStateMachine.SuspendAction: Sendable where Waiter: Sendable, Job: Sendable, IdleWaiter: Sendable {}
extension TransitionQueueStateMachine.CancelAction: Sendable where Waiter: Sendable, Job: Sendable, IdleWaiter: Sendable {}
extension TransitionQueueStateMachine.FinishAction: Sendable where Waiter: Sendable, Job: Sendable, IdleWaiter: Sendable {}
extension TransitionQueueStateMachine.CloseAction: Sendable where Waiter: Sendable, Job: Sendable, IdleWaiter: Sendable {}
extension TransitionQueueStateMachine.IdleWaitAction: Sendable where Waiter: Sendable, Job: Sendable, IdleWaiter: Sendable {}
