// NavigationRuntimeTesting: a set of values that carry their own hash, probed without `Hasher`.

/// A value with a hash worked out once, when it was made (a `TreeHasher` value: FNV-1a, its
/// bits mixed by the multiplies).
protocol Digested: Equatable {
    /// Equal values have equal digests.
    var digest: Int { get }
}

/// The values inserted, each once, probed by their own ``Digested/digest``.
///
/// A `Set` hashes the digest again with `Hasher` (SipHash: about 160 instructions) at every
/// insertion; the growth rule inserts each state's candidates, 26,052 of them for GoMap's main
/// storyboard to depth 12, most of them already in. Open addressing over a power-of-two table
/// of positions in ``members``, probed linearly from the digest's bits.
struct DigestSet<Element: Digested> {
    /// The values, in the order inserted.
    private(set) var members: [Element] = []
    /// Each slot: a position in ``members``, or -1.
    private var slots = [Int](repeating: -1, count: 16)

    /// Inserts `element` unless an equal one is in; whether it was not.
    mutating func insert(_ element: Element) -> Bool {
        let mask = slots.count - 1
        var slot = Self.start(of: element.digest, mask: mask)
        while slots[slot] >= 0 {
            let member = slots[slot]
            if members[member].digest == element.digest && members[member] == element { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = members.count
        members.append(element)
        // At most half full: probes stay short.
        if members.count * 2 > slots.count { grow() }
        return true
    }

    /// The slot a digest's probe starts at: its high bits folded into the low ones (a digest's
    /// low bits alone may be alike for alike values).
    private static func start(of digest: Int, mask: Int) -> Int {
        let bits = UInt(bitPattern: digest)
        return Int(truncatingIfNeeded: (bits ^ (bits >> 29) ^ (bits >> 47)) & UInt(mask))
    }

    private mutating func grow() {
        slots = [Int](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for position in members.indices {
            var slot = Self.start(of: members[position].digest, mask: mask)
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = position
        }
    }
}
