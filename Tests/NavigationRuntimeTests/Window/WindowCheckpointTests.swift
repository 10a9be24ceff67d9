@testable import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

/// `Window.checkpoint()` and `Window.rewind(to:)`: the tree's fields captured and written back
/// exactly, the refusals with their codes, and (seeded random sequences) a rewound tree that
/// behaves as a freshly restored one.
@Suite struct WindowCheckpointTests {
    // MARK: - The scenes

    /// A tab bar over a navigation stack, a classic split and pages; the list pushes, presents a
    /// sheet (a navigation controller over an editor) and a full-screen editor; exits unwind to
    /// the list.
    static let catalog = SceneCatalog([
        Scene("root") { context in
            TabBarController(
                context: context,
                viewControllers: ["nav", "split", "pages"].compactMap { context.instantiate($0) })
        },
        Scene("nav") { context in
            NavigationController(context: context, viewControllers: [context.instantiate("list")].compactMap { $0 })
        },
        Scene(
            "list", className: "ListController",
            segues: [
                SegueDefinition(identifier: "detail", kind: .show, destination: "detail"),
                SegueDefinition(identifier: "sheet", kind: .presentModally(.formSheet), destination: "editorNav"),
                SegueDefinition(identifier: "full", kind: .presentModally(.fullScreen), destination: "editor"),
                SegueDefinition(identifier: "side", kind: .showDetail, destination: "detail"),
            ]
        ) { GenericViewController(context: $0, className: "ListController", unwindActions: ["unwindToList:"]) },
        Scene(
            "detail", className: "DetailController",
            segues: [
                SegueDefinition(identifier: "more", kind: .show, destination: "detail"),
                SegueDefinition(identifier: "over", kind: .presentModally(.overCurrentContext), destination: "editor"),
                SegueDefinition(unwind: "unwindToList:", identifier: "done"),
            ]
        ) { GenericViewController(context: $0, className: "DetailController") },
        Scene("editorNav") { context in
            NavigationController(context: context, viewControllers: [context.instantiate("editor")].compactMap { $0 })
        },
        Scene(
            "editor", className: "EditorController",
            segues: [
                SegueDefinition(identifier: "next", kind: .show, destination: "detail"),
                SegueDefinition(identifier: "again", kind: .presentModally(.pageSheet), destination: "editor"),
                SegueDefinition(unwind: "unwindToList:", identifier: "done"),
            ]
        ) { GenericViewController(context: $0, className: "EditorController") },
        Scene("split") { context in
            SplitViewController(
                context: context,
                primary: context.instantiate("nav") ?? GenericViewController(context: context.makeContext()),
                secondary: context.instantiate("detail") ?? GenericViewController(context: context.makeContext()))
        },
        Scene("pages") { context in
            PageViewController(context: context, viewControllers: [context.instantiate("page")].compactMap { $0 })
        },
        Scene("page", className: "PageController") { GenericViewController(context: $0, className: "PageController") },
    ])

    static func newWindow(traits: Traits = .regular) -> Window {
        Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
    }

    static func start(traits: Traits = .regular) async throws -> Window {
        let window = newWindow(traits: traits)
        let root = try #require(catalog.instantiate("root", in: window))
        try await window.setRootViewController(root, animated: false)
        return window
    }

    // MARK: - Exact fields

    @Test func rewind_afterEveryKindOfTransition_writesBackEveryField() async throws {
        let window = try await Self.start()
        let tabs = try #require(await window.rootViewController as? TabBarController)
        let before = await window.snapshot()
        let checkpoint = try await window.checkpoint()
        #expect(checkpoint.controllerCount == before.allControllers.count)
        for (position, node) in before.allControllers.enumerated() {
            #expect(checkpoint.controller(at: position)?.id == node.id)
        }
        #expect(checkpoint.controller(at: before.allControllers.count) == nil)
        #expect(checkpoint.controller(at: -1) == nil)
        let everyone = Self.controllers(of: checkpoint)
        let fieldsBefore = await window.withTree { TreeFields($0, everyone) }

        // Push, present over it, present on that, select the split's tab, collapse it, turn
        // the page, dismiss: every family of change.
        try await Self.perform(.segue(position: Self.position(of: "list", in: before), "detail"), in: window)
        var now = await window.snapshot()
        try await Self.perform(.segue(position: Self.position(of: "detail", in: now), "over"), in: window)
        now = await window.snapshot()
        try await Self.perform(.segue(position: Self.position(of: "editor", in: now), "again"), in: window)
        try await Self.perform(.dismiss, in: window)
        _ = try await tabs.selectTab(at: 1, animated: false)
        _ = try await window.setTraits(.compact)
        _ = try await tabs.selectTab(at: 2, animated: false)
        try await Self.perform(.turnPage, in: window)
        now = await window.snapshot()
        #expect(now.normalized() != before.normalized())

        try await window.rewind(to: checkpoint)
        var after = await window.snapshot()
        after.sequence = before.sequence
        #expect(after == before)
        let fieldsAfter = await window.withTree { TreeFields($0, everyone) }
        #expect(fieldsAfter == fieldsBefore)
    }

    /// Every field of every captured controller set to something else (links to other captured
    /// controllers, flags flipped, styles, claim and container state changed; children and
    /// presentations emptied so that the tree stays a tree): the rewind writes each back.
    @Test(arguments: [Traits.regular, .compact])
    func rewind_writesBackEveryFieldWhateverItWasSetTo(traits: Traits) async throws {
        let window = try await Self.start(traits: traits)
        let before = await window.snapshot()
        try await Self.perform(.segue(position: Self.position(of: "list", in: before), "detail"), in: window)
        let pushed = await window.snapshot()
        try await Self.perform(.segue(position: Self.position(of: "detail", in: pushed), "over"), in: window)
        let checkpointed = await window.snapshot()
        let checkpoint = try await window.checkpoint()
        let captured = checkpoint.controllers
        #expect(captured.count > 3)
        let fields = await window.withTree { TreeFields($0, captured) }
        // The transition flags TreeFields leaves out.
        let flags: @Sendable () async -> [[Bool]] = {
            await window.withTree { _ in
                captured.map {
                    let context = $0.context
                    return [
                        context.isBeingPresented, context.isBeingDismissed, context.isMovingToParent,
                        context.isMovingFromParent, context.manualAppearanceAnimated,
                    ]
                }
            }
        }
        let flagsBefore = await flags()
        await window.withTree { _ in
            var stashed = false
            for (index, controller) in captured.enumerated() {
                let context = controller.context
                let next = captured[(index + 1) % captured.count]
                context.parent = next
                context.presenting = next
                context.children = []
                context.presented = nil
                context.presentationStyle = context.presentationStyle == .popover ? .fullScreen : .popover
                context.presentationTransitionStyle = context.presentationTransitionStyle == .partialCurl ? nil : .partialCurl
                context.claim.store(0xbad, ordering: .relaxed)
                context.isAttached.toggle()
                context.isViewLoaded.toggle()
                context.didAdoptInitialChildren.toggle()
                context.isBeingPresented.toggle()
                context.isBeingDismissed.toggle()
                context.isMovingToParent.toggle()
                context.isMovingFromParent.toggle()
                context.manualAppearanceAnimated.toggle()
                context.appearance = context.appearance == .appearing ? .disappearing : .appearing
                // Container state everywhere (a content controller's is dropped again).
                context.selectedIndex += 3
                context.isCollapsed.toggle()
                context.splitColumns = context.splitColumns == nil ? [.compact] : nil
                // One stash, to a controller whose own stash stays empty (no cycle to walk).
                if !stashed, index + 1 < captured.count, !next.context.hasContainerState {
                    context.splitStash = SplitState.Stash(secondary: next, primaryDepth: 5)
                    stashed = true
                } else {
                    context.splitStash = nil
                }
            }
        }
        try await window.rewind(to: checkpoint)
        #expect(await window.withTree { TreeFields($0, captured) } == fields)
        #expect(await flags() == flagsBefore)
        var after = await window.snapshot()
        after.sequence = checkpointed.sequence
        #expect(after == checkpointed)
        await window.close()
    }

    @Test func rewind_leavesWhatLeftTheTreeDetached_withItsOwnSubtree() async throws {
        let window = try await Self.start()
        let before = await window.snapshot()
        let checkpoint = try await window.checkpoint()
        try await Self.perform(.segue(position: Self.position(of: "list", in: before), "sheet"), in: window)
        var now = await window.snapshot()
        try await Self.perform(.segue(position: Self.position(of: "editor", in: now), "next"), in: window)
        now = await window.snapshot()
        let sheet = try #require(now.lastPresented)
        let sheetNav = try #require(await window.controller(sheet.id))
        let stack = sheetNav.context.children.map(\.id)
        #expect(stack.count == 2)
        let list = try #require(checkpoint.controller(at: Self.position(of: "list", in: before)))

        try await window.rewind(to: checkpoint)
        await window.withTree { _ in
            #expect(!sheetNav.context.isAttached)
            #expect(sheetNav.context.presenting == nil)
            #expect(sheetNav.context.presentationStyle == nil)
            #expect(sheetNav.context.appearance == .disappeared)
            // Its stack stays whole, as after a dismissal; upward links inside it are cut.
            #expect(sheetNav.context.children.map(\.id) == stack)
            #expect(sheetNav.context.children.allSatisfy { !$0.context.isAttached && $0.context.parent == nil })
            #expect(sheetNav.context.children.allSatisfy { $0.context.appearance == .disappeared })
        }
        let tabs = try #require(await window.rootViewController as? TabBarController)
        #expect(await tabs.presentedViewController == nil)
        #expect(await list.presentedViewController == nil)
        // The sheet can be presented again, as a dismissed controller can.
        _ = try await list.present(sheetNav, animated: false)
        #expect(await window.snapshot().lastPresented?.id == sheet.id)
    }

    /// Rewound again to the checkpoint it was last rewound to, a window writes back only the
    /// controllers touched since (`ControllerContext.isTouched`), and finds what entered the
    /// tree under them: a controller pushed onto a stack of the checkpoint, and one presented
    /// from it, leave detached, as after the first rewind.
    @Test func rewindAgain_detachesWhatEnteredSince_underTheControllersThatTookIt() async throws {
        let window = try await Self.start()
        let before = await window.snapshot()
        let checkpoint = try await window.checkpoint()
        let list = Self.position(of: "list", in: before)
        for excursion in 0..<3 {
            try await Self.perform(.segue(position: list, "detail"), in: window)
            var now = await window.snapshot()
            let detail = try #require(await window.controller(now.allControllers[Self.position(of: "detail", in: now)].id))
            try await Self.perform(.segue(position: Self.position(of: "detail", in: now), "over"), in: window)
            now = await window.snapshot()
            let presentedID = try #require(now.lastPresented).id
            let presented = try #require(await window.controller(presentedID))

            try await window.rewind(to: checkpoint)
            var after = await window.snapshot()
            after.sequence = before.sequence
            #expect(after == before, "excursion \(excursion)")
            await window.withTree { _ in
                #expect(!detail.context.isAttached, "excursion \(excursion)")
                #expect(detail.context.parent == nil, "excursion \(excursion)")
                #expect(detail.context.appearance == .disappeared, "excursion \(excursion)")
                #expect(!presented.context.isAttached, "excursion \(excursion)")
                #expect(presented.context.presenting == nil, "excursion \(excursion)")
                #expect(presented.context.appearance == .disappeared, "excursion \(excursion)")
            }
        }
    }

    /// A container made since claims one of the checkpoint's controllers (its initializer, on
    /// any thread): no field of the claimed controller is written, and a rewind to the
    /// checkpoint it was last rewound to still writes its claim back.
    @Test func rewindAgain_writesBackAClaimMadeSince() async throws {
        let window = try await Self.start()
        let checkpoint = try await window.checkpoint()
        let captured = checkpoint.controllers
        let fields = await window.withTree { TreeFields($0, captured) }
        // The root: a window's root is no container's, so nothing claims it.
        let root = try #require(checkpoint.controller(at: 0))
        #expect(await window.withTree { _ in root.context.claim.load(ordering: .relaxed) } == 0)
        try await window.rewind(to: checkpoint)

        let container = NavigationController(context: window.makeContext(), rootViewController: root)
        #expect(await window.withTree { _ in root.context.claim.load(ordering: .relaxed) } == container.id.rawValue)
        try await window.rewind(to: checkpoint)
        #expect(await window.withTree { TreeFields($0, captured) } == fields)
        #expect(await window.withTree { _ in root.context.claim.load(ordering: .relaxed) } == 0)
    }

    @Test func rewind_toEarlierAndLaterCheckpoints_inAnyOrder() async throws {
        let window = try await Self.start()
        let first = await window.snapshot()
        let one = try await window.checkpoint()
        try await Self.perform(.segue(position: Self.position(of: "list", in: first), "detail"), in: window)
        let second = await window.snapshot()
        let two = try await window.checkpoint()
        _ = try await window.setTraits(.compact)
        for (checkpoint, snapshot) in [(one, first), (two, second), (one, first), (two, second), (two, second)] {
            try await window.rewind(to: checkpoint)
            var now = await window.snapshot()
            now.sequence = snapshot.sequence
            #expect(now == snapshot)
        }
    }

    @Test func digest_namesWhereTheFirstNewControllerLanded() async throws {
        let window = try await Self.start()
        let before = await window.snapshot()
        let checkpoint = try await window.checkpoint()
        #expect(await window.digest(since: checkpoint).firstNew == nil)
        #expect(await window.digest().firstNew == Window.TreeDigest.Landing(position: 0, parentKind: nil, isPresented: false))
        let list = Self.position(of: "list", in: before)
        try await Self.perform(.segue(position: list, "detail"), in: window)
        #expect(
            await window.digest(since: checkpoint).firstNew
                == Window.TreeDigest.Landing(position: list + 1, parentKind: .navigation, isPresented: false))
        #expect(await window.digest(since: checkpoint).keepsHiddenState == false)
        try await window.rewind(to: checkpoint)
        try await Self.perform(.segue(position: list, "full"), in: window)
        let presented = try #require(await window.digest(since: checkpoint).firstNew)
        #expect(presented.isPresented && presented.parentKind == nil)
        #expect(await window.snapshot().allControllers[presented.position].scene == "editor")
        // A push onto a presented navigation controller: the parent's kind is the presented
        // controller's, read where the walk reaches it through the presenter.
        try await window.rewind(to: checkpoint)
        try await Self.perform(.segue(position: list, "sheet"), in: window)
        let sheet = await window.snapshot()
        let sheetCheckpoint = try await window.checkpoint()
        try await Self.perform(.segue(position: Self.position(of: "editor", in: sheet), "next"), in: window)
        let known = Set(sheet.allControllers.map(\.id))
        let afterPush = await window.snapshot().allControllers
        let pushed = afterPush.firstIndex { !known.contains($0.id) }
        #expect(pushed.map { afterPush[$0].scene } == "detail")
        #expect(
            await window.digest(since: sheetCheckpoint).firstNew
                == pushed.map { Window.TreeDigest.Landing(position: $0, parentKind: .navigation, isPresented: false) })
        try await window.rewind(to: checkpoint)
        _ = try await window.setTraits(.compact)
        #expect(await window.digest(since: checkpoint).keepsHiddenState)
        #expect(await !window.matches(before))
    }

    // MARK: - Refusals

    @Test func refusals_haveTheirCodes_andChangeNothing() async throws {
        let clock = ManualClock()
        let window = Window(configuration: Window.Configuration(clock: clock, transitionDuration: .seconds(1)))
        let root = try #require(Self.catalog.instantiate("root", in: window))
        try await window.setRootViewController(root, animated: false)
        let checkpoint = try await window.checkpoint()
        let other = try await Self.start()
        let foreign = try await other.checkpoint()

        await #expect(throws: NavigationError(.foreignController, "")) { try await window.rewind(to: foreign) }

        // Busy: an animated selection parked on the clock.
        let tabs = try #require(root as? TabBarController)
        let selection = Task { try await tabs.selectTab(at: 1, animated: true) }
        await clock.sleepers(atLeast: 1)
        #expect(await window.isBusy)
        await #expect(throws: NavigationError(.windowBusy, "")) { try await window.checkpoint() }
        await #expect(throws: NavigationError(.windowBusy, "")) { try await window.rewind(to: checkpoint) }
        clock.advance(by: .seconds(1))
        _ = try await selection.value
        let selected = await window.snapshot()

        // A journal subscriber would be misled: refused, and the tree is untouched.
        let journal = await window.journal()
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await window.rewind(to: checkpoint) }
        #expect(await window.snapshot() == selected)

        await window.close()
        _ = await JournalReader.collect(journal)
        await #expect(throws: NavigationError(.windowClosed, "")) { try await window.checkpoint() }
        await #expect(throws: NavigationError(.windowClosed, "")) { try await window.rewind(to: checkpoint) }
        await other.close()
    }

    /// A rewind writes the tree's flags back and leaves a controller's own state: a
    /// navigation controller given a delegate after the checkpoint keeps it (and its
    /// `hasDelegate` mirror), while the flags the transitions set are the checkpoint's again.
    @Test func rewind_writesTheTreeFlagsBack_andKeepsADelegateSetSince() async throws {
        struct Delegate: NavigationControllerDelegate {
            func navigationController(_ navigationController: NavigationController, willShow viewController: any ViewController, animated: Bool) async {}
            func navigationController(_ navigationController: NavigationController, didShow viewController: any ViewController, animated: Bool) async {}
        }
        let window = try await Self.start()
        let tabs = try #require(await window.rootViewController as? TabBarController)
        let nav = try #require(tabs.context.children.first as? NavigationController)
        let list = try #require(nav.context.children.first)
        let checkpoint = try await window.checkpoint()
        let flagsBefore = await window.withTree { _ in list.context.treeFlags }
        await nav.setDelegate(Delegate())
        try await list.performSegue(withIdentifier: "full", sender: nil)
        try await window.rewind(to: checkpoint)
        await window.withTree { _ in
            #expect(list.context.treeFlags == flagsBefore)
            #expect(list.context.isAttached && list.context.isViewLoaded)
            #expect(nav.context.hasDelegate)
        }
        #expect(await nav.delegate != nil)
    }

    @Test func anEmptyWindow_rewindsToNoRoot() async throws {
        let window = Self.newWindow()
        let empty = try await window.checkpoint()
        #expect(empty.controllerCount == 0)
        let root = try #require(Self.catalog.instantiate("nav", in: window))
        try await window.setRootViewController(root, animated: false)
        try await window.rewind(to: empty)
        #expect(await window.snapshot().root == nil)
        #expect(await window.rootViewController == nil)
        await window.withTree { _ in #expect(!root.context.isAttached) }
    }

    // MARK: - Seeded random sequences against a restored window

    @Test(arguments: 0..<48 as Range<UInt64>)
    func randomSequences_rewoundTreeBehavesAsAFreshOne(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let traits: Traits = seed % 3 == 0 ? .compact : .regular
        let window = try await Self.start(traits: traits)
        var prefix: [Action] = []
        for _ in 0..<Int(random.next() % 6) {
            guard let action = Self.randomAction(in: await window.snapshot(), using: &random) else { break }
            prefix.append(action)
            _ = await Self.outcome(action, in: window)
        }
        let checkpointed = await window.snapshot()
        let checkpoint = try await window.checkpoint()
        // Every captured controller, those outside the tree (a stashed secondary) too.
        let captured = checkpoint.controllers
        let fields = await window.withTree { TreeFields($0, captured) }
        let known = Set(captured.map(\.id))

        // Wander off and come back, several times.
        for _ in 0..<3 {
            for _ in 0..<(1 + Int(random.next() % 5)) {
                try await Self.performRandom(in: window, using: &random)
                // Where the first controller the checkpoint does not have landed, as a search finds it.
                let expected = await window.snapshot().allControllers.firstIndex { !known.contains($0.id) }
                #expect(await window.digest(since: checkpoint).firstNew?.position == expected, "seed \(seed)")
            }
            try await window.rewind(to: checkpoint)
            var now = await window.snapshot()
            now.sequence = checkpointed.sequence
            #expect(now == checkpointed, "seed \(seed)")
            #expect(await window.withTree { TreeFields($0, captured) } == fields, "seed \(seed)")
            #expect(await window.digest(since: checkpoint).firstNew == nil, "seed \(seed)")
        }

        // Two fresh windows in the same state: a twin that took the same actions (so the same
        // views were loaded), and one restored from the snapshot.
        let twin = try await Self.start(traits: traits)
        for action in prefix { _ = await Self.outcome(action, in: twin) }
        guard case .restored(let restored) = await Window.restoring(
            checkpointed, catalog: Self.catalog,
            configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
        else {
            Issue.record("seed \(seed): the checkpointed state does not restore")
            return
        }
        // A collapsed split keeps what it put aside (its stash), which no snapshot shows, so a
        // restored one may expand differently: the restored window is compared only without one.
        let hasCollapsedSplit = checkpointed.traits == .compact && checkpointed.allControllers.contains { $0.kind == .split }
        let windows = hasCollapsedSplit ? [window, twin] : [window, twin, restored]
        if hasCollapsedSplit { await restored.close() }
        var names = Names()
        var starts: [WindowSnapshot] = []
        for other in windows { starts.append(await other.snapshot()) }
        for start in starts { #expect(start.normalized() == checkpointed.normalized(), "seed \(seed)") }
        for position in checkpointed.allControllers.indices {
            names.pair(starts.map { $0.allControllers[position].id })
        }
        var journals: [AsyncStream<JournalEvent>] = []
        for other in windows { journals.append(await other.journal()) }

        // The same actions in the three: same outcomes and trees at every step.
        for step in 0..<(2 + Int(random.next() % 8)) {
            let mine = await window.snapshot()
            guard let action = Self.randomAction(in: mine, using: &random) else { break }
            var outcomes: [String] = []
            for other in windows { outcomes.append(await Self.outcome(action, in: other)) }
            #expect(Set(outcomes).count == 1, "seed \(seed) step \(step): \(action): \(outcomes)")
            var trees: [WindowSnapshot] = []
            for other in windows { trees.append(await other.snapshot().normalized()) }
            #expect(Set(trees).count == 1, "seed \(seed) step \(step): \(action)")
            // The digest and the exact comparison agree with the snapshots, in each window.
            for (other, tree) in zip(windows, trees) {
                #expect(await other.normalizedSnapshot() == tree, "seed \(seed) step \(step)")
                #expect(await other.digest().hash == tree.normalizedHash, "seed \(seed) step \(step)")
                #expect(await other.matches(tree), "seed \(seed) step \(step)")
                #expect(await other.matches(mine.normalized()) == (mine.normalized() == tree), "seed \(seed) step \(step)")
            }
        }
        var callbacks: [[String]] = []
        for (side, other) in windows.enumerated() {
            await other.close()
            callbacks.append(names.callbacks(await JournalReader.collect(journals[side]), side: side))
        }
        // Exactly the twin's callbacks; the restored window's too, but for the `viewDidLoad` of
        // controllers restoration built and never showed (their views were loaded in the other
        // two, which showed them before).
        #expect(callbacks[0] == callbacks[1], "seed \(seed)")
        let withoutLoads = callbacks.map { $0.filter { !$0.hasSuffix(".viewDidLoad") || $0.hasPrefix("n") } }
        if !hasCollapsedSplit { #expect(withoutLoads[0] == withoutLoads[2], "seed \(seed)") }
    }

    // MARK: - Actions

    enum Action: CustomStringConvertible {
        case segue(position: Int, String)
        case back, dismiss, turnPage
        case selectTab(Int)
        case traits(compact: Bool)

        var description: String {
            switch self {
            case .segue(let position, let name): "segue \(name) from #\(position)"
            case .back: "back"
            case .dismiss: "dismiss"
            case .turnPage: "turn page"
            case .selectTab(let index): "tab \(index)"
            case .traits(let compact): compact ? "compact" : "regular"
            }
        }
    }

    static func position(of scene: String, in snapshot: WindowSnapshot) -> Int {
        snapshot.allControllers.lastIndex { $0.scene == scene && $0.appearance == .appeared } ?? -1
    }

    static func controllers(of checkpoint: Window.Checkpoint) -> [any ViewController] {
        (0..<checkpoint.controllerCount).compactMap { checkpoint.controller(at: $0) }
    }

    /// Every action a user could take in `snapshot` (what the explorer tries), plus a page turn.
    static func actions(in snapshot: WindowSnapshot) -> [Action] {
        var actions: [Action] = []
        var onScreen: Set<ControllerID> = []
        func collect(_ node: ControllerSnapshot) {
            if node.appearance == .appeared { onScreen.insert(node.id) }
            for child in node.children { collect(child) }
        }
        if let base = snapshot.lastPresented ?? snapshot.root { collect(base) }
        for (position, node) in snapshot.allControllers.enumerated() where onScreen.contains(node.id) {
            guard let scene = node.scene.flatMap({ catalog.scenes[$0] }) else { continue }
            for segue in scene.segues { if let name = segue.identifier { actions.append(.segue(position: position, name)) } }
        }
        if snapshot.poppableNavigation != nil { actions.append(.back) }
        if snapshot.lastPresented != nil { actions.append(.dismiss) }
        if let tabBar = snapshot.innermostTabBar {
            for index in tabBar.children.indices where index != tabBar.selectedIndex { actions.append(.selectTab(index)) }
        }
        if snapshot.allControllers.contains(where: { $0.kind == .page && onScreen.contains($0.id) }) { actions.append(.turnPage) }
        actions.append(.traits(compact: snapshot.traits != .compact))
        return actions
    }

    static func randomAction(in snapshot: WindowSnapshot, using random: inout SplitMix64) -> Action? {
        let actions = actions(in: snapshot)
        return actions.isEmpty ? nil : actions[Int(random.next() % UInt64(actions.count))]
    }

    static func performRandom(in window: Window, using random: inout SplitMix64) async throws {
        guard let action = randomAction(in: await window.snapshot(), using: &random) else { return }
        _ = await outcome(action, in: window)
    }

    static func perform(_ action: Action, in window: Window) async throws {
        let outcome = await outcome(action, in: window)
        #expect(outcome == "completed", "\(action)")
    }

    /// Performs the action and says how it ended (an error by its code).
    static func outcome(_ action: Action, in window: Window) async -> String {
        let snapshot = await window.snapshot()
        do {
            let outcome: TransitionOutcome
            switch action {
            case .segue(let position, let name):
                guard snapshot.allControllers.indices.contains(position),
                    let source = await window.controller(snapshot.allControllers[position].id)
                else { return "no source" }
                outcome = try await source.triggerSegue(withIdentifier: name, animated: false)
            case .back:
                guard let id = snapshot.poppableNavigation?.id, let navigation = await window.controller(id) as? NavigationController
                else { return "no navigation" }
                outcome = try await navigation.pop(animated: false).outcome
            case .dismiss:
                guard let id = snapshot.lastPresented?.id, let presented = await window.controller(id) else { return "none" }
                outcome = try await presented.dismiss(animated: false)
            case .selectTab(let index):
                guard let id = snapshot.innermostTabBar?.id, let tabBar = await window.controller(id) as? TabBarController
                else { return "no tab bar" }
                outcome = try await tabBar.selectTab(at: index, animated: false)
            case .traits(let compact):
                outcome = try await window.setTraits(compact ? .compact : .regular)
            case .turnPage:
                guard let node = snapshot.allControllers.last(where: { $0.kind == .page && $0.appearance == .appeared }),
                    let pages = await window.controller(node.id) as? PageViewController,
                    let page = catalog.instantiate("page", in: window)
                else { return "no pages" }
                outcome = try await pages.setViewControllers([page], direction: .forward, animated: false)
            }
            if case .completed = outcome { return "completed" }
            return "\(outcome)"
        } catch let error as NavigationError {
            return "error \(error.code)"
        } catch {
            return "error \(error)"
        }
    }

    /// Names a controller by its position in the checkpointed tree (`pN`, the same for both
    /// windows), else by order of first appearance in its window's journal (`nN`).
    struct Names {
        private var paired: [[ControllerID: String]] = [[:], [:], [:]]

        /// Names the controllers at one position of each window's tree alike.
        mutating func pair(_ ids: [ControllerID]) {
            let name = "p\(paired[0].count)"
            for (side, id) in ids.enumerated() { paired[side][id] = name }
        }

        func callbacks(_ events: [JournalEvent], side: Int) -> [String] {
            var names = paired[side]
            var fresh = 0
            func name(_ id: ControllerID?) -> String {
                guard let id else { return "nil" }
                if let known = names[id] { return known }
                fresh += 1
                names[id] = "n\(fresh)"
                return "n\(fresh)"
            }
            return events.compactMap { event in
                guard case .callback(let id, let callback) = event.kind else { return nil }
                switch callback {
                case .willMove(let parent): return "\(name(id)).willMove(\(name(parent)))"
                case .didMove(let parent): return "\(name(id)).didMove(\(name(parent)))"
                default: return "\(name(id)).\(callback)"
                }
            }
        }
    }
}

