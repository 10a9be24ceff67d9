import Foundation
import NavigationRuntime
import NavigationRuntimeTesting
@testable import NavStressKit
import Testing

/// What `navstress explore`'s report says beyond the findings themselves, as two new users'
/// trials asked for: the scenes a finding names, with their classes and places; the other
/// paths it compares; what code could answer when no sources were read; why a scene only an
/// unbuilt relationship leads to is never shown; no note repeated; a steps folder's error.
/// On the hand-written apps of ``ExploreCommandTests``.
@Suite struct ExploreReportTests {
    typealias App = ExploreCommandTests

    /// With no sources read, a no-way-back finding says that code may dismiss the screen, and
    /// every finding names its scenes' classes and places; the warning that no controller
    /// declares an unwind action is given only for an app that has exits.
    @Test func withNoSourcesRead_noWayBackSaysCodeMayDismiss_andScenesAreNamed() async throws {
        let app = try App.app(
            App.document(
                initial: "nav",
                App.navigation("nav", root: "home"),
                App.scene("home", "HomeViewController", segues: App.segue("cover", "presentation", "cover", "s1", " modalPresentationStyle=\"fullScreen\"")),
                App.scene("cover", "CoverViewController")
            ),
            sources: ["CoverViewController.swift": "class CoverViewController: UIViewController {}\n"]
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await ExploreCommand.explore([app.path, "--no-sources"])
        #expect(outcome.warnings.isEmpty)
        let line = outcome.output.components(separatedBy: "\n")
        let finding = try #require(line.firstIndex { $0.hasPrefix("warning: no-way-back:") })
        let (cover, home) = (try Self.line(of: "cover", in: app), try Self.line(of: "home", in: app))
        #expect(
            Array(line[finding...].prefix(4)) == [
                "warning: no-way-back: presented cover (fullScreen) in #1: no storyboard action leads back (only code can dismiss it)",
                "  shortest: segue home cover",
                "  no sources read: code may dismiss it (drop --no-sources, or give --sources DIR, to look)",
                "  scenes: cover: CoverViewController, Main.storyboard:\(cover); home: HomeViewController, Main.storyboard:\(home)",
            ])
        let read = try await ExploreCommand.explore([app.path])
        #expect(!read.output.contains("no sources read"))
    }

    /// The line of the storyboard where the controller `id` is declared.
    static func line(of id: String, in app: URL) throws -> Int {
        let text = try String(contentsOf: app.appendingPathComponent("Main.storyboard"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        return (lines.firstIndex { $0.contains(" id=\"\(id)\"") && $0.contains("sceneMemberID") } ?? -1) + 1
    }

    /// An exit no controller declares: one unwind-no-destination error, not also an
    /// unreached-segue note for the same exit; and with no sources read, the warning says so.
    @Test func anExitThatNeverFindsADestination_isNotNotedTwice() async throws {
        let app = try App.app(
            App.document(
                initial: "nav",
                App.navigation("nav", root: "list"),
                App.scene("list", "ListViewController", segues: App.segue("picker", "show", "pick", "s1")),
                App.picker()
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await ExploreCommand.explore([app.path, "--no-sources"])
        #expect(
            App.summary(outcome) == [
                "unwind-no-destination picker/done: unwind exit picker/done (unwindToHome:) finds no destination in 1 of 1 states where it is visible (#1); it finds one in none"
            ])
        #expect(outcome.warnings == ["navstress: warning: no sources read (--no-sources): no controller declares an unwind action"])
        let lines = outcome.output.components(separatedBy: "\n")
        let error = try #require(lines.firstIndex { $0.hasPrefix("error: unwind-no-destination:") })
        #expect(
            Array(lines[(error + 1)...].prefix(2)) == [
                "  shortest: segue list pick ; segue picker done",
                "  no sources read: a controller's code may declare its action (drop --no-sources, or give --sources DIR, to look)",
            ])
        // Its steps file's exit, driven with --json, says why it found no destination (the
        // `segue SOURCE EXIT` form, as explore writes it, like an `unwind` step).
        let steps = app.appendingPathComponent("exit.steps")
        try "segue list pick\nsegue picker done\n".write(to: steps, atomically: true, encoding: .utf8)
        let drive = try await DriveCommand.drive([app.path, "--steps", steps.path, "--no-sources", "--json"])
        #expect(
            drive.output.contains(
                "\"reason\": \"no controller declares unwindToHome:, but no sources were read (--no-sources): give --sources DIR or a 'handles CLASS unwindToHome:' step\""
            ))
    }

    /// A path-dependent segue's text names both paths: where it presents (shortest) and where
    /// it pushes (`also, …:`), as its steps files do; a scene with no class of its own is named
    /// by UIKit's class.
    @Test func aPathDependentSegue_namesBothPaths() async throws {
        let app = try App.app(
            App.document(
                initial: "home",
                App.scene("home", "HomeViewController", segues: App.segue("detail", "presentation", "open", "s1") + App.segue("nav", "presentation", "wrap", "s2")),
                App.navigation("nav", root: "detail"),
                App.scene("detail", nil, segues: App.segue("extra", "show", "more", "s3")),
                App.scene("extra", "ExtraViewController")
            )
        )
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await App.explore(app)
        let lines = outcome.output.components(separatedBy: "\n")
        let finding = try #require(lines.firstIndex { $0.hasPrefix("warning: path-dependent-segue:") })
        #expect(lines[finding] == "warning: path-dependent-segue: segue detail/more depends on the path: it presents in #1, pushes in #2")
        #expect(lines[finding + 1] == "  shortest: segue home open ; segue detail more")
        #expect(lines[finding + 2] == "  also, detail/more pushes: segue home wrap ; segue detail more")
        let (detail, home) = (try Self.line(of: "detail", in: app), try Self.line(of: "home", in: app))
        #expect(lines.contains("  scenes: detail: UIViewController, Main.storyboard:\(detail); home: HomeViewController, Main.storyboard:\(home)"))
    }

    /// A scene only a split's supplementary column leads to: the note says the runtime does not
    /// build that relationship, not that nothing leads to it.
    @Test func aSceneOnlyAnIgnoredRelationshipLeadsTo_saysWhy() async throws {
        /// A split whose supplementary column is `side`; `detailSegues` and `more` scenes added.
        func splitApp(detailSegues: String = "", _ more: String...) throws -> URL {
            let relationships =
                "<segue destination=\"primary\" kind=\"relationship\" relationship=\"masterViewController\" id=\"r1\"/>"
                + "<segue destination=\"side\" kind=\"relationship\" relationship=\"supplementaryViewController\" id=\"r2\"/>"
                + "<segue destination=\"detail\" kind=\"relationship\" relationship=\"detailViewController\" id=\"r3\"/>"
            let scenes = [
                App.scene("split", "RootSplitViewController", kind: "splitViewController", segues: relationships),
                App.scene("primary", "PrimaryViewController"),
                App.scene("side", "TimelineViewController"),
                App.scene("detail", "DetailViewController", segues: detailSegues),
            ] + more
            return try App.app(LintCommandTests.document(initial: "split", scenes))
        }
        let app = try splitApp()
        defer { try? FileManager.default.removeItem(at: app) }
        let outcome = try await ExploreCommand.explore([app.path])
        let side = try Self.line(of: "side", in: app)
        #expect(App.summary(outcome) == ["unreached-scene side: scene side is never shown"])
        #expect(outcome.output.hasSuffix(
            "note: unreached-scene: scene side is never shown\n"
                + "  ignored: only the supplementaryViewController relationship of splitViewController split (RootSplitViewController) "
                + "leads to it, and the runtime does not build that relationship (lint: unsupported-relationship)\n"
                + "  scenes: side: TimelineViewController, Main.storyboard:\(side)\n"))

        // A segue chain leads to it too, only past the depth bound: no longer "only" the
        // relationship, so no "ignored:" line.
        let chained = try splitApp(
            detailSegues: App.segue("mid", "show", "toMid", "s1"),
            App.scene("mid", "MidViewController", segues: App.segue("side", "show", "toSide", "s2")))
        defer { try? FileManager.default.removeItem(at: chained) }
        let bounded = try await ExploreCommand.explore([chained.path, "--depth", "1"])
        #expect(App.summary(bounded).contains("unreached-scene side: scene side is never shown (within the bounds)"))
        #expect(!bounded.output.contains("ignored:"))
    }

    /// A steps folder that cannot be made says why in the system's words.
    @Test func aStepsFolderThatCannotBeMade_saysWhy() async throws {
        let app = try App.loopApp()
        defer { try? FileManager.default.removeItem(at: app) }
        let made = await #expect(throws: UsageError.self) {
            try await ExploreCommand.explore([app.path, "--steps-dir", "/proc/no-such-folder/steps"])
        }
        #expect(made?.description == "--steps-dir '/proc/no-such-folder/steps' cannot be made: No such file or directory")
    }

    /// A folder of two targets, each with a `Main.storyboard` (a helper's trial): the one named
    /// by its path is explored; the steps files' `drive` line names it by its path from the
    /// folder (it runs from any folder, whatever the current directory was); the scenes line
    /// names the file by its path, since another file has its name; and the hint says that the
    /// folder has no source file rather than asking for the folder.
    @Test func twoTargetsMain_pathChosen_runLineAndScenesNameThePath_hintSaysNoSources() async throws {
        let main = App.document(
            initial: "a",
            App.scene("a", "AController", segues: App.segue("x", "presentation", "p", "s1", " modalPresentationStyle=\"fullScreen\"")),
            App.scene("x", "XController")
        )
        let root = try StoryboardAppCommandTests.folder([
            "AppA/Main.storyboard": main,
            "AppB/Main.storyboard": main.replacingOccurrences(of: "AController", with: "BController"),
        ])
        let steps = root.appendingPathComponent("steps")
        defer { try? FileManager.default.removeItem(at: root) }
        let chosen = root.appendingPathComponent("AppA/Main.storyboard").path
        let outcome = try await ExploreCommand.explore([root.path, "--storyboard", chosen, "--steps-dir", steps.path])
        let lines = outcome.output.components(separatedBy: "\n")
        let finding = try #require(lines.firstIndex { $0.hasPrefix("warning: no-way-back:") })
        #expect(
            Array(lines[finding...].prefix(5)) == [
                "warning: no-way-back: presented x (fullScreen) in #1: no storyboard action leads back (only code can dismiss it)",
                "  shortest: segue a p",
                "  steps: \(steps.path)/1-no-way-back.steps",
                "  no sources read: code may dismiss it (no Swift or Objective-C file under \(root.path): give --sources DIR to look)",
                "  scenes: x: XController, AppA/Main.storyboard:14; a: AController, AppA/Main.storyboard:6",
            ]
        )
        let file = try String(contentsOf: steps.appendingPathComponent("1-no-way-back.steps"), encoding: .utf8)
        #expect(file.components(separatedBy: "\n")[1] == "# run: navstress drive \(root.path) --storyboard AppA/Main.storyboard --steps \(steps.path)/1-no-way-back.steps")
        // The line's --storyboard reads from the folder: it reproduces.
        let driven = try await StoryboardAppCommandTests.drive(root.path, steps: file, ["--storyboard", "AppA/Main.storyboard"])
        #expect(driven.exit == .success)
    }
}
