import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// Port: AppCoda's custom segue and custom unwind segue.
///
/// The first task, ported as the AppCoda tutorial "Custom Segue and Unwind Segue"
/// (Gabriel Theodoropoulos) writes it: a swipe up on the first screen performs
/// `idFirstSegue`, a custom segue of class `FirstCustomSegue` whose `perform()` slides both
/// views up and then presents the second controller; `prepare(for:sender:)` hands the second
/// controller its message label's text; a swipe down performs `idFirstSegueUnwind`, an unwind
/// segue of class `FirstCustomSegueUnwind` (Interface Builder's `customClass` on the unwind
/// segue) to `returnFromSegueActions(_:)` of the first controller, whose `perform()` slides the
/// views back down and then dismisses.
///
/// Both segue classes are registered performers that animate on the segue's clock
/// (`segue.clock`, for `segue.transitionDuration`, zero unless `segue.isAnimated`), then
/// answer what UIKit's `perform()` ends with: `.present(.fullScreen)` and `.unwind`.
///
/// As on iOS, in compact and regular width alike (a full-screen presentation does not adapt):
/// the second controller's view is loaded (`viewDidLoad`, which sets its label from the
/// message) after `prepare` and before the custom segue animates (R1.4, R6.1); the
/// presentation finishes the presented side first (R6.4: `Second.viewDidAppear` before
/// `First.viewDidDisappear`) and the unwind's dismissal the presenter first (R6.6); the
/// unwind runs the source's `prepare`, then the destination's action, then the segue (R7.1).
///
/// One difference remains, pinned here: the tutorial's `perform()` presents and dismisses
/// with `animated: false` after its own animation, so on iOS the appearance callbacks say
/// `false`; a ``SegueEffect`` carries no animation flag, so the runtime's transition after
/// the performer is animated as the segue is (`true`, and it takes the window's duration once
/// more).
@Suite struct CustomSegueTutorialPort {
    /// The tutorial's Main.storyboard, as Interface Builder writes it: the custom segue from
    /// the first controller, and the unwind segue from the second controller to its Exit, both
    /// with a `customClass`.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vXZ-lx-hvc">
            <scenes>
                <scene sceneID="ufC-wZ-h7g">
                    <objects>
                        <viewController id="vXZ-lx-hvc" customClass="FirstViewController" customModule="CustomSegues" sceneMemberID="viewController">
                            <connections>
                                <segue destination="9Ih-ha-XSe" kind="custom" identifier="idFirstSegue" customClass="FirstCustomSegue" customModule="CustomSegues" id="zLA-m1-6bO"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="KJz-Cz-lnn">
                    <objects>
                        <viewController id="9Ih-ha-XSe" customClass="SecondViewController" customModule="CustomSegues" sceneMemberID="viewController">
                            <connections>
                                <segue destination="oJk-Jd-dUh" kind="unwind" identifier="idFirstSegueUnwind" customClass="FirstCustomSegueUnwind" customModule="CustomSegues" unwindAction="returnFromSegueActions:" id="ZoL-Iy-nku"/>
                            </connections>
                        </viewController>
                        <exit id="oJk-Jd-dUh" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// `FirstViewController`: swipe up shows the second screen; the unwind action flashes the
    /// background (as the tutorial's does) and reads the second screen's reply.
    actor FirstViewController: HookRecording {
        nonisolated let context: ControllerContext
        nonisolated let hooks: HookRecorder
        nonisolated var unwindActions: Set<String> { ["returnFromSegueActions:"] }
        private(set) var backgroundColor = "white"
        private(set) var reply: String?

        init(context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.hooks = HookRecorder("First", recorder: recorder, context: context)
        }

        // func showSecondViewController() { performSegue(withIdentifier: "idFirstSegue", sender: self) }
        func swipeUp() async throws -> TransitionOutcome {
            try await performSegue(withIdentifier: "idFirstSegue", sender: nil)
        }

        // override func prepare(for segue: UIStoryboardSegue, sender: Any?)
        func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
            hooks.prepare(for: segue)
            guard segue.identifier == "idFirstSegue" else { return }
            try await segue.destination(as: SecondViewController.self) { $0.message = "Hello from the 1st View Controller" }
        }

        // @IBAction func returnFromSegueActions(_ sender: UIStoryboardSegue)
        func performUnwindAction(_ action: String, segue: Segue) async {
            hooks.performUnwindAction(action, segue: segue)
            guard segue.identifier == "idFirstSegueUnwind" else { return }
            backgroundColor = "red"  // then animated back to the original color
            reply = await (segue.source as? SecondViewController)?.reply
        }
    }

    /// `SecondViewController`: shows the message in its label once loaded; swipe down unwinds.
    actor SecondViewController: HookRecording {
        nonisolated let context: ControllerContext
        nonisolated let hooks: HookRecorder
        var message = ""
        private(set) var label = ""
        var reply = "Hello from the 2nd View Controller"

        init(context: ControllerContext, recorder: CallbackRecorder) {
            self.context = context
            self.hooks = HookRecorder("Second", recorder: recorder, context: context)
        }

        // override func viewDidLoad() { lblMessage.text = message }
        func viewDidLoad() async {
            hooks.viewDidLoad()
            label = message
        }

        // func showFirstViewController() { performSegue(withIdentifier: "idFirstSegueUnwind", sender: self) }
        func swipeDown() async throws -> TransitionOutcome {
            try await performSegue(withIdentifier: "idFirstSegueUnwind", sender: nil)
        }
    }

    /// The registry: the two controller classes and the two segue classes. Each performer
    /// logs, animates on the segue's clock for the segue's duration, and ends as the
    /// tutorial's `perform()` does.
    static func registry(_ recorder: CallbackRecorder) -> ClassRegistry {
        var registry = ClassRegistry()
        registry.register(controller: "FirstViewController") { context, _ in FirstViewController(context: context, recorder: recorder) }
        registry.register(controller: "SecondViewController") { context, _ in SecondViewController(context: context, recorder: recorder) }
        registry.register(segue: "FirstCustomSegue", performer: ClosureSeguePerformer { segue in
            let loaded = await segue.destination.isViewLoaded
            recorder.record("FirstCustomSegue.perform(animated: \(segue.isAnimated), destination loaded: \(loaded))")
            // UIView.animate(withDuration: 0.4) { first view up, second view up from below }
            try await segue.clock.sleep(for: segue.transitionDuration)  // the window's ManualClock
            recorder.record("FirstCustomSegue.animation completed")
            // sourceViewController.present(destinationViewController, animated: false)
            return .present(.fullScreen)
        })
        registry.register(segue: "FirstCustomSegueUnwind", performer: ClosureSeguePerformer { segue in
            recorder.record("FirstCustomSegueUnwind.perform(animated: \(segue.isAnimated))")
            // UIView.animate(withDuration: 0.4) { both views back down }
            try await segue.clock.sleep(for: segue.transitionDuration)  // the window's ManualClock
            recorder.record("FirstCustomSegueUnwind.animation completed")
            // sourceViewController.dismiss(animated: false)
            return .unwind
        })
        return registry
    }

    /// Swipe up presents through FirstCustomSegue, swipe down unwinds through FirstCustomSegueUnwind.
    @Test(arguments: [Traits.compact, .regular]) func swipeUp_presentsThroughTheCustomSegue_swipeDown_unwindsThroughTheCustomUnwind(traits: Traits) async throws {
        let recorder = CallbackRecorder()
        let clock = ManualClock()
        let storyboard = try StoryboardLoader.load(xml: Self.xml, file: "Main.storyboard")
        #expect(storyboard.scenes.flatMap(\.segues).compactMap(\.customClass) == ["FirstCustomSegue", "FirstCustomSegueUnwind"])
        let catalog = storyboard.catalog(registry: Self.registry(recorder))
        let window = Window(configuration: Window.Configuration(clock: clock, transitionDuration: .seconds(1), traits: traits))

        // Launch.
        let first = try #require(try catalog.instantiateInitialViewController(in: window) as? FirstViewController)
        try await window.setRootViewController(first)
        #expect(recorder.take() == ["First.viewDidLoad", "First.viewWillAppear(false)", "First.viewDidAppear(false)"])

        // Swipe up: prepare, the destination loads, the custom segue animates on the clock...
        let up = Task { try await first.swipeUp() }
        await clock.sleepers(atLeast: 1)
        #expect(recorder.take() == [
            "First.prepare(idFirstSegue, First → Second)", "Second.viewDidLoad",
            "FirstCustomSegue.perform(animated: true, destination loaded: true)",
        ])
        #expect(await window.snapshot().rendered(names: recorder) == "First", "nothing presented while it animates")
        clock.advance(by: .seconds(1))
        // ...then presents full screen (R6.4: the presented side finishes first).
        await clock.sleepers(atLeast: 1)
        #expect(recorder.take() == [
            "FirstCustomSegue.animation completed", "First.viewWillDisappear(true)", "Second.viewWillAppear(true)",
        ])
        clock.advance(by: .seconds(1))
        #expect(try await up.value == .completed(sequence: 2))
        #expect(recorder.take() == ["Second.viewDidAppear(true)", "First.viewDidDisappear(true)"])
        var snapshot = await window.snapshot()
        #expect(snapshot.rendered(names: recorder) == "First presents Second")
        #expect(snapshot.root?.presented?.presentationStyle == .fullScreen)
        let second = try #require(await first.presentedViewController as? SecondViewController)
        #expect(await second.label == "Hello from the 1st View Controller", "data forward: prepare, then viewDidLoad")
        #expect(await second.presentingViewController === first)

        // Swipe down: the unwind segue (R7.1): prepare, the action, then FirstCustomSegueUnwind.
        let down = Task { try await second.swipeDown() }
        await clock.sleepers(atLeast: 1)
        #expect(recorder.take() == [
            "Second.prepare(idFirstSegueUnwind, Second → First)",
            "First.unwindAction(returnFromSegueActions:, from: Second)",
            "FirstCustomSegueUnwind.perform(animated: true)",
        ])
        #expect(await first.reply == "Hello from the 2nd View Controller", "data back, in the unwind action")
        #expect(await first.backgroundColor == "red")
        clock.advance(by: .seconds(1))
        // R6.6: the dismissal finishes the presenter first.
        await clock.sleepers(atLeast: 1)
        #expect(recorder.take() == [
            "FirstCustomSegueUnwind.animation completed", "Second.viewWillDisappear(true)", "First.viewWillAppear(true)",
        ])
        clock.advance(by: .seconds(1))
        #expect(try await down.value == .completed(sequence: 3))
        #expect(recorder.take() == ["First.viewDidAppear(true)", "Second.viewDidDisappear(true)"])
        snapshot = await window.snapshot()
        #expect(snapshot.rendered(names: recorder) == "First")
        #expect(snapshot.rendered == "FirstViewController")
        #expect(snapshot.traits == traits)
        await window.close()
    }
}
