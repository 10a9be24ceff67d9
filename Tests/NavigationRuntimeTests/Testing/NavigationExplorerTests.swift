import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// ``NavigationExplorer`` on a catalog built in code, as an app's own tests use it.
@Suite struct NavigationExplorerTests {
    /// A navigation controller over a list; the list pushes a detail and presents an editor
    /// full screen; the editor's exit unwinds to the list, which declares `unwindToList:`.
    static func catalog(editorHasExit: Bool) -> SceneCatalog {
        SceneCatalog([
            Scene("nav") { context in
                NavigationController(context: context, viewControllers: [context.catalog?.instantiate("list", in: context.window)].compactMap { $0 })
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
