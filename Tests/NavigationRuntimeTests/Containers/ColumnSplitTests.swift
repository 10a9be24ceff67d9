import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// R5.7: column-style split view controllers (UIKit's iOS 14 style); the classic style is
/// covered by `SplitViewControllerTests` and unchanged.
@Suite struct ColumnSplitTests {
    private struct TopColumn: SplitViewControllerDelegate {
        let recorder: CallbackRecorder
        let answer: SplitColumn?
        func splitViewController(
            _ splitViewController: SplitViewController,
            topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitColumn
        ) async -> SplitColumn {
            recorder.record("S.topColumn(proposed: \(proposedTopColumn))")
            return answer ?? proposedTopColumn
        }
    }

    private func split(
        _ f: Fixture,
        secondary: RecordingController?,
        compact: (any ViewController)? = nil,
        answer: SplitColumn?? = nil
    ) async throws -> (SplitViewController, RecordingController) {
        let p = f.controller("P")
        let split = SplitViewController(
            context: f.window.makeContext(), primaryColumn: p, secondaryColumn: secondary, compactColumn: compact
        )
        f.recorder.name(split, "S")
        if let answer { await split.setDelegate(TopColumn(recorder: f.recorder, answer: answer)) }
        try await f.start(with: split)
        return (split, p)
    }

    // R5.7
    @Test func collapse_withACompactColumn_showsIt_andAsksNoDelegate_R5_7() async throws {
        let f = Fixture()
        let d = f.controller("D")
        let c = f.controller("C")
        let (split, p) = try await split(f, secondary: d, compact: c, answer: .some(.primary))
        #expect(split.isColumnStyle)
        #expect(await c.isViewLoaded == false, "expanded: the compact column is not on screen")
        #expect(try await f.window.setTraits(.compact) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "C.viewDidLoad", "P.viewWillDisappear(false)", "D.viewWillDisappear(false)", "C.viewWillAppear(false)",
            "P.viewDidDisappear(false)", "D.viewDidDisappear(false)", "C.viewDidAppear(false)",
        ], "no topColumn question: the compact column wins")
        #expect(await split.isCollapsed)
        #expect(await split.topColumn == .compact)
        #expect(await split.viewControllers.map(\.id) == [p.id, d.id, c.id], "collapsing moves no controller")
        #expect(await split.viewController(for: .compact) === c)

        #expect(try await f.window.setTraits(.regular) == .completed(sequence: 3))
        #expect(f.recorder.take() == [
            "C.viewWillDisappear(false)", "P.viewWillAppear(false)", "D.viewWillAppear(false)",
            "C.viewDidDisappear(false)", "P.viewDidAppear(false)", "D.viewDidAppear(false)",
        ])
        #expect(await split.topColumn == nil)
    }

    // R5.7
    @Test func collapse_withoutACompactColumn_theDelegateChoosesTheTopColumn_R5_7() async throws {
        let f = Fixture()
        let d = f.controller("D")
        let (split, _) = try await split(f, secondary: d, answer: .some(.primary))
        #expect(try await f.window.setTraits(.compact) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "S.topColumn(proposed: secondary)", "D.viewWillDisappear(false)", "D.viewDidDisappear(false)",
        ], "the proposal is the secondary, which has a controller; the delegate picks the primary")
        #expect(await split.topColumn == .primary)
    }

    // R5.7
    @Test func collapse_default_showsTheSecondary_andAnEmptyColumnAnswerIsIgnored_R5_7() async throws {
        let f = Fixture()
        let d = f.controller("D")
        let (split, _) = try await split(f, secondary: d)
        try await f.window.setTraits(.compact)
        #expect(f.recorder.take() == ["P.viewWillDisappear(false)", "P.viewDidDisappear(false)"], "no delegate: the proposal")
        #expect(await split.topColumn == .secondary)

        let g = Fixture()
        let (lone, _) = try await self.split(g, secondary: nil, answer: .some(.secondary))
        try await g.window.setTraits(.compact)
        #expect(g.recorder.take() == ["S.topColumn(proposed: primary)"], "no secondary: the primary is proposed")
        #expect(await lone.topColumn == .primary, "the empty secondary column cannot be on top")
    }

    // R5.7, R5.8, R2.5
    @Test func showDetail_setsTheSecondaryColumn_andCollapsedBringsItOnTop_R5_7_R5_8() async throws {
        let f = Fixture()
        let (split, p) = try await split(f, secondary: nil, answer: .some(.primary))
        let d1 = f.controller("D1")
        #expect(try await p.showDetailViewController(d1, animated: false) == .completed(sequence: 2))
        #expect(f.recorder.take() == [
            "D1.willMove(toParent: S)", "D1.viewDidLoad", "D1.viewWillAppear(false)", "D1.viewDidAppear(false)",
            "D1.didMove(toParent: S)",
        ], "expanded: the empty secondary column is set")
        #expect(await split.viewController(for: .secondary) === d1)
        #expect(try await p.showDetailViewController(d1) == .noChange, "R2.5: the current secondary again")

        try await f.window.setTraits(.compact)
        #expect(await split.topColumn == .primary)
        f.recorder.clear()
        let d2 = f.controller("D2")
        #expect(try await p.showDetailViewController(d2, animated: false) == .completed(sequence: 4))
        #expect(f.recorder.take() == [
            "D1.willMove(toParent: nil)", "D2.willMove(toParent: S)", "D2.viewDidLoad", "P.viewWillDisappear(false)",
            "D2.viewWillAppear(false)", "P.viewDidDisappear(false)", "D2.viewDidAppear(false)",
            "D1.didMove(toParent: nil)", "D2.didMove(toParent: S)",
        ], "collapsed without a compact column: the new secondary comes on top")
        #expect(await split.topColumn == .secondary)
        #expect(await split.viewControllers.map(\.id) == [p.id, d2.id])
    }

    // R5.7, R2.6
    @Test func collapsed_showDetail_withANavigationCompactColumn_pushesOntoIt_R5_7_R2_6() async throws {
        let f = Fixture(traits: .compact)
        let r = f.controller("R")
        let compact = f.navigation("N", [r])
        let d = f.controller("D")
        let (split, p) = try await split(f, secondary: d, compact: compact)
        #expect(await split.topColumn == .compact, "entering a compact window collapses it")
        #expect(await r.appearanceState == .appeared)
        #expect(await p.appearanceState == .disappeared)
        let x = f.controller("X")
        #expect(try await r.showDetailViewController(x, animated: false) == .completed(sequence: 2))
        #expect(await compact.viewControllers.map(\.id) == [r.id, x.id])
        #expect(await split.viewController(for: .secondary) === d, "the secondary column is unchanged")
    }

    // R5.7, DESIGN §6: column-style changes replay through the reference model.
    @Test func columnSplitChanges_replayThroughTheReferenceModel() async throws {
        let f = Fixture()
        let journal = await f.window.journal()
        let c = f.controller("C")
        let (_, p) = try await split(f, secondary: nil, compact: c, answer: .some(.primary))
        try await p.showDetailViewController(f.controller("D1"), animated: false)
        try await f.window.setTraits(.compact)
        try await c.present(f.controller("M"), style: .fullScreen, animated: false)
        try await c.dismiss(animated: false)
        try await f.window.setTraits(.regular)
        try await p.showDetailViewController(f.controller("D2"), animated: false)
        let snapshot = await f.window.snapshot()
        await f.window.close()
        let report = await InvariantChecker.check(journal: journal, finalSnapshot: snapshot)
        #expect(report.violations == [])
        #expect(report.commits == 7)
    }

    // R5.7, R8.5
    @Test(arguments: [Traits.regular, .compact])
    func columnSplit_roundTripsThroughRestoration_R5_7_R8_5(traits: Traits) async throws {
        let app = Application()
        let catalog = RestorationScenes.catalog
        let window = await app.openWindow(configuration: Window.Configuration(transitionDuration: .zero, traits: .regular))
        let inbox = try #require(catalog.instantiate("inbox", in: window))
        let message = try #require(catalog.instantiate("message", in: window))
        let home = try #require(catalog.instantiate("home", in: window))
        let split = SplitViewController(
            context: window.makeContext(), primaryColumn: inbox, secondaryColumn: message, compactColumn: home
        )
        try await window.setRootViewController(split)
        try await window.setTraits(traits)
        let snapshot = await window.snapshot()
        #expect(snapshot.root?.columns == [.primary, .secondary, .compact])
        #expect(snapshot.stateRendered == (traits == .compact ? "split*[inbox message home*]{2}" : "split*[inbox* message* home]"))

        let outcome = await app.restore(json: try JSONEncoder().encode(snapshot), catalog: catalog, configuration: .immediate)
        let restored = try #require(outcome.window, "\(outcome.problems)")
        #expect(await restored.snapshot().normalized() == snapshot.normalized())
        let root = try #require(await restored.rootViewController as? SplitViewController)
        #expect(root.isColumnStyle)
    }

    // R5.7, R8.5
    @Test func restoration_refusesBadColumns() async throws {
        let app = Application()
        func content(_ id: UInt64) -> ControllerSnapshot {
            ControllerSnapshot(id: ControllerID(id), scene: "home", className: "HomeController", kind: .content, appearance: .disappeared)
        }
        let cases: [(ControllerSnapshot, RestorationProblem.Reason)] = [
            (
                ControllerSnapshot(
                    id: ControllerID(1), className: "UISplitViewController", kind: .split, appearance: .disappeared,
                    children: [content(2), content(3)], columns: [.secondary, .primary]
                ),
                .splitColumns([.secondary, .primary], collapsed: false)
            ),
            (
                ControllerSnapshot(
                    id: ControllerID(1), className: "UISplitViewController", kind: .split, appearance: .disappeared,
                    children: [content(2), content(3)], selectedIndex: 1, columns: [.primary, .secondary]
                ),
                .splitColumns([.primary, .secondary], collapsed: false)
            ),
            (
                ControllerSnapshot(
                    id: ControllerID(1), className: "UINavigationController", kind: .navigation, appearance: .disappeared,
                    children: [content(2)], columns: [.primary]
                ),
                .unexpectedColumns
            ),
        ]
        for (root, reason) in cases {
            let snapshot = WindowSnapshot(window: WindowID(1), sequence: 1, traits: .regular, transitionInFlight: false, root: root)
            #expect(await app.restore(snapshot, catalog: RestorationScenes.catalog).problems.map(\.reason) == [reason])
        }
        #expect(await app.openWindows.isEmpty)
    }

    // R5.7, R6.9, DESIGN §3.4: a collapse cancelled before its commit point leaves the columns
    // as they were and balances its callbacks.
    @Test func cancelledCollapse_rollsBack_withBalancedCallbacks_R5_7_R6_9() async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let d = f.controller("D")
        let c = f.controller("C")
        let (split, _) = try await split(f, secondary: d, compact: c)
        let before = await f.window.snapshot()
        let collapse = Task { try await f.window.setTraits(.compact, animated: true) }
        await clock.sleepers(atLeast: 1)
        #expect(await split.topColumn == .compact, "the tree shows the change from its begin phase (R4.1)")
        collapse.cancel()
        await #expect(throws: CancellationError.self) { try await collapse.value }
        #expect(f.recorder.take() == [
            "C.viewDidLoad", "P.viewWillDisappear(true)", "D.viewWillDisappear(true)", "C.viewWillAppear(true)",
            "C.viewWillDisappear(true)", "C.viewDidDisappear(true)",
            "P.viewWillAppear(true)", "D.viewWillAppear(true)", "P.viewDidAppear(true)", "D.viewDidAppear(true)",
        ], "R6.9: the cancel sequence")
        #expect(await f.window.snapshot() == before)
        #expect(await split.isCollapsed == false)
    }

    // R5.8, R6.9: a show-detail cancelled before its commit point leaves the new secondary
    // free (no parent, out of the tree), for both styles.
    @Test(arguments: [false, true])
    func cancelledShowDetail_leavesTheNewSecondaryFree_R5_8_R6_9(columnStyle: Bool) async throws {
        let clock = ManualClock()
        let f = Fixture(clock: clock)
        let p = f.controller("P")
        let d1 = f.controller("D1")
        let split =
            columnStyle
            ? SplitViewController(context: f.window.makeContext(), primaryColumn: p, secondaryColumn: d1)
            : SplitViewController(context: f.window.makeContext(), primary: p, secondary: d1)
        try await f.start(with: split)
        let before = await f.window.snapshot()
        let d2 = f.controller("D2")
        let show = Task { try await p.showDetailViewController(d2, animated: true) }
        await clock.sleepers(atLeast: 1)
        show.cancel()
        await #expect(throws: CancellationError.self) { try await show.value }
        #expect(await f.window.snapshot() == before)
        #expect(await d2.parent == nil)
        #expect(await d2.isInWindowHierarchy == false)
        #expect(await d1.parent === split)
        #expect(try await p.present(d2, animated: false) == .completed(sequence: 2), "d2 is free again")
    }
}

