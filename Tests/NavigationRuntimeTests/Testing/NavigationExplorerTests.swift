import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

/// ``NavigationExplorer`` on a catalog built in code, as an app's own tests use it.
@Suite struct NavigationExplorerTests {
    /// The windows a catalog's root scene was instantiated in.
    final class Opened: Sendable {
        let windows = Mutex<[Window]>([])
    }

    /// A navigation controller over a list; the list pushes a detail and presents an editor
    /// full screen; the editor's exit unwinds to the list, which declares `unwindToList:`.
    static func catalog(editorHasExit: Bool, opened: Opened? = nil) -> SceneCatalog {
        SceneCatalog([
            Scene("nav") { context in
                opened?.windows.withLock { $0.append(context.window) }
                return NavigationController(
                    context: context, viewControllers: [context.catalog?.instantiate("list", in: context.window)].compactMap { $0 })
            },
            Scene(
                "list",
                segues: [
                    SegueDefinition(identifier: "detail", kind: .show, destination: "detail"),
                    SegueDefinition(identifier: "edit", kind: .presentModally(.fullScreen), destination: "editor"),
                ]
            ) { GenericViewController(context: $0, className: "ListViewController", unwindActions: ["unwindToList:"]) },
            Scene("detail") { GenericViewController(context: $0) },
            Scene("editor", segues: editorHasExit ? [SegueDefinition(unwind: "unwindToList:", identifier: "done")] : []) {
                GenericViewController(context: $0)
            },
        ])
    }

    @Test func everyPresentedStateHasAWayBack() async throws {
        let exploration = try await NavigationExplorer(catalog: Self.catalog(editorHasExit: true), initialScene: "nav").explore()
        #expect(exploration.states.count == 3)
        #expect(exploration.isExhaustive)
        #expect(exploration.states.map { $0.path.map(\.step) } == [[], ["segue list detail"], ["segue list edit"]])
        #expect(exploration.findings.isEmpty)
        #expect(exploration.coverage.unwinds == ["editor/done"])
        let done = try #require(exploration.transitions.first { $0.action == .segue(source: "editor", segue: "done", isUnwind: true) })
        #expect(done.outcome == .completed)
        #expect(done.to == 0)
    }

    @Test func aFullScreenEditorWithNoExitHasNoWayBack() async throws {
        let exploration = try await NavigationExplorer(catalog: Self.catalog(editorHasExit: false), initialScene: "nav").explore()
        #expect(exploration.findings.map(\.kind) == [.noWayBack])
        let finding = try #require(exploration.findings.first)
        #expect(finding.subject == "editor")
        #expect(finding.reproductions.first?.steps == "# editor presented with no storyboard way back\nsegue list edit\nexpect outcome completed\nexpect top editor\n")
    }

    /// What an executable asks for (``NavigationExplorer/exploreLeavingWindowsOpen()``): the
    /// same exploration as ``NavigationExplorer/explore()``, its windows left open until
    /// ``NavigationExplorer/Leftovers/close()`` closes every one of them.
    @Test func leavingWindowsOpen_givesTheSameExploration_andCloseClosesThem() async throws {
        let made = Opened()
        let catalog = Self.catalog(editorHasExit: true, opened: made)
        let closing = try await NavigationExplorer(catalog: catalog, initialScene: "nav").explore()
        let windowsOfClosing = made.windows.withLock { $0 }
        #expect(!windowsOfClosing.isEmpty)
        for window in windowsOfClosing { #expect(await window.isClosed) }
        made.windows.withLock { $0.removeAll() }

        let (exploration, leftovers) = try await NavigationExplorer(catalog: catalog, initialScene: "nav").exploreLeavingWindowsOpen()
        #expect(exploration.states == closing.states)
        #expect(exploration.transitions == closing.transitions)
        #expect(exploration.findings == closing.findings)
        #expect(exploration.coverage == closing.coverage)
        let windows = made.windows.withLock { $0 }
        var open = 0
        for window in windows where await !window.isClosed { open += 1 }
        #expect(open > 0)
        await leftovers.close()
        for window in windows { #expect(await window.isClosed) }
    }

    /// A bound the search cannot keep is refused, each with its own message (a new user's
    /// trial: -1 was reported as "depth bound -1 reached", 0 states kept one, 0 workers ran).
    @Test func aNegativeDepth_noState_orNoWorker_isAStartError() async {
        func message(_ configuration: NavigationExplorer.Configuration) async -> String? {
            do {
                _ = try await NavigationExplorer(catalog: Self.catalog(editorHasExit: true), initialScene: "nav", configuration: configuration).explore()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(await message(.init(maximumDepth: -1)) == "maximumDepth is -1: give 0 or more (0: only the initial state)")
        #expect(await message(.init(maximumStates: 0)) == "maximumStates is 0: give 1 or more (the initial state is one)")
        #expect(await message(.init(workers: 0)) == "workers is 0: give 1 or more")
        #expect(await message(.init(maximumDepth: 0, maximumStates: 1, workers: 1)) == nil)
    }

    @Test func anUnknownInitialSceneIsAStartError() async {
        await #expect(throws: NavigationExplorer.StartError.self) {
            try await NavigationExplorer(catalog: Self.catalog(editorHasExit: true), initialScene: "nowhere").explore()
        }
    }

    @Test func boundsAreSaid() async throws {
        let exploration = try await NavigationExplorer(
            catalog: Self.catalog(editorHasExit: true), initialScene: "nav",
            configuration: .init(maximumDepth: 1, maximumStates: 2)
        ).explore()
        #expect(exploration.states.count == 2)
        #expect(exploration.bounds == [.depth(1, unexpanded: 1), .states(2, dropped: 1)])
    }
}
