/// What a request does when its window is busy with another transition.
public enum BusyPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Wait in the window's queue and run after every request accepted before it. The default.
    case enqueue
    /// Resolve at once as ``TransitionOutcome/dropped`` if a transition is running or waiting:
    /// the double-tap guard.
    case dropIfBusy
    /// Wait in the queue, and resolve every request still waiting (not the running one) as
    /// ``TransitionOutcome/superseded``: the latest request wins.
    case replacePending
}

/// How a request to a window's transition queue ended, when it did not throw.
///
/// Every request resolves exactly once: with one of these, or by throwing a
/// ``NavigationError`` or `CancellationError`.
public enum TransitionOutcome: Sendable, Hashable, Codable {
    /// The transition committed with this per-window sequence number (gapless, from 1).
    case completed(sequence: UInt64)
    /// The request was valid and changed nothing, so nothing was committed (e.g. popping a
    /// one-element stack, R4.6, or dismissing with nothing presented, R3.12).
    case noChange
    /// `shouldPerformSegue(withIdentifier:sender:)` returned false; nothing happened (R1.1).
    case vetoed
    /// The window was busy and the request asked for ``BusyPolicy/dropIfBusy``.
    case dropped
    /// A later ``BusyPolicy/replacePending`` request replaced this one while it waited.
    case superseded
    /// The request was made from inside a running transition of the same window (a hook
    /// navigating). It was accepted and runs after that transition, as UIKit defers such
    /// requests (R4.5); its own outcome is in the journal.
    case deferred(RequestID)
    /// An unwind found no destination; nothing happened (R7.10).
    case noDestination(action: String)
    /// A hook outlived the window's ``Window/Configuration/hookDeadline``: the request was
    /// abandoned there. Its ``HookTimeout/sequence`` is `nil` if the transition was rolled back
    /// (nothing happened), else the commit's (the transition happened; its later callbacks
    /// were noted without calling hooks).
    case hookTimedOut(HookTimeout)

    /// The committed sequence number, if the transition completed.
    public var sequence: UInt64? {
        switch self {
        case .completed(let sequence): sequence
        case .hookTimedOut(let timeout): timeout.sequence
        default: nil
        }
    }
}

/// Which hook outlived ``Window/Configuration/hookDeadline``, and what became of its request.
public struct HookTimeout: Sendable, Hashable, Codable {
    /// The hook as Swift spells it, e.g. `viewDidAppear(_:)` or `prepare(for:sender:)`.
    public var hook: String
    /// The controller whose hook it is (for a container's delegate, the container), if any.
    public var controller: ControllerID?
    /// The transition's sequence number if it had committed, else `nil` (rolled back).
    public var sequence: UInt64?

    /// How the journal names the ending of a request rolled back by a hook deadline
    /// (`JournalEvent.Kind.failed("hookTimedOut")`).
    public static let journalName = "hookTimedOut"

    /// Creates a description of a timed-out hook.
    public init(hook: String, controller: ControllerID?, sequence: UInt64?) {
        self.hook = hook
        self.controller = controller
        self.sequence = sequence
    }
}

extension BusyPolicy: CustomStringConvertible {
    /// The case's name (its `rawValue`), also where a change, an outcome or an event that holds it
    /// is printed (not the module-qualified `NavigationRuntime.…`).
    public var description: String { rawValue }
}
