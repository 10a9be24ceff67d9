import Foundation
import NavigationRuntime
@testable import NavStressKit
import Testing

/// The problems a new user hit with `drive`, `run --storyboard` and `inspect` on the fixture
/// apps (trial-tools report, items 3, 5, 6, 7 and 10): each test fails without its fix.
@Suite struct StoryboardToolTrialTests {
    typealias App = StoryboardAppCommandTests

    /// Writes a steps file and drives `app` with it; `FILE` in the errors stands for its path.
    static func drive(_ app: String, steps: String, _ more: [String] = []) async throws -> DriveCommand.Outcome {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-trial-\(UUID().uuidString).steps")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(steps.utf8).write(to: file)
        var run = try await DriveCommand.drive([app, "--steps", file.path] + more)
        run.errors = run.errors.map { $0.replacingOccurrences(of: file.path, with: "FILE") }
        return run
    }

    /// Main's home presents Settings (another storyboard, through a reference) with segue
    /// `s1`; Settings unwinds (`u1`) to `unwindToHome:`, which only the sources declare.
    static func unwindApp() throws -> URL {
        try App.folder([
            "App/Base.lproj/Main.storyboard": App.document(
                initial: "home",
                App.scene("home", attributes: "customClass=\"HomeViewController\"", body: "<connections><segue destination=\"ref\" kind=\"presentation\" id=\"s1\"/></connections>"),
                App.scene("ref", kind: "viewControllerPlaceholder", attributes: "storyboardName=\"Settings\"")),
            "Settings/Base.lproj/Settings.storyboard": App.document(
                initial: "settings",
                App.scene(
                    "settings", attributes: "customClass=\"SettingsViewController\"",
                    body: "<connections><segue destination=\"exit-1\" kind=\"unwind\" unwindAction=\"unwindToHome:\" id=\"u1\"/></connections>"),
                App.scene("detail", attributes: "customClass=\"DetailViewController\"")),
            "App/Sources/HomeViewController.swift": """
                import UIKit
                class HomeViewController: UIViewController {
                    @IBAction func unwindToHome(_ segue: UIStoryboardSegue) {}
                }
                """,
        ])
    }

    // MARK: 3. The steps file is checked whole before any step runs

    @Test func drive_badStepsFile_exit2_everyBadLineNamed_nothingRun_keepGoingOrNot() async throws {
        let steps = """
            select-tab 4
            expct top SettingsViewController
            expect stak Foo
            segue X "configure
            back now
            select-tab two
            expect outcome done
            unwind onlyone
            traits wide
            expect top
            # fine: quoted fields, a comment, a blank line

            segue "Scene One" "Show Detail" # comment
            """
        for more in [[], ["--keep-going"]] {
            let run = try await Self.drive(App.mesh, steps: steps, more)
            #expect(run.exit == .usage)
            #expect(run.output == "", "no step ran")
            #expect(run.errors == [
                "navstress: error: FILE:2: unknown step 'expct' (steps: segue, perform, unwind, back, dismiss, select-tab, traits, handles, expect)",
                "navstress: error: FILE:3: 'expect' takes top ID-OR-CLASS | outcome OUTCOME | stack ID-OR-CLASS..., not 'expect stak Foo'",
                "navstress: error: FILE:4: unclosed quote in 'segue X \"configure' (a quoted field ends with a double quote)",
                "navstress: error: FILE:5: 'back' takes no arguments, not 'back now'",
                "navstress: error: FILE:6: 'select-tab' takes INDEX, not 'select-tab two'",
                "navstress: error: FILE:7: 'expect outcome' takes completed, vetoed, noDestination or failed, not 'done'",
                "navstress: error: FILE:8: 'unwind' takes SOURCE ACTION, not 'unwind onlyone'",
                "navstress: error: FILE:9: 'traits' takes compact|regular, not 'traits wide'",
                "navstress: error: FILE:10: 'expect' takes top ID-OR-CLASS | outcome OUTCOME | stack ID-OR-CLASS..., not 'expect top'",
            ])
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-trial-\(UUID().uuidString).steps")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("expct top X\n".utf8).write(to: file)
        #expect(await NavStress.main(["drive", App.mesh, "--steps", file.path, "--keep-going"]) == 2)
    }

    @Test func drive_emptyOrCommentOnlySteps_orMissingStepsFile_exit2() async throws {
        for steps in ["", "\n\n", "# only a comment\r\n   \r\n"] {
            let error = await #expect(throws: UsageError.self) { try await Self.drive(App.mesh, steps: steps) }
            #expect(error?.description.hasSuffix(": no steps (every line is empty or a comment)") == true, "\(steps.debugDescription)")
        }
        let missing = await #expect(throws: UsageError.self) { try await DriveCommand.drive([App.mesh, "--steps", "/nonexistent"]) }
        #expect(missing?.description == "/nonexistent: no such file (--steps)")
        #expect(await NavStress.main(["drive", App.mesh, "--steps", "/nonexistent"]) == 2)
    }

    // MARK: 5. Sources under the app folder by default

    @Test func drive_appFolder_readsItsSourcesByDefault_noSourcesSaysSoOnNoDestination() async throws {
        let root = try Self.unwindApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let steps = "segue home s1\nexpect top SettingsViewController\nunwind settings unwindToHome:\nexpect outcome completed\nexpect top home\n"
        let byDefault = try await Self.drive(root.path, steps: steps)
        #expect(byDefault.errors == [])
        #expect(byDefault.exit == .success, "the folder's HomeViewController.swift declares unwindToHome:")

        let without = try await Self.drive(root.path, steps: "segue home s1\nunwind settings unwindToHome:\n", ["--no-sources", "--json"])
        #expect(without.exit == .success)
        let last = try #require(without.output.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "noDestination")
        #expect(object["error"] == nil)
        #expect(object["reason"] as? String == "no controller declares unwindToHome:, but no sources were read (--no-sources): give --sources DIR or a 'handles CLASS unwindToHome:' step")
        let text = try await Self.drive(root.path, steps: "segue home s1\nunwind settings unwindToHome:\n", ["--sources", root.appendingPathComponent("Settings").path])
        #expect(text.output.contains("step 2: unwind settings unwindToHome: -> noDestination (no controller declares unwindToHome:, but no sources were read (no Swift or Objective-C file under "))
        let handled = try await Self.drive(root.path, steps: "handles home unwindToHome:\nsegue home s1\nunwind settings unwindToHome:\nexpect top home\n", ["--no-sources"])
        #expect(handled.exit == .success)
        await #expect(throws: UsageError.self) { try await Self.drive(root.path, steps: "back\n", ["--no-sources", "--sources", root.path]) }
    }

    // drive reads sources with lint's scanner: an app written against this library declares its
    // unwind actions through `unwindActions`, and drive finds the destination as lint does.
    @Test func drive_runtimeNativeUnwindActions_countAsDeclared() async throws {
        let root = try Self.unwindApp()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Sources/HomeViewController.swift"))
        try """
            import NavigationRuntime
            actor HomeViewController: ViewController {
                nonisolated let context: ControllerContext
                init(context: ControllerContext) { self.context = context }
                nonisolated var unwindActions: Set<String> { ["unwindToHome:"] }
            }
            """.write(to: root.appendingPathComponent("App/Sources/HomeViewController.swift"), atomically: false, encoding: .utf8)
        let steps = "segue home s1\nunwind settings unwindToHome:\nexpect outcome completed\nexpect top home\n"
        let result = try await Self.drive(root.path, steps: steps)
        #expect(result.errors == [])
        #expect(result.exit == .success)
    }

    // MARK: 10. A class that is not in the window's tree

    @Test func drive_classOfASceneNotInTheTree_saysWhichScenesHaveIt() async throws {
        let root = try Self.unwindApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let notInTree = try await Self.drive(root.path, steps: "segue DetailViewController x\n")
        #expect(notInTree.exit == .failure)
        #expect(notInTree.errors == [
            "navstress: error: FILE:1: step 1 'segue DetailViewController x' failed: class 'DetailViewController' is the class of scene detail, but none is in the window's tree now (--keep-going runs on)",
        ])
        let nowhere = try await Self.drive(root.path, steps: "segue NoSuchViewController x\n")
        #expect(nowhere.errors.first?.contains("no controller 'NoSuchViewController' in the window's tree (no scene of the app has that element id, storyboard ID or class)") == true)
    }

    @Test func driveHelp_documentsWhatDriveDoesNotModel() {
        let help = DriveCommand.help
        #expect(help.contains("--no-sources"))
        #expect(help.contains("LIMITS (what drive does not model"))
        #expect(help.contains("A custom segue class (customClass on a segue) has no code here: it presents its\n    destination modally, full screen"))
        #expect(help.contains("a split view controller's delegate\n    collapsing the secondary onto the primary or not, a tab bar delegate's\n    shouldSelect"))
    }

    // MARK: 6. Standard output flushed before standard error

    /// The `navstress` executable beside this test binary (`swift build` builds both).
    static func navstress() throws -> URL {
        let besideTests = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("navstress")
        let candidates = [besideTests, URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/navstress").standardizedFileURL]
        return try #require(candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    }

    @Test func drive_errorAfterOutput_inOneLog_comesAfterTheLastStepsTree() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-trial-\(UUID().uuidString).steps")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("select-tab 4\nselect-tab 1\nsegue BYb-mK-mH5 nope\n".utf8).write(to: file)
        let process = Process()
        process.executableURL = try Self.navstress()
        process.arguments = ["drive", App.mesh, "--steps", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe  // 2>&1
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let log = String(decoding: data, as: UTF8.self)
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("navstress: error:") }.count == 1)
        #expect(lines.dropLast().last?.hasPrefix("navstress: error: \(file.path):3: step 3 ") == true, "the error is the last line, whole:\n\(log)")
        #expect(log.hasPrefix("step 1: select-tab 4 -> completed"))
    }

    // MARK: 7. run --storyboard: what was missed, whose failures, which storyboards cannot be reached

    @Test func storyboardRun_listsWhatWasMissed_unreachableStoryboardsApart_walkerFailuresApart() async throws {
        var configuration = LoadConfiguration()
        configuration.storyboard = App.pass
        configuration.windows = 1
        configuration.tasks = 1
        configuration.requests = 400
        configuration.cancelRate = 0
        configuration.noSources = true
        let report = try await LoadDriver.run(configuration)
        let coverage = try #require(report.coverage)
        #expect(coverage.unreachableStoryboards == [
            "pass/Base.lproj/LaunchScreen.storyboard", "passAutoFillExtension/Base.lproj/MainInterface.storyboard",
            "passAutoFillExtension/SearchPassword.storyboard", "passExtension/Base.lproj/MainInterface.storyboard",
        ])
        #expect(coverage.scenes.total == 37, "43 scenes less the 6 of storyboards no walk reaches")
        #expect(coverage.missedScenes.count == coverage.scenes.total - coverage.scenes.reached)
        #expect(coverage.missedSegues.count == coverage.segues.total - coverage.segues.reached)
        #expect(coverage.missedUnwinds.count == 14, "no sources: every unwind missed")
        #expect(coverage.missedUnwinds.contains("2RE-j0-dBT/1sb-Aa-Qdy 'saveEditPasswordSegue'"))
        #expect(coverage.missedUnwinds == coverage.missedUnwinds.sorted())
        let text = report.text
        #expect(text.contains("\nmissed      unwinds: 1gA-jh-frD/Eof-7g-AlY 'savePGPKeySegue', 2RE-j0-dBT/1sb-Aa-Qdy 'saveEditPasswordSegue', 2RE-j0-dBT/B5h-gu-WUv, 2RE-j0-dBT/L1Z-64-EZh 'deletePasswordSegue', 3WR-HY-zYj/o8Y-fr-TlI 'savePGPKeySegue', +9 more\n"))
        #expect(text.contains("\nunreachable 4 storyboards with no scene reachable from the initial one (not counted above): pass/Base.lproj/LaunchScreen.storyboard, "))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let jsonCoverage = try #require(json["coverage"] as? [String: Any])
        #expect((jsonCoverage["missed"] as? [String: [String]])?["unwinds"] == coverage.missedUnwinds, "--json: the full lists")
        #expect(jsonCoverage["unreachable_storyboards"] as? [String] == coverage.unreachableStoryboards)

        // Failures: the walker's own races apart from what an app could cause.
        var failed = report
        failed.failures = ["alreadyPresenting": 9, "notInWindowHierarchy": 2, "pushingNavigationController": 3]
        #expect(failed.walkerFailures == ["alreadyPresenting": 9])
        #expect(failed.appFailures == ["notInWindowHierarchy": 2, "pushingNavigationController": 3], "one task: a stale tap cannot happen")
        #expect(failed.text.contains("\nfailures    app: 2 notInWindowHierarchy, 3 pushingNavigationController\n            walker: 9 alreadyPresenting (taps a user could not make: under a presentation; not the app's)\n"))
        failed.configuration.tasks = 8
        #expect(failed.walkerFailures == ["alreadyPresenting": 9, "notInWindowHierarchy": 2])
        #expect(failed.appFailures == ["pushingNavigationController": 3])
        let failedJSON = try #require(try JSONSerialization.jsonObject(with: Data(failed.json.utf8)) as? [String: Any])
        #expect(failedJSON["failures_walker"] as? [String: Int] == ["alreadyPresenting": 9, "notInWindowHierarchy": 2])
        #expect(failedJSON["failures_app"] as? [String: Int] == ["pushingNavigationController": 3])
    }

    // MARK: 10. inspect prints paths as lint does

    @Test func inspect_pathsRelativeToTheCurrentDirectory_whenUnderIt() throws {
        let folder = App.apps.appendingPathComponent("mssun__passforios/pass/Base.lproj")
        let text = StoryboardCommands.runInspect([folder.appendingPathComponent("LaunchScreen.storyboard").path], currentDirectory: App.apps.path)
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("file: mssun__passforios/pass/Base.lproj/LaunchScreen.storyboard"), "\(text.output.prefix(120))")
        let json = StoryboardCommands.runInspect(["--json", folder.path], currentDirectory: App.apps.path)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["file"] as? String } == [
            "mssun__passforios/pass/Base.lproj/LaunchScreen.storyboard", "mssun__passforios/pass/Base.lproj/Main.storyboard",
        ])
        let outside = StoryboardCommands.runInspect([folder.appendingPathComponent("Main.storyboard").path], currentDirectory: "/nonexistent-dir")
        #expect(outside.output.hasPrefix("file: " + folder.appendingPathComponent("Main.storyboard").path))
    }
}
