import NavigationRuntime

/// Checks a window's journal (and its final snapshot) against the guarantees every run must
/// keep, whatever the interleaving:
/// - committed sequence numbers are gapless from the first one seen, in journal order;
/// - transitions commit in the order their requests were accepted;
/// - every request accepted ends once; once the window closed, each has its ending journaled;
/// - no controller is twice in the final tree;
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
        /// The journal's events (empty from an ``Incremental`` checker).
        public var events: [JournalEvent]
        /// How many requests the window deferred (made from inside a running transition, R4.5).
        public var deferredRequests: Int = 0

        /// Whether every guarantee held.
        public var holds: Bool { violations.isEmpty }
    }

    /// Collects a finished journal stream and checks it, keeping its events in the report.
    ///
    /// - Parameters:
    ///   - journal: The window's journal stream (`Window.journal()`), read to its end.
    ///   - finalSnapshot: The window's snapshot after its last commit, compared with the
    ///     reference model's tree; `nil` skips that comparison.
    ///   - start: the window's snapshot taken when the journal was subscribed, if that
    ///     was after the window's first commit (see ``check(events:finalSnapshot:start:)``).
    public static func check(
        journal: AsyncStream<JournalEvent>,
        finalSnapshot: WindowSnapshot?,
        start: WindowSnapshot? = nil
    ) async -> Report {
        let events = await JournalReader.collect(journal)
        return check(events: events, finalSnapshot: finalSnapshot, start: start)
    }

    /// Checks a list of events of one window.
    ///
    /// - Parameters:
    ///   - events: The window's journal events, in order.
    ///   - finalSnapshot: The window's snapshot after its last commit, compared with the
    ///     reference model's tree; `nil` skips that comparison.
    ///   - start: the window's snapshot taken, between transitions, when the journal was
    ///     subscribed. With it, the journal need not start at the window's first commit: the
    ///     controllers start in the appearance the snapshot gives them, the next commit must be
    ///     the snapshot's sequence number plus one, and the reference model replays the journal
    ///     from the snapshot's tree. Without it, the model replays only a journal that starts at
    ///     the first commit.
    public static func check(events: [JournalEvent], finalSnapshot: WindowSnapshot?, start: WindowSnapshot? = nil) -> Report {
        var checker = Incremental(start: start)
        for event in events { checker.consume(event) }
        var report = checker.finish(finalSnapshot: finalSnapshot)
        report.events = events
        return report
    }

    /// The same checks, one event at a time, in memory bounded by the window's live tree and
    /// its requests in flight rather than by the length of the run: for runs of millions of
    /// requests, consume the journal while the window runs.
    ///
    /// ```swift
    /// let journal = await window.journal()
    /// let checking = Task {
    ///     var checker = InvariantChecker.Incremental()
    ///     for await event in journal { checker.consume(event) }
    ///     return checker
    /// }
    /// // ... drive the window ...
    /// let snapshot = await window.snapshot()
    /// await window.close()
    /// let report = await checking.value.finish(finalSnapshot: snapshot)
    /// ```
    public struct Incremental: Sendable {
        private var violations: [String] = []
        /// Acceptance rank of each request accepted and not yet resolved.
        private var acceptedRank: [RequestID: Int] = [:]
        private var nextRank = 0
        private var lastCommittedRank = -1
        private var outOfOrder = false
        private var commits = 0
        private var deferred = 0
        private var expectedSequence: UInt64?
        /// The first request accepted in the journal.
        private var firstAccepted: RequestID?
        /// Controllers not `.disappeared` (a controller that disappears is forgotten).
        private var state: [ControllerID: AppearanceState] = [:]
        private var moving: Set<ControllerID> = []
        private var closed = false
        private var replay = Replay.undecided(ReferenceModel())

        /// Whether the journal is replayed through the reference model.
        private enum Replay: Sendable {
            /// Before the first commit: it decides (a journal that starts at the first commit).
            case undecided(ReferenceModel)
            case replaying(ReferenceModel)
            /// The journal starts later: no replay.
            case off
            case failed(String)
        }

        /// A checker for a journal subscribed before the window's first request, or, given
        /// `start`, the window's snapshot taken between transitions when the journal was
        /// subscribed (see ``InvariantChecker/check(events:finalSnapshot:start:)``).
        public init(start: WindowSnapshot? = nil) {
            guard let start else { return }
            expectedSequence = start.sequence == .max ? nil : start.sequence + 1
            for controller in start.allControllers where controller.appearance != .disappeared {
                state[controller.id] = controller.appearance
            }
            replay = .replaying(ReferenceModel(start: start))
        }

        /// Checks one event.
        public mutating func consume(_ event: JournalEvent) {
            switch event.kind {
            case .windowClosed:
                closed = true
            case .accepted:
                if let request = event.request {
                    acceptedRank[request] = nextRank
                    nextRank += 1
                    if firstAccepted == nil { firstAccepted = request }
                }
            case .committed:
                if let expected = expectedSequence, event.sequence != expected {
                    violations.append("sequence gap: \(event.sequence) committed where \(expected) was next")
                }
                // A recorded journal may hold any number: no overflow trap at the last one.
                let (next, overflow) = event.sequence.addingReportingOverflow(1)
                expectedSequence = overflow ? nil : next
                commits += 1
                if let request = event.request, let rank = ended(request) {
                    if rank < lastCommittedRank { outOfOrder = true }
                    lastCommittedRank = rank
                }
            case .callback(let id, let callback):
                InvariantChecker.checkCallback(callback, of: id, state: &state, moving: &moving, violations: &violations)
                if state[id] == .disappeared { state[id] = nil }
            case .deferred:
                deferred += 1
            case .dropped, .superseded, .cancelled, .failed, .vetoed, .noChange, .noDestination:
                // Resolved without a commit.
                if let request = event.request { _ = ended(request) }
            default:
                break
            }
            advanceReplay(with: event)
        }

        /// Notes a request's ending; returns its acceptance rank. Request ids grow with
        /// acceptance, so a request accepted after the first one seen must be in the journal:
        /// if it is not pending, it ended twice or was never accepted.
        private mutating func ended(_ request: RequestID) -> Int? {
            if let rank = acceptedRank.removeValue(forKey: request) { return rank }
            if let first = firstAccepted, request >= first {
                violations.append("\(request) ended twice, or without being accepted")
            }
            return nil
        }

        private mutating func advanceReplay(with event: JournalEvent) {
            var model: ReferenceModel
            var decided: Bool
            switch replay {
            case .off, .failed: return
            case .undecided(let current): (model, decided) = (current, false)
            case .replaying(let current): (model, decided) = (current, true)
            }
            if !decided, case .committed(let change) = event.kind {
                // The reference model replays from an empty window: the journal must start at
                // the window's first commit, which sets the root.
                guard case .setRoot = change, event.sequence == 1 else {
                    replay = .off
                    return
                }
                decided = true
            }
            replay = .off  // drop the enum's copy: the model changes in place, held once
            do {
                try model.apply(event)
            } catch {
                replay = .failed("replay stopped at \(event): \(error)")
                return
            }
            replay = decided ? .replaying(model) : .undecided(model)
        }

        /// The verdict, with the window's final snapshot (taken before closing it), if any.
        /// The report's `events` is empty: the checker keeps none.
        public func finish(finalSnapshot: WindowSnapshot?) -> Report {
            var violations = self.violations
            if outOfOrder { violations.append("transitions committed out of acceptance order") }
            // A closed window's journal ends after every request's ending (DESIGN §6).
            if closed && !acceptedRank.isEmpty {
                let open = acceptedRank.keys.sorted().map { "\($0)" }.joined(separator: ", ")
                violations.append("accepted and never ended: \(open)")
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
            if let finalSnapshot, !tornDown {
                switch replay {
                case .replaying(let model):
                    if let mismatch = LinearizabilityChecker.compare(model, with: finalSnapshot) {
                        violations.append("not linearizable: \(mismatch)")
                    }
                case .failed(let reason):
                    violations.append("not linearizable: \(reason)")
                case .undecided, .off:
                    break
                }
            }
            if let finalSnapshot {
                var seen: Set<ControllerID> = []
                for controller in finalSnapshot.allControllers where !seen.insert(controller.id).inserted {
                    violations.append("\(controller.id) is twice in the window's tree")
                }
                for controller in finalSnapshot.allControllers where (state[controller.id] ?? .disappeared) != controller.appearance {
                    violations.append(
                        "\(controller.id) ended \(state[controller.id] ?? .disappeared) by its callbacks, but the snapshot says \(controller.appearance)"
                    )
                }
            }
            return Report(violations: violations, commits: commits, events: [], deferredRequests: deferred)
        }
    }

    fileprivate static func checkCallback(
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
