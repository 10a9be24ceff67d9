@testable import NavigationRuntimeTesting
import Testing

/// ``DigestSet``: each value once, in the order inserted, probed by the digest it carries.
@Suite struct DigestSetTests {
    /// A value whose digest is chosen apart from its identity, so that unequal values can share
    /// a digest, or digests can share their low bits.
    struct Value: Digested {
        let id: Int
        let digest: Int
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    }

    /// Inserts a value (out of `#expect`, which cannot mutate).
    static func insert(_ set: inout DigestSet<Value>, _ id: Int, _ digest: Int) -> Bool {
        set.insert(Value(id: id, digest: digest))
    }

    @Test func eachValueOnce_inTheOrderInserted() {
        var set = DigestSet<Value>()
        #expect(Self.insert(&set, 1, 10))
        #expect(Self.insert(&set, 2, 20))
        #expect(!Self.insert(&set, 1, 10))
        #expect(set.members.map(\.id) == [1, 2])
    }

    /// Unequal values with one digest are both kept (compared, not taken for one).
    @Test func unequalValuesWithOneDigest_areBothKept() {
        var set = DigestSet<Value>()
        #expect(Self.insert(&set, 1, 7))
        #expect(Self.insert(&set, 2, 7))
        #expect(!Self.insert(&set, 2, 7))
        #expect(set.members.map(\.id) == [1, 2])
    }

    /// Thousands of values whose digests differ only in their high bits (their low bits all
    /// zero), through many growths: every one is kept once, and found again.
    @Test func digestsAlikeInTheirLowBits_growAndAreFoundAgain() {
        var set = DigestSet<Value>()
        for id in 0..<5_000 { #expect(Self.insert(&set, id, id << 40)) }
        for id in 0..<5_000 { #expect(!Self.insert(&set, id, id << 40)) }
        #expect(set.members.map(\.id) == Array(0..<5_000))
    }
}
