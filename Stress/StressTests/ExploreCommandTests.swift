import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
@testable import NavStressKit
import Testing

/// `navstress explore` end to end on small hand-written apps, one per finding kind: exact
/// states, transitions and findings, and each finding's steps file, run through the code
/// `navstress drive` runs, reproduces it (every `expect` line holds).
@Suite struct ExploreCommandTests {
    // MARK: Hand-written apps

    /// A storyboard of these scenes (see ``LintCommandTests/document(initial:_:)``).
    static func document(initial: String, _ scenes: String...) -> String {
        LintCommandTests.document(initial: initial, scenes)
    }

    static func scene(_ id: String, _ customClass: String?, kind: String = "viewController", segues: String = "", extra: String = "") -> String {
        """
                <scene sceneID="scene-\(id)">
                    <objects>
                        <\(kind) id="\(id)"\(customClass.map { " customClass=\"\($0)\"" } ?? "") sceneMemberID="viewController">
                            <connections>\(segues)</connections>
                        </\(kind)>
                        \(extra)
                    </objects>
                </scene>
        """
    }

    static func segue(_ destination: String, _ kind: String, _ identifier: String, _ id: String, _ more: String = "") -> String {
        "<segue destination=\"\(destination)\" kind=\"\(kind)\" identifier=\"\(identifier)\" id=\"\(id)\"\(more)/>"
    }

    static func navigation(_ id: String, root: String) -> String {
        scene(
            id, nil, kind: "navigationController",
            segues: "<segue destination=\"\(root)\" kind=\"relationship\" relationship=\"rootViewController\" id=\"r-\(id)\"/>"
        )
    }

    /// A temporary app folder holding `Main.storyboard` and the given sources.
    static func app(_ storyboard: String, sources: [String: String] = [:]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try storyboard.write(to: root.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        for (name, text) in sources { try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return root
    }

    /// Explores `app` writing steps files, checks that each one reproduces its finding through
    /// `drive`, and returns the outcome.
    static func explore(_ app: URL, _ more: [String] = []) async throws -> ExploreCommand.Outcome {
        let steps = app.appendingPathComponent("steps")
        let outcome = try await ExploreCommand.explore([app.path, "--steps-dir", steps.path] + more)
        for file in outcome.stepsFiles.flatMap({ $0 }) {
            let drive = try await DriveCommand.drive([app.path, "--steps", file] + driveOptions(more))
            #expect(drive.exit == .success, "\(file): \(drive.errors)")
        }
        return outcome
    }

    /// The explore options drive shares (`--initial`, `--traits compact`, sources).
    static func driveOptions(_ options: [String]) -> [String] {
        var shared: [String] = []
        var index = 0
        while index < options.count {
            let option = options[index]
            if ["--initial", "--sources", "--storyboard"].contains(option), index + 1 < options.count {
                shared += [option, options[index + 1]]
                index += 1
            } else if option == "--traits", index + 1 < options.count, options[index + 1] == "compact" {
                shared += [option, "compact"]
                index += 1
            } else if option == "--no-sources" {
                shared.append(option)
            }
            index += 1
        }
        return shared
    }

    /// A picker scene whose exit `done` unwinds to `unwindToHome:`.
    static func picker() -> String {
        scene(
            "picker", "PickerViewController",
            segues: "<segue destination=\"x1\" kind=\"unwind\" identifier=\"done\" unwindAction=\"unwindToHome:\" id=\"u1\"/>",
            extra: "<exit id=\"x1\" userLabel=\"Exit\" sceneMemberID=\"exit\"/>"
        )
    }

    static func summary(_ outcome: ExploreCommand.Outcome) -> [String] {
        (outcome.exploration?.findings ?? []).map { "\($0.kind.rawValue) \($0.subject): \($0.message)" }
    }

    // MARK: One app per finding kind

    /// A picker pushed from a list (no Home in the tree) and presented from Home: its exit to
    /// `unwindToHome:` finds no destination in the first state and finds Home in the second.
    @Test func unwindWithNoDestination_inOneState_foundInAnother() async throws {
        let app = try Self.app(
            Self.document(
                initial: "nav",
                Self.navigation("nav", root: "list"),
                Self.scene("list", "ListViewController", segues: Self.segue("picker", "show", "pick", "s1") + Self.segue("home", "presentation", "openHome", "s2")),
                Self.scene("home", "HomeViewController", segues: Self.segue("picker", "presentation", "pick", "s3")),
                Self.picker()
            ),
            sources: ["HomeViewController.swift": "class HomeViewController: UIViewController {\n    @IBAction func unwindToHome(_ segue: UIStoryboardSegue) {}\n}\n"]
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await Self.explore(app)
        #expect(outcome.exit == .failure)
        #expect(outcome.exploration?.states.count == 4)
        #expect(outcome.exploration?.transitions.count == 8)
        #expect(outcome.exploration?.isExhaustive == true)
        #expect(
            Self.summary(outcome) == [
                "unwind-no-destination picker/done: unwind exit picker/done (unwindToHome:) finds no destination in 1 of 2 states where it is visible (#1); it finds one in #3"
            ])
        #expect(outcome.stepsFiles.map { $0.map { URL(fileURLWithPath: $0).lastPathComponent } } == [["1-unwind-no-destination-1.steps", "1-unwind-no-destination-2.steps"]])
        let steps = try String(contentsOfFile: outcome.stepsFiles[0][0], encoding: .utf8)
        #expect(steps.hasSuffix("segue list pick\nexpect outcome completed\nexpect top picker\nexpect stack list picker\nsegue picker done\nexpect outcome noDestination\nexpect top picker\n") || steps.hasSuffix("segue list pick\nexpect outcome completed\nexpect top picker\nsegue picker done\nexpect outcome noDestination\nexpect top picker\n"))
    }

    /// A legacy push of a navigation controller fails (UIKit raises): a typed error, exit 1.
    @Test func segueThatFails() async throws {
        let app = try Self.app(
            Self.document(
                initial: "nav",
                Self.navigation("nav", root: "a"),
                Self.scene("a", "AViewController", segues: Self.segue("nav2", "push", "pushNav", "s1")),
                Self.navigation("nav2", root: "b"),
                Self.scene("b", "BViewController")
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await Self.explore(app)
        #expect(outcome.exit == .failure)
        #expect(outcome.exploration?.states.count == 1)
        #expect(outcome.exploration?.transitions.count == 1)
        #expect(
            Self.summary(outcome) == [
                "segue-failed a/pushNav: segue a pushNav fails (pushingNavigationController: Pushing a navigation controller is not supported) in 1 state",
                "unreached-scene b: scene b is never shown",
                "unreached-scene nav2: scene nav2 is never shown",
                "unreached-segue a/pushNav: segue a/pushNav never completes",
            ])
        let steps = try String(contentsOfFile: outcome.stepsFiles[0][0], encoding: .utf8)
        #expect(steps.hasSuffix("segue a pushNav\nexpect outcome failed\nexpect top a\n"))
    }

    /// One show segue of one scene: pushed when the scene sits in a presented navigation
    /// controller, presented when the scene is presented alone.
    @Test func segueWhoseEffectDependsOnThePath() async throws {
        let app = try Self.app(
            Self.document(
                initial: "start",
                Self.scene("start", "StartViewController", segues: Self.segue("nav", "presentation", "openNav", "s1") + Self.segue("a", "presentation", "openA", "s2")),
                Self.navigation("nav", root: "a"),
                Self.scene("a", "AViewController", segues: Self.segue("detail", "show", "detail", "s3")),
                Self.scene("detail", "DetailViewController")
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await Self.explore(app)
        #expect(outcome.exit == .success)
        #expect(outcome.exploration?.states.count == 5)
        #expect(outcome.exploration?.transitions.count == 9)
        #expect(Self.summary(outcome) == ["path-dependent-segue a/detail: segue a/detail depends on the path: it pushes in #1, presents in #2"])
        #expect(outcome.stepsFiles.first?.count == 2)
        let pushed = try String(contentsOfFile: outcome.stepsFiles[0][0], encoding: .utf8)
        #expect(pushed.hasSuffix("segue a detail\nexpect outcome completed\nexpect top detail\nexpect stack a detail\n"))
    }

    /// A full-screen presentation with no exit is a way in with no storyboard way out; a sheet
    /// (swiped down) is not.
    @Test func presentationWithNoWayBack() async throws {
        let app = try Self.app(
            Self.document(
                initial: "nav",
                Self.navigation("nav", root: "home"),
                Self.scene(
                    "home", "HomeViewController",
                    segues: Self.segue("cover", "presentation", "cover", "s1", " modalPresentationStyle=\"fullScreen\"") + Self.segue("sheet", "presentation", "sheet", "s2")
                ),
                Self.scene("cover", "CoverViewController"),
                Self.scene("sheet", "SheetViewController")
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await Self.explore(app)
        #expect(outcome.exit == .success)
        #expect(outcome.exploration?.states.count == 3)
        #expect(outcome.exploration?.transitions.count == 4)
        #expect(Self.summary(outcome) == ["no-way-back cover: presented cover (fullScreen) in #1: no storyboard action leads back (only code can dismiss it)"])
    }

    /// Two scenes that show each other grow the stack for ever: one finding for the loop (not
    /// one per scene it can end on), and the depth bound said.
    @Test func loopThatGrowsAStackWithoutBound() async throws {
        let app = try Self.app(
            Self.document(
                initial: "nav",
                Self.navigation("nav", root: "a"),
                Self.scene("a", "AViewController", segues: Self.segue("b", "show", "toB", "s1")),
                Self.scene("b", "BViewController", segues: Self.segue("a", "show", "toA", "s2"))
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await Self.explore(app)
        #expect(outcome.exploration?.states.count == 9)
        #expect(outcome.exploration?.transitions.count == 15)
        #expect(outcome.exploration?.bounds == [.depth(8, unexpanded: 1)])
        #expect(Self.summary(outcome) == ["unbounded-growth a b: a loop grows a stack without bound: it ends in [a → b] twice in #3"])
        let steps = try String(contentsOfFile: outcome.stepsFiles[0][0], encoding: .utf8)
        #expect(steps.hasSuffix("segue a toB\nexpect outcome completed\nexpect top b\nexpect stack a b a b\n"))
        #expect(outcome.output.contains("depth bound 8 reached: 1 state at depth 8 not expanded\n"))
    }

    /// The report gives a rate only for a run of 1,000 transitions or more: a few
    /// transitions' time is mostly what any run costs.
    @Test func theRateIsGivenOnlyForALargeEnoughRun() async throws {
        #expect(ExploreRenderer.timeLine(seconds: 0.0021, transitions: 3) == "time: 0.002 s to explore (too few transitions for a rate)")
        #expect(ExploreRenderer.timeLine(seconds: 0.5, transitions: 999) == "time: 0.500 s to explore (too few transitions for a rate)")
        #expect(ExploreRenderer.timeLine(seconds: 0.5, transitions: 1_000) == "time: 0.500 s to explore (2000 transitions/s)")
        #expect(ExploreRenderer.timeLine(seconds: 0, transitions: 5_000) == "time: 0.000 s to explore")
        let app = try Self.app(
            Self.document(initial: "nav", Self.navigation("nav", root: "home"), Self.scene("home", "HomeViewController"))
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await Self.explore(app)
        let time = outcome.output.split(separator: "\n").first { $0.hasPrefix("time: ") }
        // The time the report gives is the explorer's, what `bench explore` reads beside the whole run.
        let searched = try #require(outcome.searchTime)
        #expect(time.map(String.init) == ExploreRenderer.timeLine(seconds: searched.nanoseconds / 1e9, transitions: 1))
    }

    /// A storyboard id may hold a newline (`&#10;` in its XML): the report writes each finding
    /// and the tree on one line each.
    @Test func anIDWithANewline_staysOnOneLineOfTheReport() async throws {
        let app = try Self.app(
            Self.document(
                initial: "nav",
                Self.navigation("nav", root: "home"),
                Self.scene("home", "HomeViewController"),
                Self.scene("or&#10;phan", "OrphanViewController")
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await Self.explore(app)
        let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains(#"note: unreached-scene: scene or\nphan is never shown: no segue, relationship or reference leads to it from the initial scene"#), "\(outcome.output)")
        #expect(!lines.contains("phan is never shown: no segue, relationship or reference leads to it from the initial scene"))
    }

    /// A scene nothing leads to, and its segue: notes, not errors.
    @Test func scenesAndSeguesNeverReached() async throws {
        let app = try Self.app(
            Self.document(
                initial: "nav",
                Self.navigation("nav", root: "home"),
                Self.scene("home", "HomeViewController", segues: Self.segue("detail", "show", "detail", "s1")),
                Self.scene("detail", "DetailViewController"),
                Self.scene("orphan", "OrphanViewController", segues: Self.segue("detail", "show", "more", "s2"))
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await Self.explore(app)
        #expect(outcome.exit == .success)
        #expect(outcome.exploration?.states.count == 2)
        // The orphan's segue is not noted apart: the scene's own note covers it (a new user's
        // trial read one note per segue of an unreached scene as noise).
        #expect(
            Self.summary(outcome) == [
                "unreached-scene orphan: scene orphan is never shown: no segue, relationship or reference leads to it from the initial scene"
            ])
        #expect(outcome.output.contains("coverage: scenes 3/4, segues 1/2, unwinds 0/0\n"))
        #expect(outcome.stepsFiles == [[]])
    }

    // MARK: Formats, traits, determinism

    static func loopApp() throws -> URL {
        try app(
            document(
                initial: "nav",
                navigation("nav", root: "a"),
                scene("a", "AViewController", segues: segue("b", "show", "toB", "s1")),
                scene("b", "BViewController", segues: segue("a", "show", "toA", "s2"))
            )
        )
    }

    @Test func jsonAndDot() async throws {
        let app = try Self.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        let json = try await ExploreCommand.explore([app.path, "--format", "json", "--depth", "2"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["states"] as? Int == 3)
        #expect(object["transitions"] as? Int == 3)
        #expect(object["depth_reached"] as? Int == 2)
        #expect(object["exhaustive"] as? Bool == false)
        #expect((object["coverage"] as? [String: Any])?["segues"] as? [String: Int] == ["exercised": 2, "total": 2])
        #expect((object["findings_by_kind"] as? [String: Int])?["unbounded-growth"] == 0)
        let dot = try await ExploreCommand.explore([app.path, "--format", "dot", "--depth", "2"])
        #expect(
            dot.output == """
                digraph explore {
                  rankdir=LR;
                  node [shape=box, fontsize=10];
                  edge [fontsize=8];
                  s0 [label="#0 a\\ndepth 0"];
                  s1 [label="#1 b\\ndepth 1"];
                  s2 [label="#2 a\\ndepth 2", style=dashed];
                  s0 -> s1 [label="segue a toB"];
                  s1 -> s2 [label="segue b toA"];
                  s1 -> s0 [label="back"];
                }

                """)
    }

    /// With --traits both, turning the device is an action: [a b] compact is reached by turning
    /// in [a b] and by the segue in [a] compact, and kept once.
    @Test func bothTraits() async throws {
        let app = try Self.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await ExploreCommand.explore([app.path, "--traits", "both", "--depth", "2"])
        let states = try #require(outcome.exploration?.states)
        #expect(states.map { $0.snapshot.traits == .compact } == [false, false, true, false, true])
        #expect(states.map(\.path.last?.step) == [nil, "segue a toB", "traits compact", "segue b toA", "traits compact"])
    }

    /// One worker or four: the same states, transitions and findings.
    @Test func deterministicWhateverTheWorkers() async throws {
        let app = try Self.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        let one = try await ExploreCommand.explore([app.path, "--workers", "1", "--traits", "both"]).exploration
        let four = try await ExploreCommand.explore([app.path, "--workers", "4", "--traits", "both"]).exploration
        #expect(one?.states == four?.states)
        #expect(one?.transitions == four?.transitions)
        #expect(one?.findings == four?.findings)
    }

    /// A steps file's `# run:` line runs from any folder: the app's path is made absolute, as
    /// the steps file's own is (a new user's trial: a relative app path beside an absolute
    /// steps path worked only from the folder explore ran in).
    @Test func stepsFileRunLine_namesTheAppByItsAbsolutePath() async throws {
        let app = try Self.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        // The app's path relative to the current folder: up to the root, then down.
        let depth = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents.count - 1
        let relative = String(repeating: "../", count: depth) + String(app.path.dropFirst())
        let steps = app.appendingPathComponent("steps")
        let outcome = try await ExploreCommand.explore([relative, "--steps-dir", steps.path])
        let file = try #require(outcome.stepsFiles.first?.first)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let run = text.split(separator: "\n").first { $0.hasPrefix("# run: ") }
        #expect(run == "# run: navstress drive \(ExploreRenderer.shellQuoted(app.standardizedFileURL.path)) --steps \(ExploreRenderer.shellQuoted(file))")
    }

    @Test func badUsage() async throws {
        await #expect(throws: UsageError.self) { try await ExploreCommand.explore([]) }
        await #expect(throws: UsageError.self) { try await ExploreCommand.explore(["x", "--traits", "tall"]) }
        await #expect(throws: UsageError.self) { try await ExploreCommand.explore(["x", "--format", "xml"]) }
        // A new user's trial: a missing app folder was "cannot read storyboard", and a steps
        // folder that is a file had the system's generic message.
        let missing = await #expect(throws: UsageError.self) { try await ExploreCommand.explore(["/nonexistent/app"]) }
        #expect(missing?.description == "/nonexistent/app: no such file")
        let app = try Self.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        let file = app.appendingPathComponent("Main.storyboard").path
        let notAFolder = await #expect(throws: UsageError.self) {
            try await ExploreCommand.explore([app.path, "--steps-dir", file])
        }
        #expect(notAFolder?.description == "--steps-dir '\(file)' is a file, not a folder")
    }
}
