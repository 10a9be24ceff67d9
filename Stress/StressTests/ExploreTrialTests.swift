import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
@testable import NavStressKit
import Testing

/// `navstress explore` on the shapes a new user's trial found mis-reported (issue trial 14):
/// each finding's steps file reproduces it through `drive` (``ExploreCommandTests/explore(_:_:)``
/// checks every one), and the command's wording, formats and refusals.
@Suite struct ExploreTrialTests {
    typealias App = ExploreCommandTests

    static func tabBar(_ id: String, tabs: [String]) -> String {
        let relationships = tabs.enumerated().map { index, tab in
            "<segue destination=\"\(tab)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"t-\(id)-\(index)\"/>"
        }
        return App.scene(id, nil, kind: "tabBarController", segues: relationships.joined())
    }

    /// Trial item 1: a full-screen message whose only segue is a `show`, which pushes behind the
    /// presentation (R2.2). Before: only the stack's growth was reported.
    @Test func presentedScreenWhoseOnlySeguePushesBehindIt() async throws {
        let app = try App.app(
            App.document(
                initial: "nav",
                App.navigation("nav", root: "inbox"),
                App.scene("inbox", "InboxViewController", segues: App.segue("message", "presentation", "compose", "s1", " modalPresentationStyle=\"fullScreen\"")),
                App.scene("message", "MessageViewController", segues: App.segue("other", "show", "more", "s2")),
                App.scene("other", "OtherViewController")
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await App.explore(app)
        #expect(outcome.exit == .success)
        #expect(
            App.summary(outcome) == [
                "no-way-back message: presented message (fullScreen) in #1: no storyboard action leads back (only code can dismiss it)",
                "unbounded-growth other: a loop grows a stack without bound: it ends in [other] twice in #3",
            ])
        let steps = try String(contentsOfFile: outcome.stepsFiles[0][0], encoding: .utf8)
        #expect(steps.hasSuffix("# message presented with no storyboard way back\nsegue inbox compose\nexpect outcome completed\nexpect top message\n"))
    }

    /// Trial item 2 (GoMap's POI shape): a tab's root shows the tab bar controller that holds
    /// it. Before: no finding.
    @Test func tabBarNestedInItsOwnTab() async throws {
        let app = try App.app(
            App.document(
                initial: "tabs",
                Self.tabBar("tabs", tabs: ["navA", "navB"]),
                App.navigation("navA", root: "a"),
                App.navigation("navB", root: "b"),
                App.scene("a", "AViewController", segues: App.segue("tabs", "show", "again", "s1")),
                App.scene("b", "BViewController")
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await App.explore(app, ["--depth", "3"])
        #expect(outcome.exit == .success)
        #expect(App.summary(outcome) == ["unbounded-growth tabs navA: a loop nests containers without bound: [tabs → navA] holds [tabs → navA] again in #1"])
        let steps = try String(contentsOfFile: outcome.stepsFiles[0][0], encoding: .utf8)
        #expect(steps.hasSuffix("# [tabs → navA] nested in itself\nsegue a again\nexpect outcome completed\nexpect top a\n"))
    }

    /// Trial item 3: a custom segue (SWRevealViewController's, nRF Mesh's DialogSegue) is run
    /// by its class's perform() in UIKit; the runtime presents full screen instead. The finding
    /// says so and is a note (exit 0, no warning). Before: a warning with no word of it.
    @Test func customSegueAssumptionIsANote() async throws {
        let app = try App.app(
            App.document(
                initial: "home",
                App.scene("home", "HomeViewController", segues: App.segue("menu", "custom", "reveal", "s1", " customClass=\"RevealSegue\"")),
                App.scene("menu", "MenuViewController")
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await App.explore(app)
        #expect(outcome.exit == .success)
        let message = "presented menu (fullScreen) in #1: no storyboard action leads back (only code can dismiss it); assumed: custom segue home/reveal (RevealSegue) presents full screen, but its perform() decides what it does"
        #expect(App.summary(outcome) == ["no-way-back menu: " + message])
        #expect(outcome.output.contains("findings: 0 errors, 0 warnings, 1 note\n  no-way-back: 1\nnote: no-way-back: " + message + "\n"))
        let json = try await ExploreCommand.explore([app.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let finding = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(finding["severity"] as? String == "note")
        #expect(finding["assumption"] as? String == "assumed: custom segue home/reveal (RevealSegue) presents full screen, but its perform() decides what it does")
        #expect(object["warnings"] as? Int == 0)
        #expect(object["notes"] as? Int == 1)
        #expect(object["errors"] as? Int == 0)
    }

    /// Trial item 5: a scene code makes by storyboard ID names where; a scene nothing leads to
    /// does not blame the bounds, even when one was reached. Before: "(within the bounds)" and
    /// no word of the code.
    @Test func unreachedScenesMadeInCodeOrLedToByNothing() async throws {
        let app = try App.app(
            App.document(
                initial: "nav",
                App.navigation("nav", root: "a"),
                App.scene("a", "AViewController", segues: App.segue("b", "show", "toB", "s1")),
                App.scene("b", "BViewController", segues: App.segue("a", "show", "toA", "s2")),
                App.scene("pages", "PagesViewController", extra: "").replacingOccurrences(of: "id=\"pages\"", with: "id=\"pages\" storyboardIdentifier=\"code\""),
                App.scene("lonely", "LonelyViewController")
            ),
            sources: [
                "PagesController.swift": "import UIKit\nclass PagesController {\n    func make() { _ = storyboard?.instantiateViewController(withIdentifier: \"code\") }\n}\n"
            ]
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await App.explore(app, ["--depth", "2"])
        #expect(outcome.exploration?.isExhaustive == false)
        #expect(
            App.summary(outcome) == [
                "unreached-scene lonely: scene lonely is never shown: no segue, relationship or reference leads to it from the initial scene",
                "unreached-scene pages: scene pages is never shown: no segue, relationship or reference leads to it from the initial scene",
            ])
        #expect(outcome.madeInCode == [1: ["PagesController.swift:3"]])
        #expect(
            outcome.output.hasSuffix(
                "note: unreached-scene: scene pages is never shown: no segue, relationship or reference leads to it from the initial scene\n  made in code: PagesController.swift:3 (instantiated by storyboard ID; no segue shows it)\n"
                    + "  scenes: pages: PagesViewController, Main.storyboard:30\n"
            ))
    }

    /// Trial item 10: `--depth 0` tries nothing, so it is refused (exit 2) rather than passing.
    @Test func depthZeroIsRefused() async throws {
        let app = try ExploreCommandTests.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        do {
            _ = try await ExploreCommand.explore([app.path, "--depth", "0"])
            Issue.record("--depth 0 was accepted")
        } catch {
            #expect("\(error)" == "--depth 0 tries no action (only the initial state is found): give 1 or more")
        }
    }

    /// The restoration check is asked for, and asking for it and against it at once is refused.
    @Test func restorationCheckFlagsExcludeEachOther() async throws {
        let app = try ExploreCommandTests.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        do {
            _ = try await ExploreCommand.explore([app.path, "--restoration-check", "--no-restoration-check"])
            Issue.record("both flags were accepted")
        } catch {
            #expect("\(error)" == "--restoration-check and --no-restoration-check exclude each other")
        }
        let help = try await ExploreCommand.explore(["--help"]).output
        #expect(help.contains("[--workers N] [--restoration-check]"))
    }

    /// Trial item 7: help says a dismissal is code's, not a user's way back, and that
    /// --steps-dir replaces its own earlier files (and only those, as it does).
    @Test func helpAndStepsDir() async throws {
        let output = try await ExploreCommand.explore(["--help"]).output
        let help = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("and a dismissal of the top presentation, which only code can do: it is explored (and drawn in --format dot), but no-way-back does not count it as a way back."))
        #expect(help.contains("Files named N-KIND.steps or N-KIND-K.steps there (an earlier run's) are deleted first; other files are kept."))
        #expect(!help.contains("back, dismiss of the top presentation"))
        let app = try ExploreCommandTests.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        let steps = app.appendingPathComponent("steps")
        try FileManager.default.createDirectory(at: steps, withIntermediateDirectories: true)
        try "old\n".write(to: steps.appendingPathComponent("7-no-way-back.steps"), atomically: true, encoding: .utf8)
        try "mine\n".write(to: steps.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        _ = try await ExploreCommand.explore([app.path, "--steps-dir", steps.path])
        let left = try FileManager.default.contentsOfDirectory(atPath: steps.path).sorted()
        #expect(left == ["1-unbounded-growth.steps", "notes.txt"])
    }

    /// Trial item 9: an action that leaves its state as it was is drawn as a dotted loop, its
    /// outcome in the label; the findings line counts in the singular when it is one.
    @Test func dotDrawsLoopsAndCountsAreSingular() async throws {
        let app = try App.app(
            App.document(
                initial: "nav",
                App.navigation("nav", root: "a"),
                App.scene("a", "AViewController", segues: App.segue("nav2", "push", "pushNav", "s1")),
                App.navigation("nav2", root: "b"),
                App.scene("b", "BViewController")
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let dot = try await ExploreCommand.explore([app.path, "--format", "dot"])
        #expect(dot.output.contains("  s0 -> s0 [label=\"segue a pushNav (failed pushingNavigationController)\", style=dotted];\n"))
        let text = try await ExploreCommand.explore([app.path])
        #expect(text.output.contains("findings: 1 error, 0 warnings, 3 notes\n"))
    }

    /// Trial item 9: a holding `expect outcome` line echoes "holds", not the outcome it checked.
    @Test func driveEchoesExpectationsAsHolding() async throws {
        let app = try ExploreCommandTests.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        let file = app.appendingPathComponent("check.steps")
        try "segue a toB\nexpect outcome completed\nexpect top b\n".write(to: file, atomically: true, encoding: .utf8)
        let drive = try await DriveCommand.drive([app.path, "--steps", file.path])
        #expect(drive.exit == .success)
        #expect(drive.output.contains("step 2: expect outcome completed -> holds, top b\n"))
        #expect(drive.output.contains("step 3: expect top b -> holds, top b\n"))
    }

    /// Trial item 8: a storyboard FILE whose reference names a storyboard not beside it points
    /// to the app folder; a storyboard with no scenes says so.
    @Test func singleFileErrors() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let referencing = root.appendingPathComponent("Main.storyboard")
        try LintCommandTests.issueApp()["App/Base.lproj/Main.storyboard"]?.write(to: referencing, atomically: true, encoding: .utf8)
        do {
            _ = try await ExploreCommand.explore([referencing.path])
            Issue.record("a missing referenced storyboard was accepted")
        } catch {
            #expect("\(error)".hasSuffix("the app has no storyboard named 'Settings' (Settings.storyboard); a storyboard FILE reads only the storyboards beside it that its references name: pass the app folder instead"))
        }
        let empty = root.appendingPathComponent("Empty.storyboard")
        try "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\"><scenes/></document>\n"
            .write(to: empty, atomically: true, encoding: .utf8)
        do {
            _ = try await ExploreCommand.explore([empty.path])
            Issue.record("a storyboard with no scenes was accepted")
        } catch {
            #expect("\(error)" == "\(empty.path) has no scenes: there is nothing to start from")
        }
    }
}
