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
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }
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
}
