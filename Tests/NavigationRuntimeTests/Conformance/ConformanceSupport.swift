import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// Shared helpers of the UIKit conformance suites (UIKIT-SEMANTICS §1, §3, §4, §6).
//
// - `Conformance` wraps the project's `Fixture` and keeps an id → name book, so that snapshots
//   and journal events render with the names the recorder uses ("A", "N", ...).
// - `ProbeController` logs like `RecordingController` and can also log the transition flags
//   (`isBeingPresented`, `isMovingToParent`, ...) with each appearance callback, run a closure
//   from any callback, and embed children (a content controller acting as a container).

/// A fixture with named controllers, snapshot rendering and journal collection.
struct Conformance: NamedWorld {
    let base: Fixture
    let book = NameBook()

    init() { base = Fixture() }
    init(clock: ManualClock) { base = Fixture(clock: clock) }

    var clock: ManualClock? { base.clock }

    /// A recording content controller.
    func controller(
        _ name: String,
        scene: Scene? = nil,
        catalog: SceneCatalog? = nil,
        style: PresentationStyle = .automatic,
        definesContext: Bool = false
    ) -> RecordingController {
        let controller = base.controller(name, scene: scene, catalog: catalog, style: style, definesContext: definesContext)
        book.set(controller.id, name)
        return controller
    }

    /// A probe: logs like a recording controller, plus the transition flags when asked.
    func probe(
        _ name: String,
        children: [any ViewController] = [],
        style: PresentationStyle = .automatic,
        definesContext: Bool = false,
        logsFlags: Bool = false
    ) -> ProbeController {
        let probe = ProbeController(
            context: window.makeContext(),
            name: name,
            recorder: recorder,
            children: children,
            style: style,
            definesContext: definesContext,
            logsFlags: logsFlags
        )
        book.set(probe.id, name)
        return probe
    }

    /// Names a controller made elsewhere (e.g. by a scene factory).
    func name(_ controller: any ViewController, _ name: String) {
        book.set(controller.id, name)
        recorder.name(controller, name)
    }
}

extension Conformance {
    /// P[N1[A], N2[X]]: a content container P embedding two navigation controllers, as the
    /// window's root (R3.4, R6.8, R6.12).
    func contextWorld(n1Defines: Bool) async throws
        -> (p: ProbeController, n1: NavigationController, a: RecordingController)
    {
        let a = controller("A")
        let x = controller("X")
        let n1 = await navigation("N1", [a], definesContext: n1Defines)
        let n2 = await navigation("N2", [x])
        let p = probe("P", children: [n1, n2])
        try await start(with: p)
        return (p, n1, a)
    }

    /// A (root) → B → C, each presented full screen; the recorder is cleared (R3.11, R6.7).
    func chain() async throws -> (RecordingController, RecordingController, RecordingController) {
        let a = controller("A")
        try await start(with: a)
        let (b, c) = (controller("B"), controller("C"))
        try await a.present(b, style: .fullScreen)
        try await b.present(c, style: .fullScreen)
        recorder.clear()
        return (a, b, c)
    }
}

/// Runs `body` and returns the NavigationError it throws (records an issue otherwise).
func navigationError(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> NavigationError? {
    do {
        try await body()
        Issue.record("expected a NavigationError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as NavigationError {
        return error
    } catch {
        Issue.record("expected a NavigationError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// A content controller that logs its hooks like `RecordingController`, optionally with the
/// transition flags, and can embed children (`initialChildren`).
actor ProbeController: ViewController {
    nonisolated let context: ControllerContext
    nonisolated let name: String
    nonisolated let recorder: CallbackRecorder
    /// Logs the callbacks (``HookRecorder``'s format, flags appended when asked).
    nonisolated let hooks: HookRecorder
    nonisolated let initialChildren: [any ViewController]
    nonisolated let modalPresentationStyle: PresentationStyle
    nonisolated let definesPresentationContext: Bool
    nonisolated let logsFlags: Bool

    /// Runs after each logged callback, with the callback's name (e.g. `viewWillDisappear`).
    var onCallback: (@Sendable (String) async -> Void)?
    /// Every sender `shouldPerformSegue` and `prepare` received (R1.5).
    private(set) var senders: [String] = []

    init(
        context: ControllerContext,
        name: String,
        recorder: CallbackRecorder,
        children: [any ViewController],
        style: PresentationStyle,
        definesContext: Bool,
        logsFlags: Bool
    ) {
        self.context = context
        self.name = name
        self.recorder = recorder
        self.hooks = HookRecorder(name, recorder: recorder, context: context)
        self.initialChildren = children
        self.modalPresentationStyle = style
        self.definesPresentationContext = definesContext
        self.logsFlags = logsFlags
        recorder.name(self, name)
    }

    func setOnCallback(_ body: (@Sendable (String) async -> Void)?) { onCallback = body }

    private func log(_ callback: String, _ detail: String) async {
        var line = "\(callback)\(detail)"
        if logsFlags && callback.hasPrefix("view") && callback != "viewDidLoad" {
            var flags: [String] = []
            if isBeingPresented { flags.append("beingPresented") }
            if isBeingDismissed { flags.append("beingDismissed") }
            if isMovingToParent { flags.append("movingToParent") }
            if isMovingFromParent { flags.append("movingFromParent") }
            line += " [" + flags.joined(separator: ",") + "]"
        }
        hooks.record(line)
        await onCallback?(callback)
    }

    func viewDidLoad() async { await log("viewDidLoad", "") }
    func viewWillAppear(_ animated: Bool) async { await log("viewWillAppear", "(\(animated))") }
    func viewDidAppear(_ animated: Bool) async { await log("viewDidAppear", "(\(animated))") }
    func viewWillDisappear(_ animated: Bool) async { await log("viewWillDisappear", "(\(animated))") }
    func viewDidDisappear(_ animated: Bool) async { await log("viewDidDisappear", "(\(animated))") }
    func willMove(toParent parent: (any ViewController)?) async {
        await log("willMove", "(toParent: \(recorder.name(of: parent)))")
    }
    func didMove(toParent parent: (any ViewController)?) async {
        await log("didMove", "(toParent: \(recorder.name(of: parent)))")
    }
    func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool {
        senders.append("should:\(sender.map { "\($0)" } ?? "nil")")
        hooks.shouldPerformSegue(withIdentifier: identifier)
        return true
    }
    func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        senders.append("prepare:\(sender.map { "\($0)" } ?? "nil")")
        recorder.record("\(name).prepare(\(segue.identifier ?? "nil"))")
    }
}
