// NavigationRuntimeTesting: what the explorer's workers share (the states found) and what each
// keeps to itself (its checkpoints and windows).

import NavigationRuntime
import Synchronization

/// Every state found so far, by digest hash: their ids, normalized snapshots and facts. Shared
/// by the workers.
///
/// In shards by the hash's low bits, each behind its own lock: every action that changes the
/// tree looks its digest up here, and a state found is compared with the others of its hash
/// under the lock, so that one lock made the two workers wait for each other (the contended
/// mutex's slow path and the futex calls showed in a profile of two workers). An id names its
/// shard and its place there (`place * shardCount + shard`): ids are unique, not dense, and in
/// no order the result depends on (its indices are breadth-first, whatever the interleaving).
final class StateTable: Sendable {
    /// One state: its digest hash, snapshot and facts, and the place of the shard's next state
    /// with the same hash (-1: none).
    private struct Entry {
        let hash: Int
        let snapshot: WindowSnapshot
        let facts: StateFacts
        var next: Int
    }

    /// A shard's states in the order entered (an id's place is its position), with the first
    /// state of each hash: the states of a hash are a chain through ``Entry/next``, read in
    /// place under the lock (a dictionary of arrays handed each look-up a copy of its array,
    /// retained and released on a buffer both workers share).
    private struct Storage {
        var entries: [Entry] = []
        var firstOfHash: [Int: Int] = [:]
        var lastOfHash: [Int: Int] = [:]
    }

    /// One shard: its states behind its lock (a lock is not copyable: an array holds boxes).
    private final class Shard: Sendable {
        let storage = Locked(Storage())
    }

    private static let shardCount = 64
    private let shards: [Shard] = (0..<StateTable.shardCount).map { _ in Shard() }

    private func shard(of hash: Int) -> Int { Int(UInt(bitPattern: hash) % UInt(Self.shardCount)) }

    /// The id of the first state entered whose digest hash is `hash` and whose snapshot
    /// `matches` accepts, if any: `matches` is called under the shard's lock with each
    /// candidate's snapshot in place (nothing is copied or retained for the look-up).
    func firstMatch(_ hash: Int, where matches: (WindowSnapshot) -> Bool) -> Int? {
        let number = shard(of: hash)
        return shards[number].storage.withLock { storage in
            var place = storage.firstOfHash[hash] ?? -1
            while place >= 0 {
                if matches(storage.entries[place].snapshot) { return place * Self.shardCount + number }
                place = storage.entries[place].next
            }
            return nil
        }
    }

    /// Enters a state with its facts (worked out by the caller, outside the lock), unless an
    /// equal one is in (found meanwhile by another worker).
    func insert(hash: Int, snapshot: WindowSnapshot, facts: StateFacts) -> (id: Int, inserted: Bool) {
        let number = shard(of: hash)
        return shards[number].storage.withLock { storage in
            var place = storage.firstOfHash[hash] ?? -1
            while place >= 0 {
                if storage.entries[place].snapshot == snapshot { return (place * Self.shardCount + number, false) }
                place = storage.entries[place].next
            }
            let added = storage.entries.count
            storage.entries.append(Entry(hash: hash, snapshot: snapshot, facts: facts, next: -1))
            if let last = storage.lastOfHash.updateValue(added, forKey: hash) {
                storage.entries[last].next = added
            } else {
                storage.firstOfHash[hash] = added
            }
            return (added * Self.shardCount + number, true)
        }
    }

    /// Empties every shard (what it holds is freed here, not where the table's last reference
    /// goes).
    func removeAll() {
        for shard in shards { shard.storage.withLock { $0 = Storage() } }
    }

    /// The digest hash, normalized snapshot and facts of the state with this id.
    func state(_ id: Int) -> (hash: Int, snapshot: WindowSnapshot, facts: StateFacts) {
        let place = id / Self.shardCount
        return shards[id % Self.shardCount].storage.withLock { storage in
            let entry = storage.entries[place]
            return (entry.hash, entry.snapshot, entry.facts)
        }
    }
}

/// One worker's checkpoints (by state id) and the windows they live in. Only its worker uses
/// its windows, so that no two tasks ever drive one window.
final class ExplorationHome: Sendable {
    private struct Storage {
        var checkpoints: [Int: Window.Checkpoint] = [:]
        var windows: [Window] = []
    }

    private let storage = Locked(Storage())

    func store(_ id: Int, _ checkpoint: Window.Checkpoint) { storage.withLock { $0.checkpoints[id] = checkpoint } }

    /// The checkpoint of the state, handed over once (a state is expanded once).
    func take(_ id: Int) -> Window.Checkpoint? { storage.withLock { $0.checkpoints.removeValue(forKey: id) } }

    func holds(_ id: Int) -> Bool { storage.withLock { $0.checkpoints[id] != nil } }

    func adopt(_ window: Window) { storage.withLock { $0.windows.append(window) } }

    /// Drops the checkpoints and closes the windows (their trees hold reference cycles until then).
    func close() async {
        let windows = storage.withLock { storage in
            storage.checkpoints.removeAll()
            defer { storage.windows.removeAll() }
            return storage.windows
        }
        for window in windows { await window.close() }
    }
}
