// What the navstress executable leaves to the process's exit instead of freeing it.

import Synchronization

/// Values kept alive until the process exits, so that they are never freed one object at a
/// time: the operating system takes the whole address space back at once when the process
/// ends. Only for a process that ends right after (``NavStress/main(_:endsProcess:)``): a
/// process that goes on would keep them for good.
///
/// Why: an exploration of GoMap's main storyboard to depth 12 holds 5,964 states of about 31
/// controller snapshots each (some 100,000 arrays, with their facts and paths). Freeing them
/// cost 86.5 M instructions under callgrind, 7.3% of the run, and about 8% of the process's
/// wall time on two workers (`farm-bench`, 25 paired runs: 0.211 against 0.235 s), all of it
/// on one thread after the search, for memory the exit returns anyway.
enum ProcessEnd {
    /// What is kept (appended to, never emptied).
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `value` alive until the process exits.
    static func keep(_ value: some Sendable) {
        kept.withLock { $0.append(value) }
    }
}
