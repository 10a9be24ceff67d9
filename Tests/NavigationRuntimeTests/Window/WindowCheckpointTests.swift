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
}

