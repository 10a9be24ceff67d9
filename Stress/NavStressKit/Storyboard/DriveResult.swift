import Foundation
import NavigationRuntime

/// What one step did.
struct DriveResult {
    /// `completed`, `vetoed`, `noDestination` or `failed`.
    var outcome: String
    /// Why it failed.
    var error: String?
    /// The element id of the top-most visible content controller after the step.
    var top: String?
    /// Why a step that did not fail ended as it did, when the cause may be the drive's set-up
    /// rather than the app (an unwind that found no destination while no sources were read).
    var reason: String?
    /// Whether the step was an `expect` step (a failed one fails the run, `--keep-going` or not).
    var isExpectation = false

    init(outcome: String, error: String? = nil, reason: String? = nil, top: String? = nil, isExpectation: Bool = false) {
        self.outcome = outcome
        self.error = error
        self.reason = reason
        self.top = top
        self.isExpectation = isExpectation
    }

    /// The error, else the reason: what the text output shows in parentheses.
    var explanation: String? { error ?? reason }

    func jsonLine(step: Int, line: String, snapshot: WindowSnapshot) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let snapshotJSON = (try? encoder.encode(snapshot)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        var object = "{\"step\": \(step), \"line\": \(quote(line)), \"outcome\": \(quote(outcome)), "
        object += "\"top\": \(top.map(quote) ?? "null"), "
        if let error { object += "\"error\": \(quote(error)), " }
        if let reason { object += "\"reason\": \(quote(reason)), " }
        return object + "\"snapshot\": \(snapshotJSON)}"
    }

    private func quote(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
