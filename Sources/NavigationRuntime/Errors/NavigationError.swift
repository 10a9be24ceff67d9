/// The one error type of the runtime: a misuse, or a request that could not be carried out.
///
/// Every case leaves the window's hierarchy exactly as it was before the request. The error
/// carries the ids involved so that a report can name them. Two errors are equal when their
/// ``code``s are equal (the ids and message are context), as with NIO's and
/// ServiceLifecycle's error structs: match on ``code`` in `catch` clauses.
///
/// ```swift
/// do {
///     try await home.performSegue(withIdentifier: "nope")
/// } catch let error as NavigationError where error.code == .unknownSegueIdentifier {
///     print(error.message)   // Receiver (#1 Home) has no segue with identifier 'nope'
/// }
/// ```
public struct NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let code: Code
    /// A sentence for people, in UIKit's words where UIKit has words for it.
    public let message: String
    /// The window the request was made to, if any.
    public let window: WindowID?
    /// The controllers involved, most relevant first (e.g. the source, then the destination).
    public let controllers: [ControllerID]
    /// The segue identifier or unwind action involved, if any.
    public let identifier: String?

    /// Creates an error. The message is kept on one line and bounded: a newline, a NUL, an
    /// escape sequence or another control character in it (from an identifier the caller
    /// passed, say) is escaped (`\n`, `\u001b`), and a message over 2,000 characters is cut
    /// there, its length given.
    public init(
        _ code: Code,
        _ message: String,
        window: WindowID? = nil,
        controllers: [ControllerID] = [],
        identifier: String? = nil
    ) {
        self.code = code
        self.message = EchoedText.line(message)
        self.window = window
        self.controllers = controllers
        self.identifier = identifier
    }

    public static func == (lhs: NavigationError, rhs: NavigationError) -> Bool { lhs.code == rhs.code }

    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public var description: String { "NavigationError(\(code)): \(message)" }

    /// A bounded, label-safe name of the error (no ids), for counting failures by kind.
    public var shortDescription: String { code.description }
}

extension NavigationError {
    /// The kind of a ``NavigationError``. New codes may be added without breaking sources.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        public var description: String { name }

        /// `performSegue(withIdentifier:sender:)` named a segue the source's scene does not declare (R1.3).
        public static let unknownSegueIdentifier = Code("unknownSegueIdentifier")
        /// `instantiateViewController(withIdentifier:in:)` named a storyboard ID no scene of the
        /// catalog has (UIKit raises "Storyboard doesn't contain a view controller with identifier").
        public static let unknownStoryboardIdentifier = Code("unknownStoryboardIdentifier")
        /// A controller is not of the type the caller asked for (a segue's destination in
        /// `destination(as:_:)`, an instantiated scene's controller).
        public static let unexpectedControllerType = Code("unexpectedControllerType")
        /// The presenter (after rerouting) already presents a controller (R3.6).
        public static let alreadyPresenting = Code("alreadyPresenting")
        /// The controller is not in its window's hierarchy (never added, popped, dismissed or torn down) (R3.7).
        public static let notInWindowHierarchy = Code("notInWindowHierarchy")
        /// The controller to present is already presented, in a container, or is the presenter (R3.9).
        public static let presentingActiveController = Code("presentingActiveController")
        /// The same controller instance was pushed twice onto one stack (R4.2).
        public static let pushedTwice = Code("pushedTwice")
        /// A navigation controller was pushed onto a navigation stack (R4.3).
        public static let pushingNavigationController = Code("pushingNavigationController")
        /// `popToViewController` named a controller that is not in the stack (R4.7).
        public static let notInStack = Code("notInStack")
        /// A legacy push segue from a source that is not inside a navigation controller (R2.12).
        public static let pushRequiresNavigationController = Code("pushRequiresNavigationController")
        /// The controller belongs to another window (R8.7).
        public static let foreignController = Code("foreignController")
        /// The controller's actor runs on an executor other than its window's (it declares its
        /// own `unownedExecutor`), so it cannot enter the window's tree.
        public static let foreignExecutor = Code("foreignExecutor")
        /// The controller is already in a hierarchy where the request needs a free one.
        public static let controllerInUse = Code("controllerInUse")
        /// The window was closed before the request could commit.
        public static let windowClosed = Code("windowClosed")
        /// A hook (`prepare(for:sender:)` or a custom segue's `perform`) threw; the transition was rolled back.
        public static let hookFailed = Code("hookFailed")
        /// The request is malformed (e.g. an empty stack for `setViewControllers`).
        public static let invalidRequest = Code("invalidRequest")
        /// An unwind found no destination and the caller asked for an error (R7.10).
        public static let unwindTargetNotFound = Code("unwindTargetNotFound")
        /// A storyboard could not be loaded or instantiated.
        public static let invalidStoryboard = Code("invalidStoryboard")
        /// The window has no root controller yet.
        public static let noRootViewController = Code("noRootViewController")
        /// A wait on a window (``Window/waitUntilIdle()``) was made from inside that window's
        /// own running transition, which it would wait for forever.
        public static let waitingForOwnTransition = Code("waitingForOwnTransition")
        /// The change would make the window's tree deeper than ``Window/maximumDepth``: nothing
        /// was applied.
        public static let treeTooDeep = Code("treeTooDeep")
        /// A hook outlived ``Window/Configuration/hookDeadline`` before the commit point and the
        /// request was rolled back. Requests report it as ``TransitionOutcome/hookTimedOut(_:)``;
        /// only a method that returns no outcome (``Window/setRoot(scene:from:animated:)``)
        /// throws it.
        public static let hookTimedOut = Code("hookTimedOut")
        /// The window was running or waiting for a transition where it must be at rest
        /// (``Window/checkpoint()``, ``Window/rewind(to:)``): nothing was done.
        public static let windowBusy = Code("windowBusy")
    }
}
