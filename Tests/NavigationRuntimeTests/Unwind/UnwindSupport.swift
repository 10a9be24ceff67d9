import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// Helpers of the unwind suites (UIKIT-SEMANTICS §7, R7.1–R7.11; ideas 57–64 of §11).
//
// - `UnwindProbe` is a content controller that declares unwind actions, logs every hook the
//   unwind machinery calls (search, prepare, action, containers' unwind, appearance) to a
//   `CallbackRecorder`, and can override `canPerformUnwind`, `allowedChildrenForUnwinding`,
//   the legacy hooks, and embed children (a custom container of kind `.content`).
// - `UnwindWorld` wraps the project's `Fixture` with an id → name book so that snapshots and
//   journal callbacks render with the names the recorder uses.
//
// Log lines (exact strings the tests compare):
//   `B.canPerformUnwind(done:, from: C) → true`        (R7.4c, R7.5: every question of the search)
//   `C.prepare(nil C→B unwind(done:), sender: nil)`     (R7.1 step 2, R7.3, R7.11)
//   `B.performUnwindAction(done:, nil C→B)`             (R7.1 step 3)
//   `P.unwind(for: nil S→K, towards: K)`                (R7.8, custom containers only)
//   `P.allowedChildrenForUnwinding(from: S) → [K2]`     (only when overridden, R7.4a)
//   `P.viewControllerForUnwindSegueAction(done:, from: S) → K2` (only when overridden, R7.7)
//   `P.segueForUnwinding(to: K, from: S, identifier: nil)` (only when a performer is set, R7.7)
//   appearance and containment callbacks as `RecordingController` writes them.

/// A sender with identity (R7.3: the unwind's sender reaches `prepare` and the search unchanged).
final class UnwindSender: Sendable, CustomStringConvertible {
    let tag: String
    init(_ tag: String) { self.tag = tag }
    var description: String { "sender-\(tag)" }
}

/// A content controller for unwind tests (see the file's comment for what it logs).
actor UnwindProbe: ViewController {
    nonisolated let context: ControllerContext
    nonisolated let name: String
    nonisolated let recorder: CallbackRecorder
    /// Logs the appearance and containment callbacks (``HookRecorder``'s format).
    nonisolated let hooks: HookRecorder
    nonisolated let unwindActions: Set<String>
    nonisolated let initialChildren: [any ViewController]
    nonisolated let modalPresentationStyle: PresentationStyle
    nonisolated let definesPresentationContext: Bool

    /// When true, `canPerformUnwind` answers false even for a declared action (R7.5 veto).
    private(set) var vetoesUnwind = false
    /// What `shouldPerformSegue` answers (R7.2).
    private(set) var allowsSegues = true
    /// Overrides `allowedChildrenForUnwinding` when set (R7.4a).
    private(set) var allowedChildrenOverride: [any ViewController]?
    /// Overrides the legacy `viewControllerForUnwindSegueAction` when set (R7.7).
    private(set) var legacyOverride: LegacyUnwindAnswer?
    /// Returned by `segueForUnwinding` when set (R7.7).
    private(set) var unwindPerformer: (any SeguePerformer)?
    /// Runs inside `performUnwindAction`, after logging.
    private(set) var onAction: (@Sendable (Segue) async -> Void)?
    /// Runs inside `prepare`, after logging.
    private(set) var onPrepare: (@Sendable (Segue) async -> Void)?
    /// Every sender the hooks received, as `hook:sender`.
    private(set) var senders: [String] = []

    init(
        context: ControllerContext,
        name: String,
        recorder: CallbackRecorder,
        actions: Set<String>,
        children: [any ViewController],
        style: PresentationStyle,
        definesContext: Bool
    ) {
        self.context = context
        self.name = name
        self.recorder = recorder
        self.hooks = HookRecorder(name, recorder: recorder, context: context)
        self.unwindActions = actions
        self.initialChildren = children
        self.modalPresentationStyle = style
        self.definesPresentationContext = definesContext
        context.claim(children, for: self)
        recorder.name(self, name)
    }

    func setVetoesUnwind(_ vetoes: Bool) { vetoesUnwind = vetoes }
    func setAllowsSegues(_ allows: Bool) { allowsSegues = allows }
    func setAllowedChildren(_ children: [any ViewController]?) { allowedChildrenOverride = children }
    func setLegacyAnswer(_ answer: LegacyUnwindAnswer?) { legacyOverride = answer }
    func setUnwindPerformer(_ performer: (any SeguePerformer)?) { unwindPerformer = performer }
    func setOnAction(_ body: (@Sendable (Segue) async -> Void)?) { onAction = body }
    func setOnPrepare(_ body: (@Sendable (Segue) async -> Void)?) { onPrepare = body }

    private func n(_ controller: (any ViewController)?) -> String { recorder.name(of: controller) }

    /// `identifier source→destination`, e.g. `nil C→B`.
    private func text(_ segue: Segue) -> String {
        "\(segue.identifier ?? "nil") \(n(segue.source))→\(n(segue.destination))"
    }

    private func kindText(_ kind: SegueKind) -> String {
        if let action = kind.unwindAction { return "unwind(\(action))" }
        return kind.name
    }

    // MARK: Unwinding

    func canPerformUnwind(action: String, from source: any ViewController, sender: (any Sendable)?) async -> Bool {
        let answer = !vetoesUnwind && self !== source && unwindActions.contains(action)
        senders.append("canPerform:\(sender.map { "\($0)" } ?? "nil")")
        recorder.record("\(name).canPerformUnwind(\(action), from: \(n(source))) → \(answer)")
        return answer
    }

    func performUnwindAction(_ action: String, segue: Segue) async {
        recorder.record("\(name).performUnwindAction(\(action), \(text(segue)))")
        await onAction?(segue)
    }

    func allowedChildrenForUnwinding(from source: any ViewController) async -> [any ViewController] {
        guard let allowedChildrenOverride else { return defaultChildrenForUnwinding(from: source) }
        recorder.record(
            "\(name).allowedChildrenForUnwinding(from: \(n(source))) → [\(allowedChildrenOverride.map { n($0) }.joined(separator: ", "))]"
        )
        return allowedChildrenOverride
    }

    func viewControllerForUnwindSegueAction(
        _ action: String,
        from source: any ViewController,
        sender: (any Sendable)?
    ) async -> LegacyUnwindAnswer {
        guard let legacyOverride else { return .useDefaultSearch }
        let answer: String
        switch legacyOverride {
        case .destination(let destination): answer = n(destination)
        case .notHere: answer = "notHere"
        case .useDefaultSearch: answer = "useDefaultSearch"
        }
        recorder.record("\(name).viewControllerForUnwindSegueAction(\(action), from: \(n(source))) → \(answer)")
        return legacyOverride
    }

    func segueForUnwinding(
        to destination: any ViewController,
        from source: any ViewController,
        identifier: String?
    ) async -> (any SeguePerformer)? {
        guard let unwindPerformer else { return nil }
        recorder.record("\(name).segueForUnwinding(to: \(n(destination)), from: \(n(source)), identifier: \(identifier ?? "nil"))")
        return unwindPerformer
    }

    func unwind(for segue: Segue, towards child: any ViewController) async {
        recorder.record("\(name).unwind(for: \(text(segue)), towards: \(n(child)))")
    }

    // MARK: Segues

    func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool {
        senders.append("should:\(sender.map { "\($0)" } ?? "nil")")
        hooks.shouldPerformSegue(withIdentifier: identifier)
        return allowsSegues
    }

    func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        senders.append("prepare:\(sender.map { "\($0)" } ?? "nil")")
        recorder.record("\(name).prepare(\(text(segue)) \(kindText(segue.kind)), sender: \(sender.map { "\($0)" } ?? "nil"))")
        await onPrepare?(segue)
    }

    // MARK: Appearance and containment

    func viewDidLoad() async { hooks.viewDidLoad() }
    func viewWillAppear(_ animated: Bool) async { hooks.viewWillAppear(animated) }
    func viewDidAppear(_ animated: Bool) async { hooks.viewDidAppear(animated) }
    func viewWillDisappear(_ animated: Bool) async { hooks.viewWillDisappear(animated) }
    func viewDidDisappear(_ animated: Bool) async { hooks.viewDidDisappear(animated) }
    func willMove(toParent parent: (any ViewController)?) async { hooks.willMove(toParent: parent) }
    func didMove(toParent parent: (any ViewController)?) async { hooks.didMove(toParent: parent) }
}

/// A window with a recorder, a name book, and helpers to build unwind worlds.
struct UnwindWorld: NamedWorld {
    let base: Fixture
    let book = NameBook()

    init() { base = Fixture() }
    init(clock: ManualClock) { base = Fixture(clock: clock) }


    /// An unwind probe (content controller; a custom container when `children` is not empty).
    func probe(
        _ name: String,
        actions: Set<String> = [],
        children: [any ViewController] = [],
        style: PresentationStyle = .automatic,
        definesContext: Bool = false,
        scene: Scene? = nil,
        catalog: SceneCatalog? = nil
    ) -> UnwindProbe {
        let probe = UnwindProbe(
            context: window.makeContext(scene: scene, catalog: catalog),
            name: name,
            recorder: recorder,
            actions: actions,
            children: children,
            style: style,
            definesContext: definesContext
        )
        book.set(probe.id, name)
        return probe
    }

    /// A tab bar controller, first tab selected.
    func tabBar(_ name: String, _ children: [any ViewController]) -> TabBarController {
        let tabBar = TabBarController(context: window.makeContext(), viewControllers: children)
        book.set(tabBar.id, name)
        recorder.name(tabBar, name)
        return tabBar
    }

    /// The committed changes of a journal.
    func committed(_ events: [JournalEvent]) -> [CommittedChange] {
        events.compactMap { event in
            if case .committed(let change) = event.kind { return change }
            return nil
        }
    }

    /// The journal without its callbacks: the requests' lifecycle.
    func lifecycle(_ events: [JournalEvent]) -> [JournalEvent.Kind] {
        events.map(\.kind).filter { kind in
            switch kind {
            case .callback, .entered: return false
            default: return true
            }
        }
    }
}

/// The ids of a list of controllers.
func unwindIDs(_ controllers: [any ViewController]) -> [ControllerID] { controllers.map(\.id) }
