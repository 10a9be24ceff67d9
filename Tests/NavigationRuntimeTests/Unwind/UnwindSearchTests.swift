import NavigationRuntime
import NavigationRuntimeTesting
import Testing

// UIKIT-SEMANTICS §7, the search (R7.4–R7.7) and no destination (R7.10); ideas 57, 59, 60, 61,
// 64 of §11. Every probe logs each `canPerformUnwind` question, so the logs show the order in
// which the search visits the candidates.

private let done = "done:"

@Suite struct UnwindSearchTests {
    // R7.1, R7.6 (idea 57): N[A,B,C], A and B handle the action; C unwinds to B, the most recent
    // occurrence (a stack is searched top to bottom; A is never asked). Prepare and action
    // precede the pop, which has R6.3's order; stack [A,B].
    @Test func r7_6_idea57_mostRecentInTheStackWins() async throws {
        let w = UnwindWorld()
        let (a, b, c) = (w.probe("A", actions: [done]), w.probe("B", actions: [done]), w.probe("C"))
        let n = await w.navigation("N", [a, b, c])
        try await w.start(with: n)
        let journal = await w.window.journal()

        #expect(try await c.performUnwind(action: done) == .completed(sequence: 2))

        #expect(w.recorder.take() == [
            "B.canPerformUnwind(done:, from: C) → true",
            "C.prepare(nil C→B unwind(done:), sender: nil)",
            "B.performUnwindAction(done:, nil C→B)",
            "C.willMove(toParent: nil)", "B.viewDidLoad", "C.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "C.viewDidDisappear(true)", "B.viewDidAppear(true)", "C.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == "N(navigation, appeared)[A(content, disappeared), B(content, appeared)]")
        #expect(unwindIDs(await n.viewControllers) == [a.id, b.id])
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [.composite([.pop(navigation: n.id, removed: [c.id])])])
        #expect(w.lifecycle(events).prefix(3) == [.accepted("unwind done:"), .began, .committed(.composite([.pop(navigation: n.id, removed: [c.id])]))])
    }

    // R7.5 (idea 60): B declares the action but vetoes in canPerformUnwind; the search goes on
    // to A; one pop removes B and C (R4.8 shape: only C disappears, only A appears).
    @Test func r7_5_idea60_canPerformVetoContinuesTheSearch() async throws {
        let w = UnwindWorld()
        let (a, b, c) = (w.probe("A", actions: [done]), w.probe("B", actions: [done]), w.probe("C"))
        await b.setVetoesUnwind(true)
        let n = await w.navigation("N", [a, b, c])
        try await w.start(with: n)

        #expect(try await c.performUnwind(action: done) == .completed(sequence: 2))

        #expect(w.recorder.take() == [
            "B.canPerformUnwind(done:, from: C) → false",
            "A.canPerformUnwind(done:, from: C) → true",
            "C.prepare(nil C→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil C→A)",
            "B.willMove(toParent: nil)", "C.willMove(toParent: nil)", "A.viewDidLoad",
            "C.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "C.viewDidDisappear(true)", "A.viewDidAppear(true)",
            "B.didMove(toParent: nil)", "C.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == "N(navigation, appeared)[A(content, appeared)]")
    }

    // R7.4, R7.5: the source is never a candidate, even when it declares the action; with no
    // one else declaring it there is no destination (R7.10).
    @Test func r7_4_r7_10_theSourceIsNeverACandidate() async throws {
        let w = UnwindWorld()
        let (a, c) = (w.probe("A"), w.probe("C", actions: [done]))
        let n = await w.navigation("N", [a, c])
        try await w.start(with: n)
        let before = await w.window.snapshot()

        #expect(try await c.performUnwind(action: done) == .noDestination(action: done))

        #expect(w.recorder.take() == ["A.canPerformUnwind(done:, from: C) → false"])
        #expect(await w.window.snapshot() == before)
    }

    // R7.4a: the child containing the source is skipped, so the source's own subtree is never
    // searched: a content container P (the source) whose child K handles the action unwinds to
    // A below it in the stack; K is never asked.
    @Test func r7_4_theSourceSubtreeIsNotSearched() async throws {
        let w = UnwindWorld()
        let k = w.probe("K", actions: [done])
        let p = w.probe("P", children: [k])
        let a = w.probe("A", actions: [done])
        let n = await w.navigation("N", [a, p])
        try await w.start(with: n)

        #expect(try await p.performUnwind(action: done) == .completed(sequence: 2))

        #expect(w.recorder.take() == [
            "A.canPerformUnwind(done:, from: P) → true",
            "P.prepare(nil P→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil P→A)",
            "P.willMove(toParent: nil)", "A.viewDidLoad",
            "P.viewWillDisappear(true)", "K.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "K.viewDidDisappear(true)", "P.viewDidDisappear(true)", "A.viewDidAppear(true)",
            "P.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == "N(navigation, appeared)[A(content, appeared)]")
    }

    // R7.4, R7.6, R7.8 (idea 59, first half): T[N1[X], N2[Y,Z]] with tab 1 selected, X and Y
    // handle the action; Z unwinds to its sibling Y (the source's own stack is searched
    // before the other tabs); N2 pops to Y, the tab stays.
    @Test func r7_4_r7_6_idea59_siblingInTheSourceStackBeforeOtherTabs() async throws {
        let w = UnwindWorld()
        let (x, y, z) = (w.probe("X", actions: [done]), w.probe("Y", actions: [done]), w.probe("Z"))
        let n1 = await w.navigation("N1", [x])
        let n2 = await w.navigation("N2", [y, z])
        let t = w.tabBar("T", [n1, n2])
        try await w.start(with: t)
        try await t.selectTab(at: 1)
        w.recorder.clear()

        #expect(try await z.performUnwind(action: done) == .completed(sequence: 3))

        #expect(w.recorder.take() == [
            "Y.canPerformUnwind(done:, from: Z) → true",
            "Z.prepare(nil Z→Y unwind(done:), sender: nil)",
            "Y.performUnwindAction(done:, nil Z→Y)",
            "Z.willMove(toParent: nil)", "Y.viewDidLoad", "Z.viewWillDisappear(true)", "Y.viewWillAppear(true)",
            "Z.viewDidDisappear(true)", "Y.viewDidAppear(true)", "Z.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == """
            T(tabBar, appeared, tab 1)[N1(navigation, disappeared)[X(content, disappeared)], \
            N2(navigation, appeared)[Y(content, appeared)]]
            """)
    }

    // R7.4, R7.6, R7.8 (idea 59, second half): Y does not handle it; the search leaves N2, and T
    // searches its other tabs: X in tab 0. The unwind selects tab 0 (R7.8) in one transition
    // with R5.5's order; N2's stack is left as it was.
    @Test func r7_4_r7_8_idea59_unwindIntoAnotherTabSelectsIt() async throws {
        let w = UnwindWorld()
        let (x, y, z) = (w.probe("X", actions: [done]), w.probe("Y"), w.probe("Z"))
        let n1 = await w.navigation("N1", [x])
        let n2 = await w.navigation("N2", [y, z])
        let t = w.tabBar("T", [n1, n2])
        try await w.start(with: t)
        try await t.selectTab(at: 1)
        w.recorder.clear()
        let journal = await w.window.journal()

        #expect(try await z.performUnwind(action: done) == .completed(sequence: 3))

        #expect(w.recorder.take() == [
            "Y.canPerformUnwind(done:, from: Z) → false",
            "X.canPerformUnwind(done:, from: Z) → true",
            "Z.prepare(nil Z→X unwind(done:), sender: nil)",
            "X.performUnwindAction(done:, nil Z→X)",
            "Z.viewWillDisappear(true)", "X.viewWillAppear(true)", "Z.viewDidDisappear(true)", "X.viewDidAppear(true)",
        ])
        #expect(await t.selectedIndex == 0)
        #expect(await w.tree() == """
            T(tabBar, appeared, tab 0)[N1(navigation, appeared)[X(content, appeared)], \
            N2(navigation, disappeared)[Y(content, disappeared), Z(content, disappeared)]]
            """)
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [.composite([.selectTab(tabBar: t.id, index: 0)])])
        #expect(w.callbacks(events) == [
            "N2.viewWillDisappear(true)", "Z.viewWillDisappear(true)", "N1.viewWillAppear(true)", "X.viewWillAppear(true)",
            "Z.viewDidDisappear(true)", "N2.viewDidDisappear(true)", "X.viewDidAppear(true)", "N1.viewDidAppear(true)",
        ])
    }

    // R7.8, R7.9: into another tab whose stack must pop too: T[N1[X, X2], N2[Y]], tab 1
    // selected, X handles the action: one transition selects tab 0 and pops N1 to X. X2 was
    // not on screen: it only leaves its parent; only Y disappears and only X appears.
    @Test func r7_8_r7_9_unwindIntoAnotherTabSelectsItAndPopsItsStack() async throws {
        let w = UnwindWorld()
        let (x, x2, y) = (w.probe("X", actions: [done]), w.probe("X2"), w.probe("Y"))
        let n1 = await w.navigation("N1", [x, x2])
        let n2 = await w.navigation("N2", [y])
        let t = w.tabBar("T", [n1, n2])
        try await w.start(with: t)
        try await t.selectTab(at: 1)
        w.recorder.clear()
        let journal = await w.window.journal()

        #expect(try await y.performUnwind(action: done) == .completed(sequence: 3))

        #expect(w.recorder.take() == [
            "X2.canPerformUnwind(done:, from: Y) → false",
            "X.canPerformUnwind(done:, from: Y) → true",
            "Y.prepare(nil Y→X unwind(done:), sender: nil)",
            "X.performUnwindAction(done:, nil Y→X)",
            "X2.willMove(toParent: nil)", "X.viewDidLoad",
            "Y.viewWillDisappear(true)", "X.viewWillAppear(true)", "Y.viewDidDisappear(true)", "X.viewDidAppear(true)",
            "X2.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == """
            T(tabBar, appeared, tab 0)[N1(navigation, appeared)[X(content, appeared)], \
            N2(navigation, disappeared)[Y(content, disappeared)]]
            """)
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [
            .composite([.selectTab(tabBar: t.id, index: 0), .pop(navigation: n1.id, removed: [x2.id])])
        ])
    }

    // R7.6 (DEC): a tab bar is searched selected tab first, then the others in index order.
    // T[A,B,C] with C selected presents S; A and B handle the action, C does not: S unwinds to
    // A (index order after the selected C, not B), T selects tab 0 and S is dismissed, in one
    // transition (R7.8, R7.9).
    @Test func r7_6_r7_8_tabBarSearchesSelectedThenIndexOrder() async throws {
        let w = UnwindWorld()
        let (a, b, c) = (w.probe("A", actions: [done]), w.probe("B", actions: [done]), w.probe("C"))
        let t = w.tabBar("T", [a, b, c])
        try await w.start(with: t)
        try await t.selectTab(at: 2)
        let s = w.probe("S")
        try await c.present(s, style: .fullScreen, animated: false)
        w.recorder.clear()
        let journal = await w.window.journal()

        #expect(try await s.performUnwind(action: done) == .completed(sequence: 4))

        #expect(w.recorder.take() == [
            "C.canPerformUnwind(done:, from: S) → false",
            "A.canPerformUnwind(done:, from: S) → true",
            "S.prepare(nil S→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil S→A)",
            "S.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)", "S.viewDidDisappear(true)",
        ])
        #expect(await w.tree() == """
            T(tabBar, appeared, tab 0)[A(content, appeared), B(content, disappeared), C(content, disappeared)]
            """)
        let events = await w.closeAndCollect(journal)
        #expect(w.committed(events) == [
            .composite([.dismiss(presenter: t.id, removed: [s.id]), .selectTab(tabBar: t.id, index: 0)])
        ])
    }

    // R7.4a (a custom container restricts its children): N[P[K1,K2], S]; K1 and K2 handle the
    // action; P (a content container whose children come from `initialChildren` and
    // `context.claim`) only allows K2: S unwinds to K2; P's `unwind(for:towards:)` hears of it
    // (R7.8) before the pop.
    @Test func r7_4_customContainerRestrictsAllowedChildren() async throws {
        let w = UnwindWorld()
        let (k1, k2) = (w.probe("K1", actions: [done]), w.probe("K2", actions: [done]))
        let p = w.probe("P", children: [k1, k2])
        await p.setAllowedChildren([k2])
        let s = w.probe("S")
        let n = await w.navigation("N", [p, s])
        try await w.start(with: n)

        #expect(try await s.performUnwind(action: done) == .completed(sequence: 2))

        #expect(w.recorder.take() == [
            "P.allowedChildrenForUnwinding(from: S) → [K2]",
            "K2.canPerformUnwind(done:, from: S) → true",
            "S.prepare(nil S→K2 unwind(done:), sender: nil)",
            "K2.performUnwindAction(done:, nil S→K2)",
            "P.unwind(for: nil S→K2, towards: K2)",
            "S.willMove(toParent: nil)", "P.viewDidLoad", "K1.viewDidLoad", "K2.viewDidLoad",
            "S.viewWillDisappear(true)", "P.viewWillAppear(true)", "K1.viewWillAppear(true)", "K2.viewWillAppear(true)",
            "S.viewDidDisappear(true)", "K1.viewDidAppear(true)", "K2.viewDidAppear(true)", "P.viewDidAppear(true)",
            "S.didMove(toParent: nil)",
        ])
        #expect(await w.tree() == """
            N(navigation, appeared)[P(content, appeared)[K1(content, appeared), K2(content, appeared)]]
            """)
    }

    // R7.4a, R7.6: without the restriction a content container's children are searched in order
    // (K1 first), then the container itself.
    @Test func r7_4_r7_6_contentContainerChildrenInOrder() async throws {
        let w = UnwindWorld()
        let (k1, k2) = (w.probe("K1", actions: [done]), w.probe("K2", actions: [done]))
        let p = w.probe("P", actions: [done], children: [k1, k2])
        let s = w.probe("S")
        let n = await w.navigation("N", [p, s])
        try await w.start(with: n)

        #expect(try await s.performUnwind(action: done) == .completed(sequence: 2))

        #expect(Array(w.recorder.take().prefix(4)) == [
            "K1.canPerformUnwind(done:, from: S) → true",
            "S.prepare(nil S→K1 unwind(done:), sender: nil)",
            "K1.performUnwindAction(done:, nil S→K1)",
            "P.unwind(for: nil S→K1, towards: K1)",
        ])
    }

    // R7.4 (depth first, then the level), R7.8 (outermost container first): N[P1[P2[K]], S]
    // where P1 and P2 also handle the action: the deepest K wins; P1 hears
    // `unwind(for:towards: P2)` before P2 hears `unwind(for:towards: K)`.
    @Test func r7_4_r7_8_depthFirstAndContainersOutermostFirst() async throws {
        let w = UnwindWorld()
        let k = w.probe("K", actions: [done])
        let p2 = w.probe("P2", actions: [done], children: [k])
        let p1 = w.probe("P1", actions: [done], children: [p2])
        let s = w.probe("S")
        let n = await w.navigation("N", [p1, s])
        try await w.start(with: n)

        #expect(try await s.performUnwind(action: done, animated: false) == .completed(sequence: 2))

        #expect(w.recorder.take() == [
            "K.canPerformUnwind(done:, from: S) → true",
            "S.prepare(nil S→K unwind(done:), sender: nil)",
            "K.performUnwindAction(done:, nil S→K)",
            "P1.unwind(for: nil S→K, towards: P2)",
            "P2.unwind(for: nil S→K, towards: K)",
            "S.willMove(toParent: nil)", "P1.viewDidLoad", "P2.viewDidLoad", "K.viewDidLoad",
            "S.viewWillDisappear(false)", "P1.viewWillAppear(false)", "P2.viewWillAppear(false)", "K.viewWillAppear(false)",
            "S.viewDidDisappear(false)", "K.viewDidAppear(false)", "P2.viewDidAppear(false)", "P1.viewDidAppear(false)",
            "S.didMove(toParent: nil)",
        ])
    }

    // R7.7 (idea 64): a container overriding the legacy `viewControllerForUnwindSegueAction`
    // answers for itself: it returns K2 although its allowed children (K1 only) would choose K1;
    // neither `allowedChildrenForUnwinding` nor any `canPerformUnwind` below it is asked.
    @Test func r7_7_idea64_legacyOverrideTakesPrecedence() async throws {
        let w = UnwindWorld()
        let (k1, k2) = (w.probe("K1", actions: [done]), w.probe("K2", actions: [done]))
        let p = w.probe("P", children: [k1, k2])
        await p.setAllowedChildren([k1])
        await p.setLegacyAnswer(.destination(k2))
        let s = w.probe("S")
        let n = await w.navigation("N", [p, s])
        try await w.start(with: n)

        #expect(try await s.performUnwind(action: done, animated: false) == .completed(sequence: 2))

        #expect(Array(w.recorder.take().prefix(4)) == [
            "P.viewControllerForUnwindSegueAction(done:, from: S) → K2",
            "S.prepare(nil S→K2 unwind(done:), sender: nil)",
            "K2.performUnwindAction(done:, nil S→K2)",
            "P.unwind(for: nil S→K2, towards: K2)",
        ])
        #expect(await w.tree() == """
            N(navigation, appeared)[P(content, appeared)[K1(content, appeared), K2(content, appeared)]]
            """)
    }

    // R7.7: a legacy override answering "not here" skips the container's subtree and itself;
    // the search goes on (to A below it in the stack).
    @Test func r7_7_legacyNotHereSkipsTheSubtree() async throws {
        let w = UnwindWorld()
        let k = w.probe("K", actions: [done])
        let p = w.probe("P", actions: [done], children: [k])
        await p.setLegacyAnswer(.notHere)
        let (a, s) = (w.probe("A", actions: [done]), w.probe("S"))
        let n = await w.navigation("N", [a, p, s])
        try await w.start(with: n)

        #expect(try await s.performUnwind(action: done, animated: false) == .completed(sequence: 2))

        #expect(Array(w.recorder.take().prefix(4)) == [
            "P.viewControllerForUnwindSegueAction(done:, from: S) → notHere",
            "A.canPerformUnwind(done:, from: S) → true",
            "S.prepare(nil S→A unwind(done:), sender: nil)",
            "A.performUnwindAction(done:, nil S→A)",
        ])
        #expect(await w.tree() == "N(navigation, appeared)[A(content, appeared)]")
    }

    // R7.10 (idea 61): no controller handles the action: the outcome says so, nothing else
    // happens: no prepare, no action, no transition, no error, hierarchy unchanged; the journal
    // records `noDestination`.
    @Test func r7_10_idea61_noDestinationChangesNothing() async throws {
        let w = UnwindWorld()
        let (a, b) = (w.probe("A"), w.probe("B"))
        let n = await w.navigation("N", [a, b])
        try await w.start(with: n)
        let s = w.probe("S")
        try await b.present(s, style: .fullScreen, animated: false)
        w.recorder.clear()
        let before = await w.window.snapshot()
        let journal = await w.window.journal()

        #expect(try await s.performUnwind(action: done) == .noDestination(action: done))

        #expect(w.recorder.take() == [
            "B.canPerformUnwind(done:, from: S) → false",
            "A.canPerformUnwind(done:, from: S) → false",
        ])
        #expect(await w.window.snapshot() == before)
        let events = await w.closeAndCollect(journal)
        #expect(events.map(\.kind) == [.accepted("unwind done:"), .noDestination(done), .windowClosed])
    }
}

/// R7.10: the caller may ask for an error instead of the `.noDestination` outcome.
@Suite struct UnwindRequireDestinationTests {
    @Test func r7_10_requireDestination_throwsTheTypedError_andChangesNothing() async throws {
        let window = Window(configuration: .immediate)
        let a = GenericViewController(context: window.makeContext())
        let b = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [a, b])
        try await window.setRootViewController(navigation)
        let before = await window.snapshot()
        await #expect(throws: NavigationError(.unwindTargetNotFound, "")) {
            try await b.performUnwind(action: "nobody:", requireDestination: true)
        }
        #expect(try await b.performUnwind(action: "nobody:") == .noDestination(action: "nobody:"))
        #expect(await window.snapshot() == before)
    }
}
