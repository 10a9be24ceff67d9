import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Deep links (R8.2: a URL handed to a scene): a route's steps run as one transition on the
/// window's queue, in turn (R8.7: serialized per window), resolved against the tree of that
/// turn.
@Suite struct ApplicationDeepLinkTests {
    private let catalog = RestorationScenes.catalog

    private var router: DeepLinkRouter {
        var router = DeepLinkRouter(catalog: catalog)
        router.register("app://inbox/:id") { link in
            [.selectTab("inbox"), .popToRoot, .push(scene: "message", payload: link["id"])]
        }
        router.register("app://settings/profile") { _ in [.selectTabIndex(1), .push(scene: "profile")] }
        router.register("app://modal/:scene") { link in [.present(scene: link["scene"] ?? "", style: .formSheet)] }
        router.register("app://close") { _ in [.dismissAll] }
        // A parameter checked against the scenes the route means to show (DeepLinkRouter's docs).
        router.register("app://show/:scene") { link in
            guard let scene = link["scene"], ["detail", "profile"].contains(scene) else { return [] }
            return [.push(scene: scene)]
        }
        router.register("app://broken/:kind") { link in
            switch link["kind"] {
            case "tab": [.push(scene: "detail"), .selectTab("nope")]
            case "scene": [.selectTabIndex(0), .push(scene: "ghost")]
            case "nav": [.push(scene: "nav")]
            case "index": [.selectTabIndex(9)]
            default: [.push(scene: "detail"), .dismiss]
            }
        }
        return router
    }

    /// A tab bar of two navigation tabs (inbox, settings), the settings tab selected.
    private struct Setup {
        let app: Application
        let window: Window
        let tabs: TabBarController
        let inbox: NavigationController
        let settings: NavigationController
    }

    private func setUp(clock: ManualClock? = nil) async throws -> Setup {
        let app = Application()
        await app.register(deepLinks: router)
        let configuration = clock.map { Window.Configuration(clock: $0, transitionDuration: .seconds(1)) } ?? .immediate
        let window = await app.openWindow(configuration: configuration)
        let inbox = NavigationController(
            context: window.makeContext(),
            viewControllers: [try #require(catalog.instantiate("inbox", in: window))]
        )
        let settings = NavigationController(
            context: window.makeContext(),
            viewControllers: [try #require(catalog.instantiate("settings", in: window))]
        )
        let tabs = TabBarController(context: window.makeContext(), viewControllers: [inbox, settings])
        try await window.setRootViewController(tabs)
        try await tabs.selectTab(at: 1)
        return Setup(app: app, window: window, tabs: tabs, inbox: inbox, settings: settings)
    }

    @Test func route_exactFinalSnapshot_oneCommit_payloadDelivered_R8_2() async throws {
        let s = try await setUp()
        let journal = await s.window.journal()
        let start = await s.window.snapshot()
        let outcome = await s.app.open(url: try #require(URL(string: "app://inbox/42?from=mail")))
        guard case .opened(let id, .completed(let sequence)) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(id == s.window.id && sequence == 3)
        #expect(await s.window.snapshot().stateRendered == "tabBar*[navigation*[inbox message*] navigation[settings]]{0}")
        let message = try #require(await s.inbox.topViewController as? MessageController)
        #expect(await message.deliveries == ["app://inbox/:id step 2 payload 42"])

        let final = await s.window.snapshot()
        await s.app.closeWindow(s.window.id)
        let events = await JournalReader.collect(journal)
        #expect(LinearizabilityChecker.check(events: events, start: start, finalSnapshot: final) == nil)
        let committed = commits(events)
        #expect(committed.count == 1, "one commit per deep link")
        #expect(committed.first?.0 == 3)
        #expect(committed.first?.1 == .composite([
            .selectTab(tabBar: s.tabs.id, index: 0),
            .push(navigation: s.inbox.id, pushed: message.id),
        ]), "popToRoot on a one-element stack adds nothing")
        #expect(events.contains { $0.kind == .accepted("deepLink app://inbox/42?from=mail") })
    }

    @Test func linkDuringParkedTransition_waitsItsTurn_resolvesAtDequeue_R8_7() async throws {
        let clock = ManualClock()
        let s = try await setUp(clock: clock)
        let journal = await s.window.journal()
        let start = await s.window.snapshot()
        let detail = try #require(catalog.instantiate("detail", in: s.window))
        let push = Task { try await s.settings.pushViewController(detail, animated: true) }
        await clock.sleepers(atLeast: 1)
        let pop = Task { try await s.settings.popToRoot(animated: false).outcome }
        while await s.window.pendingRequestCount < 1 { await Task.yield() }
        let link = Task { await s.app.open(url: URL(string: "app://settings/profile")!) }
        while await s.window.pendingRequestCount < 2 { await Task.yield() }

        // The push is in flight; the pop and the link wait behind it, in order (FIFO).
        #expect(await s.window.snapshot().transitionInFlight)
        #expect(await s.window.lastSequence == 2)
        clock.advance(by: .seconds(1))
        #expect(try await push.value == .completed(sequence: 3))
        #expect(try await pop.value == .completed(sequence: 4))
        guard case .opened(_, .completed(sequence: 5)) = await link.value else {
            Issue.record("the deep link commits after the transitions accepted before it")
            return
        }
        // Resolved against the tree at its turn: the pop had removed `detail`.
        let final = await s.window.snapshot()
        #expect(final.stateRendered == "tabBar*[navigation[inbox] navigation*[settings profile*]]{1}")
        await s.app.closeWindow(s.window.id)
        let events = await JournalReader.collect(journal)
        #expect(commits(events).map(\.0) == [3, 4, 5])
        #expect(LinearizabilityChecker.check(events: events, start: start, finalSnapshot: final) == nil)
    }

    /// A route that checks its parameter returns no steps for a scene it does not allow: the
    /// link changes nothing (a URL cannot push the app's tab bar into its own stack).
    @Test func aRouteReturningNoSteps_changesNothing_andAnAllowedSceneIsPushed() async throws {
        let s = try await setUp()
        let before = await s.window.snapshot()
        guard case .opened(s.window.id, .noChange) = await s.app.open(url: URL(string: "app://show/tabs")!) else {
            Issue.record("a refused scene must change nothing")
            return
        }
        #expect(await s.window.snapshot() == before)
        let opened = await s.app.open(url: URL(string: "app://show/detail")!)
        guard case .opened(s.window.id, .completed) = opened else {
            Issue.record("an allowed scene is pushed")
            return
        }
        #expect(opened.description.hasPrefix("opened(\(s.window.id), completed(sequence: "), "\(opened)")
        #expect(await s.settings.viewControllers.count == 2)
    }

    @Test func unroutableURL_isTyped_andQueuesNothing() async throws {
        let s = try await setUp()
        let before = await s.window.snapshot()
        for text in ["app://nowhere/1", "app://inbox", "app://inbox/1/2", "other://close", "app:close"] {
            let url = try #require(URL(string: text))
            guard case .unroutable(let reported) = await s.app.open(url: url) else {
                Issue.record("\(text) routed")
                continue
            }
            #expect(reported == url)
        }
        // Its description, for a log: the URL escaped and cut.
        let long = "app://nowhere/" + String(repeating: "x", count: 5_000)
        let description = String(describing: await s.app.open(url: try #require(URL(string: long))))
        #expect(description == "unroutable(\"" + long.prefix(RestorationProblem.maximumEchoedCharacters) + "\"… (5014 characters))")
        #expect(await s.window.snapshot() == before)

        let bare = Application()
        _ = await bare.openWindow(configuration: .immediate)
        guard case .unroutable = await bare.open(url: URL(string: "app://close")!) else {
            Issue.record("no router: unroutable")
            return
        }
        let windowless = Application()
        await windowless.register(deepLinks: router)
        guard case .noWindow = await windowless.open(url: URL(string: "app://close")!) else {
            Issue.record("no window: noWindow")
            return
        }
    }

    @Test func failingStep_namesTheStep_andLeavesTheTreeUnchanged() async throws {
        let s = try await setUp()
        let journal = await s.window.journal()
        let before = await s.window.snapshot()
        let cases: [(String, Int, DeepLinkStepFailure.Reason)] = [
            ("tab", 1, .noSuchTab("nope")),
            ("scene", 1, .unknownScene("ghost")),
            ("nav", 0, .pushingNavigationController("nav")),
            ("index", 0, .tabIndexOutOfRange(9, count: 2)),
            ("dismiss", 1, .nothingPresented),
        ]
        for (kind, index, reason) in cases {
            let outcome = await s.app.open(url: try #require(URL(string: "app://broken/\(kind)")))
            guard case .stepFailed(let failure) = outcome else {
                Issue.record("\(kind): \(outcome)")
                continue
            }
            #expect(failure.index == index && failure.reason == reason, "\(kind): \(failure)")
            #expect(await s.window.snapshot() == before, "\(kind): the tree is unchanged")
        }
        await s.app.closeWindow(s.window.id)
        let events = await JournalReader.collect(journal)
        #expect(commits(events).isEmpty)
        #expect(events.filter { $0.kind == .failed("invalidRequest") }.count == cases.count)
    }

    @Test func deepLink_presentThenDismissAll() async throws {
        let s = try await setUp()
        guard case .opened(_, .completed(sequence: 3)) = await s.app.open(url: URL(string: "app://modal/detail")!) else {
            Issue.record("present")
            return
        }
        #expect(await s.window.snapshot().stateRendered
            == "tabBar*[navigation[inbox] navigation*[settings*]]{1} >formSheet detail*", "R3.3: from the root")
        guard case .opened(_, .completed(sequence: 4)) = await s.app.open(url: URL(string: "app://close")!) else {
            Issue.record("dismissAll")
            return
        }
        #expect(await s.window.snapshot().stateRendered == "tabBar*[navigation[inbox] navigation*[settings*]]{1}")
        guard case .opened(_, .noChange) = await s.app.open(url: URL(string: "app://close")!) else {
            Issue.record("dismissAll with nothing presented changes nothing")
            return
        }
    }

    /// DeepLinkRouter's doc example: with a sheet up, a route without `.dismissAll` pushes onto
    /// the sheet's side of the visible path (the path runs into what is presented); the
    /// example's route dismisses first and lands in its tab, in one commit.
    @Test func theDocExampleRoute_dismissesFirst_andLandsInItsTab() async throws {
        var routes = router
        routes.register("app://doc/:id") { link in
            [.dismissAll, .selectTab("inbox"), .popToRoot, .push(scene: "message", payload: link["id"])]
        }
        let s = try await setUp()
        await s.app.register(deepLinks: routes)
        guard case .opened(_, .completed) = await s.app.open(url: URL(string: "app://modal/detail")!) else {
            Issue.record("present")
            return
        }
        let without = await s.app.open(url: URL(string: "app://inbox/7")!)
        guard case .opened(_, .completed) = without else {
            Issue.record("\(without)")
            return
        }
        #expect(await s.window.snapshot().stateRendered.contains(">formSheet"), "without dismissAll the sheet stays up")
        guard case .opened(_, .completed) = await s.app.open(url: URL(string: "app://doc/7")!) else {
            Issue.record("the doc's route")
            return
        }
        #expect(await s.window.snapshot().stateRendered == "tabBar*[navigation*[inbox message*] navigation[settings]]{0}")
    }

    /// Steps that act on what the same link presented: the tree is right, and the one commit
    /// replays through the reference model (a chain is linked before it enters; a presentation
    /// dismissed by the same link never enters).
    @Test func stepsOnWhatTheSameLinkPresented_replay() async throws {
        var routes = router
        routes.register("app://chain") { _ in
            [.present(scene: "detail", style: .formSheet), .present(scene: "home", style: .pageSheet)]
        }
        routes.register("app://undo") { _ in
            [.present(scene: "detail", style: .formSheet), .dismiss, .selectTabIndex(0), .push(scene: "detail")]
        }
        routes.register("app://swap") { _ in
            [.present(scene: "detail", style: .formSheet), .present(scene: "home"), .dismissAll, .present(scene: "profile", style: .fullScreen)]
        }
        routes.register("app://navmodal") { _ in
            [.present(scene: "nav", style: .formSheet), .push(scene: "detail"), .push(scene: "profile")]
        }
        routes.register("app://pushpop") { _ in
            [.selectTabIndex(0), .push(scene: "detail"), .push(scene: "profile"), .popToRoot, .push(scene: "message")]
        }
        routes.register("app://leave") { _ in
            [.present(scene: "nav", style: .pageSheet), .push(scene: "detail"), .dismiss, .popToRoot]
        }
        let expected = [
            "app://navmodal": "tabBar*[navigation[inbox] navigation*[settings*]]{1} >formSheet navigation*[home detail profile*]",
            "app://pushpop": "tabBar*[navigation*[inbox message*] navigation[settings]]{0}",
            "app://leave": "tabBar*[navigation[inbox] navigation*[settings*]]{1}",
            "app://chain": "tabBar*[navigation[inbox] navigation*[settings*]]{1} >formSheet detail* >pageSheet home*",
            "app://undo": "tabBar*[navigation*[inbox detail*] navigation[settings]]{0}",
            "app://swap": "tabBar[navigation[inbox] navigation[settings]]{1} >fullScreen profile*",
        ]
        for (url, rendered) in expected.sorted(by: { $0.key < $1.key }) {
            let s = try await setUp()
            await s.app.register(deepLinks: routes)
            let journal = await s.window.journal()
            let start = await s.window.snapshot()
            let outcome = await s.app.open(url: try #require(URL(string: url)))
            if url == "app://leave" {
                // Presented, pushed onto, dismissed: nothing to commit, and popToRoot finds one-element stack.
                guard case .opened(_, .noChange) = outcome else {
                    Issue.record("\(url): \(outcome)")
                    continue
                }
            } else {
                guard case .opened(_, .completed(sequence: 3)) = outcome else {
                    Issue.record("\(url): \(outcome)")
                    continue
                }
            }
            let final = await s.window.snapshot()
            #expect(final.stateRendered == rendered, "\(url)")
            await s.app.closeWindow(s.window.id)
            let events = await JournalReader.collect(journal)
            #expect(commits(events).count == (url == "app://leave" ? 0 : 1), "\(url)")
            #expect(LinearizabilityChecker.check(events: events, start: start, finalSnapshot: final) == nil, "\(url)")
        }
    }

    /// A receiver navigating its own window from `receive(deepLink:)` is deferred (R4.5), as a
    /// hook's request is, and runs after the link's transition: no deadlock.
    @Test func receiverNavigating_isDeferred_afterTheLink() async throws {
        let s = try await setUp()
        var routes = router
        routes.register("app://navigating") { _ in [.selectTabIndex(0), .push(scene: "navigating")] }
        await s.app.register(deepLinks: routes)
        guard case .opened(_, .completed(sequence: 3)) = await s.app.open(url: URL(string: "app://navigating")!) else {
            Issue.record("the link completes first")
            return
        }
        let receiver = try #require(await s.inbox.topViewController as? NavigatingController)
        guard case .deferred = await receiver.outcome else {
            Issue.record("the nested request is deferred")
            return
        }
        while await s.window.lastSequence < 4 { await Task.yield() }
        #expect(await s.window.traits == .compact)
    }

    @Test func router_matchesRegisteredPatterns() throws {
        var router = DeepLinkRouter(catalog: catalog)
        router.register("app://inbox/:id") { _ in [.popToRoot] }
        router.register("app://inbox/new") { _ in [.dismiss] }
        router.register("item/:name") { _ in [] }

        let url = try #require(URL(string: "APP://inbox/a%20b?x=1&id=query"))
        let first = try #require(router.match(url))
        #expect(first.link.pattern == "app://inbox/:id")
        #expect(first.link.parameters == ["id": "a b", "x": "1"], "path parameters win over query items")
        #expect(router.match(try #require(URL(string: "app://inbox/new")))?.link.pattern == "app://inbox/:id", "first wins")
        #expect(router.match(try #require(URL(string: "https://item/pen#top")))?.link["name"] == "pen")
        #expect(router.match(try #require(URL(string: "app://Inbox/1"))) == nil, "segments are exact")
    }
}
