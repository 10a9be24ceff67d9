import NavigationRuntime

/// Logs one controller's hooks to a ``CallbackRecorder``, in the format of
/// ``RecordingController`` (`List.viewWillAppear(true)`, `Form.willMove(toParent: Nav)`), for
/// your own controller actors.
///
/// Either conform your actor to ``HookRecording`` (every hook you do not write records itself),
/// or call the recorder from the hooks you write:
///
/// ```swift
/// actor ListController: HookRecording {
///     nonisolated let context: ControllerContext
///     nonisolated let hooks: HookRecorder
///     var items: [String] = []
///
///     init(context: ControllerContext, recorder: CallbackRecorder) {
///         self.context = context
///         self.hooks = HookRecorder("List", recorder: recorder, context: context)
///     }
///
///     // Written by hand: record, then do the work. The other hooks record by themselves.
///     func viewWillAppear(_ animated: Bool) async {
///         hooks.viewWillAppear(animated)
///         reloadData()
///     }
/// }
///
/// #expect(recorder.take() == ["List.viewDidLoad", "List.viewWillAppear(false)", "List.viewDidAppear(false)"])
/// ```
public struct HookRecorder: Sendable {
    /// The controller's name in the log.
    public let name: String
    /// Where it logs.
    public let recorder: CallbackRecorder

    /// Creates a recorder for the controller that has `context`, and names it `name` in
    /// `recorder` (so other controllers' `willMove(toParent:)` and snapshots rendered with
    /// `WindowSnapshot.rendered(names:)` show the name, not the id).
    public init(_ name: String, recorder: CallbackRecorder, context: ControllerContext) {
        self.name = name
        self.recorder = recorder
        recorder.name(context, name)
    }

    /// Records `Name.event`, for anything your controller wants in the log.
    public func record(_ event: String) { recorder.record("\(name).\(event)") }

    /// Records `Name.viewDidLoad`.
    public func viewDidLoad() { record("viewDidLoad") }
    /// Records `Name.viewWillAppear(animated)`.
    public func viewWillAppear(_ animated: Bool) { record("viewWillAppear(\(animated))") }
    /// Records `Name.viewDidAppear(animated)`.
    public func viewDidAppear(_ animated: Bool) { record("viewDidAppear(\(animated))") }
    /// Records `Name.viewWillDisappear(animated)`.
    public func viewWillDisappear(_ animated: Bool) { record("viewWillDisappear(\(animated))") }
    /// Records `Name.viewDidDisappear(animated)`.
    public func viewDidDisappear(_ animated: Bool) { record("viewDidDisappear(\(animated))") }
    /// Records `Name.willMove(toParent: Parent)` (`nil` when removed).
    public func willMove(toParent parent: (any ViewController)?) {
        record("willMove(toParent: \(recorder.name(of: parent)))")
    }
    /// Records `Name.didMove(toParent: Parent)` (`nil` when removed).
    public func didMove(toParent parent: (any ViewController)?) {
        record("didMove(toParent: \(recorder.name(of: parent)))")
    }
    /// Records `Name.shouldPerformSegue(identifier)`.
    public func shouldPerformSegue(withIdentifier identifier: String) { record("shouldPerformSegue(\(identifier))") }
    /// Records `Name.prepare(identifier, Source → Destination)`.
    public func prepare(for segue: Segue) {
        record(
            "prepare(\(segue.identifier ?? "nil"), \(recorder.name(of: segue.source)) → \(recorder.name(of: segue.destination)))"
        )
    }
    /// Records `Name.unwindAction(action, from: Source)`: the destination's unwind action ran.
    public func performUnwindAction(_ action: String, segue: Segue) {
        record("unwindAction(\(action), from: \(recorder.name(of: segue.source)))")
    }
}

/// A controller whose hooks record themselves through its ``hooks``: conform your own actor,
/// store a ``HookRecorder``, and every hook you do not implement logs to the recorder (the
/// appearance and containment callbacks, `shouldPerformSegue` (answering `true`), `prepare`,
/// and `performUnwindAction`). A hook you implement replaces the recording one: call the
/// matching ``HookRecorder`` method from it (see ``HookRecorder``).
public protocol HookRecording: ViewController {
    /// Where the controller's hooks are logged.
    nonisolated var hooks: HookRecorder { get }
}

extension HookRecording {
    public func viewDidLoad() async { hooks.viewDidLoad() }
    public func viewWillAppear(_ animated: Bool) async { hooks.viewWillAppear(animated) }
    public func viewDidAppear(_ animated: Bool) async { hooks.viewDidAppear(animated) }
    public func viewWillDisappear(_ animated: Bool) async { hooks.viewWillDisappear(animated) }
    public func viewDidDisappear(_ animated: Bool) async { hooks.viewDidDisappear(animated) }
    public func willMove(toParent parent: (any ViewController)?) async { hooks.willMove(toParent: parent) }
    public func didMove(toParent parent: (any ViewController)?) async { hooks.didMove(toParent: parent) }
    public func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool {
        hooks.shouldPerformSegue(withIdentifier: identifier)
        return true
    }
    public func prepare(for segue: Segue, sender: (any Sendable)?) async throws { hooks.prepare(for: segue) }
    public func performUnwindAction(_ action: String, segue: Segue) async {
        hooks.performUnwindAction(action, segue: segue)
    }
}
