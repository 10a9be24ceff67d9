import NavigationRuntime
import Synchronization

/// A ledger of the requests a test makes: each one is issued (a ticket and a label) before it
/// is sent and resolved once with how it ended, so that a test can prove the runtime's
/// promise that "every request resolves exactly once, none hangs": nothing lost, nothing
/// resolved twice, and a watchdog that names the requests that never resolved.
///
/// ```swift
/// let ledger = RequestLedger()
/// for index in 0..<100 {
///     Task { await ledger.track("push \(index)") { try await navigation.pushViewController(make()) } }
/// }
/// try await ledger.waitUntilAllResolved(expecting: 100, within: .seconds(30))
/// #expect(ledger.counts.values.reduce(0, +) == 100)
/// #expect(ledger.duplicates == [])
/// ```
///
/// The watchdog is a bounded wait, not a synchronisation: it returns as soon as the last
/// request resolves (a continuation resumed by `resolve(_:with:)`, no polling); only a run
/// that would otherwise hang ever waits for the bound, and then it fails with the exact list
/// of unresolved tickets (``Unresolved``).
public final class RequestLedger: Sendable {
    /// A request's id in the ledger: 1, 2, 3... in the order ``issue(_:)`` handed them out.
    public struct Ticket: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The number, from 1.
        public let rawValue: UInt64

        /// Creates a ticket from its number.
        public init(_ rawValue: UInt64) { self.rawValue = rawValue }

        public static func < (lhs: Ticket, rhs: Ticket) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String { "#\(rawValue)" }
    }

    /// How a request ended.
    public enum Resolution: Hashable, Sendable, CustomStringConvertible {
        /// It returned this outcome.
        case outcome(TransitionOutcome)
        /// It threw `CancellationError`.
        case cancelled
        /// It threw a `NavigationError` with this code.
        case failed(NavigationError.Code)
        /// It threw another error (its description), e.g. a hook's own error escaping.
        case otherError(String)
        /// An ending outside `TransitionOutcome` that the test names itself (a deep link
        /// with no window, a restoration).
        case other(String)

        /// Classifies a request's result.
        public init(_ result: Result<TransitionOutcome, any Error>) {
            switch result {
            case .success(let outcome): self = .outcome(outcome)
            case .failure(is CancellationError): self = .cancelled
            case .failure(let error as NavigationError): self = .failed(error.code)
            case .failure(let error): self = .otherError(String(describing: error))
            }
        }

        /// The name ``RequestLedger/counts`` groups by: the outcome's case (`completed`,
        /// `noChange`, `vetoed`, `dropped`, `superseded`, `deferred`, `noDestination`, `hookTimedOut`),
        /// `cancelled`, `failed(code)`, `error`, or the test's own name.
        public var name: String {
            switch self {
            case .outcome(.completed): "completed"
            case .outcome(.noChange): "noChange"
            case .outcome(.vetoed): "vetoed"
            case .outcome(.dropped): "dropped"
            case .outcome(.superseded): "superseded"
            case .outcome(.deferred): "deferred"
            case .outcome(.noDestination): "noDestination"
            case .outcome(.hookTimedOut): "hookTimedOut"
            case .cancelled: "cancelled"
            case .failed(let code): "failed(\(code))"
            case .otherError: "error"
            case .other(let name): name
            }
        }

        public var description: String {
            switch self {
            case .outcome(let outcome): "\(outcome)"
            case .otherError(let description): "error: \(description)"
            default: name
            }
        }
    }

    /// One request as the ledger knows it.
    public struct Record: Hashable, Sendable, CustomStringConvertible {
        /// Its ticket.
        public let ticket: Ticket
        /// The label the test gave it.
        public let label: String
        /// How it ended, once it did (the first resolution, if it resolved more than once).
        public let resolution: Resolution?

        /// Creates a record.
        public init(ticket: Ticket, label: String, resolution: Resolution?) {
            self.ticket = ticket
            self.label = label
            self.resolution = resolution
        }

        public var description: String {
            "\(ticket) \(label)" + (resolution.map { " → \($0)" } ?? " (unresolved)")
        }
    }

    /// Thrown by the watchdog when its bound passes with requests unresolved.
    public struct Unresolved: Error, Hashable, Sendable, CustomStringConvertible {
        /// The requests issued and not resolved, by ticket.
        public let requests: [Record]
        /// How many of the requests waited for were never issued.
        public let neverIssued: Int
        /// The bound that passed.
        public let limit: Duration

        /// The unresolved tickets.
        public var tickets: [Ticket] { requests.map(\.ticket) }

        public var description: String {
            var text = "\(requests.count) request(s) unresolved after \(limit)"
            if neverIssued > 0 { text += ", \(neverIssued) never issued" }
            if !requests.isEmpty { text += ": " + requests.map { "\($0.ticket) \($0.label)" }.joined(separator: ", ") }
            return text
        }
    }

    private struct Waiter {
        let id: UInt64
        /// Every ticket up to this many must have been issued (0: only those issued so far).
        let expecting: Int
        /// If set, only these tickets must be resolved.
        let tickets: Set<Ticket>?
        let continuation: UnsafeContinuation<Void, Never>
    }

    private struct State {
        var labels: [String] = []
        var resolutions: [Resolution?] = []
        var unresolvedCount = 0
        var duplicates: [Record] = []
        var strays: [Ticket] = []
        var nextWaiter: UInt64 = 0
        var waiters: [Waiter] = []
        var cancelledWaiters: Set<UInt64> = []

        func isSatisfied(expecting: Int, tickets: Set<Ticket>?) -> Bool {
            if let tickets {
                return tickets.allSatisfy { ticket in
                    let index = Int(ticket.rawValue) - 1
                    return resolutions.indices.contains(index) && resolutions[index] != nil
                }
            }
            return unresolvedCount == 0 && labels.count >= expecting
        }

        mutating func takeSatisfiedWaiters() -> [Waiter] {
            var ready: [Waiter] = []
            var waiting: [Waiter] = []
            for waiter in waiters {
                if isSatisfied(expecting: waiter.expecting, tickets: waiter.tickets) {
                    ready.append(waiter)
                } else {
                    waiting.append(waiter)
                }
            }
            waiters = waiting
            return ready
        }
    }

    private let state = Locked(State())

    /// Creates an empty ledger.
    public init() {}

    // MARK: - Recording

    /// Records a request about to be sent and returns its ticket.
    public func issue(_ label: String) -> Ticket {
        state.withLock { state in
            state.labels.append(label)
            state.resolutions.append(nil)
            state.unresolvedCount += 1
            return Ticket(UInt64(state.labels.count))
        }
    }

    /// Records how a request ended. The first resolution of a ticket counts; a second one is
    /// kept in ``duplicates`` (a request resolved twice breaks that promise), and a ticket the
    /// ledger never issued in ``strays``.
    public func resolve(_ ticket: Ticket, with resolution: Resolution) {
        let ready = state.withLock { state -> [Waiter] in
            let index = Int(ticket.rawValue) - 1
            guard state.resolutions.indices.contains(index) else {
                state.strays.append(ticket)
                return []
            }
            guard state.resolutions[index] == nil else {
                state.duplicates.append(Record(ticket: ticket, label: state.labels[index], resolution: resolution))
                return []
            }
            state.resolutions[index] = resolution
            state.unresolvedCount -= 1
            return state.takeSatisfiedWaiters()
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Records how a request ended, from its result.
    public func resolve(_ ticket: Ticket, with result: Result<TransitionOutcome, any Error>) {
        resolve(ticket, with: Resolution(result))
    }

    /// Issues a ticket, runs the request, resolves the ticket with its result and returns it.
    ///
    /// The body runs on the caller's isolation; whatever it throws is captured, not rethrown.
    @discardableResult
    public func track(
        _ label: String,
        _ body: () async throws -> TransitionOutcome
    ) async -> Result<TransitionOutcome, any Error> {
        let ticket = issue(label)
        let result: Result<TransitionOutcome, any Error>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        resolve(ticket, with: result)
        return result
    }

    // MARK: - Reading

    /// Every request issued, by ticket.
    public var records: [Record] {
        state.withLock { state in
            state.labels.indices.map { Record(ticket: Ticket(UInt64($0 + 1)), label: state.labels[$0], resolution: state.resolutions[$0]) }
        }
    }

    /// The requests issued and not yet resolved, by ticket.
    public var unresolved: [Record] { records.filter { $0.resolution == nil } }

    /// How many requests were issued.
    public var issuedCount: Int { state.withLock { $0.labels.count } }

    /// How many requests resolved (once each).
    public var resolvedCount: Int { state.withLock { $0.labels.count - $0.unresolvedCount } }

    /// The resolved requests counted by ``Resolution/name``.
    public var counts: [String: Int] {
        state.withLock { state in
            var counts: [String: Int] = [:]
            for case let resolution? in state.resolutions { counts[resolution.name, default: 0] += 1 }
            return counts
        }
    }

    /// The resolution of a ticket, if it resolved.
    public func resolution(of ticket: Ticket) -> Resolution? {
        state.withLock { state in
            let index = Int(ticket.rawValue) - 1
            return state.resolutions.indices.contains(index) ? state.resolutions[index] : nil
        }
    }

    /// Second (and later) resolutions of a ticket: each one is a request that resolved more
    /// than once. Empty in a correct run.
    public var duplicates: [Record] { state.withLock { $0.duplicates } }

    /// Resolutions of tickets this ledger never issued. Empty in a correct run.
    public var strays: [Ticket] { state.withLock { $0.strays } }

    // MARK: - The watchdog

    /// Returns as soon as `count` requests have been issued (if given; otherwise those issued
    /// so far) and every issued request has resolved.
    ///
    /// - Parameters:
    ///   - count: How many requests the test sends in all, so that the wait does not end
    ///     early while later requests are still to be issued. `nil`: only those issued so far.
    ///   - limit: The bound: if it passes first, the wait fails.
    ///   - clock: The clock that times the bound (the continuous clock; a ``ManualClock`` in
    ///     the ledger's own tests).
    /// - Throws: ``Unresolved`` with every issued request still unresolved and how many were
    ///   never issued, if the bound passes first or the waiting task is cancelled.
    public func waitUntilAllResolved<C: Clock<Duration>>(
        expecting count: Int? = nil,
        within limit: Duration,
        clock: C = ContinuousClock()
    ) async throws(Unresolved) {
        let expecting = count ?? 0
        try await wait(expecting: expecting, tickets: nil, within: limit, clock: clock)
    }

    /// Returns as soon as every one of `tickets` has resolved (whatever the others do).
    ///
    /// - Throws: ``Unresolved`` listing those of `tickets` still unresolved if `limit` passes
    ///   first (or the waiting task is cancelled).
    public func waitUntilResolved<C: Clock<Duration>>(
        _ tickets: some Sequence<Ticket>,
        within limit: Duration,
        clock: C = ContinuousClock()
    ) async throws(Unresolved) {
        try await wait(expecting: 0, tickets: Set(tickets), within: limit, clock: clock)
    }

    private func wait<C: Clock<Duration>>(
        expecting: Int,
        tickets: Set<Ticket>?,
        within limit: Duration,
        clock: C
    ) async throws(Unresolved) {
        if state.withLock({ $0.isSatisfied(expecting: expecting, tickets: tickets) }) { return }
        // Two racers: the continuation resumed by the last `resolve`, and the bound. The first
        // to finish cancels the other; the verdict is read from the state, not from the race.
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.satisfied(expecting: expecting, tickets: tickets) }
            group.addTask { try? await clock.sleep(until: clock.now.advanced(by: limit), tolerance: nil) }
            await group.next()
            group.cancelAll()
        }
        let (satisfied, issued, pending) = state.withLock { state in
            (
                state.isSatisfied(expecting: expecting, tickets: tickets),
                state.labels.count,
                state.labels.indices.compactMap { index -> Record? in
                    let ticket = Ticket(UInt64(index + 1))
                    guard state.resolutions[index] == nil, tickets?.contains(ticket) ?? true else { return nil }
                    return Record(ticket: ticket, label: state.labels[index], resolution: nil)
                }
            )
        }
        guard !satisfied else { return }
        var neverIssued = max(0, expecting - issued)
        if let tickets { neverIssued = tickets.filter { Int($0.rawValue) > issued }.count }
        throw Unresolved(requests: pending, neverIssued: neverIssued, limit: limit)
    }

    /// Suspends until the condition holds or the task is cancelled.
    private func satisfied(expecting: Int, tickets: Set<Ticket>?) async {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.cancelledWaiters.remove(id) != nil { return true }
                    if state.isSatisfied(expecting: expecting, tickets: tickets) { return true }
                    state.waiters.append(Waiter(id: id, expecting: expecting, tickets: tickets, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                if let index = state.waiters.firstIndex(where: { $0.id == id }) {
                    return state.waiters.remove(at: index)
                }
                state.cancelledWaiters.insert(id)
                return nil
            }
            waiter?.continuation.resume()
        }
        // A cancellation that came after the waiter was resumed left its id behind.
        state.withLock { _ = $0.cancelledWaiters.remove(id) }
    }
}
