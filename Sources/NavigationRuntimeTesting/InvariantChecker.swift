import NavigationRuntime

/// Checks a window's journal (and its final snapshot) against the guarantees every run must
/// keep, whatever the interleaving (DESIGN §3, §6):
/// - committed sequence numbers are gapless from the first one seen, in journal order;
/// - transitions commit in the order their requests were accepted;
/// - appearance callbacks follow the state machine of UIKIT-SEMANTICS §0 per controller, and
///   every `willMove` is followed by one `didMove`;
/// - each controller's last state equals its appearance in the final snapshot;
/// - when the journal starts at the window's first commit: replaying it through the
///   ``ReferenceModel`` gives the final snapshot (linearizability, ``LinearizabilityChecker``).
///
/// Subscribe to the journal before the window's first request, and collect it after closing
/// the window (closing finishes the stream):
///
/// ```swift
/// let journal = await window.journal()
/// // ... drive the window ...
/// let snapshot = await window.snapshot()
/// await window.close()
/// let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
/// #expect(report.violations == [])
/// ```
public struct InvariantChecker: Sendable {
    /// What a check found.
    public struct Report: Sendable, Hashable {
        /// Every broken guarantee, as a sentence naming the ids involved. Empty when all held.
        public var violations: [String]
        /// How many transitions committed.
        public var commits: Int
        /// The journal's events.
        public var events: [JournalEvent]

        /// Whether every guarantee held.
        public var holds: Bool { violations.isEmpty }
    }

    /// Collects a finished journal stream and checks it.
    ///
    /// - Parameter start: the window's snapshot taken when the journal was subscribed, if that
    ///   was after the window's first commit (see ``check(events:finalSnapshot:start:)``).
    public static func check(
        journal: AsyncStream<JournalEvent>,
        finalSnapshot: WindowSnapshot?,
        start: WindowSnapshot? = nil
    ) async -> Report {
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }
        return check(events: events, finalSnapshot: finalSnapshot, start: start)
    }

    /// Checks a list of events of one window.
    ///
    /// - Parameter start: the window's snapshot taken, between transitions, when the journal
    ///   was subscribed. With it, the journal need not start at the window's first commit: the
    ///   controllers start in the appearance the snapshot gives them, the next commit must be
    ///   the snapshot's sequence number plus one, and the reference model replays the journal
    ///   from the snapshot's tree. Without it, the model replays only a journal that starts at
    ///   the first commit.
    public static func check(events: [JournalEvent], finalSnapshot: WindowSnapshot?, start: WindowSnapshot? = nil) -> Report {
        var violations: [String] = []
        var accepted: [RequestID] = []
        var committed: [RequestID] = []
        var expectedSequence: UInt64? = start.flatMap { $0.sequence == .max ? nil : $0.sequence + 1 }
        var state: [ControllerID: AppearanceState] = [:]
        for controller in start?.allControllers ?? [] { state[controller.id] = controller.appearance }
        var moving: Set<ControllerID> = []
        var closed = false
        for event in events {
            switch event.kind {
            case .windowClosed:
                closed = true
            case .accepted:
                if let request = event.request { accepted.append(request) }
            case .committed:
                if let expected = expectedSequence, event.sequence != expected {
                    violations.append("sequence gap: \(event.sequence) committed where \(expected) was next")
                }
                // A recorded journal may hold any number: no overflow trap at the last one.
                let (next, overflow) = event.sequence.addingReportingOverflow(1)
                expectedSequence = overflow ? nil : next
                if let request = event.request { committed.append(request) }
            case .callback(let id, let callback):
                checkCallback(callback, of: id, state: &state, moving: &moving, violations: &violations)
            default:
                break
            }
        }
        let acceptedRank = Dictionary(accepted.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let ranks = committed.compactMap { acceptedRank[$0] }
        if ranks != ranks.sorted() {
            violations.append("transitions committed out of acceptance order")
        }
        // A window closed mid-transition is torn down without callbacks (R8.8): what was in
        // flight stays half-way, and its final tree is empty.
        let tornDown = closed && finalSnapshot?.root == nil
        if !tornDown {
            for id in moving.sorted() { violations.append("\(id) got willMove without didMove") }
            for (id, final) in state.sorted(by: { $0.key < $1.key }) where final == .appearing || final == .disappearing {
                violations.append("\(id) was left \(final)")
            }
        }
        if let finalSnapshot, !tornDown, start != nil || replaysFromTheStart(events) {
            if let mismatch = LinearizabilityChecker.check(events: events, start: start, finalSnapshot: finalSnapshot) {
                violations.append("not linearizable: \(mismatch)")
            }
        }
        if let finalSnapshot {
            for controller in finalSnapshot.allControllers where (state[controller.id] ?? .disappeared) != controller.appearance {
                violations.append(
                    "\(controller.id) ended \(state[controller.id] ?? .disappeared) by its callbacks, but the snapshot says \(controller.appearance)"
                )
            }
        }
        return Report(violations: violations, commits: committed.count, events: events)
    }

    /// Whether the journal starts before the window's first commit (its first change sets the
    /// root), so that the reference model can replay it from an empty window.
    private static func replaysFromTheStart(_ events: [JournalEvent]) -> Bool {
        for event in events {
            if case .committed(let change) = event.kind {
                if case .setRoot = change { return event.sequence == 1 }
                return false
            }
        }
        return false
    }

    private static func checkCallback(
        _ callback: ControllerCallback,
        of id: ControllerID,
        state: inout [ControllerID: AppearanceState],
        moving: inout Set<ControllerID>,
        violations: inout [String]
    ) {
        let current = state[id] ?? .disappeared
        func edge(_ allowed: [AppearanceState], to next: AppearanceState) {
            if !allowed.contains(current) { violations.append("\(id): \(callback) while \(current)") }
            state[id] = next
        }
        switch callback {
        case .viewWillAppear: edge([.disappeared, .disappearing], to: .appearing)
        case .viewDidAppear: edge([.appearing], to: .appeared)
        case .viewWillDisappear: edge([.appeared, .appearing], to: .disappearing)
        case .viewDidDisappear: edge([.disappearing], to: .disappeared)
        case .willMove:
            if !moving.insert(id).inserted { violations.append("\(id): willMove twice without didMove") }
        case .didMove:
            if moving.remove(id) == nil { violations.append("\(id): didMove without willMove") }
        case .viewDidLoad:
            break
        }
    }
}
