import NavigationRuntime
import Synchronization

/// A thread-safe log of callbacks, as strings like `B.viewWillAppear(true)`, in the order they
/// were recorded: what conformance tests compare with UIKit's order.
///
/// ``RecordingController``s write to it; tests can ``record(_:)`` their own marks (e.g. a
/// completion) between awaits.
public final class CallbackRecorder: Sendable {
    private struct State {
        var events: [String] = []
        var names: [ObjectIdentifier: String] = [:]
        /// The same names by window and controller id, for snapshots (which carry ids only)
        /// and for controllers named from their initializer (``HookRecorder``).
        var namesByID: [ControllerKey: String] = [:]
    }

    private let state = Locked(State())

    /// How a controller nobody named appears in the log.
    public enum UnnamedControllers: Sendable {
        /// By its id (`#5`).
        case id
        /// By its class name, as snapshots report it (`UINavigationController`): for
        /// controllers a storyboard makes, such as the navigation controller a modal segue leads to.
        case className
    }

    /// How controllers nobody named appear in the log.
    public let unnamedControllers: UnnamedControllers

    /// Creates an empty recorder.
    ///
    /// - Parameter unnamedControllers: How a controller that was not named appears. Default: by id.
    public init(unnamedControllers: UnnamedControllers = .id) { self.unnamedControllers = unnamedControllers }

    /// Appends one event.
    public func record(_ event: String) {
        state.withLock { $0.events.append(event) }
    }

    /// Everything recorded so far.
    public var events: [String] { state.withLock { $0.events } }

    /// Forgets what was recorded (names stay).
    public func clear() { state.withLock { $0.events.removeAll() } }

    /// Returns what was recorded and forgets it.
    public func take() -> [String] {
        state.withLock { state in
            defer { state.events.removeAll() }
            return state.events
        }
    }

    /// Names a controller in the log (``RecordingController``s and ``HookRecorder``s name
    /// theirs).
    public func name(_ controller: any ViewController, _ name: String) {
        state.withLock {
            $0.names[ObjectIdentifier(controller)] = name
            $0.namesByID[ControllerKey(controller.context)] = name
        }
    }

    /// Names the controller that has this context (from its initializer, before `self` exists).
    public func name(_ context: ControllerContext, _ name: String) {
        state.withLock { $0.namesByID[ControllerKey(context)] = name }
    }

    /// The name of a controller: the one given, else its id or class name (``unnamedControllers``).
    public func name(of controller: (any ViewController)?) -> String {
        guard let controller else { return "nil" }
        let named = state.withLock { $0.names[ObjectIdentifier(controller)] ?? $0.namesByID[ControllerKey(controller.context)] }
        if let named { return named }
        switch unnamedControllers {
        case .id: return controller.id.description
        case .className: return ControllerSnapshot.className(of: controller)
        }
    }

    /// The name given to the controller with this id in `window`, if any: what
    /// `WindowSnapshot.rendered(names:)` shows.
    public func name(of id: ControllerID, in window: WindowID) -> String? {
        state.withLock { $0.namesByID[ControllerKey(window: window, id: id)] }
    }
}

/// A controller's identity across windows: its window and its id there.
struct ControllerKey: Hashable {
    let window: WindowID
    let id: ControllerID

    init(window: WindowID, id: ControllerID) {
        self.window = window
        self.id = id
    }

    init(_ context: ControllerContext) { self.init(window: context.window.id, id: context.id) }
}
