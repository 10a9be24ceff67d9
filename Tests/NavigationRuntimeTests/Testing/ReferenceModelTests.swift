import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// DESIGN §6: the reference model replays a journal to the window's snapshot, and the checker
/// notices when it does not.
@Suite struct ReferenceModelTests {
    /// A run touching every kind of change: root, push, pop, present, dismiss, tabs, split,
    /// traits, an unwind (composite).
    private func run() async throws -> (events: [JournalEvent], snapshot: WindowSnapshot) {
        let window = Window(configuration: .immediate)
        let journal = await window.journal()
        func leaf(_ actions: Set<String> = []) -> GenericViewController {
            GenericViewController(context: window.makeContext(), unwindActions: actions)
        }
        let home = leaf(["home:"])
        let stack = NavigationController(context: window.makeContext(), rootViewController: home)
        let split = SplitViewController(
            context: window.makeContext(),
            primary: NavigationController(context: window.makeContext(), rootViewController: leaf()),
            secondary: leaf()
        )
        let tabs = TabBarController(context: window.makeContext(), viewControllers: [stack, split])
        try await window.setRootViewController(tabs)
        let pushed = leaf()
        try await stack.pushViewController(pushed)
        try await stack.pushViewController(leaf())
        try await stack.popViewController()
        try await pushed.present(NavigationController(context: window.makeContext(), rootViewController: leaf()), style: .fullScreen)
        try await pushed.dismiss()
        let deep = leaf()
        try await pushed.present(deep, style: .overFullScreen)
        try await deep.performUnwind(action: "home:")
        try await tabs.selectTab(at: 1)
        try await window.setTraits(.compact)
        try await split.viewControllers[0].showDetailViewController(leaf())
        try await window.setTraits(.regular)
        let snapshot = await window.snapshot()
        await window.close()
        let events = await JournalReader.collect(journal)
        return (events, snapshot)
    }

    @Test func replayingTheJournal_givesTheSnapshot() async throws {
        let (events, snapshot) = try await run()
        #expect(LinearizabilityChecker.check(events: events, finalSnapshot: snapshot) == nil)
        let report = InvariantChecker.check(events: events, finalSnapshot: snapshot)
        #expect(report.violations == [])
        #expect(report.commits == 12)
    }

    @Test func aLostCommit_isCaught() async throws {
        let (events, snapshot) = try await run()
        // Drop the pop: the model keeps a controller the window no longer has.
        let corrupted = events.filter { event in
            if case .committed(.pop) = event.kind { return false }
            return true
        }
        #expect(LinearizabilityChecker.check(events: corrupted, finalSnapshot: snapshot) != nil)
    }

    @Test func aWrongFinalTree_isCaught() async throws {
        let (events, snapshot) = try await run()
        var changed = snapshot
        changed.root?.selectedIndex = 0
        #expect(LinearizabilityChecker.check(events: events, finalSnapshot: changed) != nil)
    }

    // MARK: - The incremental checker (the same verdicts, one event at a time)

    private func incremental(_ events: [JournalEvent], _ snapshot: WindowSnapshot?) -> InvariantChecker.Report {
        var checker = InvariantChecker.Incremental()
        for event in events { checker.consume(event) }
        return checker.finish(finalSnapshot: snapshot)
    }

    @Test func incremental_agreesWithTheWholeJournalCheck_onAGoodRun() async throws {
        let (events, snapshot) = try await run()
        let report = incremental(events, snapshot)
        #expect(report.violations == [])
        #expect(report.commits == 12)
        #expect(report.events == [])
    }

    @Test func incremental_catchesALostCommit_asAGapAndAReplayMismatch() async throws {
        let (events, snapshot) = try await run()
        let corrupted = events.filter { event in
            if case .committed(.pop) = event.kind { return false }
            return true
        }
        let whole = InvariantChecker.check(events: corrupted, finalSnapshot: snapshot)
        let streamed = incremental(corrupted, snapshot)
        #expect(streamed.violations == whole.violations)
        #expect(streamed.violations.contains { $0.hasPrefix("sequence gap: 5 committed where 4 was next") })
        #expect(streamed.violations.contains { $0.hasPrefix("not linearizable") })
    }

    @Test func incremental_catchesCommitsOutOfAcceptanceOrder() async throws {
        let (events, snapshot) = try await run()
        // Move the third request's acceptance before the second's: both are now accepted
        // before either commits, and they commit in the other order.
        var swapped = events
        let accepted = swapped.indices.filter { if case .accepted = swapped[$0].kind { true } else { false } }
        let third = swapped.remove(at: accepted[2])
        swapped.insert(third, at: accepted[1])
        let streamed = incremental(swapped, snapshot)
        #expect(streamed.violations == ["transitions committed out of acceptance order"])
        #expect(InvariantChecker.check(events: swapped, finalSnapshot: snapshot).violations == streamed.violations)
    }

    @Test func incremental_aJournalJoinedLate_isNotReplayed_butStillChecked() async throws {
        let (events, snapshot) = try await run()
        // Subscribed after the first commit: no replay from an empty window is possible, so no
        // linearizability verdict; the sequence numbers are still checked from the first seen.
        guard let firstCommit = events.firstIndex(where: { if case .committed = $0.kind { true } else { false } }) else {
            Issue.record("no commit in the run")
            return
        }
        let late = Array(events[(firstCommit + 1)...])
        #expect(incremental(late, snapshot).violations == InvariantChecker.check(events: late, finalSnapshot: snapshot).violations)
        var changed = snapshot
        changed.root?.selectedIndex = 0
        #expect(!incremental(late, changed).violations.contains { $0.hasPrefix("not linearizable") })
        #expect(incremental(events, changed).violations.contains { $0.hasPrefix("not linearizable") })
    }

    @Test func aRequestAcceptedAndNeverEnded_inAClosedWindowsJournal_isCaught() async throws {
        let (events, snapshot) = try await run()
        guard let close = events.lastIndex(where: { $0.kind == .windowClosed }) else {
            Issue.record("the journal of a closed window ends with windowClosed")
            return
        }
        var lost = events
        lost.insert(JournalEvent(window: snapshot.window, sequence: 12, request: RequestID(999), kind: .accepted("push")), at: close)
        #expect(incremental(lost, snapshot).violations == ["accepted and never ended: R999"])
        #expect(InvariantChecker.check(events: lost, finalSnapshot: snapshot).violations == ["accepted and never ended: R999"])
    }

    @Test func aRequestEndedTwice_isCaught() async throws {
        let (events, snapshot) = try await run()
        // The journal says the second request also ended `noChange` after its commit.
        guard let commit = events.firstIndex(where: { if case .committed = $0.kind { $0.sequence == 2 } else { false } }),
            let request = events[commit].request
        else {
            Issue.record("no second commit in the run")
            return
        }
        var twice = events
        twice.insert(JournalEvent(window: snapshot.window, sequence: 2, request: request, kind: .noChange), at: commit + 1)
        #expect(incremental(twice, snapshot).violations == ["\(request) ended twice, or without being accepted"])
    }

    @Test func aControllerTwiceInTheFinalTree_isCaught() async throws {
        let (events, snapshot) = try await run()
        var doubled = snapshot
        guard let first = doubled.root?.children.first else {
            Issue.record("the run's root has no children")
            return
        }
        doubled.root?.children.append(first)
        let violations = incremental(events, doubled).violations
        #expect(violations.contains("\(first.id) is twice in the window's tree"))
    }

    /// A change that does not apply throws and leaves the model as it was, whether it names
    /// the root or a controller inside a presented subtree (the model updates its tree in
    /// place, detached, and puts it back on a throw); the next change still applies.
    @Test func aChangeThatDoesNotApply_leavesTheModelAsItWas() throws {
        func node(_ id: UInt64, _ kind: ControllerKind = .content, children: [ControllerSnapshot] = []) -> ControllerSnapshot {
            ControllerSnapshot(id: ControllerID(id), className: "C\(id)", kind: kind, appearance: .disappeared, children: children)
        }
        var sequence: UInt64 = 0
        func event(_ kind: JournalEvent.Kind) -> JournalEvent {
            if case .committed = kind { sequence += 1 }
            return JournalEvent(window: WindowID(1), sequence: sequence, request: nil, kind: kind)
        }
        var model = ReferenceModel()
        for kind: JournalEvent.Kind in [
            .entered(node(1, .navigation, children: [node(2), node(3)])), .committed(.setRoot(ControllerID(1))),
            .entered(node(4, .navigation, children: [node(5)])),
            .committed(.present(presenter: ControllerID(3), presented: ControllerID(4), style: .fullScreen)),
        ] {
            try model.apply(event(kind))
        }
        let before = model
        #expect(model.root?.children.last?.presented?.children.map(\.id) == [ControllerID(5)])

        let error1 = #expect(throws: ReferenceModel.Inconsistency.self) {
            try model.apply(event(.committed(.pop(navigation: ControllerID(1), removed: [ControllerID(9)]))))
        }
        #expect(error1?.description == "pop of [#9] is not the top of #1")
        #expect(model == before)
        let error2 = #expect(throws: ReferenceModel.Inconsistency.self) {
            try model.apply(event(.committed(.pop(navigation: ControllerID(4), removed: [ControllerID(5)]))))
        }
        #expect(error2?.description == "pop of [#5] pops the root of #4")
        #expect(model == before)
        let error3 = #expect(throws: ReferenceModel.Inconsistency.self) {
            try model.apply(event(.committed(.selectTab(tabBar: ControllerID(8), index: 0))))
        }
        #expect(error3?.description == "#8 is not in the model's tree")
        #expect(model == before)

        try model.apply(event(.entered(node(6))))
        try model.apply(event(.committed(.push(navigation: ControllerID(4), pushed: ControllerID(6)))))
        #expect(model.root?.children.map(\.id) == [ControllerID(2), ControllerID(3)])
        #expect(model.root?.children.last?.presented?.children.map(\.id) == [ControllerID(5), ControllerID(6)])
        #expect(model.root?.children.last?.presented?.presentationStyle == .fullScreen)
    }
}
