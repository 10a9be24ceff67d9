import Testing

@testable import NavStressKit

/// What the executable leaves to the process's exit (``ProcessEnd``), and `bench explore`'s
/// median.
@Suite struct ProcessEndTests {
    final class Probe: Sendable {}

    /// A kept value outlives its last owner: it is never freed (the executable exits instead).
    @Test func aKeptValue_outlivesItsLastOwner() {
        weak var probe: Probe?
        do {
            let made = Probe()
            probe = made
            ProcessEnd.keep(made)
        }
        #expect(probe != nil)
        weak var unkept: Probe?
        do {
            let made = Probe()
            unkept = made
        }
        #expect(unkept == nil)
    }

    /// `bench explore` reports the median of its runs: the middle one, or the mean of the two
    /// middle ones.
    @Test func benchExplore_reportsTheMedianRun() {
        #expect(ExploreBenchmark.median([3, 1, 2]) == 2)
        #expect(ExploreBenchmark.median([4, 1, 3, 2]) == 2.5)
        #expect(ExploreBenchmark.median([7]) == 7)
        #expect(ExploreBenchmark.median([]) == 0)
    }
}
