import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Hook recording and rendered snapshots.
///
/// `HookRecording`, `HookRecorder` and `rendered`, used as a user's test suite uses them.
@Suite struct HookRecorderTests {
    /// A user's own controller: every hook records itself but `viewWillAppear`, written by hand.
    actor ListController: HookRecording {
        nonisolated let context: ControllerContext
        nonisolated let hooks: HookRecorder
        private(set) var reloads = 0

        init(_ name: String, context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.hooks = HookRecorder(name, recorder: recorder, context: context)
        }

        func viewWillAppear(_ animated: Bool) async {
            hooks.viewWillAppear(animated)
            reloads += 1
        }
    }

    /// A user's actor records every hook in RecordingController's format, hand-written hooks included.
    @Test func hookRecording_userActor_recordsEveryHookInRecordingControllersFormat() async throws {
        let recorder = CallbackRecorder()
        let window = Window(configuration: .immediate)
        let list = ListController("List", context: window.makeContext(), recorder: recorder)
        let detail = ListController("Detail", context: window.makeContext(), recorder: recorder)
        let nav = NavigationController(context: window.makeContext(), rootViewController: list)
        recorder.name(nav, "Nav")
        try await window.setRootViewController(nav)
        #expect(recorder.take() == [
            "List.willMove(toParent: Nav)", "List.viewDidLoad", "List.viewWillAppear(false)", "List.viewDidAppear(false)",
            "List.didMove(toParent: Nav)",
        ])
        try await nav.pushViewController(detail, animated: true)
        #expect(recorder.take() == [
            "Detail.willMove(toParent: Nav)", "Detail.viewDidLoad", "List.viewWillDisappear(true)",
            "Detail.viewWillAppear(true)", "List.viewDidDisappear(true)", "Detail.viewDidAppear(true)",
            "Detail.didMove(toParent: Nav)",
        ])
        #expect(await list.reloads == 1)
        #expect(await window.snapshot().rendered(names: recorder) == "Nav[List, Detail]")
    }

    /// rendered: one line, selection marked, presentation chains, class names by default.
    @Test func rendered_oneLine_marksSelection_chainsPresentations_classNamesByDefault() async throws {
        let recorder = CallbackRecorder()
        let window = Window(configuration: .immediate)
        let list = ListController("List", context: window.makeContext(), recorder: recorder)
        let settings = ListController("Settings", context: window.makeContext(), recorder: recorder)
        let form = ListController("Form", context: window.makeContext(), recorder: recorder)
        let alert = ListController("Alert", context: window.makeContext(), recorder: recorder)
        let nav = NavigationController(context: window.makeContext(), rootViewController: list)
        let formNav = NavigationController(context: window.makeContext(), rootViewController: form)
        let tabs = TabBarController(context: window.makeContext(), viewControllers: [nav, settings])
        recorder.name(nav, "Nav")
        recorder.name(tabs, "Tabs")
        #expect(await window.snapshot().rendered == "(no root)")
        try await window.setRootViewController(tabs)
        try await tabs.selectTab(at: 1)
        try await settings.present(formNav, animated: false)
        try await form.present(alert, animated: false)

        let snapshot = await window.snapshot()
        #expect(
            snapshot.rendered(names: recorder)
                == "Tabs[Nav[List], Settings*] presents UINavigationController[Form] presents Alert")
        #expect(
            snapshot.rendered
                == "UITabBarController[UINavigationController[ListController], ListController*] presents "
                + "UINavigationController[ListController] presents ListController")
        #expect(snapshot.root?.children[0].rendered(naming: { $0.scene ?? "?" }) == "?[?]")
    }
}
