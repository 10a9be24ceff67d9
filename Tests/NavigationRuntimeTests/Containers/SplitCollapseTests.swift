import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// A split view world: named recording controllers and navigation controllers, the journal's
/// callbacks rendered with names (navigation controllers included), and a one-line tree.
struct SplitWorld: NamedWorld {
    let base: Fixture
    let book = NameBook()

    init(traits: Traits) { base = Fixture(traits: traits) }

    func controller(_ name: String) -> RecordingController {
        let controller = base.controller(name)
        book.set(controller.id, name)
        return controller
    }

    func split(_ name: String, _ split: SplitViewController) -> SplitViewController {
        recorder.name(split, name)
        book.set(split.id, name)
        return split
    }
}

/// A split delegate that logs `collapseSecondary` and answers as told (Xcode's Master-Detail
/// template answers `true` while the detail shows no item).
struct CollapseDelegate: SplitViewControllerDelegate {
    let recorder: CallbackRecorder
    let discards: Bool

    func splitViewController(
        _ splitViewController: SplitViewController,
        collapseSecondary secondary: any ViewController,
        onto primary: any ViewController
    ) async -> Bool {
        recorder.record(
            "\(recorder.name(of: splitViewController)).collapseSecondary(\(recorder.name(of: secondary)), onto: \(recorder.name(of: primary)))"
        )
        return discards
    }
}

/// Issue 11 findings 1 and 2 and the split's `delegate:` initializers (R5.6, R5.8, R2.6, R6.11).
@Suite struct SplitCollapseTests {
    /// S(primary MN[M], secondary DN[D]), the Master-Detail template's shape.
    private func template(_ w: SplitWorld, delegate discards: Bool?) async
        -> (SplitViewController, NavigationController, NavigationController, RecordingController, RecordingController)
    {
        let m = w.controller("M")
        let d = w.controller("D")
        let masterNav = await w.navigation("MN", [m])
        let detailNav = await w.navigation("DN", [d])
        let split = w.split(
            "S",
            SplitViewController(
                context: w.window.makeContext(), primary: masterNav, secondary: detailNav,
                delegate: discards.map { CollapseDelegate(recorder: w.recorder, discards: $0) }
            )
        )
        return (split, masterNav, detailNav, m, d)
    }

    // R5.6 (finding 1): the delegate is asked at a compact launch; `true` discards the detail.
    @Test func compactLaunch_asksTheDelegate_whichDiscardsTheEmptyDetail_R5_6() async throws {
        let w = SplitWorld(traits: .compact)
        let journal = await w.window.journal()
        let (split, masterNav, detailNav, m, d) = await template(w, delegate: true)
        try await w.window.setRootViewController(split, animated: false)
        #expect(w.recorder.take().first == "S.collapseSecondary(DN, onto: MN)")
        #expect(await w.onScreenTree() == "S*[MN*[M*]]", "the phone launch shows the list")
        #expect(await split.isCollapsed)
        #expect(await split.viewControllers.map(\.id) == [masterNav.id])
        #expect(await detailNav.isInWindowHierarchy == false)
        #expect(await d.isViewLoaded == false)
        let events = await w.closeAndCollect(journal)
        #expect(w.callbacks(events) == [
            "MN.willMove(toParent: S)", "M.willMove(toParent: MN)", "S.viewDidLoad", "MN.viewDidLoad", "M.viewDidLoad",
            "S.viewWillAppear(false)", "MN.viewWillAppear(false)", "M.viewWillAppear(false)",
            "M.viewDidAppear(false)", "MN.viewDidAppear(false)", "S.viewDidAppear(false)",
            "MN.didMove(toParent: S)", "M.didMove(toParent: MN)",
        ], "R6.11: the discarded detail hears nothing")
        _ = m
    }

    // R5.6, R6.11 (finding 1): the default collapse at a compact launch pushes the secondary
    // navigation controller onto the primary; each controller hears only its final parent.
    @Test func compactLaunch_default_nestsTheSecondaryNavigation_andNamesFinalParentsOnly_R5_6_R6_11() async throws {
        let w = SplitWorld(traits: .compact)
        let journal = await w.window.journal()
        let (split, masterNav, detailNav, m, _) = await template(w, delegate: false)
        try await w.window.setRootViewController(split, animated: false)
        #expect(w.recorder.take().first == "S.collapseSecondary(DN, onto: MN)")
        #expect(await w.onScreenTree() == "S*[MN*[M DN*[D*]]]")
        #expect(await masterNav.viewControllers.map(\.id) == [m.id, detailNav.id])
        let events = await w.closeAndCollect(journal)
        let moves = w.callbacks(events).filter { $0.contains("Move(") }
        #expect(moves == [
            "MN.willMove(toParent: S)", "DN.willMove(toParent: MN)", "M.willMove(toParent: MN)", "D.willMove(toParent: DN)",
            "MN.didMove(toParent: S)", "DN.didMove(toParent: MN)", "M.didMove(toParent: MN)", "D.didMove(toParent: DN)",
        ])
    }

    // R6.11 (finding 1): a content secondary pushed at a compact launch names the navigation
    // controller, never the split.
    @Test func compactLaunch_contentSecondary_hearsOnlyTheNavigationPrimary_R6_11() async throws {
        let w = SplitWorld(traits: .compact)
        let p = w.controller("P")
        let d1 = w.controller("D1")
        let navigation = await w.navigation("N", [p])
        let split = w.split("S", SplitViewController(context: w.window.makeContext(), primary: navigation, secondary: d1))
        try await w.window.setRootViewController(split, animated: false)
        #expect(w.recorder.take().filter { $0.hasPrefix("D1.") } == [
            "D1.willMove(toParent: N)", "D1.viewDidLoad", "D1.viewWillAppear(false)", "D1.viewDidAppear(false)",
            "D1.didMove(toParent: N)",
        ])
        #expect(await d1.isMovingToParent == false)
    }

    // R2.6, R5.8 (finding 2): collapsed, a show-detail of a navigation controller pushes it
    // onto the primary (UIKit nests it); expanding makes it the secondary again, content inside.
    @Test func collapsed_showDetailOfANavigationController_nestsIt_thenExpandingSeparatesIt_R2_6_R5_8() async throws {
        let w = SplitWorld(traits: .compact)
        let (split, masterNav, _, m, _) = await template(w, delegate: true)
        try await w.start(with: split)
        let d2 = w.controller("D2")
        let detail2 = await w.navigation("DN2", [d2])
        #expect(try await m.showDetailViewController(detail2, animated: false) == .completed(sequence: 2))
        #expect(w.recorder.take() == [
            "D2.willMove(toParent: DN2)", "D2.viewDidLoad", "M.viewWillDisappear(false)", "D2.viewWillAppear(false)",
            "M.viewDidDisappear(false)", "D2.viewDidAppear(false)", "D2.didMove(toParent: DN2)",
        ])
        #expect(await w.onScreenTree() == "S*[MN*[M DN2*[D2*]]]")
        #expect(await d2.navigationController?.id == detail2.id)
        #expect(try await w.window.setTraits(.regular) == .completed(sequence: 3))
        #expect(await w.onScreenTree() == "S*[MN*[M*] DN2*[D2*]]", "a proper secondary, its content inside")
        #expect(await split.viewControllers.map(\.id) == [masterNav.id, detail2.id])
        w.recorder.clear()
        #expect(try await w.window.setTraits(.compact) == .completed(sequence: 4))
        #expect(w.recorder.take().first == "S.collapseSecondary(DN2, onto: MN)")
        #expect(await w.onScreenTree() == "S*[MN*[M*]]", "this delegate always discards")
    }

    // R5.6 (finding 2): a rotation collapse nests a navigation secondary (its content stays in
    // it) and the expansion gives it back whole.
    @Test func traitsCollapse_nestsTheNavigationSecondary_andExpansionGivesItBack_R5_6() async throws {
        let w = SplitWorld(traits: .regular)
        let (split, masterNav, detailNav, _, d) = await template(w, delegate: nil)
        try await w.start(with: split)
        try await w.window.setTraits(.compact)
        #expect(await w.onScreenTree() == "S*[MN*[M DN*[D*]]]")
        #expect(await d.parent?.id == detailNav.id)
        #expect(w.recorder.take() == ["M.viewWillDisappear(false)", "M.viewDidDisappear(false)"])
        try await w.window.setTraits(.regular)
        #expect(await w.onScreenTree() == "S*[MN*[M*] DN*[D*]]")
        #expect(await split.viewControllers.map(\.id) == [masterNav.id, detailNav.id])
        #expect(w.recorder.take() == ["M.viewWillAppear(false)", "M.viewDidAppear(false)"])
    }

    // DESIGN §6: compact launches (discarded, nested), a nested show-detail, a pop of the
    // nested navigation controller, expansions and collapses replay through the reference
    // model, and every guarantee of the invariant checker holds.
    @Test(arguments: [true, false])
    func nestedAndDiscardedShapes_replayThroughTheReferenceModel(discards: Bool) async throws {
        let w = SplitWorld(traits: .compact)
        let journal = await w.window.journal()
        let (split, masterNav, _, m, _) = await template(w, delegate: discards)
        try await w.window.setRootViewController(split)
        try await m.showDetailViewController(await w.navigation("DN2", [w.controller("D2")]))
        try await masterNav.popViewController()
        try await m.showDetailViewController(await w.navigation("DN3", [w.controller("D3")]))
        try await w.window.setTraits(.regular)
        try await w.window.setTraits(.compact)
        let snapshot = await w.window.snapshot()
        let events = await w.closeAndCollect(journal)
        let report = InvariantChecker.check(events: events, finalSnapshot: snapshot)
        #expect(report.violations == [])
        #expect(report.commits == 6)
        #expect(LinearizabilityChecker.check(events: events, finalSnapshot: snapshot) == nil)
    }

    // Item 3: `delegate:` on both initializers, in place before the split enters a window;
    // `setDelegate` still works and replaces it.
    @Test func delegate_givenToTheInitializers_isInPlaceBeforeTheWindow_andSetDelegateReplacesIt() async throws {
        let w = SplitWorld(traits: .compact)
        let p = w.controller("P")
        let classic = w.split(
            "S",
            SplitViewController(
                context: w.window.makeContext(), primary: await w.navigation("N", [p]), secondary: w.controller("D"),
                delegate: CollapseDelegate(recorder: w.recorder, discards: true)
            )
        )
        #expect(await classic.delegate != nil)
        try await w.start(with: classic)
        #expect(await w.onScreenTree() == "S*[N*[P*]]", "the delegate given at init discarded the detail")
        await classic.setDelegate(nil)
        #expect(await classic.delegate == nil)

        let columns = SplitViewController(
            context: w.window.makeContext(), primaryColumn: w.controller("P2"), secondaryColumn: w.controller("D2"),
            delegate: TopColumnDelegate(column: .primary)
        )
        #expect(await columns.delegate != nil)
        await columns.setDelegate(nil)
        #expect(await columns.delegate == nil)
    }

    // R5.7: a column-style split entering a compact window asks its delegate which column to
    // show (the iOS 14 way to launch an iPhone on the list).
    @Test func compactLaunch_columnStyle_asksTopColumnForCollapsing_R5_7() async throws {
        let w = SplitWorld(traits: .compact)
        let list = w.controller("L")
        let detail = w.controller("D")
        let split = w.split(
            "S",
            SplitViewController(
                context: w.window.makeContext(), primaryColumn: list, secondaryColumn: detail,
                delegate: TopColumnDelegate(column: .primary)
            )
        )
        try await w.start(with: split)
        #expect(await split.topColumn == .primary)
        #expect(await w.onScreenTree() == "S*[L* D]")
        #expect(await detail.isViewLoaded == false)
    }
}

/// Issue 17 item 5: a classic split with a primary only (no secondary yet), and restoration of
/// the collapsed shapes findings 1 and 2 produce (R5.6, R5.8, R8.5).
@Suite struct SplitPrimaryOnlyTests {
    // R2.6: collapsed, show-detail pushes onto the primary; expanding separates it (the top).
    @Test func primaryOnly_collapsed_showDetailPushes_thenExpandingMakesItTheSecondary_R2_6() async throws {
        let w = SplitWorld(traits: .compact)
        let m = w.controller("M")
        let navigation = await w.navigation("N", [m])
        let split = w.split("S", SplitViewController(context: w.window.makeContext(), primary: navigation))
        try await w.start(with: split)
        #expect(await w.onScreenTree() == "S*[N*[M*]]")
        let d = w.controller("D")
        #expect(try await m.showDetailViewController(d, animated: false) == .completed(sequence: 2))
        #expect(await w.onScreenTree() == "S*[N*[M D*]]")
        try await w.window.setTraits(.regular)
        #expect(await w.onScreenTree() == "S*[N*[M*] D*]")
    }

    // R5.8: expanded, show-detail installs the secondary; collapsing puts it on the primary.
    @Test func primaryOnly_expanded_showDetailInstallsTheSecondary_R5_8() async throws {
        let w = SplitWorld(traits: .regular)
        let m = w.controller("M")
        let navigation = await w.navigation("N", [m])
        let split = w.split("S", SplitViewController(context: w.window.makeContext(), primary: navigation))
        try await w.start(with: split)
        #expect(await w.onScreenTree() == "S*[N*[M*]]")
        #expect(await split.viewControllers.count == 1)
        let d = w.controller("D")
        #expect(try await m.showDetailViewController(d, animated: false) == .completed(sequence: 2))
        #expect(w.recorder.take() == [
            "D.willMove(toParent: S)", "D.viewDidLoad", "D.viewWillAppear(false)", "D.viewDidAppear(false)",
            "D.didMove(toParent: S)",
        ], "nothing disappears: there was no secondary")
        #expect(await w.onScreenTree() == "S*[N*[M*] D*]")
        try await w.window.setTraits(.compact)
        #expect(await w.onScreenTree() == "S*[N*[M D*]]")
    }

    // R8.5: the collapsed shapes of a compact launch (discarded detail, nested detail) restore.
    @Test(arguments: [true, false])
    func collapsedLaunchShapes_roundTripThroughRestoration_R5_6_R8_5(discards: Bool) async throws {
        let catalog = SceneCatalog([
            Scene("list") { GenericViewController(context: $0) }, Scene("detail") { GenericViewController(context: $0) },
        ])
        let app = Application()
        let window = await app.openWindow(configuration: Window.Configuration(transitionDuration: .zero, traits: .compact))
        let list = try #require(catalog.instantiate("list", in: window))
        let detail = try #require(catalog.instantiate("detail", in: window))
        let split = SplitViewController(
            context: window.makeContext(),
            primary: NavigationController(context: window.makeContext(), rootViewController: list),
            secondary: NavigationController(context: window.makeContext(), rootViewController: detail),
            delegate: CollapseDelegate(recorder: CallbackRecorder(), discards: discards)
        )
        try await window.setRootViewController(split)
        let snapshot = await window.snapshot()
        #expect(snapshot.stateRendered == (discards ? "split*[navigation*[list*]]" : "split*[navigation*[list navigation*[detail*]]]"))
        let outcome = await app.restore(json: try JSONEncoder().encode(snapshot), catalog: catalog, configuration: .immediate)
        let restored = try #require(outcome.window, "\(outcome.problems)")
        #expect(await restored.snapshot().normalized() == snapshot.normalized())
        try await restored.setTraits(.regular)
        #expect(
            await restored.snapshot().stateRendered
                == (discards ? "split*[navigation*[list*]]" : "split*[navigation*[list*] navigation*[detail*]]")
        )
    }
}

/// A column-style split delegate that always answers the same top column.
struct TopColumnDelegate: SplitViewControllerDelegate {
    let column: SplitColumn
    func splitViewController(
        _ splitViewController: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitColumn
    ) async -> SplitColumn { column }
}
