/// One event of a window's journal.
///
/// Events of one window are delivered in the order they happened. ``sequence`` is the number
/// of the committed transition the event belongs to: for ``Kind/committed(_:)`` the new
/// number, for the callbacks of the end phase that same number, and for everything else the
/// last number committed before the event.
public struct JournalEvent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable, Codable {
        /// The queue accepted a request (named by what it asks, e.g. `push`, `performSegue s`).
        case accepted(String)
        /// The request's transition began its begin phase.
        case began
        /// The transition committed this change.
        case committed(CommittedChange)
        /// Just before a commit: a subtree the change brings into the tree, as it is then (for
        /// a split that collapsed or expanded, the split's whole subtree after the change).
        case entered(ControllerSnapshot)
        /// The request was cancelled before its commit point; nothing changed.
        case cancelled
        /// The request failed before its commit point; nothing changed. The string is the
        /// ``NavigationError/Code`` (`"hookTimedOut"` for a request rolled back by the hook
        /// deadline, reported to its caller as ``TransitionOutcome/hookTimedOut(_:)``).
        case failed(String)
        /// `shouldPerformSegue` vetoed it.
        case vetoed
        /// It was valid and changed nothing.
        case noChange
        /// It was dropped (`.dropIfBusy`).
        case dropped
        /// A later `.replacePending` request replaced it.
        case superseded
        /// It was made from inside a running transition and will run after it.
        case deferred
        /// An unwind found no destination.
        case noDestination(String)
        /// A callback was delivered to a controller.
        case callback(ControllerID, ControllerCallback)
        /// The window closed.
        case windowClosed
        /// A misuse UIKit only logs, with UIKit's words (e.g. unbalanced appearance calls, R6.12).
        case warning(String)
    }

    /// The window.
    public let window: WindowID
    /// The committed sequence number the event belongs to (see the type's discussion).
    public let sequence: UInt64
    /// The request the event belongs to, if any.
    public let request: RequestID?
    /// What happened.
    public let kind: Kind

    /// Creates an event.
    public init(window: WindowID, sequence: UInt64, request: RequestID?, kind: Kind) {
        self.window = window
        self.sequence = sequence
        self.request = request
        self.kind = kind
    }

    public var description: String {
        "\(window) s\(sequence) \(request.map(\.description) ?? "-") \(kind)"
    }
}

/// A structural change as committed: what a reference model replays.
public enum CommittedChange: Sendable, Hashable, Codable {
    /// The window's root became this controller (the old root's tree was removed).
    case setRoot(ControllerID)
    /// The window's root was removed (`setRootViewController(nil)`): nothing is visible.
    case removeRoot
    /// The controller was pushed onto the navigation controller's stack.
    case push(navigation: ControllerID, pushed: ControllerID)
    /// These controllers (bottom to top) were popped off the navigation controller's stack.
    case pop(navigation: ControllerID, removed: [ControllerID])
    /// The navigation controller's stack became this list, bottom to top.
    case setStack(navigation: ControllerID, stack: [ControllerID])
    /// The page view controller's shown pages became this list (R5.10, R5.11).
    case setPages(page: ControllerID, pages: [ControllerID])
    /// The presenter presented the controller with this (resolved) style.
    case present(presenter: ControllerID, presented: ControllerID, style: PresentationStyle)
    /// The presenter's presented chain was dismissed; these controllers were removed, in chain order.
    case dismiss(presenter: ControllerID, removed: [ControllerID])
    /// The tab bar controller selected this index.
    case selectTab(tabBar: ControllerID, index: Int)
    /// The split view controller's secondary column became this controller (or none).
    case replaceSecondary(split: ControllerID, secondary: ControllerID?)
    /// The split view controller collapsed (`true`) or expanded.
    case setCollapsed(split: ControllerID, collapsed: Bool)
    /// A column-style split view controller's columns or collapsed state changed (R5.7); its
    /// whole subtree after the change was journaled just before (``JournalEvent/Kind/entered(_:)``).
    case setColumns(split: ControllerID, collapsed: Bool)
    /// The window's traits changed.
    case setTraits(Traits)
    /// A custom container added a child.
    case addChild(parent: ControllerID, child: ControllerID)
    /// A child left its custom container.
    case removeFromParent(parent: ControllerID, child: ControllerID)
    /// Several changes committed as one transition (an unwind), in the order applied.
    indirect case composite([CommittedChange])
}
