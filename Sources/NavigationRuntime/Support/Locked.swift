import Synchronization

#if NAVIGATION_TSAN
import Foundation

/// The lock of every piece of state shared across threads, in a ThreadSanitizer build
/// (`Stress/tsan.sh` compiles with `-DNAVIGATION_TSAN`).
///
/// On Linux, ThreadSanitizer does not see the ordering `Synchronization.Mutex` gives: the
/// smallest program that appends to an array under a `Mutex` from four threads is reported
/// as racing (checked with Swift 6.3.1). `NSLock` is a `pthread_mutex`, which TSan models, so
/// the sanitizer reports only real races.
//
// Why `@unchecked Sendable` is safe: `value` is only read or written inside `withLock`, between
// `lock.lock()` and `lock.unlock()`, so no two threads ever access it at the same time.
package final class Locked<Value>: @unchecked Sendable {  // safe: see the proof above
    private let lock = NSLock()
    private var value: Value

    package init(_ value: sending Value) {
        self.value = value
    }

    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
#else
/// The lock of every piece of state shared across threads: `Synchronization.Mutex`, except in
/// a ThreadSanitizer build (see `Stress/tsan.sh`).
package typealias Locked<Value: ~Copyable> = Mutex<Value>
#endif
