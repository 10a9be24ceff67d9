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
    }

    private let state = Locked(State())

    /// Creates an empty recorder.
    public init() {}

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

    /// Names a controller in the log (``RecordingController``s name themselves).
    public func name(_ controller: any ViewController, _ name: String) {
        state.withLock { $0.names[ObjectIdentifier(controller)] = name }
    }

    /// The name of a controller: the one given, else its id.
    public func name(of controller: (any ViewController)?) -> String {
        guard let controller else { return "nil" }
        return state.withLock { $0.names[ObjectIdentifier(controller)] } ?? controller.id.description
    }
}
