@testable import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// The synchronous core's leaf push and leaf pop (`LeafPush`, `LeafPop`): which pushes and pops
/// take them, and that they end in the same state with the same journal as through the general
/// path (`Window.Configuration.runsLeafTransitions` off), event for event.
@Suite struct LeafTransitionTests {
    private static func window(leafPushes: Bool, traits: Traits = .regular) -> Window {
        var configuration = Window.Configuration(transitionDuration: .zero, traits: traits)
        configuration.runsLeafTransitions = leafPushes
        return Window(configuration: configuration)
    }

    /// The events as both paths must agree on them (the window's id apart).
    private static func comparable(_ events: [JournalEvent]) -> [String] {
        events.map { "\($0.sequence) \($0.request.map { "\($0)" } ?? "-") \($0.kind)" }
    }

    // MARK: - One push, exactly

    @Test func aLeafPush_journalsEveryStepInUIKitsOrder_asTheGeneralPathDoes() async throws {
        var journals: [[JournalEvent]] = []
        var snapshots: [WindowSnapshot] = []
        var ids: (list: ControllerID, navigation: ControllerID, detail: ControllerID)?
        for leafPushes in [true, false] {
            let window = Self.window(leafPushes: leafPushes)
            let list = GenericViewController(context: window.makeContext(), className: "List")
            let navigation = NavigationController(context: window.makeContext(), rootViewController: list)
            try await window.setRootViewController(navigation)
            let journal = await window.journal()
            let detail = GenericViewController(context: window.makeContext(), className: "Detail")
            #expect(await window.withTree { $0.leafPush(of: detail, onto: navigation) != nil } == leafPushes || !leafPushes)
            #expect(try await navigation.pushViewController(detail, animated: false) == .completed(sequence: 2))
            let shown = await detail.appearanceState
            let covered = await list.appearanceState
            #expect(shown == .appeared && covered == .disappeared)
            snapshots.append(await window.snapshot())
            await window.close()
            journals.append(await JournalReader.collect(journal))
            ids = (list.id, navigation.id, detail.id)
        }
        let (list, navigation, detail) = try #require(ids)
        // The subtree as it entered: appearing, at the commit (R4.1).
        var entered = try #require(snapshots[0].root?.children.last)
        entered.appearance = .appearing
        let expected: [JournalEvent.Kind] = [
            .accepted("push"), .began,
            .callback(detail, .willMove(toParent: navigation)),
            .callback(detail, .viewDidLoad),
            .callback(list, .viewWillDisappear(animated: false)),
            .callback(detail, .viewWillAppear(animated: false)),
            .entered(entered),
            .committed(.push(navigation: navigation, pushed: detail)),
            .callback(list, .viewDidDisappear(animated: false)),
            .callback(detail, .viewDidAppear(animated: false)),
            .callback(detail, .didMove(toParent: navigation)),
        ]
        #expect(Array(journals[0].map(\.kind).prefix(expected.count)) == expected)
        #expect(Self.comparable(journals[0]) == Self.comparable(journals[1]))
        #expect(snapshots[0].normalized() == snapshots[1].normalized())
    }

    // MARK: - Which pushes are leaf pushes

    /// Each condition of `WindowTree.leafPush(of:onto:)` turns it down alone: the general path
    /// then runs the push (its hooks, its delegate, its walks).
    @Test func aPush_isALeafPushOnlyWhenItNamesEverythingItChanges() async throws {
        let window = Self.window(leafPushes: true)
        let recorder = CallbackRecorder()
        // A presentation context: an over-current-context presentation from it is its own (R3.4).
        let top = GenericViewController(context: window.makeContext(), definesPresentationContext: true)
        let navigation = NavigationController(context: window.makeContext(), rootViewController: top)
        let hidden = NavigationController(
            context: window.makeContext(), rootViewController: GenericViewController(context: window.makeContext()))
        try await window.setRootViewController(TabBarController(context: window.makeContext(), viewControllers: [navigation, hidden]))
        func isLeafPush(_ pushed: any ViewController, onto target: NavigationController) async -> Bool {
            await window.withTree { $0.leafPush(of: pushed, onto: target) != nil }
        }
        let plain = GenericViewController(context: window.makeContext())
        #expect(await isLeafPush(plain, onto: navigation))
        // Off screen: the other tab's stack.
        #expect(!(await isLeafPush(plain, onto: hidden)))
        // The pushed controller hears callbacks, has initial children, or is a split.
        #expect(!(await isLeafPush(RecordingController(context: window.makeContext(), name: "hooked", recorder: recorder), onto: navigation)))
        let embedding = GenericViewController(
            context: window.makeContext(), children: [GenericViewController(context: window.makeContext())])
        #expect(!(await isLeafPush(embedding, onto: navigation)))
        let split = SplitViewController(
            context: window.makeContext(), primary: GenericViewController(context: window.makeContext()),
            secondary: GenericViewController(context: window.makeContext()))
        #expect(!(await isLeafPush(split, onto: navigation)))
        // The top presents something that leaves it on screen.
        let over = GenericViewController(context: window.makeContext())
        try await top.present(over, style: .overCurrentContext)
        #expect(await window.withTree { _ in top.context.presented === over })
        #expect(!(await isLeafPush(plain, onto: navigation)))
        try await over.dismiss()
        #expect(await isLeafPush(plain, onto: navigation))
        // The navigation controller has a delegate.
        await navigation.setDelegate(RecordingNavigationDelegate(recorder: recorder))
        #expect(!(await isLeafPush(plain, onto: navigation)))
        await navigation.setDelegate(nil)
        // The top hears callbacks.
        try await navigation.pushViewController(RecordingController(context: window.makeContext(), name: "top", recorder: recorder))
        #expect(!(await isLeafPush(plain, onto: navigation)))
        await window.close()
    }

    /// An empty stack on screen: the pushed controller appears, nobody disappears.
    @Test func aPushOntoAnEmptyStack_isALeafPush_andOnlyThePushedControllerAppears() async throws {
        var journals: [[String]] = []
        for leafPushes in [true, false] {
            let window = Self.window(leafPushes: leafPushes)
            let navigation = NavigationController(context: window.makeContext(), viewControllers: [])
            try await window.setRootViewController(navigation)
            let journal = await window.journal()
            let first = GenericViewController(context: window.makeContext())
            #expect(await window.withTree { $0.leafPush(of: first, onto: navigation) != nil } == true)
            try await navigation.pushViewController(first, animated: false)
            #expect(await first.appearanceState == .appeared)
            await window.close()
            journals.append(Self.comparable(await JournalReader.collect(journal)))
        }
        #expect(journals[0] == journals[1])
        #expect(journals[0].filter { $0.contains("viewWillDisappear") }.isEmpty)
    }

    /// A plain controller of another window: the push's validation refuses it before anything
    /// runs, with the exact error, whatever path would have run the push.
    @Test func aControllerOfAnotherWindow_isRefused_andNothingChanges() async throws {
        for leaf in [true, false] {
            let window = Self.window(leafPushes: leaf)
            let other = Window(configuration: .immediate)
            let navigation = NavigationController(
                context: window.makeContext(), rootViewController: GenericViewController(context: window.makeContext()))
            try await window.setRootViewController(navigation)
            let before = await window.snapshot()
            let stranger = GenericViewController(context: other.makeContext())
            await #expect(throws: NavigationError(.foreignController, "")) {
                try await navigation.pushViewController(stranger, animated: false)
            }
            var after = await window.snapshot()
            after.sequence = before.sequence
            #expect(after == before)
            await window.close()
            await other.close()
        }
    }

    // MARK: - The animated flag

    /// An animated request in a window whose transitions take no time (`.immediate`): the
    /// callbacks carry `animated: true`, as UIKit passes the caller's flag, on every path: the
    /// leaf transitions, the general hookless path, and the hooks of controllers that have them.
    @Test func anAnimatedRequestInNoTime_journalsTheCallersFlag_onEveryPath() async throws {
        var journals: [[String]] = []
        for (leaf, hooked) in [(true, false), (false, false), (true, true)] {
            var configuration = Window.Configuration.immediate
            configuration.runsLeafTransitions = leaf
            let window = Window(configuration: configuration)
            let recorder = CallbackRecorder()
            func make(_ name: String) -> any ViewController {
                hooked
                    ? RecordingController(context: window.makeContext(), name: name, recorder: recorder)
                    : GenericViewController(context: window.makeContext())
            }
            let root = make("root")
            let navigation = NavigationController(context: window.makeContext(), rootViewController: root)
            try await window.setRootViewController(navigation)
            let journal = await window.journal()
            try await navigation.pushViewController(make("pushed"), animated: true)
            try await navigation.popViewController(animated: true)
            let sheet = make("sheet")
            try await root.present(sheet, style: .fullScreen, animated: true)
            try await sheet.dismiss(animated: true)
            await window.close()
            let callbacks = await JournalReader.collect(journal).compactMap { event -> String? in
                guard case .callback(let id, let callback) = event.kind else { return nil }
                return "\(id) \(callback)"
            }
            journals.append(callbacks)
        }
        #expect(journals[0] == journals[1])
        #expect(journals[0] == journals[2])
        #expect(journals[0].filter { $0.contains("Appear(true)") || $0.contains("Disappear(true)") }.count == 20)
        #expect(!journals[0].contains { $0.contains("(false)") })
    }

    // MARK: - Pops

    /// A pop of the top, and a pop to the root over hidden controllers to one that never
    /// loaded its view (a stack set whole): the same journal on both paths, with the uncovered
    /// controller's `viewDidLoad` first and every popped controller's moves.
    @Test func leafPops_journalWhatTheGeneralPathJournals() async throws {
        var journals: [[String]] = []
        var kinds: [[JournalEvent.Kind]] = []
        var ids: [ControllerID] = []
        for leafPushes in [true, false] {
            let window = Self.window(leafPushes: leafPushes)
            let stack = (0..<4).map { _ in GenericViewController(context: window.makeContext()) }
            let navigation = NavigationController(context: window.makeContext(), viewControllers: stack)
            try await window.setRootViewController(navigation)
            let journal = await window.journal()
            let pop = await window.withTree { $0.leafPop(of: navigation, keeping: 3) != nil }
            #expect(pop == leafPushes || !leafPushes)
            #expect(try await navigation.popViewController(animated: false) === stack[3])
            let popped = try await navigation.popToRootViewController(animated: false)
            #expect(popped?.map(\.id) == [stack[1].id, stack[2].id])
            let states = [await stack[0].appearanceState, await stack[2].appearanceState]
            #expect(states == [.appeared, .disappeared])
            await window.close()
            let events = await JournalReader.collect(journal)
            journals.append(Self.comparable(events))
            kinds.append(events.map(\.kind))
            ids = stack.map(\.id)
        }
        #expect(journals[0] == journals[1])
        let navigation = ControllerID(ids[3].rawValue + 1)
        let toRoot = Array(kinds[0].drop { $0 != .accepted("popToRoot") }.prefix(12))
        #expect(
            toRoot == [
                .accepted("popToRoot"), .began,
                .callback(ids[1], .willMove(toParent: nil)), .callback(ids[2], .willMove(toParent: nil)),
                .callback(ids[0], .viewDidLoad),
                .callback(ids[2], .viewWillDisappear(animated: false)),
                .callback(ids[0], .viewWillAppear(animated: false)),
                .committed(.pop(navigation: navigation, removed: [ids[1], ids[2]])),
                .callback(ids[2], .viewDidDisappear(animated: false)),
                .callback(ids[0], .viewDidAppear(animated: false)),
                .callback(ids[1], .didMove(toParent: nil)), .callback(ids[2], .didMove(toParent: nil)),
            ])
    }

    /// A popped controller that hears its move, even hidden, or an uncovered controller with
    /// children, sends the pop down the general path; a plain stack takes the leaf pop.
    @Test func aPop_isALeafPopOnlyWhenItNamesEverythingItChanges() async throws {
        let window = Self.window(leafPushes: true)
        let recorder = CallbackRecorder()
        let hidden = RecordingController(context: window.makeContext(), name: "hidden", recorder: recorder)
        let embedding = GenericViewController(
            context: window.makeContext(), children: [GenericViewController(context: window.makeContext())])
        let stack: [any ViewController] = [
            embedding, GenericViewController(context: window.makeContext()), hidden,
            GenericViewController(context: window.makeContext()), GenericViewController(context: window.makeContext()),
        ]
        let navigation = NavigationController(context: window.makeContext(), viewControllers: stack)
        try await window.setRootViewController(navigation)
        func isLeafPop(keeping: Int) async -> Bool { await window.withTree { $0.leafPop(of: navigation, keeping: keeping) != nil } }
        #expect(await isLeafPop(keeping: 4))
        #expect(!(await isLeafPop(keeping: 3)))  // uncovers the recording controller
        #expect(!(await isLeafPop(keeping: 2)))  // pops it, hidden
        #expect(!(await isLeafPop(keeping: 1)))  // uncovers a controller with children
        #expect(!(await isLeafPop(keeping: 0)))
        #expect(!(await isLeafPop(keeping: 5)))
        await navigation.setDelegate(RecordingNavigationDelegate(recorder: recorder))
        #expect(!(await isLeafPop(keeping: 4)))
        await window.close()
    }

    // MARK: - Seeded random sequences, both paths

    /// Random segues (show pushes onto stacks on and off screen, in a split, presentations),
    /// back, dismissals, tabs, page turns and width changes, on two windows: one with leaf
    /// pushes, one without. Every step ends alike in both, with the same tree, and the journals
    /// are the same event for event.
    @Test(arguments: 0..<24 as Range<UInt64>)
    func randomSequences_leafPushesAndTheGeneralPath_journalTheSame(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed &* 0xD1B5_4A32_D192_ED03 &+ 3)
        let traits: Traits = seed % 3 == 0 ? .compact : .regular
        var windows: [Window] = []
        var journals: [AsyncStream<JournalEvent>] = []
        var starts: [WindowSnapshot] = []
        for leafPushes in [true, false] {
            let window = Self.window(leafPushes: leafPushes, traits: traits)
            let root = try #require(WindowCheckpointTests.catalog.instantiate("root", in: window))
            try await window.setRootViewController(root, animated: false)
            starts.append(await window.snapshot())
            journals.append(await window.journal())
            windows.append(window)
        }
        // A push that the leaf path runs, first: the list shows its detail.
        let list = try #require(await windows[0].snapshot().allControllers.firstIndex { $0.className == "ListController" })
        var actions: [WindowCheckpointTests.Action] = [.segue(position: list, "detail")]
        for step in 0..<40 {
            if actions.isEmpty {
                guard let action = WindowCheckpointTests.randomAction(in: await windows[0].snapshot(), using: &random) else { break }
                actions.append(action)
            }
            let action = actions.removeFirst()
            let leaf = await WindowCheckpointTests.outcome(action, in: windows[0])
            let general = await WindowCheckpointTests.outcome(action, in: windows[1])
            #expect(leaf == general, "seed \(seed) step \(step): \(action)")
            let trees = [await windows[0].snapshot().normalized(), await windows[1].snapshot().normalized()]
            #expect(trees[0] == trees[1], "seed \(seed) step \(step): \(action)")
        }
        let final = await windows[0].snapshot()
        var events: [[JournalEvent]] = []
        for (window, journal) in zip(windows, journals) {
            await window.close()
            events.append(await JournalReader.collect(journal))
        }
        #expect(events[0].contains { if case .committed(.push) = $0.kind { true } else { false } }, "seed \(seed)")
        #expect(Self.comparable(events[0]) == Self.comparable(events[1]), "seed \(seed)")
        #expect(LinearizabilityChecker.check(events: events[0], start: starts[0], finalSnapshot: final) == nil, "seed \(seed)")
    }
}
