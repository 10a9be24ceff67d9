// NavStressKit: the progress line of a load run.

import Foundation
import Synchronization

/// Requests done so far, shared by every task of a run, and the line on standard error that
/// shows them (only when standard error is a terminal, see ``LoadConfiguration/progress``).
/// The line is rewritten by the task whose requests cross the next step (1/200 of the run),
/// so no timer runs beside the load.
final class Progress: Sendable {
    let total: Int
    private let step: Int
    private let start = ContinuousClock.now
    private let done = Atomic<Int>(0)

    init(total: Int) {
        self.total = total
        self.step = max(1, total / 200)
    }

    func add(_ requests: Int) {
        let now = done.wrappingAdd(requests, ordering: .relaxed).newValue
        guard now / step != (now - requests) / step else { return }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(now) / seconds : 0
        let percent = total > 0 ? min(100, 100 * now / total) : 100
        writeError(String(format: "\rnavstress run: %d/%d requests (%d%%), %.0f requests/s\u{1B}[K", now, total, percent, rate))
    }

    /// Clears the line.
    func finish() {
        writeError("\r\u{1B}[K")
    }
}
