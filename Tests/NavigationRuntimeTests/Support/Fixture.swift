import NavigationRuntime
import NavigationRuntimeTesting

/// A window with a recorder and helpers to make named recording controllers.
struct Fixture {
    let window: Window
    let recorder = CallbackRecorder()
    let clock: ManualClock?

    /// A zero-duration window (transitions end in the same turn).
    init(traits: Traits = .regular) {
        self.window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
        self.clock = nil
    }

    /// A window whose animated transitions park on a manual clock for one second.
    init(clock: ManualClock, traits: Traits = .regular) {
        self.window = Window(
            configuration: Window.Configuration(clock: clock, transitionDuration: .seconds(1), traits: traits)
        )
        self.clock = clock
    }

    func controller(
        _ name: String,
        scene: Scene? = nil,
        catalog: SceneCatalog? = nil,
        style: PresentationStyle = .automatic,
        definesContext: Bool = false
    ) -> RecordingController {
        RecordingController(
            context: window.makeContext(scene: scene, catalog: catalog),
            name: name,
            recorder: recorder,
            modalPresentationStyle: style,
            definesPresentationContext: definesContext
        )
    }

    func navigation(_ name: String, _ children: [any ViewController], definesContext: Bool = false) -> NavigationController {
        let navigation = NavigationController(
            context: window.makeContext(),
            viewControllers: children,
            definesPresentationContext: definesContext
        )
        recorder.name(navigation, name)
        return navigation
    }

    /// Sets the root without animation and forgets the callbacks it caused.
    func start(with root: any ViewController) async throws {
        try await window.setRootViewController(root, animated: false)
        recorder.clear()
    }
}
