import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// Shared parts of the stress suites (ANCHORS.md §2, DESIGN §3, §6):
// - `StressRun`: the seed (`NAVSTRESS_SEED`, else a fixed default) and size (`NAVSTRESS_SCALE`)
//   of a run, printed in every failure message with the command that replays it;
// - `StressWorld`: scenes whose controllers (`StressController`) audit that no hook runs on a
//   closed window (R8.8), obey per-request sender tokens (veto, throw, cancel, navigate from
//   `prepare`), and may navigate once from `viewDidAppear` (deferred requests, R4.5);
// - `JournalAudit`: every request the journal accepted ends exactly once, and the ends agree
//   with what the callers got (the ledger);
// - `StressWindow` / `StressRequest`: a window opened with its journal first, and a request by
//   kind, sent from the current top, checked against the set of outcomes its plan allows.

/// The seed and size of one stress test, and how to replay it.
struct StressRun: CustomStringConvertible, Sendable {
    /// `NAVSTRESS_SEED`, or a fixed default.
    static let baseSeed = UInt64(ProcessInfo.processInfo.environment["NAVSTRESS_SEED"] ?? "") ?? 20_261_122
    /// `NAVSTRESS_SCALE` (at least 1): multiplies every test's number of requests.
    static let scale = max(1, Int(ProcessInfo.processInfo.environment["NAVSTRESS_SCALE"] ?? "") ?? 1)
    /// The watchdog's bound (`NAVSTRESS_WATCHDOG` seconds, else 120 × scale): only a run that
    /// would otherwise hang waits this long.
    static let watchdog: Duration = .seconds(
        Int(ProcessInfo.processInfo.environment["NAVSTRESS_WATCHDOG"] ?? "") ?? 120 * scale
    )

    /// The test's name (for `--filter`).
    let test: String
    /// What the test is parameterised by (a policy, a window count).
    let parameters: String
    /// The seed of this test: the base seed mixed with a salt, so that tests differ.
    let seed: UInt64

    init(_ test: String, _ parameters: String = "", salt: UInt64 = 0) {
        self.test = test
        self.parameters = parameters
        var mixer = SplitMix64(seed: Self.baseSeed ^ (salt &* 0x9E37_79B9_7F4A_7C15))
        self.seed = mixer.next()
    }

    var description: String {
        "[\(test)\(parameters.isEmpty ? "" : " " + parameters) seed \(seed): "
            + "NAVSTRESS_SEED=\(Self.baseSeed) NAVSTRESS_SCALE=\(Self.scale) swift test --filter \(test)]"
    }
}

extension RequestLedger {
    /// The watchdog of a stress test: returns `true` once `count` requests were issued and
    /// all resolved; otherwise records an issue naming the run and every unresolved request.
    func allResolved(expecting count: Int? = nil, _ run: StressRun) async -> Bool {
        do {
            try await waitUntilAllResolved(expecting: count, within: StressRun.watchdog)
            return true
        } catch {
            Issue.record("\(run) hung: \(error)")
            return false
        }
    }
}

/// The transition durations of the stress suites: animated transitions span several
/// scheduling points (so that requests overlap and cancellations land mid-flight) and take no
/// wall time.
extension Window.Configuration {
    static var yielding: Window.Configuration {
        Window.Configuration(clock: YieldingClock(yields: 3), transitionDuration: .milliseconds(1))
    }
}

extension BusyPolicy {
    /// A salt that makes each policy's test use its own seed.
    var salt: UInt64 {
        switch self {
        case .enqueue: 1
        case .dropIfBusy: 2
        case .replacePending: 3
        }
    }
}

/// A value shared between a test's tasks.
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Locked<Value>
    init(_ value: Value) { mutex = Locked(value) }
    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }
}

extension RequestLedger.Resolution {
    /// The committed sequence number, if the request completed.
    var sequence: UInt64? {
        if case .outcome(let outcome) = self { return outcome.sequence }
        return nil
    }
}

extension Result where Failure == any Error {
    /// Captures an async throwing body's result.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
