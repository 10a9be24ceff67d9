import NavigationRuntime

/// Reads a window's journal after the window closed, and checks what every run must satisfy.
struct JournalCheck {
    let events: [JournalEvent]

    /// Collects every event of a stream that was subscribed before the work and finished by
    /// closing the window.
    static func collect(_ stream: AsyncStream<JournalEvent>) async -> JournalCheck {
        var events: [JournalEvent] = []
        for await event in stream { events.append(event) }
        return JournalCheck(events: events)
    }

    /// The committed changes in order, with their request ids and sequence numbers.
    var commits: [(request: RequestID, sequence: UInt64, change: CommittedChange)] {
        events.compactMap { event in
            if case .committed(let change) = event.kind, let request = event.request {
                return (request, event.sequence, change)
            }
            return nil
        }
    }

    /// Requests in the order the queue accepted them.
    var accepted: [RequestID] {
        events.compactMap { event in
            if case .accepted = event.kind { return event.request }
            return nil
        }
    }

    /// Problems with the appearance callbacks: an edge the state machine forbids (§0), a
    /// `willMove` not followed by a `didMove`, or a final state different from `expected`.
    func appearanceProblems(finalStates expected: [ControllerID: AppearanceState]) -> [String] {
        var problems: [String] = []
        var state: [ControllerID: AppearanceState] = [:]
        var moving: Set<ControllerID> = []
        for event in events {
            guard case .callback(let id, let callback) = event.kind else { continue }
            let current = state[id] ?? .disappeared
            switch callback {
            case .viewWillAppear:
                if current != .disappeared && current != .disappearing { problems.append("\(id) willAppear from \(current)") }
                state[id] = .appearing
            case .viewDidAppear:
                if current != .appearing { problems.append("\(id) didAppear from \(current)") }
                state[id] = .appeared
            case .viewWillDisappear:
                if current != .appeared && current != .appearing { problems.append("\(id) willDisappear from \(current)") }
                state[id] = .disappearing
            case .viewDidDisappear:
                if current != .disappearing { problems.append("\(id) didDisappear from \(current)") }
                state[id] = .disappeared
            case .willMove:
                if moving.contains(id) { problems.append("\(id) willMove twice") }
                moving.insert(id)
            case .didMove:
                if !moving.contains(id) { problems.append("\(id) didMove without willMove") }
                moving.remove(id)
            case .viewDidLoad:
                break
            }
        }
        for id in moving { problems.append("\(id) willMove without didMove") }
        for (id, final) in state where final == .appearing || final == .disappearing {
            problems.append("\(id) left in \(final)")
        }
        for (id, want) in expected where (state[id] ?? .disappeared) != want {
            problems.append("\(id) ended \(state[id] ?? .disappeared), snapshot says \(want)")
        }
        return problems
    }
}
