import NavigationRuntime
import Testing

/// `Window.Configuration.isolation` (DESIGN §3.1): windows given one actor run on its serial
/// executor, controllers included; a window left alone runs on an executor of its own.
@Suite struct WindowIsolationTests {
    /// An embedder's actor (a UI stack's thread, or the benchmark's one global actor).
    actor Host {
        /// Reads the windows' state synchronously: `assumeIsolated` traps unless the window's
        /// executor is this actor's.
        func rootIDs(of windows: [Window]) -> [ControllerID?] {
            windows.map { window in window.assumeIsolated { $0.rootViewController?.id } }
        }

        /// The same, for a controller of a window.
        func kind(of controller: any ViewController) -> ControllerKind {
            controller.assumeIsolated { $0.kind }
        }
    }

    @Test func windowsGivenOneActor_runOnItsExecutor_controllersToo() async throws {
        let host = Host()
        let windows = (1...3).map {
            Window(id: WindowID($0), configuration: Window.Configuration(transitionDuration: .zero, isolation: host))
        }
        var roots: [ControllerID?] = []
        for window in windows {
            let root = GenericViewController(context: window.makeContext())
            let navigation = NavigationController(context: window.makeContext(), rootViewController: root)
            try await window.setRootViewController(navigation)
            #expect(try await navigation.pushViewController(GenericViewController(context: window.makeContext()), animated: false)
                == .completed(sequence: 2))
            roots.append(navigation.id)
            #expect(await host.kind(of: navigation) == .navigation)
        }
        #expect(await host.rootIDs(of: windows) == roots)
        // Each window keeps its own queue and sequence numbers.
        for window in windows { #expect(await window.lastSequence == 2) }
    }

    @Test func aWindowLeftAlone_isNotOnAnotherActorsExecutor() async {
        await #expect(processExitsWith: .failure) {
            let window = Window(configuration: .immediate)
            _ = try? await window.setRootViewController(GenericViewController(context: window.makeContext()))
            _ = await Host().rootIDs(of: [window])
        }
    }
}
