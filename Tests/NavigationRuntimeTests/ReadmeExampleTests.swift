import NavigationRuntime
import Testing

/// The README's example, verbatim but for the asserts: it must keep compiling and working.
@Suite struct ReadmeExampleTests {
    @Test func readmeExample_performsTheSegue() async throws {
        let catalog = SceneCatalog([
            Scene("nav") { NavigationController(context: $0, rootViewController: $0.instantiate("inbox")!) },
            Scene("inbox", segues: [SegueDefinition(identifier: "open", kind: .show, destination: "message")]) {
                GenericViewController(context: $0, className: "InboxController")
            },
            Scene("message") { GenericViewController(context: $0, className: "MessageController") },
        ])
        let window = await Application().openWindow(configuration: .immediate)
        let nav = try #require(try await window.setRoot(scene: "nav", from: catalog) as? NavigationController)
        let inbox = try #require(await nav.topViewController)
        let outcome = try await inbox.performSegue(withIdentifier: "open", sender: nil)
        #expect(outcome == .completed(sequence: 2))
        #expect(await window.snapshot().root?.children.map(\.className) == ["InboxController", "MessageController"])
    }
}
