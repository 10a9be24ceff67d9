import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// R5.9-R5.13: the page view controller. The appearance orders were checked against outside
/// evidence before they were built on (see `PageViewController`'s documentation): a blog post's
/// logs of scroll and page-curl turns, finished and cancelled (O4), a Parchment PR's log of a
/// scroll turn, Apple's documentation for the data source and delegate, and UIKit's decompiled
/// implementation for the non-animated orders.
@Suite struct PageViewControllerTests {
    /// A data source over a fixed list of pages, and a delegate, both logging to the recorder.
    private struct Book: PageViewControllerDataSource, PageViewControllerDelegate {
        let recorder: CallbackRecorder
        let pages: [any ViewController]

        func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: any ViewController)
            async -> (any ViewController)?
        {
            recorder.record("P.before(\(recorder.name(of: viewController)))")
            guard let index = pages.firstIndex(where: { $0 === viewController }), index > 0 else { return nil }
            return pages[index - 1]
        }
        func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: any ViewController)
            async -> (any ViewController)?
        {
            recorder.record("P.after(\(recorder.name(of: viewController)))")
            guard let index = pages.firstIndex(where: { $0 === viewController }), index + 1 < pages.count else { return nil }
            return pages[index + 1]
        }
        func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [any ViewController]) async {
            recorder.record("P.willTransitionTo(\(pendingViewControllers.map { recorder.name(of: $0) }.joined(separator: ",")))")
        }
        func pageViewController(
            _ pageViewController: PageViewController,
            didFinishAnimating finished: Bool,
            previousViewControllers: [any ViewController],
            transitionCompleted completed: Bool
        ) async {
            let previous = previousViewControllers.map { recorder.name(of: $0) }.joined(separator: ",")
            recorder.record("P.didFinishAnimating(\(finished), previous: \(previous), completed: \(completed))")
        }
    }

    private func book(
        _ f: Fixture,
        _ style: PageViewController.TransitionStyle,
        spine: PageViewController.SpineLocation? = nil,
        pages: [any ViewController],
        first: Int = 0,
        shown: Int = 1
    ) async throws -> PageViewController {
        let book = Book(recorder: f.recorder, pages: pages)
        let page = PageViewController(
            context: f.window.makeContext(), transitionStyle: style, spineLocation: spine,
            viewControllers: Array(pages[first..<(first + shown)]), dataSource: book, delegate: book
        )
        f.recorder.name(page, "P")
        try await f.start(with: page)
        return page
    }

    // R5.9, R6.11: the first page enters with its container.
    @Test func firstPage_entersWithItsContainer_andTheSnapshotRecordsTheShownPages_R5_9_R5_13() async throws {
        let f = Fixture()
        let a = f.controller("A"), b = f.controller("B")
        let page = PageViewController(context: f.window.makeContext(), viewControllers: [a])
        f.recorder.name(page, "P")
        _ = b
        try await f.window.setRootViewController(page, animated: false)
        #expect(f.recorder.take() == [
            "A.willMove(toParent: P)", "A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
            "A.didMove(toParent: P)",
        ])
        let snapshot = await f.window.snapshot()
        #expect(snapshot.root?.kind == .page)
        #expect(snapshot.root?.children.map(\.id) == [a.id])
        #expect(snapshot.root?.selectedIndex == nil)
        #expect(await a.parent === page)
        #expect(await page.viewControllers.map(\.id) == [a.id])
    }

    // R5.10, R5.12: a programmatic change asks neither the data source nor the delegate.
    @Test(arguments: [
        (PageViewController.TransitionStyle.scroll, false, [
            "A.willMove(toParent: nil)", "B.willMove(toParent: P)", "B.viewDidLoad",
            "B.viewWillAppear(false)", "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "B.viewDidAppear(false)",
            "A.didMove(toParent: nil)", "B.didMove(toParent: P)",
        ]),
        (.scroll, true, [
            "A.willMove(toParent: nil)", "B.willMove(toParent: P)", "B.viewDidLoad",
            "B.viewWillAppear(true)", "A.viewWillDisappear(true)", "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
            "A.didMove(toParent: nil)", "B.didMove(toParent: P)",
        ]),
        (.pageCurl, false, [
            "A.willMove(toParent: nil)", "B.willMove(toParent: P)", "B.viewDidLoad",
            "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "B.viewWillAppear(false)", "B.viewDidAppear(false)",
            "A.didMove(toParent: nil)", "B.didMove(toParent: P)",
        ]),
        (.pageCurl, true, [
            "A.willMove(toParent: nil)", "B.willMove(toParent: P)", "B.viewDidLoad",
            "B.viewWillAppear(true)", "A.viewWillDisappear(true)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
            "A.didMove(toParent: nil)", "B.didMove(toParent: P)",
        ]),
    ])
    func setViewControllers_order_byStyleAndAnimation_R5_10_R5_12(
        style: PageViewController.TransitionStyle, animated: Bool, expected: [String]
    ) async throws {
        let f = Fixture()
        let a = f.controller("A"), b = f.controller("B")
        let page = try await book(f, style, pages: [a, b])
        #expect(try await page.setViewControllers([b], direction: .forward, animated: animated) == .completed(sequence: 2))
        #expect(f.recorder.take() == expected)
        #expect(await page.viewControllers.map(\.id) == [b.id])
        #expect(await a.parent == nil)
        #expect(try await page.setViewControllers([b], direction: .forward, animated: animated) == .noChange)
        #expect(f.recorder.take() == [])
    }

    // R5.10: the first pages of an empty page view controller are never animated (UIKit's code
    // treats that call as non-animated), even on a window whose transitions take a second; an
    // empty page view controller has nothing to turn.
    @Test func firstPagesOfAnEmptyPageViewController_areNotAnimated_andNothingTurns_R5_10() async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let a = f.controller("A")
        let page = PageViewController(context: f.window.makeContext(), dataSource: Book(recorder: f.recorder, pages: [a]))
        f.recorder.name(page, "P")
        try await f.start(with: page)
        #expect(try await page.turnPage(.forward) == .noChange)
        #expect(try await page.setViewControllers([a], direction: .forward, animated: true) == .completed(sequence: 2))
        #expect(clock.sleeperCount == 0)
        #expect(f.recorder.take() == [
            "A.willMove(toParent: P)", "A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
            "A.didMove(toParent: P)",
        ])
    }

    // R5.11, R5.12: a turn asks the data source, tells the delegate, and runs the animated order.
    @Test func turnPage_forward_asksTheDataSource_thenTheDelegate_scrollOrder_R5_11_R5_12() async throws {
        let f = Fixture()
        let a = f.controller("A"), b = f.controller("B")
        let page = try await book(f, .scroll, pages: [a, b])
        #expect(try await page.turnPage(.forward) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "P.after(A)", "P.willTransitionTo(B)",
            "A.willMove(toParent: nil)", "B.willMove(toParent: P)", "B.viewDidLoad",
            "B.viewWillAppear(true)", "A.viewWillDisappear(true)", "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
            "A.didMove(toParent: nil)", "B.didMove(toParent: P)",
            "P.didFinishAnimating(true, previous: A, completed: true)",
        ])
        // No page after B: the turn does not happen, and the delegate hears nothing (R5.11).
        #expect(try await page.turnPage(.forward) == .noChange)
        #expect(f.recorder.take() == ["P.after(B)"])
        #expect(try await page.turnPage(.reverse) == .completed(sequence: 3))
        #expect(f.recorder.take().prefix(2) == ["P.before(B)", "P.willTransitionTo(A)"])
        #expect(await page.viewControllers.map(\.id) == [a.id])
    }

    // R5.9: two pages side by side with a page curl's spine in the middle; a turn asks twice.
    @Test func spineInTheMiddle_showsTwoPages_andATurnAsksForTwo_R5_9_R5_11() async throws {
        let f = Fixture()
        let pages = (0..<4).map { f.controller("\($0)") }
        let page = try await book(f, .pageCurl, spine: .mid, pages: pages, shown: 2)
        #expect(page.isDoubleSided, "R5.9: the middle spine is double-sided")
        #expect(try await page.turnPage(.forward) == .completed(sequence: 2))
        let log = f.recorder.take()
        #expect(log.prefix(3) == ["P.after(1)", "P.after(2)", "P.willTransitionTo(2,3)"])
        #expect(log.last == "P.didFinishAnimating(true, previous: 0,1, completed: true)")
        #expect(await page.viewControllers.map(\.id) == [pages[2].id, pages[3].id])
        // One page for a middle spine: UIKit's NSInvalidArgumentException, a typed error here.
        await #expect(throws: NavigationError(.invalidRequest, "")) {
            try await page.setViewControllers([pages[0]], direction: .reverse, animated: false)
        }
        #expect(await page.viewControllers.map(\.id) == [pages[2].id, pages[3].id])
    }

    // R5.9: the wrong number of pages is refused, at entry and on a change.
    @Test func wrongNumberOfPages_isATypedError_andChangesNothing_R5_9() async throws {
        let f = Fixture()
        let a = f.controller("A"), b = f.controller("B")
        let twoOnAScroll = PageViewController(context: f.window.makeContext(), viewControllers: [a, b])
        await #expect(throws: NavigationError(.invalidRequest, "")) {
            try await f.window.setRootViewController(twoOnAScroll, animated: false)
        }
        #expect(await f.window.snapshot().root == nil)
        let c = f.controller("C"), d = f.controller("D")
        let page = try await book(f, .scroll, pages: [c])
        await #expect(throws: NavigationError(.invalidRequest, "")) {
            try await page.setViewControllers([c, d], direction: .forward, animated: true)
        }
        await #expect(throws: NavigationError(.invalidRequest, "")) {
            try await page.setViewControllers([], direction: .forward, animated: true)
        }
        #expect(await page.viewControllers.map(\.id) == [c.id])
        #expect(f.recorder.take() == [])
    }

    // R5.11: without a data source gestures are disabled.
    @Test func turnPage_withoutADataSource_isATypedError_R5_11() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let page = PageViewController(context: f.window.makeContext(), viewControllers: [a])
        try await f.start(with: page)
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await page.turnPage(.forward) }
    }

    // R5.11, R5.12, R6.9: a cancelled turn keeps the old page, balanced in UIKit's cancel order.
    @Test(arguments: [
        (PageViewController.TransitionStyle.scroll, [
            "A.viewWillAppear(true)", "A.viewDidAppear(true)", "B.viewWillDisappear(true)", "B.viewDidDisappear(true)",
        ]),
        (.pageCurl, [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
        ]),
    ])
    func turnPage_cancelled_keepsTheOldPage_inUIKitsCancelOrder_R5_11_R5_12(
        style: PageViewController.TransitionStyle, rollback: [String]
    ) async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let a = f.controller("A"), b = f.controller("B")
        let page = try await book(f, style, pages: [a, b])
        let turn = Task { try await page.turnPage(.forward) }
        await clock.sleepers(atLeast: 1)
        turn.cancel()
        await #expect(throws: CancellationError.self) { try await turn.value }
        #expect(f.recorder.take() == [
            "P.after(A)", "P.willTransitionTo(B)",
            "A.willMove(toParent: nil)", "B.willMove(toParent: P)", "B.viewDidLoad",
            "B.viewWillAppear(true)", "A.viewWillDisappear(true)",
        ] + rollback + [
            "A.didMove(toParent: P)", "B.didMove(toParent: nil)",
            "P.didFinishAnimating(true, previous: A, completed: false)",
        ])
        #expect(await page.viewControllers.map(\.id) == [a.id])
        #expect(await b.parent == nil)
        #expect(await f.window.snapshot().root?.children.map(\.id) == [a.id])
    }

    // R5.13, R2.3: show from a page is not the page view controller's: it passes up the chain.
    @Test func showFromAPage_passesUpToTheNavigationController_R5_13() async throws {
        let f = Fixture()
        let a = f.controller("A"), detail = f.controller("D")
        let page = PageViewController(context: f.window.makeContext(), viewControllers: [a])
        f.recorder.name(page, "P")
        let navigation = f.navigation("N", [page])
        try await f.start(with: navigation)
        #expect(try await a.show(detail, sender: nil, animated: false) == .completed(sequence: 2))
        #expect(await navigation.viewControllers.map(\.id) == [page.id, detail.id])
    }

    // R5.13, R7.4, R7.6: an unwind from another tab searches the page view controller's shown
    // page, which handles the action: the tab bar switches to it.
    @Test func unwind_searchesTheShownPage_R5_13_R7_4() async throws {
        let w = UnwindWorld()
        let handler = w.probe("H", actions: ["done:"])
        let page = PageViewController(context: w.window.makeContext(), viewControllers: [handler])
        w.recorder.name(page, "P")
        let source = w.probe("S")
        let tabBar = w.tabBar("T", [page, source])
        try await w.start(with: tabBar)
        _ = try await tabBar.selectTab(at: 1)
        w.recorder.clear()
        #expect(try await source.performUnwind(action: "done:") == .completed(sequence: 3))
        #expect(w.recorder.take().contains("H.performUnwindAction(done:, nil S→H)"))
        #expect(await tabBar.selectedIndex == 0)
    }

    // R5.13: the journal replays through the reference model (restoration: the suite below).
    @Test func journal_replaysInTheReferenceModel_R5_13() async throws {
        let f = Fixture()
        let pages = (0..<3).map { f.controller("\($0)") }
        let journal = await f.window.journal()
        let page = try await book(f, .scroll, pages: pages)
        _ = try await page.turnPage(.forward)
        _ = try await page.setViewControllers([pages[2]], direction: .forward, animated: true)
        await f.window.close()
        var events: [JournalEvent] = []
        for await event in journal { events.append(event) }
        let verdict = InvariantChecker.check(events: events, finalSnapshot: await f.window.snapshot())
        #expect(verdict.violations.isEmpty, "\(verdict.violations)")
        #expect(events.contains { if case .committed(.setPages(_, let ids)) = $0.kind { ids == [pages[2].id] } else { false } })
    }
}

/// R5.13, R8.5: a snapshot records the shown pages; restoring it rebuilds the page view
/// controller with its scene's style and the same pages, and refuses more than two pages.
@Suite struct PageViewControllerRestorationTests {
    private let catalog = SceneCatalog([
        Scene("page1", className: "Page1Controller") { GenericViewController(context: $0, className: "Page1Controller") },
        Scene("page2", className: "Page2Controller") { GenericViewController(context: $0, className: "Page2Controller") },
        Scene("book") { PageViewController(context: $0, transitionStyle: .pageCurl, spineLocation: .mid) },
    ])

    @Test func snapshot_restoresThePagesAndTheScenesStyle_R5_13() async throws {
        let window = Window(configuration: .init(transitionDuration: .zero))
        let book = try #require(catalog.instantiate("book", in: window) as? PageViewController)
        let pages = try ["page1", "page2"].map { try #require(catalog.instantiate($0, in: window)) }
        try await window.setRootViewController(book, animated: false)
        #expect(try await book.setViewControllers(pages, direction: .forward, animated: false) == .completed(sequence: 2))
        let json = try JSONEncoder().encode(await window.snapshot())
        let outcome = await Application().restore(json: json, catalog: catalog, configuration: .init(transitionDuration: .zero))
        guard case .restored(let restored) = outcome else {
            Issue.record("not restored: \(outcome)")
            return
        }
        let root = try #require(await restored.snapshot().root)
        #expect(root.kind == .page)
        #expect(root.children.map(\.scene) == ["page1", "page2"])
        #expect(root.children.map(\.appearance) == [.appeared, .appeared])
        let restoredBook = try #require(await restored.rootViewController as? PageViewController)
        #expect(restoredBook.transitionStyle == .pageCurl)
        #expect(restoredBook.spineLocation == .mid)
    }

    @Test func snapshotWithThreePages_isRefused_R5_9() async throws {
        let window = Window(configuration: .init(transitionDuration: .zero))
        let book = try #require(catalog.instantiate("book", in: window) as? PageViewController)
        try await window.setRootViewController(book, animated: false)
        var snapshot = await window.snapshot()
        let page = ControllerSnapshot(id: ControllerID(90), scene: "page1", className: "Page1Controller", kind: .content, appearance: .appeared)
        snapshot.root?.children = [page, page, page].enumerated().map { index, node in
            var node = node
            node.id = ControllerID(90 + UInt64(index))
            return node
        }
        let outcome = await Application().restore(json: try JSONEncoder().encode(snapshot), catalog: catalog, configuration: .init(transitionDuration: .zero))
        guard case .failed(let problems) = outcome else {
            Issue.record("restored: \(outcome)")
            return
        }
        #expect(problems.contains { $0.reason == .pageCount(3) }, "\(problems)")
    }
}

/// R5.13: a storyboard's `<pageViewController>` scene instantiates one with its attributes.
@Suite struct PageViewControllerStoryboardTests {
    private func storyboard(_ attributes: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="pv">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <pageViewController \(attributes) id="pv" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    @Test(arguments: [
        (#"transitionStyle="scroll" navigationOrientation="vertical" spineLocation="none""#,
         PageViewController.TransitionStyle.scroll, PageViewController.NavigationOrientation.vertical,
         PageViewController.SpineLocation.none, 1),
        (#"transitionStyle="pageCurl" navigationOrientation="horizontal" spineLocation="mid""#, .pageCurl, .horizontal, .mid, 2),
        // Absent, UIKit's init(coder:) decodes 0: a horizontal page curl, its spine at min.
        ("", .pageCurl, .horizontal, .min, 1),
    ])
    func scene_instantiatesAPageViewControllerWithItsAttributes_R5_13(
        attributes: String,
        style: PageViewController.TransitionStyle,
        orientation: PageViewController.NavigationOrientation,
        spine: PageViewController.SpineLocation,
        pages: Int
    ) async throws {
        let loaded = try StoryboardLoader.load(data: Data(storyboard(attributes).utf8))
        let window = Window(configuration: .init(transitionDuration: .zero))
        let page = try #require(loaded.catalog().instantiate("pv", in: window) as? PageViewController)
        #expect(page.transitionStyle == style)
        #expect(page.navigationOrientation == orientation)
        #expect(page.spineLocation == spine)
        #expect(page.pagesShownAtOnce == pages)
        try await window.setRootViewController(page, animated: false)
        #expect(await window.snapshot().root?.kind == .page)
        #expect(await window.snapshot().root?.className == "UIPageViewController")
    }

    @Test func attributeValueInterfaceBuilderNeverWrites_isATypedErrorAtItsLine_R5_13() {
        #expect {
            _ = try StoryboardLoader.load(data: Data(storyboard(#"transitionStyle="sideways""#).utf8), file: "Book.storyboard")
        } throws: { error in
            guard let error = error as? StoryboardError else { return false }
            return error.code == .invalidAttribute && error.line == 6 && error.message.contains("transitionStyle=\"sideways\"")
        }
    }
}

/// What a new user's port of an onboarding tutorial tripped on (issue 12), each pinned.
@Suite struct PageViewControllerTrialTests {
    private struct Pages: PageViewControllerDataSource {
        let pages: [any ViewController]
        func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: any ViewController)
            async -> (any ViewController)?
        {
            guard let index = pages.firstIndex(where: { $0 === viewController }), index > 0 else { return nil }
            return pages[index - 1]
        }
        func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: any ViewController)
            async -> (any ViewController)?
        {
            guard let index = pages.firstIndex(where: { $0 === viewController }), index + 1 < pages.count else { return nil }
            return pages[index + 1]
        }
    }

    /// Answers the page it is asked about: a data source bug.
    private struct Same: PageViewControllerDataSource {
        func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: any ViewController)
            async -> (any ViewController)?
        { viewController }
        func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: any ViewController)
            async -> (any ViewController)?
        { viewController }
    }

    @Test func restoredPageViewController_keepsItsScenesDataSource_andTurns() async throws {
        let catalog = SceneCatalog([
            Scene("first", className: "FirstController") { GenericViewController(context: $0, className: "FirstController") },
            Scene("book") { context in
                let pages = ["first", "first"].compactMap { context.instantiate($0) }
                return PageViewController(context: context, viewControllers: Array(pages.prefix(1)), dataSource: Pages(pages: pages))
            },
        ])
        let window = Window(configuration: .init(transitionDuration: .zero))
        let book = try #require(catalog.instantiate("book", in: window) as? PageViewController)
        try await window.setRootViewController(book, animated: false)
        let outcome = await Application().restore(await window.snapshot(), catalog: catalog, configuration: .init(transitionDuration: .zero))
        guard case .restored(let restored) = outcome else {
            Issue.record("not restored: \(outcome)")
            return
        }
        let restoredBook = try #require(await restored.rootViewController as? PageViewController)
        #expect(restoredBook.dataSource != nil)
        // The scene's data source knows the pages its factory made, not the restored ones: it
        // has no page after them, so the turn does not happen, and says so.
        #expect(try await restoredBook.turnPage(.forward) == .noChange)
        #expect(await restored.snapshot().root?.className == "UIPageViewController")
    }

    @Test func dataSourceGivingTheShownPage_isATypedError_notACompletedTurn() async throws {
        let f = Fixture()
        let a = f.controller("A")
        let page = PageViewController(context: f.window.makeContext(), viewControllers: [a], dataSource: Same())
        try await f.start(with: page)
        await #expect(throws: NavigationError(.invalidRequest, "")) { try await page.turnPage(.forward) }
        #expect(await f.window.lastSequence == 1)
        #expect(f.recorder.take() == [])
    }

    @Test func viewControllers_duringATurn_isTheOldPage_untilItCommits() async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let a = f.controller("A"), b = f.controller("B")
        let page = PageViewController(context: f.window.makeContext(), viewControllers: [a], dataSource: Pages(pages: [a, b]))
        try await f.start(with: page)
        let turn = Task { try await page.turnPage(.forward) }
        await clock.sleepers(atLeast: 1)
        #expect(await page.viewControllers.map(\.id) == [a.id], "a swipe updates viewControllers when it commits")
        clock.advance(by: .seconds(1))
        #expect(try await turn.value == .completed(sequence: 2))
        #expect(await page.viewControllers.map(\.id) == [b.id])
        // A programmatic change shows its pages at once.
        let set = Task { try await page.setViewControllers([a], direction: .reverse, animated: true) }
        await clock.sleepers(atLeast: 1)
        #expect(await page.viewControllers.map(\.id) == [a.id])
        clock.advance(by: .seconds(1))
        #expect(try await set.value == .completed(sequence: 3))
    }
}
