import Foundation
import NavigationRuntime
@testable import NavStressKit
import Testing

/// The `navstress` subcommands end to end (DESIGN §10–§12).
@Suite struct NavStressCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/storyboards/real").standardizedFileURL

    static func fixture(_ fragment: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
        let name = try #require(names.first { $0.contains(fragment) })
        return fixtures.appendingPathComponent(name).path
    }

    @Test func drive_runsEveryStep_andReportsOutcomeAndTop() async throws {
        let file = try Self.fixture("DemystifyingUnwindSegues")
        let storyboard = try StoryboardLoader.load(contentsOf: URL(fileURLWithPath: file))
        let driver = StoryboardDriver(storyboard: storyboard, registry: ClassRegistry(), traits: .regular)
        try await driver.start(initial: "hPR-Jv-hs1")
        let steps = [
            "segue BYZ-38-t0r hED-sZ-vX7",
            "perform JT9-9f-Tkg MHh-mz-Lkg",
            "unwind Bop-wd-o1t unwindToRootViewController:",
            "handles RootViewController unwindToRootViewController:",
            "unwind Bop-wd-o1t unwindToRootViewController:",
            "segue BYZ-38-t0r WmP-YS-AKj",
            "segue \"zWc-Mh-RdJ\" gpt-i9-9w7",
            "back",
            "dismiss",
            "segue BYZ-38-t0r nope",
            "select-tab 0",
        ]
        var results: [(String, String?)] = []
        for step in steps {
            let result = await driver.run(step)
            results.append((result.outcome, result.top))
        }
        #expect(results.map(\.0) == [
            "completed", "completed", "noDestination", "completed", "completed", "completed", "completed",
            "failed", "failed", "failed", "failed",
        ])
        #expect(results.map(\.1) == [
            "JT9-9f-Tkg", "Bop-wd-o1t", "Bop-wd-o1t", "Bop-wd-o1t", "BYZ-38-t0r", "zWc-Mh-RdJ", "BYZ-38-t0r",
            "BYZ-38-t0r", "BYZ-38-t0r", "BYZ-38-t0r", "BYZ-38-t0r",
        ])
        let line = DriveResult(outcome: "completed", top: "BYZ-38-t0r")
            .jsonLine(step: 1, line: "back", snapshot: await driver.window.snapshot())
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["step"] as? Int == 1)
        #expect(object?["outcome"] as? String == "completed")
        #expect(object?["top"] as? String == "BYZ-38-t0r")
        #expect(object?["snapshot"] is [String: Any])
        await driver.window.close()
    }

    @Test func driveSteps_parseQuotesAndComments() {
        #expect(DriveStep.stripComment("segue \"a # b\" c # comment") == "segue \"a # b\" c ")
        #expect(DriveStep.fields("segue \"Scene One\" Show Detail", count: 3) == ["segue", "Scene One", "Show Detail"])
        #expect(DriveStep.fields("back", count: 1) == ["back"])
        #expect(DriveStep.fields("segue onlyone", count: 3) == nil)
    }

    @Test func inspectAndLint_exitCodes() throws {
        let file = try Self.fixture("DemystifyingUnwindSegues")
        let inspect = StoryboardCommands.runInspect(["--json", file])
        #expect(inspect.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(inspect.output.utf8)) as? [String: Any]
        #expect(json?["scenes"] as? Int == 6)
        #expect(StoryboardCommands.runInspect(["/nonexistent.storyboard"]).status == 2)
        #expect(StoryboardCommands.runLint([file]).status == 0)
        let rx = try Self.fixture("RxSwift")
        let rxLint = StoryboardCommands.runLint([rx])
        #expect(rxLint.status == 0, "15 references to storyboards not in the folder: warnings, lint cannot see them")
        #expect(rxLint.output.components(separatedBy: "warning: storyboard '").count - 1 == 15)
        #expect(StoryboardCommands.runGraph([file]).output.hasPrefix("digraph"))
    }

    @Test func loadRun_holds_andLosesNothing() async throws {
        var configuration = LoadConfiguration()
        configuration.windows = 2
        configuration.tasks = 4
        configuration.requests = 2_000
        configuration.seed = 7
        let report = try await LoadDriver.run(configuration)
        #expect(report.lost == 0)
        let violations = report.windows.flatMap(\.violations)
        #expect(violations == [])
        #expect(report.outcomes.values.reduce(0, +) == 2_000)
        #expect(report.held)
    }
}
