// NavigationRuntime: the controllers a walk has met, by identity.

/// The controllers a walk or a check has met, by identity (each once, even where initial
/// children are shared or claimed in a cycle): a scan of a short array while there are few (a
/// segue's destination is a few controllers), a set past ``scanned`` of them (a wide subtree
/// is not scanned).
struct SeenControllers {
    private static let scanned = 32
    private var few: [ObjectIdentifier] = []
    private var many: Set<ObjectIdentifier>?

    /// Notes `identity`; whether it was not seen before.
    mutating func insert(_ identity: ObjectIdentifier) -> Bool {
        if let inserted = many?.insert(identity).inserted { return inserted }
        if few.contains(identity) { return false }
        few.append(identity)
        if few.count > Self.scanned {
            many = Set(few)
            few = []
        }
        return true
    }
}
