import NavigationRuntime
import Synchronization

/// A clock whose time moves only when a test says so (no sleeps in tests).
///
/// Give it to a window and animated transitions park in their animation until you
/// ``advance(by:)``; ``sleepers(atLeast:)`` waits (without polling) until that many are parked:
///
/// ```swift
/// let clock = ManualClock()
/// let window = Window(configuration: .init(clock: clock, transitionDuration: .seconds(1)))
/// // ... set a root, then:
/// async let push = nav.pushViewController(detail)
/// await clock.sleepers(atLeast: 1)          // the push is in flight: will-callbacks done
/// #expect(await window.snapshot().transitionInFlight)
/// clock.advance(by: .seconds(1))             // the animation ends: commit, did-callbacks
/// #expect(try await push == .completed(sequence: 2))
/// ```
///
/// Cancelling a sleeping task resumes it at once with `CancellationError`.
public final class ManualClock: Clock, Sendable {
    /// A point on the manual clock: the time since its start.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// The time since the clock started.
        public var offset: Duration

        /// Creates an instant.
        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: UnsafeContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var cancelledBeforeSleeping: Set<UInt64> = []
        var watchers: [(count: Int, continuation: UnsafeContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// Creates a clock at offset zero.
    public init() {}

    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// How many tasks sleep on the clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let (resumeNow, cancelled, watchers) = state.withLock { state -> (Bool, Bool, [UnsafeContinuation<Void, Never>]) in
                    if state.cancelledBeforeSleeping.remove(id) != nil { return (false, true, []) }
                    if deadline <= state.now { return (true, false, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (false, false, Self.takeWatchers(&state))
                }
                for watcher in watchers { watcher.resume() }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index)
                }
                state.cancelledBeforeSleeping.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come, earliest first.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks sleep on the clock (at once if they already do).
    public func sleepers(atLeast count: Int) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private static func takeWatchers(_ state: inout State) -> [UnsafeContinuation<Void, Never>] {
        let count = state.sleepers.count
        let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
        state.watchers.removeAll { $0.count <= count }
        return ready
    }
}
