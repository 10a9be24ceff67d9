import Foundation
import NavigationRuntime
@testable import NavStressKit
import Testing

/// `drive` on the shapes real app folders have, after two new users' trials: several targets
/// (an app and its extensions, each with a `MainInterface`), a storyboard shared by targets,
/// localized copies, a navigation controller embedded through a container view; and what a
/// failing step says. On hand-written folders of ``StoryboardAppCommandTests``.
@Suite struct DriveAppShapeTests {
    typealias App = StoryboardAppCommandTests

    /// A folder of several targets (passforios: an app and two extensions, each extension with
    /// its `MainInterface`): a name two targets share is refused, not picked silently; a path
    /// picks one; localized copies of one storyboard are not a clash.
    @Test func drive_appFolder_nameTwoTargetsShare_refused_aPathPicksOne() async throws {
        let root = try App.folder([
            "Share/Base.lproj/MainInterface.storyboard": App.document(initial: "share", App.scene("share")),
            "Share/en.lproj/MainInterface.storyboard": App.document(initial: "shareEN", App.scene("shareEN")),
            "Today/Base.lproj/MainInterface.storyboard": App.document(initial: "today", App.scene("today")),
            "App/Base.lproj/Settings.storyboard": App.document(initial: "settings", App.scene("settings")),
            "App/en.lproj/Settings.storyboard": App.document(initial: "settingsEN", App.scene("settingsEN")),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let clash = await #expect(throws: UsageError.self) { try await App.drive(root.path, steps: "", ["--storyboard", "MainInterface"]) }
        #expect(
            clash?.description
                == "\(root.path): 2 storyboards are named 'MainInterface', in different folders (Share/Base.lproj/MainInterface.storyboard, Today/Base.lproj/MainInterface.storyboard): name one by its path, as in --storyboard Share/Base.lproj/MainInterface.storyboard"
        )
        // No Main: three storyboards have an initial controller, two of them by one name.
        let ambiguous = await #expect(throws: UsageError.self) { try await App.drive(root.path, steps: "") }
        #expect(
            ambiguous?.description
                == "\(root.path): which storyboard starts the app? 3 have an initial view controller (Settings, Share/Base.lproj/MainInterface.storyboard, Today/Base.lproj/MainInterface.storyboard) and none is named Main: name one with --storyboard NAME"
        )
        #expect(try await App.drive(root.path, steps: "expect top today\n", ["--storyboard", "Today/Base.lproj/MainInterface.storyboard"]).exit == .success)
        #expect(try await App.drive(root.path, steps: "expect top shareEN\n", ["--storyboard", "Share/en.lproj/MainInterface.storyboard"]).exit == .success)
        // A path from the current directory names the same file.
        let absolute = root.appendingPathComponent("Today/Base.lproj/MainInterface.storyboard").path
        #expect(try await App.drive(root.path, steps: "expect top today\n", ["--storyboard", absolute]).exit == .success)
        // Localized copies are one storyboard: the name picks the Base.lproj copy; `.storyboard` may be added.
        #expect(try await App.drive(root.path, steps: "expect top settings\n", ["--storyboard", "Settings.storyboard"]).exit == .success)
        let missing = await #expect(throws: UsageError.self) { try await App.drive(root.path, steps: "", ["--storyboard", "Today/Main.storyboard"]) }
        #expect(
            missing?.description
                == "\(root.path) has no storyboard file Today/Main.storyboard (it has: App/Base.lproj/Settings.storyboard, App/en.lproj/Settings.storyboard, Share/Base.lproj/MainInterface.storyboard, Share/en.lproj/MainInterface.storyboard, Today/Base.lproj/MainInterface.storyboard)"
        )
        // A Main in two targets is refused too; `run` (no NAME option) says to pass a FILE.
        try App.document(initial: "mainA", App.scene("mainA")).write(to: root.appendingPathComponent("Share/Main.storyboard"), atomically: true, encoding: .utf8)
        try App.document(initial: "mainB", App.scene("mainB")).write(to: root.appendingPathComponent("Today/Main.storyboard"), atomically: true, encoding: .utf8)
        var configuration = LoadConfiguration()
        configuration.storyboard = root.path
        let run = #expect(throws: UsageError.self) { try StoryboardLoad.load(configuration) }
        #expect(run?.description == "\(root.path): 2 storyboards are named 'Main', in different folders (Share/Main.storyboard, Today/Main.storyboard): pass one FILE as --storyboard")
        #expect(try await App.drive(root.path, steps: "expect top mainB\n", ["--storyboard", "Today/Main.storyboard"]).exit == .success)
        // A path reads from the folder first, whatever the current directory holds (a helper's
        // trial: `drive app --storyboard app/X/Main.storyboard` with `app/X/` and `app/app/X/`
        // both there took the current directory's reading).
        let inner = root.appendingPathComponent(root.lastPathComponent + "/Today/Main.storyboard")
        try FileManager.default.createDirectory(at: inner.deletingLastPathComponent(), withIntermediateDirectories: true)
        try App.document(initial: "inner", App.scene("inner")).write(to: inner, atomically: true, encoding: .utf8)
        var choice = StoryboardChoice(bundle: try StoryboardApp.load(root.path, storyboardName: "Today/Main.storyboard").bundle, folder: root.path)
        choice.currentDirectory = root.deletingLastPathComponent().path
        let both = root.lastPathComponent + "/Today/Main.storyboard"
        #expect(choice.file(both)?.initialViewControllerID == "inner", "the folder's reading")
        #expect(choice.file("Today/Main.storyboard")?.initialViewControllerID == "mainB")
        choice.currentDirectory = root.path
        #expect(choice.file("../" + both)?.initialViewControllerID == "mainB", "the current directory's, where the folder's is none of the app's")
    }

    /// A storyboard shared by two targets references `Detail`, which each target has: a run
    /// started from a target's storyboard takes that target's copy (a helper's trial found the
    /// app's copy taken from the extension); where the start cannot tell, drive warns.
    @Test func drive_sharedStoryboardsReference_takesTheStartedTargetsCopy_elseWarns() async throws {
        let reference = { (id: String, name: String) in App.scene(id, kind: "viewControllerPlaceholder", attributes: "storyboardName=\"\(name)\"") }
        let root = try App.folder([
            "Common/Editor.storyboard": App.document(initial: "e", reference("e", "Detail")),
            "AppA/Main.storyboard": App.document(initial: "ma", reference("ma", "Editor")),
            "AppA/Detail.storyboard": App.document(initial: "da", App.scene("da")),
            "AppB/Base.lproj/Main.storyboard": App.document(initial: "mb", reference("mb", "Editor")),
            "AppB/Base.lproj/Detail.storyboard": App.document(initial: "db", App.scene("db")),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let b = try await App.drive(root.path, steps: "expect top db\n", ["--storyboard", "AppB/Base.lproj/Main.storyboard"])
        #expect(b.exit == .success, "\(b.output)")
        #expect(b.warnings == [], "the start decides")
        let a = try await App.drive(root.path, steps: "expect top da\n", ["--storyboard", "AppA/Main.storyboard"])
        #expect(a.exit == .success, "\(a.output)")
        // Started from a third folder, as near to both: the first, and a warning that says so.
        try App.document(initial: "mc", reference("mc", "Editor")).write(to: root.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        let c = try await App.drive(root.path, steps: "expect top db\n", ["--storyboard", "./Main.storyboard"])
        #expect(c.exit == .success, "\(c.output)")
        #expect(
            c.warnings == [
                "navstress: warning: \(root.path)/Common/Editor.storyboard:6:17: storyboard reference to 'Detail': 2 storyboards of that name are in folders equally near this one (\(root.path)/AppB/Base.lproj/Detail.storyboard, \(root.path)/AppA/Detail.storyboard); UIKit takes the copy of the target that loads this storyboard, which a folder does not say, and the runtime takes the first: give the copies names of their own to make it plain [ambiguous-reference]"
            ]
        )
    }

    /// Localized copies whose scenes share ids but not classes (a helper's trial): an
    /// expectation matches the copy the run reads, and a message names that copy's class.
    @Test func drive_localizedCopies_expectationsReadTheCopyTheRunReads() async throws {
        let copy = { (language: String) in
            App.document(initial: "home", App.scene("home", attributes: "customClass=\"Home\(language)\""))
        }
        let root = try App.folder(["App/en.lproj/Main.storyboard": copy("En"), "App/fr.lproj/Main.storyboard": copy("Fr")])
        defer { try? FileManager.default.removeItem(at: root) }
        let fr = try await App.drive(root.path, steps: "expect top HomeFr\n", ["--storyboard", "App/fr.lproj/Main.storyboard"])
        #expect(fr.exit == .success, "\(fr.output)")
        let wrong = try await App.drive(root.path, steps: "expect top HomeFr\n", ["--storyboard", "App/en.lproj/Main.storyboard"])
        #expect(wrong.exit == .failure)
        #expect(wrong.output.hasPrefix("step 1: expect top HomeFr -> does not hold (expected top HomeFr, top is home (HomeEn)), top home"), "\(wrong.output)")
    }

    /// What a failing step says points at the fix: the segues the scene has, a name no scene
    /// of the app has, why an unwind found no destination with the sources read.
    @Test func drive_failingStepsSayWhatTheAppHas() async throws {
        let root = try App.folder([
            "Main.storyboard": App.document(
                initial: "list",
                App.scene("list", attributes: "customClass=\"ListController\"", body: #"<connections><segue destination="list" kind="show" identifier="open" id="s1"/><segue destination="list" kind="show" id="s2"/></connections>"#)
            ),
            "ListController.swift": "class ListController: UIViewController {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await App.drive(
            root.path, steps: "perform ListController nope\nexpect top Lsit\nexpect top list\nunwind ListController fooBar:\n", ["--keep-going"])
        let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("step") }
        #expect(
            lines == [
                "step 1: perform ListController nope -> failed (scene 'ListController' has no segue 'nope' (R1.3; it has: open, s2)), top list",
                "step 2: expect top Lsit -> does not hold (expected top Lsit, top is list (ListController); no scene of the app has the id, storyboard ID or class 'Lsit'), top list",
                "step 3: expect top list -> holds, top list",
                "step 4: unwind ListController fooBar: -> noDestination (no controller from ListController up the tree declares fooBar: (the sources' @IBAction methods and 'handles' steps)), top list",
            ]
        )
    }

    /// A content controller that embeds a navigation controller through a container view (as
    /// passforios' extension does): the embedded stack is the top path's, so that `expect
    /// top`, `expect stack` and `back` work in it (a helper's trial found `expect stack` saying
    /// there was no navigation controller). An embedded content controller is not.
    @Test func drive_navigationEmbeddedInAContainerView_isOnTheTopPath() async throws {
        let embed = #"<view key="view" id="v-host"><subviews><containerView id="cv"><connections><segue destination="nav" kind="embed" id="e1"/></connections></containerView></subviews></view>"#
        let root = try App.folder([
            "Main.storyboard": App.document(
                initial: "host",
                App.scene("host", attributes: "customClass=\"HostController\"", body: embed),
                App.scene("nav", kind: "navigationController", body: #"<connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>"#),
                App.scene("list", attributes: "customClass=\"ListController\"", body: #"<connections><segue destination="detail" kind="show" identifier="open" id="s1"/></connections>"#),
                App.scene("detail", attributes: "customClass=\"DetailController\"")
            )
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let steps = """
            expect top ListController
            expect stack ListController
            segue ListController open
            expect stack ListController DetailController
            back
            expect top ListController
            """
        let run = try await App.drive(root.path, steps: steps + "\n")
        #expect(run.exit == .success, "\(run.output)")
        #expect(run.output.contains("step 6: expect top ListController -> holds"), "\(run.output)")

        // An embedded content controller (a legend) is part of its host's screen: the host is the top.
        let legend = embed.replacingOccurrences(of: "destination=\"nav\"", with: "destination=\"legend\"")
        let other = try App.folder([
            "Main.storyboard": App.document(
                initial: "map",
                App.scene("map", attributes: "customClass=\"MapController\"", body: legend),
                App.scene("legend", attributes: "customClass=\"LegendController\"")
            )
        ])
        defer { try? FileManager.default.removeItem(at: other) }
        let map = try await App.drive(other.path, steps: "expect top MapController\n")
        #expect(map.exit == .success, "\(map.output)")
    }
}
