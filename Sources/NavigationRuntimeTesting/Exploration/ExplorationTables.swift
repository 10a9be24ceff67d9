// NavigationRuntimeTesting: what the explorer's workers share (the states found) and what each
// keeps to itself (its checkpoints and windows).

import NavigationRuntime
import Synchronization

/// Every state found so far, by digest hash: their ids (in the order found, whichever worker
/// found them), normalized snapshots and facts. Shared by the workers.
final class StateTable: Sendable {
    struct Entry: Sendable {
        let id: Int
        let snapshot: WindowSnapshot
    }

    private struct Storage {
        var byHash: [Int: [Entry]] = [:]
        var snapshots: [WindowSnapshot] = []
        var facts: [StateFacts] = []
        var hashes: [Int] = []
    }

    private let storage = Locked(Storage())

    /// The states whose digest hash is `hash` (to compare with the tree exactly).
    func candidates(_ hash: Int) -> [Entry] {
        storage.withLock { $0.byHash[hash] ?? [] }
    }

    /// Enters a state with its facts (worked out by the caller, outside the lock), unless an
    /// equal one is in (found meanwhile by another worker).
    func insert(hash: Int, snapshot: WindowSnapshot, facts: StateFacts) -> (id: Int, inserted: Bool) {
        storage.withLock { storage in
            if let found = storage.byHash[hash]?.first(where: { $0.snapshot == snapshot }) { return (found.id, false) }
            let id = storage.snapshots.count
            storage.snapshots.append(snapshot)
            storage.facts.append(facts)
            storage.hashes.append(hash)
            storage.byHash[hash, default: []].append(Entry(id: id, snapshot: snapshot))
            return (id, true)
        }
    }

    /// The digest hash, normalized snapshot and facts of the state with this id.
    func state(_ id: Int) -> (hash: Int, snapshot: WindowSnapshot, facts: StateFacts) {
        storage.withLock { ($0.hashes[id], $0.snapshots[id], $0.facts[id]) }
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
