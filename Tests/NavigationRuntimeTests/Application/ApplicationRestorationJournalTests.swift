import Foundation
@testable import NavigationRuntime
import NavigationRuntimeTesting
import Testing

/// DESIGN §6 for restoration: the one commit that installs a restored tree replays, through
/// the reference model, to the window's snapshot (`@testable`: the journal is subscribed
/// before the install, which `Application.restore` does in a window nobody sees yet).
@Suite struct ApplicationRestorationJournalTests {
    @Test func restoredInstall_isOneCommit_andReplaysThroughTheReferenceModel_R8_5() async throws {
        let baseSeed: UInt64 = 0x10_0A11
        for index in 0..<100 {
            let seed = baseSeed &+ UInt64(index)
            var generator = SnapshotGenerator(seed: seed)
            let generated = generator.snapshot()
            let root = try #require(generated.root)
            let window = Window(configuration: .immediate)
            let journal = await window.journal()
            guard case .built(let tree) = await window.buildRestoration(root, catalog: RestorationScenes.catalog) else {
                Issue.record("seed \(seed): did not build")
                continue
            }
            #expect(try await window.installRestored(tree) == .completed(sequence: 1), "seed \(seed)")
            let snapshot = await window.snapshot()
            await window.close()
            let events = await JournalReader.collect(journal)
            #expect(commits(events).count == 1, "seed \(seed)")
            #expect(snapshot.shape == generated.shape, "seed \(seed)")
            if let problem = LinearizabilityChecker.check(events: events, finalSnapshot: snapshot) {
                Issue.record("seed \(seed): \(problem)")
            }
        }
    }
}
