// Tests for AppLint: a small app (two storyboards) and helpers.

import Foundation

@testable import NavigationRuntime

/// A small app: `Main.storyboard` (a navigation controller whose root `ListViewController`
/// has a `showDetail` segue to `DetailViewController` and an `embedHeader` embed) and
/// `Settings.storyboard` (`SettingsViewController`, storyboard ID `Settings`).
enum SmallApp {
    static let main: Storyboard = load(
        StoryboardXML.document(
            initial: "nav",
            StoryboardXML.scene(
                "nav", kind: "navigationController",
                body: StoryboardXML.connections(StoryboardXML.segue("r1", to: "list", kind: "relationship", "relationship=\"rootViewController\""))),
            StoryboardXML.scene(
                "list", attributes: "storyboardIdentifier=\"List\" customClass=\"ListViewController\" customModule=\"App\"",
                body: StoryboardXML.connections(
                    StoryboardXML.segue("s1", to: "detail", "identifier=\"showDetail\""),
                    StoryboardXML.segue("s2", to: "header", kind: "embed", "identifier=\"embedHeader\""))),
            StoryboardXML.scene("detail", attributes: "storyboardIdentifier=\"Detail\" customClass=\"DetailViewController\" customModule=\"App\""),
            StoryboardXML.scene("header", attributes: "customClass=\"HeaderViewController\"")
        ), file: "/app/Base.lproj/Main.storyboard")

    static let settings: Storyboard = load(
        StoryboardXML.document(
            initial: "settings",
            StoryboardXML.scene("settings", attributes: "storyboardIdentifier=\"Settings\" customClass=\"SettingsViewController\"")
        ), file: "/app/Settings/Settings.storyboard")

    static let storyboards = [main, settings]

    /// The classes the storyboards name, declared as an app would.
    static let classes = """
        import UIKit
        class ListViewController: UIViewController {}
        class DetailViewController: UIViewController {}
        class HeaderViewController: UIViewController {}
        class SettingsViewController: UITableViewController {}
        """

    static func load(_ xml: String, file: String) -> Storyboard {
        (try? StoryboardLoader.load(xml: xml, file: file)) ?? Storyboard(scenes: [])
    }

    /// Lints sources (path → text) against the small app; `Classes.swift` is added.
    static func lint(_ sources: [String: String], storyboards: [Storyboard] = storyboards) -> [StoryboardDiagnostic] {
        var all = sources
        all["/app/Classes.swift"] = classes
        return AppLint(storyboards: storyboards, sources: AppSourceIndex.scan(sources: all)).diagnostics()
    }

    /// `line:column rule` of each diagnostic, for exact comparisons.
    static func summary(_ diagnostics: [StoryboardDiagnostic]) -> [String] {
        diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.ruleID)" }
    }
}
