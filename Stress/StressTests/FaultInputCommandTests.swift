import Foundation
import NavigationRuntime
@testable import NavStressKit
import Testing

/// Hostile input and faults, second round (issue 18): work linear in the input, segues that
/// are corrupt or of an unknown kind named, unreadable storyboard entries of an app folder
/// named, options that would be ignored or repeated refused.
@Suite struct FaultInputCommandTests {
    // MARK: 1. run --storyboard: reachability linear in a chain of segues

    /// A chain `c0 -> c1 -> ... -> cN` of show segues in one storyboard.
    static func chain(_ count: Int, file: String = "/app/Chain.storyboard") -> Storyboard {
        let scenes = (0...count).map { index in
            StoryboardScene(
                controllerID: "c\(index)", kind: .viewController,
                segues: index == count
                    ? []
                    : [
                        StoryboardSegue(
                            id: "g\(index)", sourceControllerID: "c\(index)", destinationID: "c\(index + 1)", kind: .show,
                            trigger: StoryboardSegueTrigger(kind: .controller))
                    ])
        }
        return Storyboard(file: file, initialViewControllerID: "c0", scenes: scenes)
    }

    /// Finding 1: each destination was found by scanning its storyboard's scenes, so a chain
    /// of 8,000 scenes cost 32 million comparisons before the run started (17 s). The walk
    /// now counts one unit per scene visited and per segue followed (each destination found
    /// through the bundle's scene index, built with the bundle): exactly 2N + 1 for a chain of
    /// N segues, not N²/2.
    @Test func storyboardRun_reachability_workIsLinearInAChainOfSegues() throws {
        let count = 20_000
        let storyboard = Self.chain(count)
        let start = try #require(storyboard.scenes.first)
        var work = 0
        let groups = StoryboardLoad.reachableStoryboards(
            from: (storyboard, start), in: StoryboardBundle(storyboards: [storyboard]), work: &work)
        #expect(groups == ["app/Chain.storyboard"])
        #expect(work == 2 * count + 1, "visited N+1 scenes, followed N segues")
    }

    // MARK: 2 and 3. A segue with no kind; a segue of an unknown kind

    /// The issue's storyboard: scene `a` with one segue to `b`, on line 2.
    static func issueStoryboard(segue: String) -> String {
        """
        <?xml version="1.0"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a"><scenes>
        <scene sceneID="s1"><objects><viewController id="a" sceneMemberID="viewController"><connections>\(segue)</connections></viewController></objects></scene>
        <scene sceneID="s2"><objects><viewController id="b" sceneMemberID="viewController"/></objects></scene></scenes></document>
        """
    }

    /// Finding 2: a `<segue>` with no `kind` was dropped: lint exit 0, inspect 0 segues, drive
    /// "scene 'a' has no segue 'go'". It is the loader's error now, at the segue's `<`, in
    /// every command (exit 2); a back-reference `<segue reference="ID"/>` is still no segue.
    @Test func segueWithNoKind_isTheLoadersErrorAtItsLocation_exit2Everywhere() async throws {
        let root = try HostileInputCommandTests.folder([
            "Main.storyboard": Self.issueStoryboard(segue: #"<segue destination="b" identifier="go" id="g2"/>"#)
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Main.storyboard").path
        let expected = StoryboardCommandResult(status: 2, errorOutput: "navstress: error: Main.storyboard:2:97: segue 'g2' has no kind\n")
        #expect(LintCommand.run([file], currentDirectory: root.path) == expected)
        #expect(StoryboardCommands.runInspect([file], currentDirectory: root.path) == expected)
        let drive = await #expect(throws: UsageError.self) { try await StoryboardAppCommandTests.drive(file, steps: "segue a go\n") }
        #expect(drive?.description == "\(file):2:97: segue 'g2' has no kind")
        #expect(await NavStress.main(["run", "--storyboard", file, "--requests", "10", "--no-sources"]) == 2)
        let error = #expect(throws: StoryboardError.self) {
            try StoryboardLoader.load(xml: Self.issueStoryboard(segue: #"<segue destination="b"/>"#), file: "x.storyboard")
        }
        #expect(error?.code == .missingAttribute)
        #expect(error?.message == "<segue> has no kind")
        let backReference = try StoryboardLoader.load(xml: Self.issueStoryboard(segue: #"<segue reference="g9"/>"#))
        #expect(backReference.segues.isEmpty)
    }

    /// Finding 3: a segue of kind `bogus` made drive say the scene had no such segue, and run
    /// list it as missed. Drive names the kind; run lists it apart, out of the totals, and
    /// passes as it does with the app's failures (lint fails it: `unknown-segue-kind`).
    @Test func segueOfUnknownKind_driveNamesTheKind_runListsItApart() async throws {
        let root = try HostileInputCommandTests.folder([
            "Main.storyboard": Self.issueStoryboard(segue: #"<segue destination="b" kind="bogus" identifier="x" id="g2"/>"#)
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Main.storyboard").path
        let drive = try await StoryboardAppCommandTests.drive(file, steps: "segue a x\n")
        #expect(drive.exit == .failure)
        #expect(drive.errors.count == 1)
        #expect(
            drive.errors.first?.hasSuffix(
                ":1: step 1 'segue a x' failed: segue 'x' of scene 'a' has unknown kind 'bogus': the runtime cannot perform it (lint: unknown-segue-kind) (--keep-going runs on)"
            ) == true, "\(drive.errors)")
        let byElementID = try await StoryboardAppCommandTests.drive(file, steps: "perform a g2\n")
        #expect(byElementID.errors.first?.contains("segue 'g2' of scene 'a' has unknown kind 'bogus'") == true, "\(byElementID.errors)")

        var configuration = LoadConfiguration()
        configuration.storyboard = file
        configuration.windows = 1
        configuration.tasks = 1
        configuration.requests = 100
        configuration.noSources = true
        let report = try await LoadDriver.run(configuration)
        let coverage = try #require(report.coverage)
        #expect(coverage.unknownKindSegues == ["a/g2 'x' (kind 'bogus')"])
        #expect(coverage.segues.total == 0)
        #expect(coverage.missedSegues == [])
        #expect(report.text.contains("\nunknown     1 segue of a kind the runtime does not know, never performed (not counted above): a/g2 'x' (kind 'bogus')\n"), "\(report.text)")
        #expect(report.passed)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect((json["coverage"] as? [String: Any])?["unknown_kind_segues"] as? [String] == ["a/g2 'x' (kind 'bogus')"])
    }

    // MARK: 4. Unreadable storyboard entries of an app folder

    /// Finding 4: a dangling link, a FIFO and a folder named `*.storyboard` in an app folder
    /// were passed over in silence by lint, inspect, graph, drive and run (bench warned). Each
    /// command names them on standard error: `navstress: warning: PATH: skipped: why`.
    @Test func unreadableStoryboardEntries_areNamedByEveryCommand() async throws {
        let (root, relative, absolute) = try HostileInputCommandTests.folderWithUnreadableEntries(
            ["Main.storyboard": StoryboardAppCommandTests.document(initial: "a", StoryboardAppCommandTests.scene("a"))],
            dangling: "Dangling.storyboard", fifo: "f.storyboard", directory: "x.storyboard"
        )
        defer { try? FileManager.default.removeItem(at: root) }

        let lint = LintCommand.run([root.path], currentDirectory: root.path)
        #expect(lint.status == 0)
        #expect(lint.errorOutput == relative.map { $0 + "\n" }.joined())
        let inspect = StoryboardCommands.runInspect([root.path], currentDirectory: root.path)
        #expect(inspect.status == 0)
        #expect(inspect.errorOutput == relative.map { $0 + "\n" }.joined())
        let graph = StoryboardCommands.runGraph([root.path])
        #expect(graph.status == 0)
        #expect(graph.errorOutput == absolute.map { $0 + "\n" }.joined())
        let drive = try await StoryboardAppCommandTests.drive(root.path, steps: "traits compact\n")
        #expect(drive.exit == .success)
        #expect(drive.warnings == absolute)
        var configuration = LoadConfiguration()
        configuration.storyboard = root.path
        configuration.windows = 1
        configuration.tasks = 1
        configuration.requests = 10
        let report = try await LoadDriver.run(configuration)
        #expect(report.skippedEntries.map { FileProblem.skippedWarning($0) } == absolute)

        // A folder whose only storyboards cannot be read is refused, naming the first.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Main.storyboard"))
        #expect(
            LintCommand.run([root.path], currentDirectory: root.path)
                == StoryboardCommandResult(
                    status: 2,
                    errorOutput: "navstress: error: \(root.path): no .storyboard file in this folder can be read (3 skipped; Dangling.storyboard: is a symbolic link that leads nowhere (or in a loop))\n"))
    }

    // MARK: 5. bench storyboards --json

    /// Finding 5: `bench storyboards DIR --json` printed its text lines before the JSON object.
    /// Standard output is now one JSON object; what was skipped goes to standard error.
    @Test func benchStoryboards_json_isOneJSONObject() throws {
        let root = try HostileInputCommandTests.folder([
            "Main.storyboard": StoryboardAppCommandTests.document(initial: "a", StoryboardAppCommandTests.scene("a"))
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let dangling = root.appendingPathComponent("Dangling.storyboard").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere")
        let process = Process()
        process.executableURL = try StoryboardToolTrialTests.navstress()
        process.arguments = ["bench", "storyboards", root.path, "--passes", "1", "--json"]
        process.currentDirectoryURL = root  // no Stress/bench/count_elements.py: no python line
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
        #expect(object.keys.sorted() == ["bare XMLParser element count (per file)", "load + lint (per file)"])
        #expect(errorText == "navstress: warning: \(dangling): skipped: is a symbolic link that leads nowhere (or in a loop)\n")
    }

    // MARK: 6. A repeated option

    /// Finding 6: a repeated option kept its last value (`run --requests 10 --requests 20`
    /// ran 20). A single-value option given twice is bad usage, in every command; the options
    /// the help calls repeatable (`lint --bundle`, `lint --sources`) still repeat.
    @Test func repeatedSingleValueOption_isRefused_repeatableOnesStillRepeat() async throws {
        for arguments in [["--requests", "10", "--requests", "20"], ["--requests=10", "--requests", "20"]] {
            let error = #expect(throws: UsageError.self) { try Options(arguments, valued: ["requests"], flags: ["json"]) }
            #expect(error?.description == "--requests given twice")
        }
        #expect(throws: Never.self) { try Options(["--json", "--json", "--requests", "1"], valued: ["requests"], flags: ["json"]) }
        #expect(await NavStress.main(["run", "--requests", "10", "--requests", "20"]) == 2)
        #expect(await NavStress.main(["bench", "segue", "--iterations", "1000", "--iterations", "2000"]) == 2)

        let root = try LintCommandTests.folder(LintCommandTests.issueApp())
        defer { try? FileManager.default.removeItem(at: root) }
        let main = root.appendingPathComponent("App/Base.lproj/Main.storyboard").path
        let drive = await #expect(throws: UsageError.self) {
            try await StoryboardAppCommandTests.drive(main, steps: "back\n", ["--traits", "compact", "--traits", "regular"])
        }
        #expect(drive?.description == "--traits given twice")
        for option in ["--format", "--baseline", "--write-baseline"] {
            let value = option == "--format" ? "json" : root.appendingPathComponent("b.json").path
            #expect(
                LintCommandTests.lint([option, value, "\(option)=\(value)", root.path], in: root)
                    == StoryboardCommandResult(status: 2, errorOutput: "navstress: error: \(option) given twice\n"))
        }
        let app = root.appendingPathComponent("App").path
        let settings = root.appendingPathComponent("Settings").path
        #expect(
            StoryboardCommands.runGraph(["--sources", app, "--sources", settings, root.path])
                == StoryboardCommandResult(status: 2, errorOutput: "navstress: error: --sources given twice\n"))
        let files = ["App/Base.lproj/Main.storyboard", "Settings/Base.lproj/Settings.storyboard"].map { root.appendingPathComponent($0).path }
        #expect(LintCommandTests.lint(files + ["--sources", settings, "--sources", app], in: root) == StoryboardCommandResult(status: 0))
        #expect(LintCommandTests.lint(["--no-sources", main, "--bundle", settings, "--bundle", app], in: root).status == 0)
    }
}
