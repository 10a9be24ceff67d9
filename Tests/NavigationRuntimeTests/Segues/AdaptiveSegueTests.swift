import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// §2: presentation segues, popover adaptation, the automatic style, legacy and custom kinds.
@Suite struct AdaptiveSegueTests {
    /// A presented controller that answers the adaptation question (R2.9).
    private actor Adapting: ViewController {
        nonisolated let context: ControllerContext
        nonisolated let answer: PresentationStyle?
        init(context: ControllerContext, answer: PresentationStyle?) {
            self.context = context
            self.answer = answer
        }
        nonisolated func adaptivePresentationStyle(for traits: Traits) -> PresentationStyle? { answer }
        nonisolated var receivesCallbacks: Bool { false }
    }

    private func presentedStyle(
        _ kind: SegueKind,
        traits: Traits = .regular,
        destinationStyle: PresentationStyle = .automatic,
        answer: PresentationStyle? = nil
    ) async throws -> PresentationStyle? {
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
        let catalog = SceneCatalog([
            Scene("src", segues: [SegueDefinition(identifier: "s", kind: kind, destination: "dst")]) {
                GenericViewController(context: $0)
            },
            Scene("dst") { context -> any ViewController in
                if answer == nil { return GenericViewController(context: context, modalPresentationStyle: destinationStyle) }
                return Adapting(context: context, answer: answer)
            },
        ])
        let source = try await window.setRoot(scene: "src", from: catalog)
        try await source.performSegue(withIdentifier: "s", animated: false)
        return await window.snapshot().root?.presented?.presentationStyle
    }

    // R2.7
    @Test func presentModally_usesTheSegueStyle_elseTheDestinations_R2_7() async throws {
        #expect(try await presentedStyle(.presentModally(.overFullScreen)) == .overFullScreen)
        #expect(try await presentedStyle(.presentModally(nil), destinationStyle: .formSheet) == .formSheet)
    }

    // R2.8
    @Test func popover_isAPopoverInRegularWidth_andAFormSheetInCompact_R2_8() async throws {
        #expect(try await presentedStyle(.presentAsPopover) == .popover)
        #expect(try await presentedStyle(.presentAsPopover, traits: .compact) == .formSheet)
    }

    // R2.9
    @Test func adaptationAnswers_fullScreenOverFullScreenOrNone_otherAnswersIgnored_R2_9() async throws {
        #expect(try await presentedStyle(.presentAsPopover, traits: .compact, answer: .fullScreen) == .fullScreen)
        #expect(try await presentedStyle(.presentAsPopover, traits: .compact, answer: .overFullScreen) == .overFullScreen)
        #expect(try await presentedStyle(.presentAsPopover, traits: .compact, answer: PresentationStyle.none) == .popover)
        #expect(try await presentedStyle(.presentAsPopover, traits: .compact, answer: .pageSheet) == .formSheet)
        #expect(try await presentedStyle(.presentAsPopover, traits: .regular, answer: .fullScreen) == .popover)
    }

    // R2.10, R2.11
    @Test func automatic_resolvesToPageSheet_R2_10_R2_11() async throws {
        #expect(try await presentedStyle(.presentModally(.automatic)) == .pageSheet)
        #expect(PresentationStyle.fullScreen.removesPresenterViews)
        #expect(PresentationStyle.currentContext.removesPresenterViews)
        #expect(!PresentationStyle.overFullScreen.removesPresenterViews)
        #expect(!PresentationStyle.pageSheet.removesPresenterViews)
        #expect(!PresentationStyle.formSheet.removesPresenterViews)
        #expect(!PresentationStyle.popover.removesPresenterViews)
    }

    // R2.12
    @Test func legacyKinds_mapOntoTheModernOnes_R2_12() async throws {
        #expect(try await presentedStyle(.presentModally(nil)) == .pageSheet, "modal ≡ present")
        // push needs a navigation controller around the source
        await #expect(throws: NavigationError(.pushRequiresNavigationController, "")) {
            _ = try await presentedStyle(.push)
        }
        // replace ≡ show detail: no split here, so presented modally (R2.4)
        #expect(try await presentedStyle(.replace) == .pageSheet)
    }

    // R2.13
    @Test func customKind_runsThePerformer_andAppliesItsEffect_R2_13() async throws {
        let performer = ClosureSeguePerformer { _ in .present(.overCurrentContext) }
        #expect(try await presentedStyle(.custom(performer)) == .overCurrentContext)
        let doesNothing = ClosureSeguePerformer { _ in SegueEffect.none }
        #expect(try await presentedStyle(.custom(doesNothing)) == nil)
    }
}

/// R3.5 (idea 21): a context that provides its transition style lends it to the presentation.
@Suite struct PresentationContextTransitionStyleTests {
    private actor Context: ViewController {
        nonisolated let context: ControllerContext
        nonisolated let provides: Bool
        init(context: ControllerContext, provides: Bool) {
            self.context = context
            self.provides = provides
        }
        nonisolated var definesPresentationContext: Bool { true }
        nonisolated var providesPresentationContextTransitionStyle: Bool { provides }
        nonisolated var modalTransitionStyle: TransitionStyle { .crossDissolve }
        nonisolated var receivesCallbacks: Bool { false }
    }

    private actor Presented: ViewController {
        nonisolated let context: ControllerContext
        init(context: ControllerContext) { self.context = context }
        nonisolated var modalTransitionStyle: TransitionStyle { .coverVertical }
        nonisolated var receivesCallbacks: Bool { false }
    }

    // R3.5, R3.4
    @Test(arguments: [true, false])
    func contextTransitionStyle_replacesThePresentedOnes_onlyWhenProvided(provides: Bool) async throws {
        let window = Window(configuration: .immediate)
        let definer = Context(context: window.makeContext(), provides: provides)
        let navigation = NavigationController(context: window.makeContext(), rootViewController: definer)
        try await window.setRootViewController(navigation)
        let presented = Presented(context: window.makeContext())
        try await definer.present(presented, style: .currentContext)
        #expect(await presented.presentingViewController === definer)
        #expect(await presented.presentationTransitionStyle == (provides ? .crossDissolve : .coverVertical))
        // A full-screen presentation ignores the context (R3.3).
        try await definer.dismiss()
        let other = Presented(context: window.makeContext())
        try await definer.present(other, style: .fullScreen)
        #expect(await other.presentationTransitionStyle == .coverVertical)
    }
}
