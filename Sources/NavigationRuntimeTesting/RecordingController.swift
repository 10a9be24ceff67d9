import NavigationRuntime

/// A content controller that logs every hook to a ``CallbackRecorder`` under its name, and
/// can veto segues, fail `prepare`, or run a closure from a hook.
///
/// ```swift
/// let recorder = CallbackRecorder()
/// let a = RecordingController(context: window.makeContext(), name: "A", recorder: recorder)
/// try await window.setRootViewController(a)
/// #expect(recorder.take() == ["A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)"])
/// ```
public actor RecordingController: ViewController {
    public nonisolated let context: ControllerContext
    /// The name in the log.
    public nonisolated let name: String
    /// Where the hooks are logged.
    public nonisolated let recorder: CallbackRecorder
    /// Its hooks' log lines (the format every ``HookRecorder`` uses).
    public nonisolated let hooks: HookRecorder
    public nonisolated let modalPresentationStyle: PresentationStyle
    public nonisolated let definesPresentationContext: Bool

    /// What `shouldPerformSegue` answers. Default `true`.
    public var allowsSegues = true
    /// What `prepare` throws, if anything.
    public var prepareError: (any Error & Sendable)?
    /// Runs inside `prepare`, after logging.
    public var onPrepare: (@Sendable (Segue, (any Sendable)?) async -> Void)?
    /// Runs inside `viewDidAppear`, after logging.
    public var onDidAppear: (@Sendable () async -> Void)?
    /// The last sender `prepare` received (R1.5).
    public private(set) var lastPreparedSender: (any Sendable)?

    /// Creates a recording controller.
    public init(
        context: ControllerContext,
        name: String,
        recorder: CallbackRecorder,
        modalPresentationStyle: PresentationStyle = .automatic,
        definesPresentationContext: Bool = false
    ) {
        self.context = context
        self.name = name
        self.recorder = recorder
        self.hooks = HookRecorder(name, recorder: recorder, context: context)
        self.modalPresentationStyle = modalPresentationStyle
        self.definesPresentationContext = definesPresentationContext
        recorder.name(self, name)
    }

    /// Sets what `shouldPerformSegue` answers.
    public func setAllowsSegues(_ allows: Bool) { allowsSegues = allows }
    /// Sets what `prepare` throws.
    public func setPrepareError(_ error: (any Error & Sendable)?) { prepareError = error }
    /// Sets the closure run inside `prepare`.
    public func setOnPrepare(_ body: (@Sendable (Segue, (any Sendable)?) async -> Void)?) { onPrepare = body }
    /// Sets the closure run inside `viewDidAppear`.
    public func setOnDidAppear(_ body: (@Sendable () async -> Void)?) { onDidAppear = body }

    public func viewDidLoad() async { hooks.viewDidLoad() }
    public func viewWillAppear(_ animated: Bool) async { hooks.viewWillAppear(animated) }
    public func viewDidAppear(_ animated: Bool) async {
        hooks.viewDidAppear(animated)
        await onDidAppear?()
    }
    public func viewWillDisappear(_ animated: Bool) async { hooks.viewWillDisappear(animated) }
    public func viewDidDisappear(_ animated: Bool) async { hooks.viewDidDisappear(animated) }
    public func willMove(toParent parent: (any ViewController)?) async { hooks.willMove(toParent: parent) }
    public func didMove(toParent parent: (any ViewController)?) async { hooks.didMove(toParent: parent) }
    public func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool {
        hooks.shouldPerformSegue(withIdentifier: identifier)
        return allowsSegues
    }
    public func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        hooks.prepare(for: segue)
        lastPreparedSender = sender
        await onPrepare?(segue, sender)
        if let prepareError { throw prepareError }
    }
}

/// A navigation delegate that logs `willShow` / `didShow` (R4.12).
public struct RecordingNavigationDelegate: NavigationControllerDelegate {
    /// Where it logs.
    public let recorder: CallbackRecorder

    /// Creates a delegate logging to `recorder`.
    public init(recorder: CallbackRecorder) { self.recorder = recorder }

    public func navigationController(
        _ navigationController: NavigationController,
        willShow viewController: any ViewController,
        animated: Bool
    ) async {
        recorder.record("\(recorder.name(of: navigationController)).delegate.willShow(\(recorder.name(of: viewController)))")
    }

    public func navigationController(
        _ navigationController: NavigationController,
        didShow viewController: any ViewController,
        animated: Bool
    ) async {
        recorder.record("\(recorder.name(of: navigationController)).delegate.didShow(\(recorder.name(of: viewController)))")
    }
}
