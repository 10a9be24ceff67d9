@testable import NavStressKit
import Testing

/// The latency histogram's buckets and percentiles, with exact expected values.
@Suite struct LatencyHistogramTests {
    @Test func bucketIndex_isExactBelow32_thenSixteenSubBucketsPerPowerOfTwo() {
        let values: [UInt64] = [0, 1, 15, 16, 31, 32, 33, 34, 63, 64, 1_000, 5_000, .max]
        #expect(values.map(LatencyHistogram.bucketIndex(of:)) == [0, 1, 15, 16, 31, 32, 32, 33, 47, 48, 111, 147, 975])
    }

    @Test func bucketRange_isTheInverseOfBucketIndex() {
        #expect(LatencyHistogram.bucketRange(31) == 31...31)
        #expect(LatencyHistogram.bucketRange(32) == 32...33)
        #expect(LatencyHistogram.bucketRange(47) == 62...63)
        #expect(LatencyHistogram.bucketRange(111) == 992...1_023)
        #expect(LatencyHistogram.bucketRange(975) == (31 << 59)...UInt64.max)
        for index in 0...975 {
            let range = LatencyHistogram.bucketRange(index)
            #expect(LatencyHistogram.bucketIndex(of: range.lowerBound) == index)
            #expect(LatencyHistogram.bucketIndex(of: range.upperBound) == index)
        }
    }

    @Test func percentiles_areTheLowerBoundsOfTheBucketsOfTheirRanks() {
        var histogram = LatencyHistogram()
        for value in UInt64(1)...100 { histogram.record(value) }
        #expect(histogram.count == 100)
        #expect(histogram.max == 100)
        #expect(histogram.value(atQuantile: 0) == 1)
        #expect(histogram.value(atQuantile: 0.5) == 50)  // rank 50: 50, bucket 50...51
        #expect(histogram.value(atQuantile: 0.99) == 96)  // rank 99: 99, bucket 96...99
        #expect(histogram.value(atQuantile: 0.999) == 100)  // rank 100: 100, bucket 100...103
        #expect(histogram.value(atQuantile: 1) == 100)
        #expect(LatencyHistogram().value(atQuantile: 0.5) == 0)
    }

    @Test func merge_equalsRecordingEverythingInOne() {
        var whole = LatencyHistogram()
        var low = LatencyHistogram()
        var high = LatencyHistogram()
        for value in UInt64(1)...100 {
            whole.record(value * 37)
            if value <= 50 { low.record(value * 37) } else { high.record(value * 37) }
        }
        var merged = high
        merged.merge(low)
        #expect(merged == whole)
        #expect(merged.count == 100)
        #expect(merged.max == 3_700)
    }

    @Test func memory_isBoundedByTheLargestValue_notByTheCount() {
        var histogram = LatencyHistogram()
        for _ in 0..<100_000 { histogram.record(5_000) }
        #expect(histogram.counts.count == 148)
        #expect(histogram.counts[147] == 100_000)
        #expect(histogram.value(atQuantile: 0.999) == 4_864)  // bucket 4,864...5,119
    }

    @Test func durations_recordAsNanoseconds() {
        var histogram = LatencyHistogram()
        histogram.record(.microseconds(3))
        histogram.record(.zero - .seconds(1))
        #expect(histogram.counts[135] == 1)  // 3,000 ns: bucket 2,944...3,071
        #expect(histogram.counts[0] == 1)  // negative: 0
        #expect(histogram.value(atQuantile: 1) == 2_944)
    }
}

/// Reading `/proc/self/status`.
@Suite struct ResidentMemoryTests {
    @Test func parse_readsVmRSSAndVmHWM_inBytes() {
        let status = "Name:\tnavstress\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t3\n"
        #expect(ResidentMemory.parse(status) == ResidentMemory(current: 104_857_600, peak: 209_715_200))
    }

    @Test func parse_withoutBothFields_orWithGarbage_isNil() {
        #expect(ResidentMemory.parse("VmRSS:\t100 kB\n") == nil)
        #expect(ResidentMemory.parse("") == nil)
        #expect(ResidentMemory.parse("VmRSS: lots kB\nVmHWM: 99999999999999999999 kB\n") == nil)
    }
}
