/// Latencies in a log-bucketed histogram (HdrHistogram's layout): values below 32 have a bucket
/// each; above, each power of two is split into 16 linear sub-buckets, so a bucket's width is
/// at most 1/16 of its lower bound (every percentile is within 6.25% of the true value, and
/// reported as its bucket's lower bound).
///
/// Memory is bounded by the largest value recorded (at most 976 counters for any `UInt64`),
/// not by how many values are recorded, and two histograms merge by adding counters, so each
/// task records into its own and the driver merges them.
public struct LatencyHistogram: Sendable, Hashable {
    /// Linear sub-buckets per power of two (2^4).
    static let subBucketBits = 4
    static let subBuckets = 1 << subBucketBits

    /// Counters by bucket index; grown on demand up to the largest index recorded.
    public private(set) var counts: [UInt64] = []
    /// How many values were recorded.
    public private(set) var count: UInt64 = 0
    /// The largest value recorded (0 when empty).
    public private(set) var max: UInt64 = 0

    /// Creates an empty histogram.
    public init() {}

    /// The bucket index of `value`.
    public static func bucketIndex(of value: UInt64) -> Int {
        let magnitude = 63 - value.leadingZeroBitCount  // -1 for 0
        guard magnitude >= subBucketBits else { return Int(value) }
        let shift = magnitude - subBucketBits
        return shift * subBuckets + Int(value >> UInt64(shift))
    }

    /// The smallest and largest value that fall into bucket `index`.
    public static func bucketRange(_ index: Int) -> ClosedRange<UInt64> {
        guard index >= 2 * subBuckets else { return UInt64(index)...UInt64(index) }
        let shift = UInt64(index / subBuckets - 1)
        let sub = UInt64(index % subBuckets + subBuckets)
        let lower = sub << shift
        return lower...(lower + ((1 << shift) - 1))  // no overflow at the last bucket
    }

    /// Records one value.
    public mutating func record(_ value: UInt64) {
        let index = Self.bucketIndex(of: value)
        if index >= counts.count { counts += repeatElement(0, count: index + 1 - counts.count) }
        counts[index] += 1
        count += 1
        if value > max { max = value }
    }

    /// Records a duration, in nanoseconds (negative durations count as 0).
    public mutating func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        record(UInt64(Swift.max(0, nanoseconds)))
    }

    /// Adds another histogram's counts to this one.
    public mutating func merge(_ other: LatencyHistogram) {
        if other.counts.count > counts.count { counts += repeatElement(0, count: other.counts.count - counts.count) }
        for (index, value) in other.counts.enumerated() { counts[index] += value }
        count += other.count
        if other.max > max { max = other.max }
    }

    /// The value at quantile `q` (0...1): the lower bound of the bucket that holds the value of
    /// rank ⌈q·count⌉ (the smallest value for `q` = 0); 0 when empty.
    public func value(atQuantile q: Double) -> UInt64 {
        guard count > 0 else { return 0 }
        let clamped = Swift.min(1, Swift.max(0, q))
        let rank = Swift.max(1, UInt64((clamped * Double(count)).rounded(.up)))
        var seen: UInt64 = 0
        for (index, value) in counts.enumerated() {
            seen += value
            if seen >= rank { return Self.bucketRange(index).lowerBound }
        }
        return Self.bucketRange(counts.count - 1).lowerBound
    }
}
