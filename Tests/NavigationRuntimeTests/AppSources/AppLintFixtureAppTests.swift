// Tests for AppLint on the shared real apps (zero errors, warnings checked by hand) and on
// three historical crash sites.

import Foundation
import Testing

@testable import NavigationRuntime

/// The real apps in `../shared/fixtures/apps`.
enum FixtureApps {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AppSources
        .deletingLastPathComponent()  // NavigationRuntimeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("../shared/fixtures/apps").standardizedFileURL

    static let names = [
        "NordicSemiconductor__IOS-nRF-Mesh-Library",
        "eu-digital-green-certificates__dgca-verifier-app-ios",
        "eu-digital-green-certificates__dgca-wallet-app-ios",
        "mssun__passforios",
    ]

    /// Every `.storyboard` under an app's folder, as one bundle.
    static func storyboards(_ app: URL) throws -> [Storyboard] {
        try StoryboardBundle.load([app]).all
    }
}

@Suite struct AppLintFixtureAppTests {
    /// Warnings found by hand to be real, by app: `file:line rule`.
    static let expectedWarnings: [String: [String]] = [
        // `shouldPerformSegue` tests `identifier == "selectKey"`, but SetPublication.storyboard's
        // SetPublicationViewController scene has only `setDestination`: a dead branch.
        "NordicSemiconductor__IOS-nRF-Mesh-Library": ["SetPublicationViewController.swift:143 dead-segue-comparison"],
        "eu-digital-green-certificates__dgca-verifier-app-ios": [],
        "eu-digital-green-certificates__dgca-wallet-app-ios": [],
        "mssun__passforios": [],
    ]

    @Test(arguments: FixtureApps.names) func shippingApp_hasNoErrors_andOnlyTheKnownWarnings(_ name: String) throws {
        let app = FixtureApps.directory.appendingPathComponent(name)
        let storyboards = try FixtureApps.storyboards(app)
        let sources = AppSourceIndex.scan(directory: app)
        #expect(!storyboards.isEmpty && !sources.files.isEmpty)
        let diagnostics = AppLint(bundle: try StoryboardBundle.load([app]), sources: sources).diagnostics()
        #expect(diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        let warnings = diagnostics.filter { $0.severity == .warning }.map { diagnostic in
            "\(URL(fileURLWithPath: diagnostic.location?.file ?? "").lastPathComponent):\(diagnostic.location?.line ?? 0) \(diagnostic.ruleID)"
        }
        #expect(warnings == Self.expectedWarnings[name])
    }

    /// The rules are not clean by saying nothing: in every app, almost every `self.performSegue`
    /// and every hook comparison is resolved and judged against at least one scene.
    @Test(arguments: FixtureApps.names) func shippingApp_usesAreJudged(_ name: String) throws {
        let app = FixtureApps.directory.appendingPathComponent(name)
        let sources = AppSourceIndex.scan(directory: app)
        let model = AppLint.Model(storyboards: try FixtureApps.storyboards(app), sources: sources)
        func judged(_ type: String?, _ identifier: SourceIdentifier) -> Bool {
            type.map { !model.scenes(of: $0).isEmpty } == true && sources.resolve(identifier) != nil
        }
        let calls = sources.segueCalls.filter { $0.receiver == .self }
        let expected: [String: (calls: Int, judged: Int, comparisons: Int)] = [
            "NordicSemiconductor__IOS-nRF-Mesh-Library": (19, 19, 32),
            "eu-digital-green-certificates__dgca-verifier-app-ios": (7, 7, 4),
            "eu-digital-green-certificates__dgca-wallet-app-ios": (16, 16, 12),
            "mssun__passforios": (24, 23, 14),  // `performSegue(withIdentifier: link!, …)` is not resolvable
        ]
        #expect(calls.count == expected[name]?.calls)
        #expect(calls.filter { judged($0.enclosingType, $0.identifier) }.count == expected[name]?.judged)
        #expect(sources.segueComparisons.filter { judged($0.enclosingType, $0.identifier) }.count == expected[name]?.comparisons)
    }
}

/// Three crash sites of the kind fixed upstream in shipping apps, each reported at its exact place.
@Suite struct AppLintHistoricalCrashTests {
    private let storyboard = SmallApp.load(
        StoryboardXML.document(
            initial: "nav",
            StoryboardXML.scene(
                "nav", kind: "navigationController",
                body: StoryboardXML.connections(StoryboardXML.segue("r1", to: "list", kind: "relationship", "relationship=\"rootViewController\""))),
            StoryboardXML.scene(
                "list", kind: "tableViewController",
                attributes: "storyboardIdentifier=\"passwordNavigation\" customClass=\"PasswordNavigationViewController\" customModule=\"Pass\" customModuleProvider=\"target\"",
                body: StoryboardXML.connections(
                    StoryboardXML.segue("s1", to: "detail", "identifier=\"showPasswordDetail\""),
                    StoryboardXML.segue("s2", to: "add", kind: "presentation", "identifier=\"addPasswordSegue\""))),
            StoryboardXML.scene("detail", kind: "tableViewController", attributes: "customClass=\"PasswordDetailTableViewController\" customModule=\"Pass\""),
            StoryboardXML.scene("add", kind: "tableViewController", attributes: "customClass=\"AddPasswordTableViewController\" customModule=\"Pass\"")
        ), file: "/pass/Base.lproj/Main.storyboard")

    private let sources = [
        "/pass/Controllers/PasswordNavigationViewController.swift": """
            import UIKit

            class PasswordNavigationViewController: UIViewController {
                @IBAction private func addPasswordButtonTapped(_: Any) {
                    performSegue(withIdentifier: "addPaswordSegue", sender: self)
                }
            }
            """,
        "/pass/Controllers/UIStoryboard+Pass.swift": """
            import UIKit

            extension UIStoryboard {
                static var passwordNavigationViewController: PasswordNavigationViewController {
                    UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "passwordsNavigation") as! PasswordNavigationViewController
                }
            }
            """,
        "/pass/Controllers/SettingsRouter.m": """
            #import "SettingsRouter.h"

            @implementation SettingsRouter
            + (UIViewController *)settings {
                UIStoryboard *storyboard = [UIStoryboard storyboardWithName:@"Setting" bundle:nil];
                return [storyboard instantiateInitialViewController];
            }
            @end
            """,
        "/pass/Controllers/Classes.swift": """
            class PasswordDetailTableViewController: UITableViewController {}
            class AddPasswordTableViewController: UITableViewController {}
            """,
    ]

    @Test func eachCrashSite_isAnErrorAtItsExactPlace() {
        let diagnostics = AppLint(storyboards: [storyboard], sources: AppSourceIndex.scan(sources: sources)).diagnostics()
        #expect(diagnostics.map { "\($0.location?.description ?? "") \($0.severity.rawValue) \($0.ruleID)" } == [
            "/pass/Controllers/PasswordNavigationViewController.swift:5:38 error missing-segue-identifier",
            "/pass/Controllers/SettingsRouter.m:5:65 error missing-storyboard",
            "/pass/Controllers/UIStoryboard+Pass.swift:5:91 error missing-storyboard-identifier",
        ])
        #expect(diagnostics.map(\.message) == [
            "performSegue(withIdentifier: \"addPaswordSegue\") in PasswordNavigationViewController: no segue 'addPaswordSegue' in "
                + "scene PasswordNavigationViewController 'passwordNavigation' at Main.storyboard:14:17; did you mean 'addPasswordSegue'? "
                + "(UIKit: 'Receiver has no segue with identifier')",
            "UIStoryboard(name: \"Setting\"): the app has no Setting.storyboard (UIKit: 'Could not find a storyboard named')",
            "instantiateViewController(withIdentifier: \"passwordsNavigation\"): no scene with storyboard ID 'passwordsNavigation' in "
                + "storyboard 'Main' (Main.storyboard); did you mean 'passwordNavigation'? "
                + "(UIKit: 'Storyboard doesn't contain a view controller with identifier')",
        ])
    }

    @Test func theFixedSources_areClean() {
        var fixed = sources
        for (path, text) in fixed {
            fixed[path] = text.replacingOccurrences(of: "addPaswordSegue", with: "addPasswordSegue")
                .replacingOccurrences(of: "passwordsNavigation", with: "passwordNavigation")
                .replacingOccurrences(of: "@\"Setting\"", with: "@\"Main\"")
        }
        #expect(AppLint(storyboards: [storyboard], sources: AppSourceIndex.scan(sources: fixed)).diagnostics() == [])
    }
}
