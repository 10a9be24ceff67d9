import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Configuring a segue's destination.
///
/// `segue.destination(as:) { … }`: configure the destination in `prepare` in one call.
@Suite struct SegueDestinationTests {
    actor ListController: HookRecording {
        nonisolated let context: ControllerContext
        nonisolated let hooks: HookRecorder
        let items = ["Milk", "Eggs"]

        init(context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.hooks = HookRecorder("List", recorder: recorder, context: context)
        }

        func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
            hooks.prepare(for: segue)
            let item = items[(sender as? Int) ?? 0]
            let title = try await segue.destination(as: DetailController.self) {
                $0.item = item
                $0.isEditable = true
                return $0.title
            }
            hooks.record("configured(\(title))")
        }
    }

    actor DetailController: HookRecording {
        nonisolated let context: ControllerContext
        nonisolated let hooks: HookRecorder
        var item: String?
        var isEditable = false
        let title = "Detail"

        init(context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.hooks = HookRecorder("Detail", recorder: recorder, context: context)
        }

        func viewDidLoad() async { hooks.record("viewDidLoad(\(item ?? "nil"), editable: \(isEditable))") }
    }

    static func catalog(recorder: CallbackRecorder, detail: @escaping @Sendable (ControllerContext) -> any ViewController)
        -> SceneCatalog
    {
        SceneCatalog(
            [
                Scene("nav") { context in
                    NavigationController(context: context, viewControllers: [context.instantiate("list")].compactMap { $0 })
                },
                Scene("list", segues: [SegueDefinition(identifier: "showDetail", kind: .show, destination: "detail")]) {
                    ListController(context: $0, recorder: recorder)
                },
                Scene("detail", make: detail),
            ],
            initialScene: "nav"
        )
    }

    /// The values are set on the destination before its viewDidLoad (R1.4).
    @Test func destination_isConfiguredBeforeItsViewDidLoad_R1_4() async throws {
        let recorder = CallbackRecorder()
        let window = Window(configuration: .immediate)
        let catalog = Self.catalog(recorder: recorder) { DetailController(context: $0, recorder: recorder) }
        let nav = try catalog.instantiateViewController(withIdentifier: "nav", in: window, as: NavigationController.self)
        recorder.name(nav, "Nav")
        try await window.setRootViewController(nav)
        let list = try #require(await nav.topViewController)
        recorder.clear()

        try await list.performSegue(withIdentifier: "showDetail", sender: 1, animated: false)
        let detail = try #require(await nav.topViewController as? DetailController)
        #expect(await detail.item == "Eggs")
        #expect(Array(recorder.take().prefix(4)) == [
            "List.prepare(showDetail, List → Detail)", "List.configured(Detail)", "Detail.willMove(toParent: Nav)",
            "Detail.viewDidLoad(Eggs, editable: true)",
        ])
    }

    /// A destination of another type fails the segue loudly and changes nothing.
    @Test func destinationOfAnotherType_failsTheSegue_andChangesNothing() async throws {
        let recorder = CallbackRecorder()
        let window = Window(configuration: .immediate)
        let catalog = Self.catalog(recorder: recorder) { GenericViewController(context: $0) }
        let nav = try catalog.instantiateInitialViewController(in: window) as? NavigationController
        let root = try #require(nav)
        try await window.setRootViewController(root)
        let list = try #require(await root.topViewController)
        let before = await window.snapshot()

        let error = await #expect(throws: NavigationError.self) {
            try await list.performSegue(withIdentifier: "showDetail", animated: false)
        }
        #expect(error?.code == .hookFailed)
        #expect(error?.message.contains("The destination of segue 'showDetail' is a UIViewController, not a DetailController.") == true)
        #expect(await window.snapshot() == before)
    }
}
