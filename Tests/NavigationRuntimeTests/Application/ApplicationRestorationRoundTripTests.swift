import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// R8.5: a window's snapshot, stored as JSON, rebuilds an equal window (equal: see
/// `WindowSnapshot.normalized()`).
@Suite struct ApplicationRestorationRoundTripTests {
    private let catalog = RestorationScenes.catalog

    @Test func randomTrees_snapshot_json_restore_equalNormalizedSnapshot_R8_5() async throws {
        let baseSeed: UInt64 = 0x5EED_8005
        let app = Application()
        var kinds: [String: Int] = [:]
        for index in 0..<300 {
            let seed = baseSeed &+ UInt64(index)
            var generator = SnapshotGenerator(seed: seed)
            let generated = generator.snapshot()
            for node in generated.allControllers {
                kinds[node.kind.rawValue, default: 0] += 1
                if let style = node.presentationStyle { kinds[style.rawValue, default: 0] += 1 }
            }

            // The generated value restores to the same structure (appearance is recomputed).
            guard let first = await app.restore(generated, catalog: catalog, configuration: .immediate).window else {
                Issue.record("seed \(seed): \(generated.stateRendered) did not restore")
                continue
            }
            let snapshot = await first.snapshot()
            #expect(snapshot.shape == generated.shape, "seed \(seed): \(generated.stateRendered) became \(snapshot.stateRendered)")
            #expect(snapshot.sequence == (generated.root == nil ? 0 : 1), "seed \(seed): one commit")

            // The live tree's snapshot, through JSON, restores equal (ids renumbered).
            let json = try JSONEncoder().encode(snapshot)
            let outcome = await app.restore(json: json, catalog: catalog, configuration: .immediate)
            guard let second = outcome.window else {
                Issue.record("seed \(seed): \(outcome.problems)")
                continue
            }
            let restored = await second.snapshot()
            #expect(restored.normalized() == snapshot.normalized(), "seed \(seed): \(snapshot.stateRendered) → \(restored.stateRendered)")
            #expect(restored.window == second.id && restored.window != snapshot.window)
            await app.closeWindow(first.id)
            await app.closeWindow(second.id)
        }
        #expect(await app.openWindows.isEmpty)
        // The generator reaches every kind and every style (fixed seeds: deterministic).
        #expect(kinds.keys.count == 4 + RestorationScenes.styles.count, "\(kinds)")
    }

    /// A content controller that embeds children (a storyboard's container view: here an
    /// embedded navigation controller) restores when its factory makes the subtree the snapshot
    /// has; once the embedded stack changed, the factory cannot make it, and it is refused.
    @Test func embeddedChildren_restoreAsTheFactoryMakesThem_andAChangedSubtreeIsRefused_R8_5() async throws {
        let scenes = SceneCatalog(
            RestorationScenes.catalog.scenes.values.sorted { $0.identifier < $1.identifier } + [
                Scene("embedsNav") { context in
                    GenericViewController(
                        context: context,
                        children: [
                            NavigationController(
                                context: context.makeContext(),
                                viewControllers: [context.instantiate("home") ?? GenericViewController(context: context.makeContext())]
                            )
                        ]
                    )
                },
                // A page view controller in a container view, its page set in code later (as
                // dgca-wallet's CertPagesController does): no page yet.
                Scene("embedsPages") { context in
                    GenericViewController(context: context, children: [PageViewController(context: context.makeContext())])
                },
            ]
        )
        let app = Application()
        let window = await app.openWindow(configuration: .immediate)
        let pages = try #require(scenes.instantiate("embedsPages", in: window))
        try await window.setRootViewController(pages)
        let pagesSnapshot = await window.snapshot()
        let pagesOutcome = await app.restore(pagesSnapshot, catalog: scenes, configuration: .immediate)
        #expect(await pagesOutcome.window?.snapshot().normalized() == pagesSnapshot.normalized(), "\(pagesOutcome.problems)")

        let root = try #require(scenes.instantiate("embedsNav", in: window))
        try await window.setRootViewController(root)
        let snapshot = await window.snapshot()
        #expect(snapshot.stateRendered.contains("home"))

        let outcome = await app.restore(snapshot, catalog: scenes, configuration: .immediate)
        let restored = try #require(outcome.window, "\(outcome.problems)")
        #expect(await restored.snapshot().normalized() == snapshot.normalized())
        // The plain embedding scene of the shared catalog too (an embedded child with no scene).
        let plain = try #require(scenes.instantiate("embedding", in: window))
        try await window.setRootViewController(plain)
        let plainSnapshot = await window.snapshot()
        let plainOutcome = await app.restore(plainSnapshot, catalog: scenes, configuration: .immediate)
        #expect(await plainOutcome.window?.snapshot().normalized() == plainSnapshot.normalized(), "\(plainOutcome.problems)")

        // Push onto the embedded stack: the factory makes a one-controller stack, not two.
        try await window.setRootViewController(root)
        let embedded = try #require(await root.children.first as? NavigationController)
        try await embedded.pushViewController(try #require(scenes.instantiate("detail", in: window)), animated: false)
        let changed = await window.snapshot()
        #expect(await app.restore(changed, catalog: scenes, configuration: .immediate).problems.map(\.reason) == [.embeddedChildren(1)])
    }

    @Test func liveTree_builtByNavigation_roundTrips_R8_5() async throws {
        let app = Application()
        let window = await app.openWindow(configuration: .immediate)
        let home = try #require(catalog.instantiate("home", in: window))
        let detail = try #require(catalog.instantiate("detail", in: window))
        let inbox = try #require(catalog.instantiate("inbox", in: window))
        let navigation = NavigationController(context: window.makeContext(), viewControllers: [home])
        let split = SplitViewController(
            context: window.makeContext(),
            primary: inbox,
            secondary: try #require(catalog.instantiate("message", in: window))
        )
        let tabs = TabBarController(context: window.makeContext(), viewControllers: [navigation, split])
        try await window.setRootViewController(tabs)
        try await navigation.pushViewController(detail, animated: false)
        try await tabs.selectTab(at: 1)
        try await inbox.present(try #require(catalog.instantiate("settings", in: window)), style: .formSheet, animated: false)
        let snapshot = await window.snapshot()
        #expect(snapshot.stateRendered == "tabBar*[navigation[home detail] split*[inbox* message*]]{1} >formSheet settings*")

        let json = try JSONEncoder().encode(snapshot)
        let restored = try #require(await app.restore(json: json, catalog: catalog, configuration: .immediate).window)
        let again = await restored.snapshot()
        #expect(again.normalized() == snapshot.normalized())
        #expect(again.stateRendered == snapshot.stateRendered)
        #expect(await app.openWindows.map(\.id) == [window.id, restored.id])
        #expect(await app.keyWindow == window.id, "R8.6: the first window stays key")
    }

    @Test func compactWidth_collapsedSplit_roundTrips_R5_6_R8_5() async throws {
        let app = Application()
        let window = await app.openWindow(configuration: Window.Configuration(transitionDuration: .zero, traits: .compact))
        let primary = NavigationController(
            context: window.makeContext(),
            viewControllers: [try #require(catalog.instantiate("inbox", in: window))]
        )
        let split = SplitViewController(
            context: window.makeContext(),
            primary: primary,
            secondary: try #require(catalog.instantiate("message", in: window))
        )
        try await window.setRootViewController(split)
        let snapshot = await window.snapshot()
        #expect(snapshot.stateRendered == "split*[navigation*[inbox message*]]")

        let outcome = await app.restore(json: try JSONEncoder().encode(snapshot), catalog: catalog, configuration: .immediate)
        let restored = try #require(outcome.window, "\(outcome.problems)")
        #expect(await restored.traits == .compact, "the snapshot's traits win over the configuration's")
        #expect(await restored.snapshot().normalized() == snapshot.normalized())
        // Expanding brings the secondary back as a column (it was restored as one).
        try await restored.setTraits(.regular)
        #expect(await restored.snapshot().stateRendered == "split*[navigation*[inbox*] message*]")
    }

    @Test func emptySnapshot_opensAnEmptyWindow() async throws {
        let app = Application()
        let empty = WindowSnapshot(window: WindowID(3), sequence: 0, traits: .regular, transitionInFlight: false, root: nil)
        let window = try #require(await app.restore(empty, catalog: catalog).window)
        #expect(await window.snapshot().normalized() == empty.normalized())
        #expect(await app.openWindows.count == 1)
    }

    @Test func restoration_isOneCommit_setRootThenPresentations() async throws {
        let app = Application()
        let snapshot = WindowSnapshot(
            window: WindowID(1), sequence: 4, traits: .regular, transitionInFlight: false,
            root: ControllerSnapshot(
                id: ControllerID(1), scene: "home", className: "HomeController", kind: .content, appearance: .appeared,
                presented: ControllerSnapshot(
                    id: ControllerID(2), scene: "detail", className: "DetailController", kind: .content,
                    appearance: .appeared, presentationStyle: .overFullScreen,
                    presented: ControllerSnapshot(
                        id: ControllerID(3), scene: "settings", className: "SettingsController", kind: .content,
                        appearance: .appeared, presentationStyle: .fullScreen
                    )
                )
            )
        )
        let window = try #require(await app.restore(snapshot, catalog: catalog, configuration: .immediate).window)
        let restored = await window.snapshot()
        #expect(restored.stateRendered == "home* >overFullScreen detail >fullScreen settings*", "R6.4, R6.5")
        #expect(restored.shape == snapshot.shape)
        #expect(restored.sequence == 1, "the root and both presentations commit as one transition")
        #expect(await window.isBusy == false)
    }
}
