import Dispatch
import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

// The segue pipeline as a ported UIKit app meets it (issue 11, findings 3–8): what
// `shouldPerformSegue` and `prepare` receive (R1.1, R1.5, R7.11), the destination loaded before
// a custom segue's `perform()` (R1.4, R6.1), UIKit's hook signatures, and controllers on a
// foreign executor (DESIGN §3.1).

/// Scenes "A" (the source, declaring `segues`) and "B" (the destination, full screen).
private func catalog(_ c: Conformance, _ segues: [SegueDefinition]) -> SceneCatalog {
    let recorder = c.recorder
    let book = c.book
    return SceneCatalog([
        Scene("A", segues: segues) { context in
            let a = RecordingController(context: context, name: "A", recorder: recorder)
            book.set(a.id, "A")
            return a
        },
        Scene("B") { context in
            recorder.record("B.init")
            let b = RecordingController(context: context, name: "B", recorder: recorder, modalPresentationStyle: .fullScreen)
            book.set(b.id, "B")
            return b
        },
    ])
}

private func source(_ catalog: SceneCatalog, _ c: Conformance) throws -> RecordingController {
    try #require(catalog.instantiate("A", in: c.window) as? RecordingController)
}

/// The callbacks of a full-screen presentation of B from A, not animated.
/// A full-screen presentation of B from A; the presented side finishes first (R6.4).
private let presentB = [
    "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
    "B.viewDidAppear(false)", "A.viewDidDisappear(false)",
]

@Suite struct SeguePipelineTests {
    // Finding 3, R1.1, R1.5, R7.11: a segue triggered by its control's element id or by its
    // own element id is the segue with its storyboard identifier: shouldPerformSegue and
    // prepare's segue both see "saveItem" (the identifier a tutorial's veto is written
    // against), never the lookup key.
    @Test(arguments: ["Sb1-kk-029", "seg-save", "saveItem"])
    func r1_1_triggerByElementIDPassesTheStoryboardIdentifier(key: String) async throws {
        let c = Conformance()
        let save = SegueDefinition(
            identifier: "saveItem", kind: .presentModally(.fullScreen), destination: "B",
            elementID: "seg-save", triggerID: "Sb1-kk-029"
        )
        let a = try source(catalog(c, [save]), c)
        try await c.start(with: a)

        #expect(try await a.triggerSegue(withIdentifier: key, animated: false) == .completed(sequence: 2))

        #expect(c.recorder.take() == ["A.shouldPerformSegue(saveItem)", "B.init", "A.prepare(saveItem, A → B)"] + presentB)
    }

    // Finding 3, R1.1, R7.11 (decision): a segue with no storyboard identifier, triggered by
    // its element id or its control's id, asks shouldPerformSegue with "" (what a Swift
    // override sees on iOS: UIKit passes nil, bridged to an empty String) and prepare's segue
    // has a nil identifier, as UIStoryboardSegue.identifier is nil.
    @Test(arguments: ["btn-2", "seg-2"])
    func r1_1_segueWithoutIdentifierPassesEmptyAndNil(key: String) async throws {
        let c = Conformance()
        let anonymous = SegueDefinition(
            identifier: nil, kind: .presentModally(.fullScreen), destination: "B", elementID: "seg-2", triggerID: "btn-2"
        )
        let a = try source(catalog(c, [anonymous]), c)
        try await c.start(with: a)

        try await a.triggerSegue(withIdentifier: key, animated: false)

        #expect(c.recorder.take() == ["A.shouldPerformSegue()", "B.init", "A.prepare(nil, A → B)"] + presentB)
    }

    // Finding 3, R1.1: a veto written against the identifier stops the segue whatever key
    // triggered it (the "saveItem" veto of an invalid form).
    @Test func r1_1_vetoAgainstIdentifierHoldsForAControlTrigger() async throws {
        let c = Conformance()
        let save = SegueDefinition(
            identifier: "saveItem", kind: .presentModally(.fullScreen), destination: "B",
            elementID: "seg-save", triggerID: "Sb1-kk-029"
        )
        let recorder = c.recorder
        // The form is made by hand; its scene only carries the segue table.
        let scene = Scene("form", segues: [save]) { GenericViewController(context: $0) }
        let form = FormController(context: c.window.makeContext(scene: scene, catalog: catalog(c, [save])), recorder: recorder)
        try await c.start(with: form)

        #expect(try await form.triggerSegue(withIdentifier: "Sb1-kk-029") == .vetoed)
        #expect(c.recorder.take() == ["form.shouldPerformSegue(saveItem) → false"])
        #expect(await form.presentedViewController == nil)
    }

    // Finding 7, R1.1, R1.5: UIKit's signatures `shouldPerformSegue(withIdentifier:sender:
    // Any?)` and `prepare(for:sender: Any?)` are hooks like the runtime's own spelling: the veto
    // holds, prepare runs, both with the sender (no silent overload that never runs).
    @Test func r1_1_uikitSignaturesAreCalled() async throws {
        let c = Conformance()
        let segues = [
            SegueDefinition(identifier: "saveItem", kind: .presentModally(.fullScreen), destination: "B", triggerID: "save-btn"),
            SegueDefinition(identifier: "cancel", kind: .presentModally(.fullScreen), destination: "B"),
        ]
        let scene = Scene("form", segues: segues) { GenericViewController(context: $0) }
        let form = UIKitShapedController(context: c.window.makeContext(scene: scene, catalog: catalog(c, [])), recorder: c.recorder)
        try await c.start(with: form)

        #expect(try await form.triggerSegue(withIdentifier: "save-btn", sender: CellBox(row: 3)) == .vetoed)
        #expect(try await form.triggerSegue(withIdentifier: "cancel", sender: CellBox(row: 4), animated: false) == .completed(sequence: 2))
        try await form.dismiss(animated: false)
        try await form.performSegue(withIdentifier: "saveItem", sender: CellBox(row: 5), animated: false)

        #expect(c.recorder.take() == [
            "should(saveItem, cell-3)",
            "should(cancel, cell-4)", "B.init", "prepare(cancel, cell-4)", "B.viewDidLoad", "B.viewWillAppear(false)", "B.viewDidAppear(false)",
            "B.viewWillDisappear(false)", "B.viewDidDisappear(false)",
            "B.init", "prepare(saveItem, cell-5)", "B.viewDidLoad", "B.viewWillAppear(false)", "B.viewDidAppear(false)",
        ])
    }

    // Finding 8, DESIGN §3.1: a controller whose actor runs on an executor other than its
    // window's is refused when it would enter the tree, by every way in (root, push, present,
    // show, a custom container's addChild, a container adopting it as an initial child, a
    // segue's destination), with a typed `.foreignExecutor`; nothing changes and it is never
    // in the tree (its isolated reads of the tree would race with the window's writes).
    @Test(arguments: ForeignExecutor.allCases)
    func design3_1_controllerOnAForeignExecutorIsRefused(executor: ForeignExecutor) async throws {
        let c = Conformance()
        func foreign() -> ForeignExecutorController { ForeignExecutorController(context: c.window.makeContext(), on: executor) }
        let root = foreign()
        var errors = [await navigationError { try await c.window.setRootViewController(root) }]

        let host = c.probe("H")
        let a = c.controller("A")
        let n = await c.navigation("N", [a])
        let inNavigation = foreign()
        let adopting = await c.navigation("N2", [inNavigation])
        let segueCatalog = SceneCatalog([
            Scene("S", segues: [SegueDefinition(identifier: "s", kind: .presentModally(.fullScreen), destination: "F")]) {
                GenericViewController(context: $0)
            },
            Scene("F") { ForeignExecutorController(context: $0, on: executor) },
        ])
        let s = try #require(segueCatalog.instantiate("S", in: c.window))
        let container = c.probe("P", children: [s])
        try await c.start(with: host)
        try await host.present(n, style: .fullScreen, animated: false)
        try await n.pushViewController(container, animated: false)
        let before = await c.tree()

        errors.append(await navigationError { try await n.pushViewController(foreign(), animated: false) })
        errors.append(await navigationError { try await container.present(foreign(), animated: false) })
        errors.append(await navigationError { try await container.show(foreign(), animated: false) })
        errors.append(await navigationError { try await container.addChild(foreign()) })
        errors.append(await navigationError { try await container.present(adopting, animated: false) })
        errors.append(await navigationError { try await s.performSegue(withIdentifier: "s", animated: false) })

        #expect(errors.map { $0?.code } == Array(repeating: .foreignExecutor, count: 7))
        #expect(errors[5]?.controllers == [inNavigation.id])
        #expect(await c.tree() == before)
        #expect(await root.isInWindowHierarchy == false)
        #expect(await inNavigation.isInWindowHierarchy == false)
        #expect(await c.window.rootViewController === host)
    }

    // Issue 11 (a performer digs the clock out of the window's configuration): the segue a
    // custom performer receives carries the animation flag (the request's and the segue's
    // `animates`), the window's clock and the duration to animate for (zero when not
    // animated); a performer animating on `segue.clock` is driven by the test's manual clock.
    @Test func customPerformer_readsClockAndAnimationFlagFromTheSegue() async throws {
        let clock = ManualClock()
        let c = Conformance(clock: clock)
        let recorder = c.recorder
        let performer = ClosureSeguePerformer { segue in
            recorder.record("perform animated=\(segue.isAnimated) duration=\(segue.transitionDuration) manual=\(segue.clock is ManualClock)")
            try await segue.clock.sleep(for: segue.transitionDuration)  // the test's ManualClock: no wall-clock wait
            recorder.record("animation ended")
            return .present(.fullScreen)
        }
        let segues = [
            SegueDefinition(identifier: "c", kind: .custom(performer), destination: "B"),
            SegueDefinition(identifier: "still", kind: .custom(performer), destination: "B", animates: false),
        ]
        let a = try source(catalog(c, segues), c)
        try await c.start(with: a)

        try await a.performSegue(withIdentifier: "still")
        #expect(c.recorder.take().prefix(4) == [
            "B.init", "A.prepare(still, A → B)", "B.viewDidLoad", "perform animated=false duration=0.0 seconds manual=true",
        ])
        try await a.dismiss(animated: false)
        c.recorder.clear()

        let request = Task { try await a.performSegue(withIdentifier: "c") }
        await clock.sleepers(atLeast: 1)
        #expect(c.recorder.take() == ["B.init", "A.prepare(c, A → B)", "B.viewDidLoad", "perform animated=true duration=1.0 seconds manual=true"])
        clock.advance(by: .seconds(1))  // the performer's animation
        await clock.sleepers(atLeast: 1)
        #expect(c.recorder.take() == ["animation ended", "A.viewWillDisappear(true)", "B.viewWillAppear(true)"])
        clock.advance(by: .seconds(1))  // the transition's
        #expect(try await request.value == .completed(sequence: 4))
        #expect(c.recorder.take() == ["B.viewDidAppear(true)", "A.viewDidDisappear(true)"])
    }

    // Finding 6, R1.4, R6.1: a custom segue's performer runs with the destination's view
    // loaded (viewDidLoad delivered after prepare, before perform()), as UIKit's perform()
    // can animate the destination's view.
    @Test func r6_1_customSegueDestinationIsLoadedBeforePerform() async throws {
        let c = Conformance()
        let recorder = c.recorder
        let performer = ClosureSeguePerformer { segue in
            recorder.record("perform sees B.isViewLoaded=\(await segue.destination.isViewLoaded)")
            return .present(.fullScreen)
        }
        let a = try source(catalog(c, [SegueDefinition(identifier: "c", kind: .custom(performer), destination: "B")]), c)
        try await c.start(with: a)

        try await a.triggerSegue(withIdentifier: "c", animated: false)

        #expect(c.recorder.take() == [
            "A.shouldPerformSegue(c)", "B.init", "A.prepare(c, A → B)", "B.viewDidLoad", "perform sees B.isViewLoaded=true",
            "A.viewWillDisappear(false)", "B.viewWillAppear(false)", "B.viewDidAppear(false)", "A.viewDidDisappear(false)",
        ])
        #expect(await c.tree() == "A(content, disappeared) ▸ B(content, appeared, fullScreen)")
    }

    // Finding 6, R1.4: prepare still runs before the destination loads, for a custom segue too.
    @Test func r1_4_customSeguePrepareSeesTheDestinationUnloaded() async throws {
        let c = Conformance()
        let recorder = c.recorder
        let performer = ClosureSeguePerformer { _ in .none }
        let a = try source(catalog(c, [SegueDefinition(identifier: "c", kind: .custom(performer), destination: "B")]), c)
        try await c.start(with: a)
        await a.setOnPrepare { segue, _ in
            recorder.record("prepare sees B.isViewLoaded=\(await segue.destination.isViewLoaded)")
        }

        #expect(try await a.performSegue(withIdentifier: "c") == .noChange)

        #expect(c.recorder.take() == ["B.init", "A.prepare(c, A → B)", "prepare sees B.isViewLoaded=false", "B.viewDidLoad"])
        #expect(await c.tree() == "A(content, appeared)")
    }

    /// A segue whose destination the catalog lacks is a typed error, whichever way the source
    /// finds it: a scene the catalog made (its destinations worked out with the catalog), a
    /// scene of the source's own (looked up by name), with hooks or without.
    @Test func segueToAMissingScene_isInvalidStoryboard_fromACatalogSceneOrASceneOfItsOwn() async throws {
        let c = Conformance()
        let gone = SegueDefinition(identifier: "gone", kind: .show, destination: "missing")
        let toB = SegueDefinition(identifier: "toB", kind: .show, destination: "B")
        let catalog = catalog(c, [gone, toB])
        let scenes = [Scene("P", segues: [gone, toB]) { GenericViewController(context: $0) }] + catalog.scenes.values.filter { $0.identifier != "A" }
        let plain = SceneCatalog(scenes)
        let hookless = try #require(plain.instantiate("P", in: c.window))
        let own = GenericViewController(context: c.window.makeContext(scene: Scene("O", segues: [gone, toB]) { GenericViewController(context: $0) }, catalog: plain))
        let hooked = try source(catalog, c)
        let root = NavigationController(context: c.window.makeContext(), viewControllers: [hookless])
        try await c.start(with: root)
        for source in [hookless, own, hooked] as [any ViewController] {
            if source !== hookless { try await root.pushViewController(source, animated: false) }
            let error = await #expect(throws: NavigationError.self) { try await source.performSegue(withIdentifier: "gone", animated: false) }
            #expect(error?.code == .invalidStoryboard)
            #expect(error?.message.hasPrefix("Segue 'gone' of ") == true, "\(error?.message ?? "")")
            #expect(error?.message.hasSuffix(" leads to scene 'missing', which does not exist.") == true, "\(error?.message ?? "")")
            // The segue beside it finds its destination.
            let before = await root.viewControllers.count
            guard case .completed = try await source.performSegue(withIdentifier: "toB", animated: false) else {
                Issue.record("toB from \(source.id) did not complete")
                continue
            }
            #expect(await root.viewControllers.count == before + 1)
            #expect(await (root.viewControllers.last as? RecordingController)?.name == "B")
        }
    }
}

/// An actor that is not a window: its executor is "another actor's".
private actor Elsewhere {}

/// A serial executor of its own, on a dispatch queue.
private final class QueueExecutor: SerialExecutor {
    let queue = DispatchQueue(label: "SeguePipelineTests.QueueExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Where a controller's own `unownedExecutor` points (finding 8).
enum ForeignExecutor: String, CaseIterable, Sendable {
    case anotherActor, customExecutor, anotherWindow
}

/// A controller actor that declares its own `unownedExecutor` instead of its window's.
private actor ForeignExecutorController: ViewController {
    nonisolated let context: ControllerContext
    nonisolated let initialChildren: [any ViewController]
    private nonisolated let executor: UnownedSerialExecutor
    private nonisolated let owner: any Sendable

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor }

    init(context: ControllerContext, on kind: ForeignExecutor, children: [any ViewController] = []) {
        self.context = context
        self.initialChildren = children
        switch kind {
        case .anotherActor:
            let elsewhere = Elsewhere()
            (executor, owner) = (elsewhere.unownedExecutor, elsewhere)
        case .customExecutor:
            let queue = QueueExecutor()
            (executor, owner) = (queue.asUnownedSerialExecutor(), queue)
        case .anotherWindow:
            let window = Window()
            (executor, owner) = (window.unownedExecutor, window)
        }
        context.claim(children, for: self)
    }
}

/// A controller written with UIKit's hook signatures (`sender: Any?`, a synchronous
/// `shouldPerformSegue`), as a port of `override func prepare(for segue: UIStoryboardSegue,
/// sender: Any?)` writes them.
private actor UIKitShapedController: ViewController {
    nonisolated let context: ControllerContext
    nonisolated let recorder: CallbackRecorder

    init(context: ControllerContext, recorder: CallbackRecorder) {
        self.context = context
        self.recorder = recorder
    }

    func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        recorder.record("should(\(identifier), \(sender.map { "\($0)" } ?? "nil"))")
        return identifier != "saveItem"
    }

    func prepare(for segue: Segue, sender: Any?) {
        recorder.record("prepare(\(segue.identifier ?? "nil"), \(sender.map { "\($0)" } ?? "nil"))")
    }
}

/// A form that vetoes "saveItem" (its content is invalid), as a UIKit tutorial writes it.
private actor FormController: ViewController {
    nonisolated let context: ControllerContext
    nonisolated let recorder: CallbackRecorder

    init(context: ControllerContext, recorder: CallbackRecorder) {
        self.context = context
        self.recorder = recorder
    }

    func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool {
        let allowed = identifier != "saveItem"
        recorder.record("form.shouldPerformSegue(\(identifier)) → \(allowed)")
        return allowed
    }
}
