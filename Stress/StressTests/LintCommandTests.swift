import Foundation
import NavigationRuntime
@testable import NavStressKit
import Testing

/// `navstress lint` end to end: app folders, sources by default, every output format exactly,
/// the baseline round trip, exit codes and the one-line input errors; `inspect` on folders.
@Suite struct LintCommandTests {
    /// A temporary folder with files at relative paths; removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-cmd-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root.standardizedFileURL
    }

    static func document(initial: String, _ scenes: String...) -> String {
        document(initial: initial, scenes)
    }

    /// A storyboard document holding these scenes, the initial one first named.
    static func document(initial: String, _ scenes: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="\(initial)">
            <scenes>
        \(scenes.joined(separator: "\n"))
            </scenes>
        </document>
        """
    }

    static func scene(_ id: String, _ attributes: String = "", connections: String = "", extra: String = "") -> String {
        """
                <scene sceneID="scene-\(id)">
                    <objects>
                        <viewController id="\(id)" \(attributes) sceneMemberID="viewController">
                            <connections>\(connections)</connections>
                        </viewController>
                        \(extra)
                    </objects>
                </scene>
        """
    }

    /// One error (a segue to a missing scene: line 7, column 34) and one warning (an unreachable
    /// scene: line 14, column 17), with a comma, a colon and a percent sign in messages.
    static let brokenMain = document(
        initial: "home",
        scene("home", "customClass=\"HomeViewController\"", connections: "<segue destination=\"nowhere\" kind=\"show\" identifier=\"go, now: 100%\" id=\"seg1\"/>"),
        scene("lonely"))

    /// The issue's shape: Main pushes Settings (another folder) through a reference; Settings
    /// unwinds to an action Main's home controller declares in the sources.
    static func issueApp(action: String = "unwindToHome:") -> [String: String] {
        [
            "App/Base.lproj/Main.storyboard": document(
                initial: "home",
                scene("home", "customClass=\"HomeViewController\"", connections: "<segue destination=\"ref\" kind=\"presentation\" id=\"s1\"/>"),
                """
                        <scene sceneID="scene-ref">
                            <objects>
                                <viewControllerPlaceholder storyboardName="Settings" id="ref" sceneMemberID="viewController"/>
                            </objects>
                        </scene>
                """),
            "Settings/Base.lproj/Settings.storyboard": document(
                initial: "settings",
                scene(
                    "settings", "customClass=\"SettingsViewController\"",
                    connections: "<segue destination=\"exit-1\" kind=\"unwind\" unwindAction=\"\(action)\" id=\"u1\"/>",
                    extra: "<exit id=\"exit-1\" userLabel=\"Exit\" sceneMemberID=\"exit\"/>")),
            "App/Sources/HomeViewController.swift": """
                import UIKit
                class HomeViewController: UIViewController {
                    @IBAction func unwindToHome(_ segue: UIStoryboardSegue) {}
                }
                """,
            "Settings/SettingsViewController.swift": "class SettingsViewController: UIViewController {}\n",
        ]
    }

    static func lint(_ arguments: [String], in root: URL) -> StoryboardCommandResult {
        LintCommand.run(arguments, currentDirectory: root.path)
    }

    @Test func issueApp_folder_withItsSources_isClean() throws {
        let root = try Self.folder(Self.issueApp())
        defer { try? FileManager.default.removeItem(at: root) }
        let result = Self.lint([root.path], in: root)
        #expect(result == StoryboardCommandResult(status: 0))
        // The same exit declared nowhere: an error, at the exit, relative to the current directory.
        let broken = try Self.folder(Self.issueApp(action: "unwindToNowhere:"))
        defer { try? FileManager.default.removeItem(at: broken) }
        let bad = Self.lint([broken.path], in: broken)
        #expect(bad.status == 1)
        #expect(
            bad.output
                == "Settings/Base.lproj/Settings.storyboard:7:34: error: no controller of the app declares unwind action 'unwindToNowhere:': "
                    + "HomeViewController can be below this scene and is in the sources, but does not declare it "
                    + "(add \"unwindToNowhere:\" to its `unwindActions`, or an `@IBAction` taking the segue) [unhandled-unwind-action]\n"
        )
    }

    @Test func sources_defaultToTheFolders_orAreNamed_orSkipped() throws {
        let root = try Self.folder(Self.issueApp())
        defer { try? FileManager.default.removeItem(at: root) }
        let warning = "Settings/Base.lproj/Settings.storyboard:7:34: warning: unwind action 'unwindToHome:' cannot be checked: no sources were given (pass the app's sources) [unhandled-unwind-action]\n"
        #expect(Self.lint(["--no-sources", root.path], in: root) == StoryboardCommandResult(status: 0, output: warning))
        // Storyboard files alone: no folder, so no sources.
        let files = ["App/Base.lproj/Main.storyboard", "Settings/Base.lproj/Settings.storyboard"].map { root.appendingPathComponent($0).path }
        #expect(Self.lint(files, in: root).output == warning)
        #expect(Self.lint(files + ["--sources", root.appendingPathComponent("App").path], in: root) == StoryboardCommandResult(status: 0))
        // Sources that lack the declaring class: the candidate class is unknown, a warning.
        let partial = Self.lint(files + ["--sources", root.appendingPathComponent("Settings").path], in: root)
        #expect(partial.status == 0)
        #expect(partial.output.contains("(not in the sources: HomeViewController) [unhandled-unwind-action]"))
        #expect(Self.lint(["--sources", "x", "--no-sources", root.path], in: root).status == 2)
    }

    @Test func bundle_resolvesReferences_withoutLintingThem() throws {
        let root = try Self.folder(Self.issueApp())
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("App").path
        let alone = Self.lint(["--no-sources", app], in: root)
        #expect(alone.status == 0)
        #expect(
            alone.output
                == "App/Base.lproj/Main.storyboard:14:17: warning: storyboard 'Settings' (Settings.storyboard) is not among the storyboards linted: UIKit raises when this reference is followed, unless the app gets it from elsewhere (lint the app's folder, or add its folder: --bundle DIR) [missing-reference]\n"
        )
        let supported = Self.lint(["--no-sources", app, "--bundle", root.appendingPathComponent("Settings").path], in: root)
        #expect(supported == StoryboardCommandResult(status: 0))
    }

    // A new user's trial: deleting a storyboard the launch tab bar references passed lint with a
    // warning (exit 0) while the app crashes at launch. An app folder linted with its sources is
    // the whole app: a missing storyboard is an error there; among storyboard files given one by
    // one (or a folder without sources) it stays a warning, in code and in references alike.
    @Test func wholeAppFolder_aMissingStoryboardIsAnError_partialInputAWarning() throws {
        var files = Self.issueApp()
        files["Settings/Base.lproj/Settings.storyboard"] = nil
        files["App/Sources/Router.swift"] = """
            import UIKit
            final class Router {
                func settings() -> UIStoryboard { UIStoryboard(name: "Settings", bundle: nil) }
            }
            """
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = Self.lint([root.path], in: root)
        #expect(whole.status == 1)
        #expect(
            whole.output == """
                App/Base.lproj/Main.storyboard:14:17: error: the app has no storyboard named 'Settings' (Settings.storyboard): UIKit raises when this reference is followed [missing-reference]
                App/Sources/Router.swift:3:58: error: UIStoryboard(name: "Settings"): the app has no Settings.storyboard (UIKit: 'Could not find a storyboard named') [missing-storyboard]

                """)
        let main = root.appendingPathComponent("App/Base.lproj/Main.storyboard").path
        let partial = Self.lint([main, "--sources", root.appendingPathComponent("App").path], in: root)
        #expect(partial.status == 0)
        #expect(partial.output.components(separatedBy: "\n").filter { $0.contains(": warning: ") }.count == 2)
        #expect(partial.output.contains("no Settings.storyboard among the storyboards linted (lint the app's folder, or add its folder with --bundle DIR)"))
    }

    @Test func formats_areExact() throws {
        let root = try Self.folder(["App/Main.storyboard": Self.brokenMain])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = "show segue 'go, now: 100%' leads to missing scene 'nowhere'"
        let warning = "scene viewController (lonely) is not reachable from the initial view controller or any storyboard identifier"
        let text = Self.lint(["App"], in: root)
        #expect(text.status == 1)
        #expect(text.output == """
            App/Main.storyboard:7:34: error: \(error) [missing-destination]
            App/Main.storyboard:14:17: warning: \(warning) [unreachable-scene]

            """)
        let json = Self.lint(["--format", "json", "App"], in: root)
        #expect(json.status == 1)
        #expect(json.output == """
            {"diagnostics": [
                {"file": "App/Main.storyboard", "line": 7, "column": 34, "severity": "error", "rule": "missing-destination", "message": "\(error)"},
                {"file": "App/Main.storyboard", "line": 14, "column": 17, "severity": "warning", "rule": "unreachable-scene", "message": "\(warning)"}
            ]}

            """)
        let github = Self.lint(["--format=github", "App"], in: root)
        #expect(github.output == """
            ::error file=App/Main.storyboard,line=7,col=34::show segue 'go, now: 100%25' leads to missing scene 'nowhere' [missing-destination]
            ::warning file=App/Main.storyboard,line=14,col=17::\(warning) [unreachable-scene]

            """)
        let sarif = Self.lint(["--format", "sarif", "App"], in: root)
        #expect(sarif.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        #expect(object["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "navstress")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == StoryboardLint.Rule.allCases.map(\.rawValue))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["missing-destination", "unreachable-scene"])
        #expect(results.map { $0["level"] as? String } == ["error", "warning"])
        #expect(results.map { ($0["message"] as? [String: Any])?["text"] as? String } == [error, warning])
        for (result, expected) in zip(results, [(7, 34), (14, 17)]) {
            let ruleIndex = try #require(result["ruleIndex"] as? Int)
            #expect(rules[ruleIndex]["id"] as? String == result["ruleId"] as? String)
            let physical = try #require(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
            #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "App/Main.storyboard")
            let region = try #require(physical["region"] as? [String: Any])
            #expect(region["startLine"] as? Int == expected.0)
            #expect(region["startColumn"] as? Int == expected.1)
        }
        // Clean: the empty forms.
        let clean = try Self.folder(["Main.storyboard": Self.document(initial: "a", Self.scene("a"))])
        defer { try? FileManager.default.removeItem(at: clean) }
        #expect(Self.lint(["--format", "json", "."], in: clean) == StoryboardCommandResult(status: 0, output: "{\"diagnostics\": []}\n"))
        #expect(Self.lint(["--format", "github", "."], in: clean) == StoryboardCommandResult(status: 0))
        let emptySarif = Self.lint(["--format", "sarif", "."], in: clean)
        let emptyRun = try #require(
            ((try JSONSerialization.jsonObject(with: Data(emptySarif.output.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        #expect((emptyRun["results"] as? [Any])?.isEmpty == true)
    }

    @Test func formats_escapeAndPlacePaths() {
        #expect(LintRenderer.escapeData("a%b\r\nc:d,e") == "a%25b%0D%0Ac:d,e")
        #expect(LintRenderer.escapeProperty("a%b\r\nc:d,e") == "a%25b%0D%0Ac%3Ad%2Ce")
        #expect(LintRenderer.uri("My App/Main.storyboard") == "My%20App/Main.storyboard")
        #expect(LintRenderer.uri("/elsewhere/Ü.storyboard") == "file:///elsewhere/%C3%9C.storyboard")
        let paths = LintPaths(currentDirectory: "/repo/")
        #expect(paths.display("/repo/App/Main.storyboard") == "App/Main.storyboard")
        #expect(paths.display("/repository/Main.storyboard") == "/repository/Main.storyboard")
        #expect(paths.display("/repo/./App/../Main.storyboard") == "Main.storyboard")
        #expect(JSONText.string("q\"\\\n\t\u{1}") == "\"q\\\"\\\\\\n\\t\\u0001\"")
    }

    @Test func baseline_roundTrip_hidesRecordedFindings_surviveLineShifts_andShowsNewOnes() throws {
        let root = try Self.folder(["App/Main.storyboard": Self.brokenMain])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("lint-baseline.json").path
        let written = Self.lint(["--write-baseline", file, "App"], in: root)
        #expect(written == StoryboardCommandResult(status: 0, errorOutput: "navstress: wrote 2 findings to baseline \(file)\n"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == """
            {"navstress_baseline": 1, "findings": [
              {"rule": "missing-destination", "file": "App/Main.storyboard", "message": "show segue 'go, now: 100%' leads to missing scene 'nowhere'", "count": 1},
              {"rule": "unreachable-scene", "file": "App/Main.storyboard", "message": "scene viewController (lonely) is not reachable from the initial view controller or any storyboard identifier", "count": 1}
            ]}

            """)
        #expect(
            Self.lint(["--baseline", file, "App"], in: root)
                == StoryboardCommandResult(status: 0, errorOutput: "navstress: 2 findings hidden by baseline \(file)\n"))
        // Lines shift, scenes move: the same findings stay hidden.
        let shifted = Self.document(
            initial: "home", "<!-- a comment -->\n<!-- another -->", Self.scene("lonely"),
            Self.scene("home", "customClass=\"HomeViewController\"", connections: "<segue destination=\"nowhere\" kind=\"show\" identifier=\"go, now: 100%\" id=\"seg1\"/>"))
        try shifted.write(to: root.appendingPathComponent("App/Main.storyboard"), atomically: true, encoding: .utf8)
        #expect(Self.lint(["--baseline", file, "App"], in: root).status == 0)
        // A second missing destination is new: shown, exit 1; the recorded one stays hidden.
        let more = Self.document(
            initial: "home", Self.scene("lonely"),
            Self.scene(
                "home", "customClass=\"HomeViewController\"",
                connections: "<segue destination=\"nowhere\" kind=\"show\" identifier=\"go, now: 100%\" id=\"seg1\"/><segue destination=\"gone\" kind=\"show\" id=\"seg2\"/>"))
        try more.write(to: root.appendingPathComponent("App/Main.storyboard"), atomically: true, encoding: .utf8)
        let result = Self.lint(["--baseline", file, "App"], in: root)
        #expect(result.status == 1)
        #expect(result.output == "App/Main.storyboard:15:113: error: show segue 'seg2' leads to missing scene 'gone' [missing-destination]\n")
        // Counts: the same finding twice when recorded once shows once.
        let baseline = LintBaseline(counts: [LintBaseline.Key(rule: "r", file: "f", message: "m"): 1])
        let twice = [StoryboardDiagnostic](
            repeating: StoryboardDiagnostic(.error, ruleID: "r", message: "m", location: StoryboardSourceLocation(file: "/x/f", line: 1, column: 1)),
            count: 2)
        #expect(baseline.filter(twice, paths: LintPaths(currentDirectory: "/x")).kept.count == 1)
        #expect(baseline.filter([], paths: LintPaths(currentDirectory: "/x")).unmatched == 1)
        #expect(LintBaseline.withoutLines("segue 'a' (Main.storyboard:12:5) from Foo.swift:3") == "segue 'a' (Main.storyboard) from Foo.swift")
    }

    // A new user's trial: a baseline written from one directory did not match when lint ran from
    // another (`cd App && lint . --baseline ../b.json`), and nothing said the baseline was stale.
    // Keys are relative to the baseline file's folder; unmatched entries are reported.
    @Test func baseline_matchesFromAnyDirectory_andStaleEntriesAreReported() throws {
        let root = try Self.folder(["App/Main.storyboard": Self.brokenMain])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("b.json").path
        #expect(Self.lint(["--write-baseline", file, "App"], in: root).status == 0)
        let app = root.appendingPathComponent("App")
        #expect(
            Self.lint(["--baseline", "../b.json", "."], in: app)
                == StoryboardCommandResult(status: 0, errorOutput: "navstress: 2 findings hidden by baseline ../b.json\n"))
        // The unreachable scene is fixed: its entry matches nothing, and lint says so.
        let fixed = Self.document(
            initial: "home",
            Self.scene("home", "customClass=\"HomeViewController\"", connections: "<segue destination=\"nowhere\" kind=\"show\" identifier=\"go, now: 100%\" id=\"seg1\"/>"))
        try fixed.write(to: app.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        let result = Self.lint(["--baseline", "../b.json", "."], in: app)
        #expect(result.status == 0)
        #expect(
            result.errorOutput
                == "navstress: 1 finding hidden by baseline ../b.json\nnavstress: 1 finding of baseline ../b.json matched nothing (fixed, or the baseline is stale: rewrite it with --write-baseline)\n")
    }

    @Test func exitCodes_andOneLineInputErrors() throws {
        let root = try Self.folder([
            "App/Main.storyboard": Self.document(initial: "a", Self.scene("a")),
            "Empty/readme.txt": "no storyboards here",
            "notes.md": "# not a storyboard",
            "Broken.storyboard": "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"><scenes>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(Self.lint(["App"], in: root) == StoryboardCommandResult(status: 0))
        func failure(_ arguments: [String]) -> String {
            let result = Self.lint(arguments, in: root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output == "")
            return result.errorOutput
        }
        // Paths are resolved against the process's directory; name them absolutely here.
        func path(_ name: String) -> String { root.appendingPathComponent(name).path }
        #expect(failure([path("missing.storyboard")]) == "navstress: error: missing.storyboard: no such file\n")
        #expect(failure(["/dev/null"]) == "navstress: error: /dev/null: is not a regular file (a device, FIFO or socket)\n")
        #expect(failure([path("Empty")]) == "navstress: error: Empty: no .storyboard file in this folder\n")
        #expect(failure([path("notes.md")]).hasPrefix("navstress: error: notes.md: is not a storyboard (1:1: "))
        #expect(failure([path("Broken.storyboard")]).hasPrefix("navstress: error: Broken.storyboard:1:"))
        #expect(failure([]) == "navstress: error: missing PATH (see navstress lint --help)\n")
        #expect(failure(["--frobnicate", "App"]) == "navstress: error: unknown option '--frobnicate' (see navstress lint --help)\n")
        #expect(failure(["--format", "xml", "App"]) == "navstress: error: --format takes text, json, sarif or github, not 'xml'\n")
        #expect(failure(["--bundle"]) == "navstress: error: --bundle needs a value\n")
        #expect(failure(["--sources", path("nope"), "App"]) == "navstress: error: nope: no such file\n")
        #expect(failure(["--baseline", path("nope.json"), "App"]) == "navstress: error: nope.json: no such file\n")
        #expect(failure(["--baseline", path("notes.md"), "App"]) == "navstress: error: notes.md: is not a navstress lint baseline (write one with --write-baseline)\n")
        #expect(failure(["--write-baseline", path("Empty"), "App"]) == "navstress: error: Empty: is a directory\n")
        #expect(Self.lint(["--help"], in: root).output.hasPrefix("USAGE: navstress lint [options] PATH..."))
    }

    @Test func inspect_acceptsFolders_oneObjectPerStoryboard() throws {
        let root = try Self.folder(Self.issueApp())
        defer { try? FileManager.default.removeItem(at: root) }
        let both = StoryboardCommands.runInspect(["--json", root.path])
        #expect(both.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(both.output.utf8)) as? [[String: Any]])
        #expect(list.map { ($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == ["Main.storyboard", "Settings.storyboard"])
        let one = StoryboardCommands.runInspect(["--json", root.appendingPathComponent("Settings").path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(one.output.utf8)) as? [String: Any])
        #expect(object["unwind_actions"] as? [String] == ["unwindToHome:"])
        let missing = StoryboardCommands.runInspect([root.appendingPathComponent("nope").path])
        #expect(missing.status == 2)
        #expect(missing.errorOutput.hasPrefix("navstress: error: "))
        #expect(missing.errorOutput.hasSuffix("nope: no such file\n"))
    }

    /// Every fixture app lints with zero errors through the command, sources included.
    @Test func everyFixtureApp_andTheFixtureFolder_exitZero() throws {
        let shared = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/fixtures").standardizedFileURL
        let apps = try FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent("apps").path)
            .filter { !$0.hasSuffix(".md") }.sorted()
        #expect(apps.count == 4)
        for app in apps {
            let result = LintCommand.run(["--format", "json", shared.appendingPathComponent("apps/" + app).path], currentDirectory: shared.path)
            #expect(result.status == 0, "\(app)")
            #expect(!result.output.contains("\"severity\": \"error\""), "\(app)")
        }
        let folder = LintCommand.run([shared.appendingPathComponent("storyboards/real").path], currentDirectory: shared.path)
        #expect(folder.status == 0)
        #expect(!folder.output.contains(": error: "))
    }
}
