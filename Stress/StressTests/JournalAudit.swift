import NavigationRuntime

/// Checks a window's journal against the callers' view (the ledger): every accepted request
/// ends exactly once, and the ends, counted by kind, equal the resolutions the callers got.
enum JournalAudit {
    /// How each request of the journal ended: `completed` (committed), `cancelled`,
    /// `failed(code)`, `vetoed`, `noChange`, `dropped`, `superseded`, `noDestination`; with
    /// whether it was deferred.
    struct Result {
        var violations: [String] = []
        /// Ends of the requests the callers awaited (not deferred), by name.
        var direct: [String: Int] = [:]
        /// Ends of deferred requests, by name.
        var deferred: [String: Int] = [:]
        /// How many requests were deferred.
        var deferredCount = 0
        /// Requests accepted and never ended (lost: a close journals the ends it causes too).
        var open: [RequestID] = []
    }

    static func audit(_ events: [JournalEvent]) -> Result {
        var result = Result()
        var accepted: [RequestID] = []
        var seen: Set<RequestID> = []
        var deferred: Set<RequestID> = []
        var ends: [RequestID: String] = [:]
        for event in events {
            guard let request = event.request else { continue }
            let end: String?
            switch event.kind {
            case .accepted:
                if !seen.insert(request).inserted { result.violations.append("\(request) accepted twice") }
                accepted.append(request)
                end = nil
            case .deferred:
                deferred.insert(request)
                end = nil
            case .committed: end = "completed"
            case .cancelled: end = "cancelled"
            case .failed(let code): end = "failed(\(code))"
            case .vetoed: end = "vetoed"
            case .noChange: end = "noChange"
            case .dropped: end = "dropped"
            case .superseded: end = "superseded"
            case .noDestination: end = "noDestination"
            case .began, .entered, .callback, .windowClosed, .warning: end = nil
            }
            guard let end else { continue }
            if !seen.contains(request) { result.violations.append("\(request) ended (\(end)) without being accepted") }
            if let first = ends[request] {
                result.violations.append("\(request) ended twice: \(first), then \(end)")
            } else {
                ends[request] = end
            }
        }
        for request in accepted {
            guard let end = ends[request] else {
                result.open.append(request)
                continue
            }
            if deferred.contains(request) { result.deferred[end, default: 0] += 1 } else { result.direct[end, default: 0] += 1 }
        }
        result.deferredCount = deferred.count
        if !result.open.isEmpty {
            result.violations.append("accepted and never ended (lost): \(result.open)")
        }
        return result
    }

    /// The ledger's counts without the nested (deferred) calls, comparable with ``Result/direct``.
    static func direct(_ counts: [String: Int]) -> [String: Int] {
        counts.filter { $0.key != "deferred" }
    }
}
