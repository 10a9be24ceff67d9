// Tests: lint over a whole app (StoryboardBundle): references across folders, reference
// cycles, unwinds resolved across storyboards, R2.12 across references, unknown segue kinds,
// duplicate scene ids, and zero errors on every fixture app and fixture folder.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardAppLintTests {
    typealias XML = StoryboardXML

    static func placeholder(_ id: String, _ attributes: String) -> String {
        XML.scene(id, kind: "viewControllerPlaceholder", attributes: attributes)
    }

    /// A bundle of storyboards written to a temporary folder at relative paths, loaded as one app.
    static func app(_ files: [String: String]) throws -> (root: URL, bundle: StoryboardBundle) {
        let root = try StoryboardBundleTests.folder(files)
        return (root, try StoryboardBundle.load([root]))
    }

    static func rules(_ diagnostics: [StoryboardDiagnostic]) -> [String] {
        diagnostics.map { "\($0.severity.rawValue) \($0.ruleID)" }
    }

    /// The issue's shape: `App/Main.storyboard` pushes `Settings` (another folder) through a
    /// reference; Settings references back into Main (by storyboard identifier); Settings'
    /// exit unwinds to `unwindToHome:`, which Main's home controller declares.
    static func issueApp(settingsExitAction: String = "unwindToHome:") -> [String: String] {
        [
            "App/Base.lproj/Main.storyboard": XML.document(
                initial: "nav",
                XML.scene(
                    "nav", kind: "navigationController",
                    body: XML.connections(XML.segue("r", to: "home", kind: "relationship", "relationship=\"rootViewController\""))),
                XML.scene("home", attributes: "customClass=\"HomeViewController\" customModule=\"App\"", body: XML.button("b1", XML.segue("s1", to: "toSettings"))),
                placeholder("toSettings", "storyboardName=\"Settings\""),
                XML.scene("about", attributes: "storyboardIdentifier=\"About\" customClass=\"AboutViewController\"")),
            "Features/Settings/Base.lproj/Settings.storyboard": XML.document(
                initial: "settings",
                XML.scene(
                    "settings", attributes: "customClass=\"SettingsViewController\"",
                    body: XML.button(
                        "done", XML.segue("u1", to: "exit-settings", kind: "unwind", "unwindAction=\"\(settingsExitAction)\""),
                        XML.segue("s2", to: "toAbout")),
                    extra: "<exit id=\"exit-settings\" sceneMemberID=\"exit\"/>"),
                placeholder("toAbout", "storyboardName=\"Main\" referencedIdentifier=\"About\"")),
        ]
    }

    static let issueTable: [String: Set<String>] = [
        "HomeViewController": ["unwindToHome:"], "SettingsViewController": [], "AboutViewController": ["unwindToAbout:"],
    ]

    @Test func unwind_fromAStoryboardPresentedThroughAReference_backIntoThePresentingOne_isHandled() throws {
        let (root, bundle) = try Self.app(Self.issueApp())
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(bundle.storyboards.count == 2)
        #expect(StoryboardLint(declaredUnwindActions: Self.issueTable).diagnostics(for: bundle) == [])
    }

    @Test func unwind_declaredByNoClassOfTheApp_isError() throws {
        let (root, bundle) = try Self.app(Self.issueApp(settingsExitAction: "unwindToNowhere:"))
        defer { try? FileManager.default.removeItem(at: root) }
        let diagnostics = StoryboardLint(declaredUnwindActions: Self.issueTable).diagnostics(for: bundle)
        #expect(Self.rules(diagnostics) == ["error unhandled-unwind-action"])
        #expect(
            diagnostics[0].message
                == "no controller of the app declares unwind action 'unwindToNowhere:': HomeViewController can be below this scene and is in the sources, "
                + "but does not declare it (add \"unwindToNowhere:\" to its `unwindActions`, or an `@IBAction` taking the segue)")
        #expect(diagnostics[0].location?.file.hasSuffix("Settings.storyboard") == true)
    }

    /// The message says what is true: no sources; the candidate class not in the sources; the
    /// candidate class in the sources without the action (the trial port's MealTableViewController).
    @Test func unwind_message_tellsNoSources_fromAClassNotInTheSources_fromAClassWithoutTheAction() throws {
        let (root, bundle) = try Self.app(Self.issueApp(settingsExitAction: "unwindToMealList:"))
        defer { try? FileManager.default.removeItem(at: root) }
        func message(_ table: [String: Set<String>]?) -> String? {
            StoryboardLint(declaredUnwindActions: table).diagnostics(for: bundle).first { $0.ruleID == "unhandled-unwind-action" }?.message
        }
        #expect(message(nil) == "unwind action 'unwindToMealList:' cannot be checked: no sources were given (pass the app's sources)")
        #expect(
            message(["SettingsViewController": []])
                == "unwind action 'unwindToMealList:' is declared by no known class that can be below this scene (not in the sources: HomeViewController)")
        // The class is in the sources, as a runtime-native actor with no `unwindActions`.
        let sources = AppSourceIndex.scan(sources: [
            "/app/Home.swift": "actor HomeViewController: ViewController {\n    nonisolated let context: ControllerContext\n}\n",
            "/app/Settings.swift": "actor SettingsViewController: ViewController {}\n",
        ])
        #expect(sources.unwindActions == ["HomeViewController": [], "SettingsViewController": []])
        #expect(
            message(sources.unwindActions)
                == "no controller of the app declares unwind action 'unwindToMealList:': HomeViewController can be below this scene and is in the sources, "
                + "but does not declare it (add \"unwindToMealList:\" to its `unwindActions`, or an `@IBAction` taking the segue)")
    }

    @Test func unwind_declaredOnlyByAControllerNeverBelowTheExit_isWarning() throws {
        // AboutViewController declares it, but About is shown above Settings, never below it.
        let (root, bundle) = try Self.app(Self.issueApp(settingsExitAction: "unwindToAbout:"))
        defer { try? FileManager.default.removeItem(at: root) }
        let diagnostics = StoryboardLint(declaredUnwindActions: Self.issueTable).diagnostics(for: bundle)
        #expect(Self.rules(diagnostics) == ["warning unhandled-unwind-action"])
        #expect(
            diagnostics[0].message
                == "unwind action 'unwindToAbout:' is declared only by controllers no storyboard path places below this scene (AboutViewController); it unwinds only if code presents this scene over one")
    }

    @Test func unwind_whenTheStoryboardIsLintedAlone_isNotAnErrorEither() throws {
        // The old per-file false positive: Settings alone cannot see Main below it.
        let (root, bundle) = try Self.app(Self.issueApp())
        defer { try? FileManager.default.removeItem(at: root) }
        let settings = try #require(bundle.storyboard(named: "Settings"))
        let diagnostics = StoryboardLint(declaredUnwindActions: Self.issueTable).diagnostics(for: settings)
        #expect(Self.rules(diagnostics) == ["warning unhandled-unwind-action", "warning missing-reference"])
    }

    @Test func unwind_whenACandidateClassIsNotInTheSources_isWarning() throws {
        let (root, bundle) = try Self.app(Self.issueApp(settingsExitAction: "unwindToNowhere:"))
        defer { try? FileManager.default.removeItem(at: root) }
        let diagnostics = StoryboardLint(declaredUnwindActions: ["SettingsViewController": []]).diagnostics(for: bundle)
        #expect(Self.rules(diagnostics) == ["warning unhandled-unwind-action"])
        #expect(diagnostics[0].message.hasSuffix("(not in the sources: HomeViewController)"))
    }

    @Test func unwind_toAnotherTabOfATabBarBelow_isHandled() throws {
        // UIKit searches a container's other children (R7.4 a–b): tab 0's root declares it.
        let xml = XML.document(
            initial: "tabs",
            XML.scene(
                "tabs", kind: "tabBarController",
                body: XML.connections(
                    XML.segue("t0", to: "first", kind: "relationship", "relationship=\"viewControllers\""),
                    XML.segue("t1", to: "second", kind: "relationship", "relationship=\"viewControllers\""))),
            XML.scene("first", attributes: "customClass=\"FirstViewController\""),
            XML.scene(
                "second", attributes: "customClass=\"SecondViewController\"",
                body: XML.button("b", XML.segue("u", to: "exit-2", kind: "unwind", "unwindAction=\"backToFirst:\"")),
                extra: "<exit id=\"exit-2\" sceneMemberID=\"exit\"/>"))
        let storyboard = try StoryboardLoader.load(xml: xml, file: "Tabs.storyboard")
        let handled = StoryboardLint(declaredUnwindActions: ["FirstViewController": ["backToFirst:"], "SecondViewController": []])
        #expect(handled.diagnostics(for: storyboard) == [])
        // The source itself is never a destination (R7.4).
        let selfOnly = StoryboardLint(declaredUnwindActions: ["FirstViewController": [], "SecondViewController": ["backToFirst:"]])
        #expect(Self.rules(selfOnly.diagnostics(for: storyboard)) == ["warning unhandled-unwind-action"])
    }

    @Test func reference_acrossFolders_resolves_andAMissingIdentifierIsAnError() throws {
        let (root, bundle) = try Self.app(Self.issueApp())
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(StoryboardLint().diagnostics(for: bundle).filter { $0.ruleID == "missing-reference" } == [])
        var files = Self.issueApp()
        files["Features/Settings/Base.lproj/Settings.storyboard"] = files["Features/Settings/Base.lproj/Settings.storyboard"]?
            .replacingOccurrences(of: "referencedIdentifier=\"About\"", with: "referencedIdentifier=\"Abuot\"")
        let (badRoot, bad) = try Self.app(files)
        defer { try? FileManager.default.removeItem(at: badRoot) }
        let diagnostics = StoryboardLint().diagnostics(for: bad).filter { $0.ruleID == "missing-reference" }
        #expect(Self.rules(diagnostics) == ["error missing-reference"])
        #expect(diagnostics[0].message == "storyboard 'Main' has no controller with identifier 'Abuot'")
    }

    @Test func reference_toAStoryboardOnlyInASupportingFolder_resolves() throws {
        let app = try StoryboardBundleTests.folder(["Main.storyboard": Self.issueApp()["App/Base.lproj/Main.storyboard"] ?? ""])
        let other = try StoryboardBundleTests.folder([
            "Settings.storyboard": XML.document(initial: "s", XML.scene("s"))
        ])
        defer {
            try? FileManager.default.removeItem(at: app)
            try? FileManager.default.removeItem(at: other)
        }
        let alone = StoryboardLint().diagnostics(for: try StoryboardBundle.load([app]))
        #expect(Self.rules(alone).filter { $0.hasSuffix("missing-reference") } == ["warning missing-reference"])
        let supported = StoryboardLint().diagnostics(for: try StoryboardBundle.load([app], supporting: [other]))
        #expect(supported.filter { $0.ruleID == "missing-reference" } == [])
        #expect(supported.allSatisfy { $0.location?.file.hasPrefix(app.path) == true }, "supporting storyboards are not reported on")
    }

    @Test func referenceCycle_isError_andAChainThatEndsIsNot() throws {
        let cycle: [String: String] = [
            "A.storyboard": XML.document(initial: "pa", Self.placeholder("pa", "storyboardName=\"B\"")),
            "B.storyboard": XML.document(initial: "pb", Self.placeholder("pb", "storyboardName=\"A\"")),
        ]
        let (root, bundle) = try Self.app(cycle)
        defer { try? FileManager.default.removeItem(at: root) }
        let diagnostics = StoryboardLint().diagnostics(for: bundle)
        #expect(Self.rules(diagnostics) == ["error reference-cycle", "error reference-cycle"])
        #expect(diagnostics.map(\.message) == ["storyboard reference cycle A -> B -> A", "storyboard reference cycle B -> A -> B"])
        let chain: [String: String] = [
            "A.storyboard": XML.document(initial: "pa", Self.placeholder("pa", "storyboardName=\"B\"")),
            "B.storyboard": XML.document(initial: "pb", Self.placeholder("pb", "storyboardName=\"C\"")),
            "C.storyboard": XML.document(initial: "c", XML.scene("c")),
        ]
        let (chainRoot, chainBundle) = try Self.app(chain)
        defer { try? FileManager.default.removeItem(at: chainRoot) }
        #expect(StoryboardLint().diagnostics(for: chainBundle) == [])
    }

    @Test func push_fromAStoryboardPushedThroughAReference_isInsideTheNavigationStack() throws {
        func app(_ kind: String) -> [String: String] {
            [
                "Main.storyboard": XML.document(
                    initial: "nav",
                    XML.scene(
                        "nav", kind: "navigationController",
                        body: XML.connections(XML.segue("r", to: "root", kind: "relationship", "relationship=\"rootViewController\""))),
                    XML.scene("root", body: XML.button("b", XML.segue("s", to: "p", kind: kind))),
                    Self.placeholder("p", "storyboardName=\"Detail\"")),
                "Detail.storyboard": XML.document(
                    initial: "d", XML.scene("d", body: XML.button("b2", XML.segue("push", to: "e", kind: "push"))), XML.scene("e")),
            ]
        }
        let (root, bundle) = try Self.app(app("push"))
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(StoryboardLint().diagnostics(for: bundle) == [])
        let (modalRoot, modal) = try Self.app(app("modal"))
        defer { try? FileManager.default.removeItem(at: modalRoot) }
        let diagnostics = StoryboardLint().diagnostics(for: modal)
        #expect(Self.rules(diagnostics) == ["error R2.12"])
        #expect(diagnostics[0].location?.file.hasSuffix("Detail.storyboard") == true)
    }

    @Test func unknownSegueKind_isError_andEveryKnownKindIsNot() throws {
        func document(_ kind: String) -> String {
            XML.document(initial: "a", XML.scene("a", body: XML.button("b", XML.segue("s", to: "c", kind: kind, "identifier=\"go\""))), XML.scene("c"))
        }
        let bad = StoryboardLint().diagnostics(for: try StoryboardLoader.load(xml: document("teleport"), file: "K.storyboard"))
        #expect(Self.rules(bad) == ["error unknown-segue-kind"])
        #expect(bad[0].message.hasPrefix("segue 'go' has unknown kind 'teleport' (known: show, showDetail"))
        for kind in ["show", "showDetail", "presentation", "popoverPresentation", "custom", "modal", "popover", "replace"] {
            let diagnostics = StoryboardLint().diagnostics(for: try StoryboardLoader.load(xml: document(kind), file: "K.storyboard"))
            #expect(diagnostics.filter { $0.ruleID == "unknown-segue-kind" } == [], "\(kind)")
        }
    }

    @Test func duplicateSceneID_isError_andDistinctIDsAreNot() throws {
        func document(_ second: String) -> String {
            XML.document(initial: "a", XML.scene("a", body: XML.button("b", XML.segue("s", to: "c"))), XML.scene("c"))
                .replacingOccurrences(of: "sceneID=\"scene-c\"", with: "sceneID=\"\(second)\"")
        }
        let bad = StoryboardLint().diagnostics(for: try StoryboardLoader.load(xml: document("scene-a"), file: "D.storyboard"))
        #expect(Self.rules(bad) == ["error duplicate-scene-id"])
        #expect(bad[0].message == "scene id 'scene-a' is used by the scenes of 'a' and 'c'")
        #expect(StoryboardLint().diagnostics(for: try StoryboardLoader.load(xml: document("scene-other"), file: "D.storyboard")) == [])
    }

    /// Every fixture app, with its own sources, lints with zero errors (issue 13: every old
    /// error on these shipping apps was a false positive).
    @Test(arguments: StoryboardFixtures.apps)
    func everyFixtureApp_withItsSources_hasNoError(_ app: URL) throws {
        let bundle = try StoryboardBundle.load([app])
        let table = UnwindActionScanner.scan(directory: app)
        let diagnostics = StoryboardLint(declaredUnwindActions: table).diagnostics(for: bundle)
        #expect(diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        #expect(!bundle.storyboards.isEmpty)
    }

    @Test func passforios_everyUnwindIsHandledByAControllerBelowIt() throws {
        let app = try #require(StoryboardFixtures.apps.first { $0.lastPathComponent == "mssun__passforios" })
        let bundle = try StoryboardBundle.load([app])
        let diagnostics = StoryboardLint(declaredUnwindActions: UnwindActionScanner.scan(directory: app)).diagnostics(for: bundle)
        #expect(bundle.storyboards.flatMap(\.unwindSegues).count == 14)
        #expect(diagnostics.filter { $0.ruleID == "unhandled-unwind-action" } == [])
    }

    /// The fixture storyboard folder as one bundle: no error (references to storyboards the
    /// fixture set did not copy are warnings).
    @Test func fixtureStoryboardFolder_hasNoError() throws {
        let bundle = try StoryboardBundle.load([StoryboardFixtures.directory])
        #expect(bundle.storyboards.count == StoryboardFixtures.all.count)
        let diagnostics = StoryboardLint().diagnostics(for: bundle)
        #expect(diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        #expect(diagnostics.filter { $0.ruleID == "missing-reference" }.count == 24)
    }
}
