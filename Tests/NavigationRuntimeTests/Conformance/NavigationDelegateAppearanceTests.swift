import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// R4.12 as a navigation controller appears: its delegate hears `willShow` and `didShow` of the
/// top it shows, at launch as the window's root (rdar 44966342), at each selection of its tab
/// (rdar 29912893), and as a presentation or a dismissal brings it on screen; not as it
/// disappears. (A new user's trial: a delegate set before launch heard nothing of the root.)
@Suite struct NavigationDelegateAppearanceTests {
    @Test func atLaunch_theDelegateHearsOfTheRoot_afterTheWillCallbacks() async throws {
        let f = Fixture()
        let list = f.controller("A")
        let navigation = f.navigation("N", [list])
        await navigation.setDelegate(RecordingNavigationDelegate(recorder: f.recorder))
        try await f.window.setRootViewController(navigation, animated: false)
        #expect(
            f.recorder.take() == [
                "A.willMove(toParent: N)", "A.viewDidLoad", "A.viewWillAppear(false)", "N.delegate.willShow(A)",
                "A.viewDidAppear(false)", "A.didMove(toParent: N)", "N.delegate.didShow(A)",
            ])
    }

    /// A plain root (no hooks anywhere): the delegate alone sends the transition down the path
    /// that calls it, and it is told once of each side.
    @Test func atLaunch_withNoHooksButTheDelegate_itIsToldOnce() async throws {
        let window = Window(configuration: .immediate)
        let recorder = CallbackRecorder()
        let root = GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), rootViewController: root)
        recorder.name(navigation, "N")
        recorder.name(root, "A")
        await navigation.setDelegate(RecordingNavigationDelegate(recorder: recorder))
        try await window.setRootViewController(navigation)
        #expect(recorder.take() == ["N.delegate.willShow(A)", "N.delegate.didShow(A)"])
        await window.close()
    }

    @Test func eachSelectionOfItsTab_tellsTheDelegate_andLeavingItDoesNot() async throws {
        let f = Fixture()
        let first = f.navigation("N1", [f.controller("A")])
        let second = f.navigation("N2", [f.controller("B")])
        await second.setDelegate(RecordingNavigationDelegate(recorder: f.recorder))
        let tabs = TabBarController(context: f.window.makeContext(), viewControllers: [first, second])
        try await f.start(with: tabs)
        for round in 0..<2 {
            try await tabs.selectTab(at: 1, animated: false)
            #expect(
                f.recorder.take() == (round == 0 ? ["B.viewDidLoad"] : []) + [
                    "A.viewWillDisappear(false)", "B.viewWillAppear(false)", "N2.delegate.willShow(B)",
                    "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "N2.delegate.didShow(B)",
                ])
            try await tabs.selectTab(at: 0, animated: false)
            #expect(
                f.recorder.take() == [
                    "B.viewWillDisappear(false)", "A.viewWillAppear(false)", "B.viewDidDisappear(false)",
                    "A.viewDidAppear(false)",
                ])
        }
    }

    /// A navigation controller presented over the list, then uncovered by the dismissal of a
    /// full-screen controller it presented: each time it comes on screen, its delegate hears of
    /// its top; when it leaves, nothing.
    @Test func presentedAndUncovered_theDelegateHearsOfItsTop() async throws {
        let f = Fixture()
        let list = f.controller("A")
        try await f.start(with: f.navigation("N", [list]))
        let editor = f.controller("E")
        let sheet = f.navigation("S", [editor])
        await sheet.setDelegate(RecordingNavigationDelegate(recorder: f.recorder))
        try await list.present(sheet, style: .fullScreen, animated: false)
        #expect(f.recorder.take().filter { $0.hasPrefix("S.") } == ["S.delegate.willShow(E)", "S.delegate.didShow(E)"])
        let cover = f.controller("C")
        try await editor.present(cover, style: .fullScreen, animated: false)
        #expect(!f.recorder.take().contains { $0.hasPrefix("S.") })
        try await cover.dismiss(animated: false)
        #expect(
            f.recorder.take() == [
                "C.viewWillDisappear(false)", "E.viewWillAppear(false)", "S.delegate.willShow(E)",
                "E.viewDidAppear(false)", "C.viewDidDisappear(false)", "S.delegate.didShow(E)",
            ])
    }
}
