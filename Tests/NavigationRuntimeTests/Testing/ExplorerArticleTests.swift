import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// The examples of the ExploringNavigation article (NavigationRuntimeTesting.docc), verbatim:
/// they compile and hold as the article says.
@Suite struct ExplorerArticleTests {
    // Article: "Build the catalog"
    static func mailCatalog(composerCanSend: Bool) -> SceneCatalog {
        SceneCatalog([
            Scene("nav") { context in
                NavigationController(
                    context: context,
                    viewControllers: [context.catalog?.instantiate("inbox", in: context.window)].compactMap { $0 }
                )
            },
            Scene(
                "inbox",
                segues: [
                    SegueDefinition(identifier: "open", kind: .show, destination: "message"),
                    SegueDefinition(identifier: "compose", kind: .presentModally(.fullScreen), destination: "composer"),
                ]
            ) { GenericViewController(context: $0, className: "InboxViewController", unwindActions: ["unwindToInbox:"]) },
            Scene("message") { GenericViewController(context: $0, className: "MessageViewController") },
            Scene("composer", segues: composerCanSend ? [SegueDefinition(unwind: "unwindToInbox:", identifier: "send")] : []) {
                GenericViewController(context: $0, className: "ComposerViewController")
            },
        ])
    }

    // Article: "Explore and assert"
    @Test func everyScreenHasAWayBack() async throws {
        let explorer = NavigationExplorer(
            catalog: Self.mailCatalog(composerCanSend: true),
            initialScene: "nav",
            configuration: .init(maximumDepth: 6, workers: 2)
        )
        let exploration = try await explorer.explore()

        #expect(exploration.isExhaustive)
        #expect(exploration.states.count == 3)
        #expect(exploration.findings.isEmpty)
        #expect(exploration.coverage.scenes == exploration.coverage.totalScenes)
        #expect(exploration.coverage.unwinds == ["composer/send"])
    }

    // Article: "Read a finding"
    @Test func aComposerWithNoExitIsFound() async throws {
        let exploration = try await NavigationExplorer(
            catalog: Self.mailCatalog(composerCanSend: false), initialScene: "nav"
        ).explore()

        let finding = try #require(exploration.findings.first)
        #expect(exploration.findings.count == 1)
        #expect(finding.kind == .noWayBack)
        #expect(finding.severity == .warning)
        #expect(finding.subject == "composer")
        #expect(finding.message == "presented composer (fullScreen) in #2: no storyboard action leads back (only code can dismiss it)")
        #expect(finding.reproductions.first?.actions == [.segue(source: "inbox", segue: "compose", isUnwind: false)])
        #expect(
            finding.reproductions.first?.steps == """
                # composer presented with no storyboard way back
                segue inbox compose
                expect outcome completed
                expect top composer

                """)
    }

    // Article: "Gate on severity"
    @Test func gateOnSeverity() async throws {
        let exploration = try await NavigationExplorer(
            catalog: Self.mailCatalog(composerCanSend: false), initialScene: "nav"
        ).explore()
        let errors = exploration.findings.filter { $0.severity == .error }
        let warnings = exploration.findings.filter { $0.severity == .warning }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        #expect(warnings.map(\.kind) == [.noWayBack])
    }

    // Article: "Follow the transitions"
    @Test func followTheTransitions() async throws {
        let exploration = try await NavigationExplorer(
            catalog: Self.mailCatalog(composerCanSend: false), initialScene: "nav"
        ).explore()
        // The dismissal out of the composer is code's: it is explored, but not a storyboard action.
        let out = exploration.transitions.filter { $0.from == 2 && $0.to != 2 }
        #expect(out.map(\.action) == [.dismiss])
        #expect(out.map(\.action.isStoryboardAction) == [false])
        #expect(exploration.states.map { $0.path.map(\.step) } == [[], ["segue inbox open"], ["segue inbox compose"]])
    }
}
