import Foundation
import NavigationRuntime
@testable import NavStressKit
import Testing

/// `drive`, `run --storyboard` and `graph` on an app folder (issue 13 findings 4 and 5): the
/// app's storyboards are one bundle, references are checked before anything runs, `drive`
/// fails a CI job, `run` reports coverage and requests exactly.
@Suite struct StoryboardAppCommandTests {
    static let apps = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/apps").standardizedFileURL
    static let mesh = apps.appendingPathComponent("NordicSemiconductor__IOS-nRF-Mesh-Library").path
    static let pass = apps.appendingPathComponent("mssun__passforios").path

    /// A temporary folder with files at relative paths; removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-app-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// Writes a steps file (bytes as given) and drives `app` with it.
    static func drive(_ app: String, steps: String, _ more: [String] = []) async throws -> DriveCommand.Outcome {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-steps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(steps.utf8).write(to: file)
        return try await DriveCommand.drive([app, "--steps", file.path] + more)
    }

    static func document(initial: String?, _ scenes: String...) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
            <scenes>
        \(scenes.joined(separator: "\n"))
            </scenes>
        </document>
        """
    }

    static func scene(_ id: String, kind: String = "viewController", attributes: String = "", body: String = "") -> String {
        """
                <scene sceneID="scene-\(id)">
                    <objects>
                        <\(kind) id="\(id)"\(attributes.isEmpty ? "" : " " + attributes) sceneMemberID="viewController">
                            \(body)
                        </\(kind)>
                    </objects>
                </scene>
        """
    }

    // MARK: drive

    /// A steps file's text echoed in drive's report and errors is one line with its escape
    /// sequences escaped: a steps file cannot set the terminal's title or colour a CI log.
    @Test func drive_escapesControlCharactersItEchoes() async throws {
        let outcome = try await Self.drive(Self.pass, steps: "segue \u{1B}]0;pwned\u{7} x\n")
        #expect(outcome.exit == .failure)
        let everything = outcome.output + outcome.errors.joined(separator: "\n")
        #expect(!everything.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
        let first = try #require(outcome.output.split(separator: "\n").first)
        #expect(first.hasPrefix(#"step 1: segue \u001b]0;pwned\u0007 x -> failed (no controller '\u001b]0;pwned\u0007' in the window's tree"#), "\(first)")
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.first?.contains(#"step 1 'segue \u001b]0;pwned\u0007 x' failed"#) == true, "\(outcome.errors)")
    }

    /// A storyboard id holding a newline (`&#10;`) stays on its controller's line of drive's tree.
    @Test func drive_treeLine_escapesANewlineInAnID() async throws {
        let app = try Self.folder(["Main.storyboard": Self.document(initial: "ho&#10;me", Self.scene("ho&#10;me"))])
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await Self.drive(app.path, steps: "expect outcome completed\n")
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix(#"[ho\nme] appeared"#) }, "\(outcome.output)")
        #expect(!lines.contains { $0.hasPrefix("me]") })
    }

    /// The nRF Mesh app as a folder: the tab bar's tabs are references to other storyboards;
    /// SOURCE names a controller of the referenced Settings storyboard by storyboard ID
    /// (`newProvisioner`) and by unique class; the steps file has a BOM and CRLF line ends.
    @Test func drive_appFolder_storyboardIDsOfAReferencedStoryboard_CRLFAndBOM_exit0() async throws {
        let steps = "\u{FEFF}# a flow over the Settings tab\r\n" + [
            "select-tab 4",
            "expect top SettingsViewController",
            "segue SettingsViewController provisioners",
            "expect stack SettingsViewController uVY-wa-E27",
            "segue ProvisionersViewController add",
            "expect top EditProvisionerViewController",
            "unwind newProvisioner done:",
            "expect outcome noDestination",
            "segue newProvisioner nope",
            "expect outcome failed",
            "dismiss",
            "expect top ProvisionersViewController",
        ].joined(separator: "\r\n") + "\r\n"
        let run = try await Self.drive(Self.mesh, steps: steps, ["--json"])
        #expect(run.errors == [])
        #expect(run.exit == .success)
        let lines = run.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 12, "one step per line: CRLF splits lines, the BOM is not part of a verb")
        #expect(lines.map { $0["outcome"] as? String } == [
            "completed", "completed", "completed", "completed", "completed", "completed",
            "noDestination", "completed", "failed", "completed", "completed", "completed",
        ])
        #expect(lines.map { $0["top"] as? String } == [
            "gHg-68-SP7", "gHg-68-SP7", "uVY-wa-E27", "uVY-wa-E27", "EYc-nY-Nbe", "EYc-nY-Nbe",
            "EYc-nY-Nbe", "EYc-nY-Nbe", "EYc-nY-Nbe", "EYc-nY-Nbe", "uVY-wa-E27", "uVY-wa-E27",
        ])
        #expect(lines[8]["error"] as? String == "scene 'newProvisioner' has no segue 'nope' (R1.3; it has none)")
    }

    @Test func drive_expectationThatFails_exit1_namingTheStepAndTheLine() async throws {
        let steps = "select-tab 4\n\n# comment\nexpect top EditProvisionerViewController\nselect-tab 0\n"
        let run = try await Self.drive(Self.mesh, steps: steps)
        #expect(run.exit == .failure)
        #expect(run.errors.count == 1)
        let error = try #require(run.errors.first)
        #expect(error.hasSuffix(":4: step 2 'expect top EditProvisionerViewController': expected top EditProvisionerViewController, top is gHg-68-SP7 (SettingsViewController)"))
        #expect(!run.output.contains("step 3:"), "the run stops at the failed expectation")

        let kept = try await Self.drive(Self.mesh, steps: steps, ["--keep-going"])
        #expect(kept.exit == .failure, "--keep-going runs on, but an expectation still fails the run")
        #expect(kept.output.contains("step 3: select-tab 0 -> completed"))

        let outcome = try await Self.drive(Self.mesh, steps: "select-tab 1\nexpect outcome vetoed\n")
        #expect(outcome.errors.first?.hasSuffix("step 2 'expect outcome vetoed': expected outcome vetoed, step 1 was completed") == true)
        let stack = try await Self.drive(Self.mesh, steps: "select-tab 4\nexpect stack RootViewController\n")
        #expect(stack.errors.first?.hasSuffix("expected stack RootViewController, the stack is gHg-68-SP7 (SettingsViewController)") == true)
    }

    @Test func drive_failedStep_exit1_unlessKeepGoing_orExpected() async throws {
        let steps = "segue BYb-mK-mH5 nope\nselect-tab 4\n"
        let stopped = try await Self.drive(Self.mesh, steps: steps)
        #expect(stopped.exit == .failure)
        #expect(stopped.errors.count == 1)
        #expect(stopped.errors.first?.hasSuffix(":1: step 1 'segue BYb-mK-mH5 nope' failed: scene 'BYb-mK-mH5' has no segue 'nope' (R1.3; it has none) (--keep-going runs on)") == true)
        #expect(!stopped.output.contains("step 2:"))
        let kept = try await Self.drive(Self.mesh, steps: steps, ["--keep-going"])
        #expect(kept.exit == .success)
        #expect(kept.output.contains("step 2: select-tab 4 -> completed"))
        let expected = try await Self.drive(Self.mesh, steps: "back\nexpect outcome failed\n")
        #expect(expected.exit == .success, "a failure the next step expects is not the run's")
        let unknown = try await Self.drive(Self.mesh, steps: "select-tab 4\ntap button\n")
        #expect(unknown.exit == .usage, "the steps file is checked before any step runs")
        #expect(unknown.output == "")
        #expect(unknown.errors.first?.contains(":2: unknown step 'tap'") == true)
    }

    @Test func drive_className_ambiguousInTheTree_failsListingTheCandidates() async throws {
        // Each of the five tabs is a navigation controller of class RootViewController.
        let run = try await Self.drive(Self.mesh, steps: "perform RootViewController x\n", ["--keep-going"])
        let line = try #require(run.output.split(separator: "\n").first)
        #expect(line.contains("failed (class 'RootViewController' is ambiguous: 5 scenes in the window's tree have it ("))
        for id in ["bPz-HA-GGj", "eYe-6v-26u", "Nue-b9-dg6", "xI8-8S-2a8", "xxw-ay-9Ic"] { #expect(line.contains(id + " (RootViewController)")) }
    }

    @Test func drive_unresolvableReference_orCycle_exit2BeforeAnyStep_atTheLocation() async throws {
        let rx = try NavStressCommandTests.fixture("RxSwift")
        let error = await #expect(throws: UsageError.self) { try await Self.drive(rx, steps: "back\n") }
        #expect(
            error?.description
                == "\(rx):470:17: the app has no storyboard named 'GitHubSignup1' (GitHubSignup1.storyboard); a storyboard FILE reads only the storyboards beside it that its references name: pass the app folder instead, with --storyboard NAME|PATH naming this storyboard (\(URL(fileURLWithPath: rx).deletingPathExtension().lastPathComponent), or its path from the folder) to start from it"
        )
        #expect(await NavStress.main(["drive", rx, "--steps", "/dev/null"]) == 2)

        let placeholder = { (id: String, name: String) in
            Self.scene(id, kind: "viewControllerPlaceholder", attributes: "storyboardName=\"\(name)\"")
        }
        let root = try Self.folder([
            "A.storyboard": Self.document(initial: "a", Self.scene("a"), placeholder("pa", "B")),
            "B.storyboard": Self.document(initial: "pb", placeholder("pb", "A2")),
            "Sub/A2.storyboard": Self.document(initial: "pc", placeholder("pc", "B")),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let cycle = await #expect(throws: UsageError.self) { try await Self.drive(root.path, steps: "back\n", ["--storyboard", "A"]) }
        #expect(cycle?.description == root.path + "/A.storyboard:13:17: storyboard reference cycle A -> B -> A2 -> B")
    }

    @Test func drive_appFolder_initialStoryboard_MainElseTheOnlyOne_elseRefused() async throws {
        let root = try Self.folder([
            "One.storyboard": Self.document(initial: "one", Self.scene("one", attributes: "customClass=\"OneController\"")),
            "Two.storyboard": Self.document(initial: "two", Self.scene("two")),
            "Three.storyboard": Self.document(initial: nil, Self.scene("three", attributes: "storyboardIdentifier=\"Third\"")),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let ambiguous = await #expect(throws: UsageError.self) { try await Self.drive(root.path, steps: "") }
        #expect(ambiguous?.description == "\(root.path): which storyboard starts the app? 2 have an initial view controller (One, Two) and none is named Main: name one with --storyboard NAME")
        #expect(try await Self.drive(root.path, steps: "expect top OneController\n", ["--storyboard", "One"]).exit == .success)
        // --initial names a scene of any storyboard of the app by storyboard ID.
        #expect(try await Self.drive(root.path, steps: "expect top Third\n", ["--storyboard", "Two", "--initial", "Third"]).exit == .success)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Two.storyboard"))
        #expect(try await Self.drive(root.path, steps: "expect top one\n").exit == .success, "the only one with an initial controller")
        try Self.document(initial: "main", Self.scene("main")).write(to: root.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        #expect(try await Self.drive(root.path, steps: "expect top main\n").exit == .success, "Main wins")
    }

    @Test func driveSteps_linesAcceptCRLFAndBOM() {
        #expect(DriveStep.lines("\u{FEFF}back\r\n\r\n# x\r\ndismiss\rselect-tab 1\n").map(\.text) == ["back", "dismiss", "select-tab 1"])
        #expect(DriveStep.lines("\u{FEFF}back\r\n\r\n# x\r\ndismiss\rselect-tab 1\n").map(\.number) == [1, 4, 5])
        #expect(DriveStep.words("A \"B C\"  D") == ["A", "B C", "D"])
    }

    // MARK: run --storyboard

    @Test func storyboardRun_appFolder_reportsCoverage_andSourcesFindUnwinds() async throws {
        var configuration = LoadConfiguration()
        configuration.storyboard = Self.pass
        configuration.windows = 1
        configuration.tasks = 1
        configuration.requests = 1_500
        configuration.cancelRate = 0
        configuration.noSources = true
        let without = try await LoadDriver.run(configuration)
        let coverage = try #require(without.coverage)
        #expect(coverage.scenes.total == 37, "the extensions' and the launch screen's storyboards are unreachable")
        #expect(coverage.segues.total == 23)
        #expect(coverage.unwinds.total == 14)
        #expect(coverage.scenes.reached > 1)
        #expect(coverage.segues.reached > 1)
        #expect(coverage.unwinds.reached == 0, "no sources: no controller declares an unwind action")
        #expect((without.outcomes["noDestination"] ?? 0) > 0)
        #expect(without.held)
        // An app folder's sources are read by default, as lint and drive read them (issue 13).
        configuration.noSources = false
        let byDefault = try await LoadDriver.run(configuration)
        #expect(try #require(byDefault.coverage).unwinds.reached > 0, "\(configuration.replayCommand)")
        configuration.sources = Self.pass
        let with = try await LoadDriver.run(configuration)
        #expect(try #require(with.coverage).unwinds.reached > 0, "\(configuration.replayCommand)")
        #expect(with.held)
        #expect(with.text.contains("coverage    scenes "))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(with.json.utf8)) as? [String: Any])
        #expect(json["storyboard"] as? String == Self.pass)
        #expect(json["scenario"] is NSNull)
        #expect((json["coverage"] as? [String: Any])?["unwinds"] as? [String: Int] == ["found_destination": with.coverage?.unwinds.reached ?? -1, "total": 14])
    }

    @Test func storyboardRun_walksTabsBackDismissAndTraits() async throws {
        var configuration = LoadConfiguration()
        configuration.storyboard = Self.mesh
        configuration.windows = 1
        configuration.tasks = 1
        configuration.requests = 600
        configuration.cancelRate = 0
        configuration.recordsEveryWindow = true
        let report = try await LoadDriver.run(configuration)
        #expect(report.held)
        let events = try #require(report.recording?.windows.first?.events)
        var kinds = Set<String>()
        func visit(_ change: CommittedChange) {
            if case .composite(let parts) = change { parts.forEach(visit) } else { kinds.insert(String(String(describing: change).prefix { $0 != "(" })) }
        }
        for event in events {
            if case .committed(let change) = event.kind { visit(change) }
        }
        #expect(kinds.isSuperset(of: ["selectTab", "pop", "dismiss", "setTraits", "push", "present"]), "\(kinds.sorted())")
    }

    @Test func storyboardRun_thatChangesNothing_fails_andSaysSo() async throws {
        var configuration = LoadConfiguration()
        configuration.storyboard = Self.mesh
        configuration.windows = 1
        configuration.tasks = 1
        configuration.requests = 50
        configuration.cancelRate = 1  // every request cancelled before it starts
        let report = try await LoadDriver.run(configuration)
        #expect(report.held, "the checker held")
        #expect(report.changedNothing)
        #expect(!report.passed)
        #expect(report.text.contains("verdict     FAILED: changed nothing in 50 requests"))
        #expect(await NavStress.main(["run", "--storyboard", Self.mesh, "--windows", "1", "--tasks", "1", "--requests", "50", "--cancel-rate", "1"]) == 1)
    }

    @Test func run_requestsAreExact_andScenarioWithStoryboardIsRefused() async throws {
        var configuration = LoadConfiguration()
        configuration.windows = 3
        configuration.tasks = 7
        configuration.requests = 1_001
        configuration.scenario = "double-tap"
        let shares = (0..<3).flatMap { window in (0..<7).map { configuration.requests(forTask: $0, ofWindow: window) } }
        #expect(shares.reduce(0, +) == 1_001)
        #expect(Set(shares) == [47, 48])
        let report = try await LoadDriver.run(configuration)
        #expect(report.outcomes.values.reduce(0, +) == 1_001)
        #expect(report.configuration.requests == 1_001)
        configuration.requests = 5
        #expect(try await LoadDriver.run(configuration).outcomes.values.reduce(0, +) == 5, "fewer requests than tasks")
        #expect(await NavStress.main(["run", "--scenario", "demo", "--storyboard", Self.mesh]) == 2)
        #expect(await NavStress.main(["run", "--initial", "x"]) == 2)
    }

    /// Every storyboard of the app is read once: a walk instantiates referenced scenes after
    /// the files are gone.
    @Test func storyboardRun_parsesEachStoryboardOnce() async throws {
        let source = URL(fileURLWithPath: Self.mesh).appendingPathComponent("Example/nRFMeshProvision/UI/Base.lproj")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("navstress-once-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: copy)
        var configuration = LoadConfiguration()
        configuration.storyboard = copy.path
        let walked = try #require(try StoryboardLoad.load(configuration))
        try FileManager.default.removeItem(at: copy)
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero))
        try await window.setRoot(scene: walked.initial, from: walked.catalog)
        let classes = await window.snapshot().allControllers.map(\.className)
        #expect(classes.contains("SettingsViewController"), "the Settings tab, from the referenced storyboard")
        #expect(!classes.contains("StoryboardReference"))
        await window.close()
    }

    // MARK: graph

    @Test func graph_appFolder_clusterPerStoryboard_referencesDrawnToTheirTargets() throws {
        let result = StoryboardCommands.runGraph([Self.mesh])
        #expect(result.status == 0)
        let dot = result.output
        #expect(dot.components(separatedBy: "subgraph \"cluster_").count - 1 == 10)
        // Main's Settings tab is a reference to Settings.storyboard's initial navigation controller.
        #expect(dot.contains(#""Main/bcv-6V-ztb" -> "Settings/xI8-8S-2a8" [label="reference", style=bold, color="gray40"];"#))
        #expect(dot.contains(#""Network/QcC-OJ-A1T" -> "SetPublication/oR7-ra-qwb" [label="reference""#))
        #expect(!dot.contains("unresolved"))
        #expect(!dot.contains("handled by"))
    }

    @Test func graph_withSources_drawsUnwindsToTheirHandlers_twoTargetsOfOneNameBothDrawn() throws {
        let result = StoryboardCommands.runGraph([Self.pass, "--sources", Self.pass])
        #expect(result.status == 0)
        let dot = result.output
        #expect(dot.contains(#""unwind:saveAddPasswordWithSegue:" -> "Main/cwm-DY-Eli" [label="handled by", style=dotted, color=blue];"#))
        #expect(dot.contains(#"subgraph "cluster_passExtension/Base.lproj/MainInterface""#))
        #expect(dot.contains(#"subgraph "cluster_passAutoFillExtension/Base.lproj/MainInterface""#))
        #expect(dot.contains(#""passExtension/Base.lproj/MainInterface/IaK-yg-fFt" -> "SearchPassword/WVw-Ck-H1t" [label="reference""#))
        #expect(!StoryboardCommands.runGraph([Self.pass]).output.contains("handled by"))
        #expect(StoryboardCommands.runGraph([Self.pass, "--sources", "/nonexistent"]).status == 2)
    }

    @Test func graph_appFolder_unresolvedReference_isDrawnSayingWhy() throws {
        let root = try Self.folder([
            "Main.storyboard": Self.document(
                initial: "a", Self.scene("a"), Self.scene("p", kind: "viewControllerPlaceholder", attributes: "storyboardName=\"Gone\"")),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let dot = StoryboardCommands.runGraph([root.path]).output
        #expect(dot.contains(#""Main/p" -> "unresolved:0:p" [label="reference", style=bold, color=red];"#))
        #expect(dot.contains(#""unresolved:0:p" [label="unresolved: the app has no storyboard named 'Gone' (Gone.storyboard)", style=dotted, color=red];"#))
    }
}
