import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
@testable import NavStressKit
import Testing

/// `navstress explore` on the real apps of `../shared/fixtures/apps`, to depth 8: exact states,
/// transitions, coverage and findings, no error-severity finding on a shipping app, and each
/// finding's steps file reproduces it through the code `navstress drive` runs.
@Suite struct ExploreFixtureAppTests {
    static let apps = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/apps").standardizedFileURL

    struct Expected: Sendable, CustomTestStringConvertible {
        let folder: String
        let states: Int
        let transitions: Int
        let coverage: String
        let findings: [String]
        /// The classes of each no-way-back finding's presented controllers that dismiss in code.
        var inCode: [Int: [String]] = [:]
        /// Where the sources make each unreached scene by storyboard ID.
        var madeInCode: [Int: [String]] = [:]
        var testDescription: String { folder }
    }

    static let expected: [Expected] = [
        Expected(
            folder: "NordicSemiconductor__IOS-nRF-Mesh-Library", states: 852, transitions: 2608,
            coverage: "coverage: scenes 63/63, segues 45/45, unwinds 0/0",
            findings: [
                // Custom DialogSegue bottom sheets: their controllers dismiss themselves in code.
                // Notes: a DialogSegue's perform() (overCurrentContext, from the tab bar) is not
                // run; the full-screen presentation the findings rest on is assumed.
                "note no-way-back Z7x-iD-HmC", "note no-way-back ug0-BF-sBy",
            ],
            inCode: [0: ["GroupTargetModelsViewController"], 1: ["NodeSceneRecallViewController"]]
        ),
        Expected(
            folder: "eu-digital-green-certificates__dgca-verifier-app-ios", states: 11, transitions: 24,
            coverage: "coverage: scenes 9/9, segues 7/7, unwinds 0/0", findings: []
        ),
        Expected(
            folder: "eu-digital-green-certificates__dgca-wallet-app-ios", states: 15, transitions: 30,
            coverage: "coverage: scenes 18/20, segues 14/14, unwinds 0/0",
            // Instantiated by storyboard ID from code ("code", "infoTable"), never by a segue.
            findings: ["note unreached-scene 5hQ-ih-adI", "note unreached-scene Rtb-d3-6Ll"],
            madeInCode: [0: ["DGCAWallet/ViewControllers/CertificateViewer/CertPagesController.swift:35"], 1: ["DGCAWallet/ViewControllers/CertificateViewer/CertPagesController.swift:36"]]
        ),
        Expected(
            folder: "mssun__passforios", states: 153, transitions: 700,
            coverage: "coverage: scenes 37/37, segues 23/23, unwinds 14/14", findings: []
        ),
    ]

    @Test(arguments: expected)
    func exploreToDepth8(_ expected: Expected) async throws {
        let app = Self.apps.appendingPathComponent(expected.folder).path
        let steps = FileManager.default.temporaryDirectory.appendingPathComponent("explore-fixture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: steps) }
        let outcome = try await ExploreCommand.explore([app, "--depth", "8", "--steps-dir", steps.path])
        let exploration = try #require(outcome.exploration)
        #expect(outcome.exit == .success)
        #expect(exploration.states.count == expected.states)
        #expect(exploration.transitions.count == expected.transitions)
        #expect(outcome.output.contains(expected.coverage + "\n"))
        #expect(exploration.findings.map { "\($0.severity.rawValue) \($0.kind.rawValue) \($0.subject)" } == expected.findings)
        #expect(!exploration.findings.contains { $0.severity == .error })
        #expect(outcome.dismissedInCode == expected.inCode)
        #expect(outcome.madeInCode == expected.madeInCode)
        for file in outcome.stepsFiles.flatMap({ $0 }) {
            let drive = try await DriveCommand.drive([app, "--steps", file])
            #expect(drive.exit == .success, "\(file): \(drive.errors)")
        }
    }

    /// Both size classes on the app with a split view: its showDetail segues show as detail in
    /// regular width and push once the split collapses (UIKit's adaptation), which is no
    /// finding; each steps file still reproduces.
    @Test func passBothTraits() async throws {
        let app = Self.apps.appendingPathComponent("mssun__passforios").path
        let steps = FileManager.default.temporaryDirectory.appendingPathComponent("explore-fixture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: steps) }
        let outcome = try await ExploreCommand.explore([app, "--depth", "6", "--traits", "both", "--steps-dir", steps.path])
        let exploration = try #require(outcome.exploration)
        #expect(exploration.states.count == 262)
        #expect(exploration.findings.map(\.kind) == [])
        #expect(outcome.exit == .success)
    }

    /// Without the restoration check the exploration is the same (states, transitions,
    /// findings, for any worker count) but for the replayed count: NinjaWeapons' split view
    /// controller is a state restoration does not rebuild, explored all the same from its
    /// checkpoint. (The wallet app's 3 such states, a page view controller in a container view,
    /// restore since restoration rebuilds embedded children; it has none now.)
    @Test func withoutTheRestorationCheck_onlyTheReplayedCountDiffers() async throws {
        let wallet = Self.apps.appendingPathComponent("eu-digital-green-certificates__dgca-wallet-app-ios").path
        #expect(try await ExploreCommand.explore([wallet, "--depth", "8", "--restoration-check"]).exploration?.replayedStates == 0)
        let app = Self.apps.deletingLastPathComponent()
            .appendingPathComponent("storyboards/real/ShinobiControls__iOS8-day-by-day__18-split-view-controller_NinjaWeapons_NinjaWeapons_Base.lproj_Main.storyboard")
            .path
        let checked = try #require(try await ExploreCommand.explore([app, "--depth", "8", "--workers", "2", "--restoration-check"]).exploration)
        #expect(checked.replayedStates == 1)
        for (workers, flags) in [("1", ["--no-restoration-check"]), ("3", [])] {
            let unchecked = try #require(try await ExploreCommand.explore([app, "--depth", "8", "--workers", workers] + flags).exploration)
            #expect(unchecked.replayedStates == 0)
            #expect(unchecked.states == checked.states)
            #expect(unchecked.transitions == checked.transitions)
            #expect(unchecked.findings == checked.findings)
            #expect(unchecked.coverage == checked.coverage)
        }
    }
}
