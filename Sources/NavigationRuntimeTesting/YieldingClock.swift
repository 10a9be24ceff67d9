/// A clock whose sleeps take no time but give the scheduler several chances to run other work
/// (each sleep yields `yields` times, checking cancellation after each): it makes transitions
/// span suspension points, so that stress tests can cancel and race them mid-flight without any
/// wall-clock wait.
public struct YieldingClock: Clock, Sendable {
    public typealias Instant = ContinuousClock.Instant

    /// How many times a sleep yields.
    public let yields: Int

    /// Creates a clock whose sleeps yield `yields` times.
    public init(yields: Int = 4) { self.yields = yields }

    public var now: Instant { ContinuousClock.now }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        for _ in 0..<yields {
            try Task.checkCancellation()
            await Task.yield()
        }
        try Task.checkCancellation()
    }
}
