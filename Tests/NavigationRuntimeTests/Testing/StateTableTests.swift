import NavigationRuntime
@testable import NavigationRuntimeTesting
import Testing

/// The explorer's ``StateTable``: states kept in shards by digest hash. Ids name a shard and a
/// place in it, so these check what the workers rely on: every state gets its own id, an equal
/// state (found again, by another worker) gets the first one's id back, and each id reads back
/// its own hash, snapshot and facts, wherever the hashes fall among the shards.
@Suite struct StateTableTests {
    /// A one-controller state whose root is the scene `name`.
    static func snapshot(_ name: String) -> WindowSnapshot {
        WindowSnapshot(
            window: WindowID(1), sequence: 0, traits: .regular, transitionInFlight: false,
            root: ControllerSnapshot(id: ControllerID(1), scene: name, className: "UIViewController", kind: .content, appearance: .appeared))
    }

    /// The root scenes of the states `firstMatch` offers under `hash`, in order (none accepted).
    static func offered(_ hash: Int, in table: StateTable) -> [String?] {
        var offered: [String?] = []
        _ = table.firstMatch(hash) { offered.append($0.root?.scene); return false }
        return offered
    }

    @Test func everyStateHasItsOwnId_andReadsBackItsOwnEntry() {
        let table = StateTable()
        // Hashes in the same shard (multiples of 64 apart, and negative ones), in different
        // shards, and several states under one hash (a collision the snapshot tells apart).
        let hashes = [0, 64, 128, -64, 1, 63, 65, Int.min, Int.max, 7, 7, 7]
        var ids: [Int] = []
        for (number, hash) in hashes.enumerated() {
            let snapshot = Self.snapshot("s\(number)")
            let (id, inserted) = table.insert(hash: hash, snapshot: snapshot, facts: StateFacts(snapshot))
            #expect(inserted, "state \(number)")
            ids.append(id)
        }
        #expect(Set(ids).count == hashes.count, "ids: \(ids)")
        for (number, id) in ids.enumerated() {
            let state = table.state(id)
            #expect(state.hash == hashes[number])
            #expect(state.snapshot == Self.snapshot("s\(number)"))
            #expect(state.facts.scenes.map(\.text) == ["s\(number)"])
        }
        #expect(Self.offered(7, in: table) == ["s9", "s10", "s11"])
        #expect(Self.offered(64, in: table) == ["s1"])
        #expect(Self.offered(3, in: table).isEmpty)
    }

    @Test func anEqualStateGetsTheFirstId_andADifferentOneUnderTheSameHashItsOwn() {
        let table = StateTable()
        let first = Self.snapshot("a")
        let (id, inserted) = table.insert(hash: 42, snapshot: first, facts: StateFacts(first))
        #expect(inserted)
        let again = table.insert(hash: 42, snapshot: Self.snapshot("a"), facts: StateFacts(first))
        #expect(again.id == id)
        #expect(!again.inserted)
        let other = table.insert(hash: 42, snapshot: Self.snapshot("b"), facts: StateFacts(Self.snapshot("b")))
        #expect(other.inserted)
        #expect(other.id != id)
        #expect(Self.offered(42, in: table) == ["a", "b"])
        #expect(table.firstMatch(42) { $0.root?.scene == "b" } == other.id)
    }

    /// The workers' look-up: the first state entered under the hash that the predicate
    /// accepts, each candidate offered in the order entered, and none for a hash with no state
    /// or no accepted one.
    @Test func firstMatch_offersTheHashsStatesInOrder_andAnswersTheFirstAccepted() {
        let table = StateTable()
        // Three states under one hash, one under a hash of the same shard, one elsewhere.
        let names = ["a", "b", "c", "d", "e"]
        let hashes = [5, 5, 69, 5, 6]
        var ids: [String: Int] = [:]
        for (name, hash) in zip(names, hashes) {
            ids[name] = table.insert(hash: hash, snapshot: Self.snapshot(name), facts: StateFacts(Self.snapshot(name))).id
        }
        var offered: [String?] = []
        let found = table.firstMatch(5) { snapshot in
            offered.append(snapshot.root?.scene)
            return snapshot.root?.scene == "b" || snapshot.root?.scene == "d"
        }
        #expect(found == ids["b"])
        #expect(offered == ["a", "b"])
        offered = []
        #expect(table.firstMatch(5) { offered.append($0.root?.scene); return false } == nil)
        #expect(offered == ["a", "b", "d"])
        #expect(table.firstMatch(69) { $0.root?.scene == "c" } == ids["c"])
        #expect(table.firstMatch(7) { _ in true } == nil)
    }

    /// Two tasks entering the same states at once (as two workers do): each state is entered
    /// once, and both tasks get its one id.
    @Test func racingInserts_enterEachStateOnce() async {
        let table = StateTable()
        let names = (0..<500).map { "s\($0)" }
        async let left = Self.insertAll(names, into: table)
        async let right = Self.insertAll(names.reversed(), into: table)
        let (leftIDs, rightIDs) = await (left, right)
        #expect(leftIDs.values.filter(\.inserted).count + rightIDs.values.filter(\.inserted).count == names.count)
        for name in names {
            #expect(leftIDs[name]?.id == rightIDs[name]?.id, "\(name)")
        }
        #expect(Set(leftIDs.values.map(\.id)).count == names.count)
    }

    static func insertAll(_ names: [String], into table: StateTable) async -> [String: (id: Int, inserted: Bool)] {
        var ids: [String: (id: Int, inserted: Bool)] = [:]
        for name in names {
            let snapshot = snapshot(name)
            // Few hashes for many states: most shards stay empty, some hold several states.
            ids[name] = table.insert(hash: name.utf8.count * 97, snapshot: snapshot, facts: StateFacts(snapshot))
        }
        return ids
    }
}
