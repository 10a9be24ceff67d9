// Tests: lint of every real fixture reports no error that is not a real problem of that file.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardFixtureLintTests {
    /// The file name a fixture had in its repository (`owner__repo__path_Name.storyboard` → `Name.storyboard`).
    static func originalName(_ url: URL) -> String {
        String(url.lastPathComponent.split(separator: "_").last ?? "")
    }

    /// The repository prefix of a fixture (`owner__repo__`).
    static func repository(_ url: URL) -> String {
        url.lastPathComponent.components(separatedBy: "__").prefix(2).joined(separator: "__")
    }

    /// Storyboards the fixtures reference that were not copied into the fixture set: lint
    /// cannot see them, so it warns (`missing-reference`), by fixture; it reports no error.
    static let referencesOutsideFixtureSet: [String: [String]] = [
        "HabitRPG": ["Main"],
        "Playground_Playground": ["UserInterface", "Animations", "ActivityIndicators", "RefreshControl"],
        "RxSwift": [
            "GitHubSignup1", "TableViewWithEditingCommands", "GitHubSignup2", "Numbers", "Calculator", "ImagePicker",
            "Geolocation", "SimpleUIPickerViewExample", "SimpleTableViewExample", "SimpleValidation",
            "GitHubSearchRepositories", "SimpleTableViewExampleSectioned", "APIWrappers", "PartialUpdates", "WikipediaSearch",
        ],
    ]

    /// Lints a fixture inside a folder that holds it and its repository's other fixtures under
    /// their original names, so that references between them resolve as in the repository.
    @Test(arguments: StoryboardFixtures.all)
    func lint_whenRealFixture_reportsNoError_andWarnsOfReferencesOutsideTheFixtureSet(_ url: URL) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(Self.originalName(url))
        try FileManager.default.copyItem(at: url, to: copy)
        // The same repository's other storyboards (one per name: two apps of one repo may both have Main).
        for sibling in StoryboardFixtures.all where Self.repository(sibling) == Self.repository(url) {
            let target = folder.appendingPathComponent(Self.originalName(sibling))
            if !FileManager.default.fileExists(atPath: target.path) { try FileManager.default.copyItem(at: sibling, to: target) }
        }
        let diagnostics = StoryboardLint().diagnostics(for: try StoryboardLoader.load(contentsOf: copy))
        #expect(diagnostics.filter { $0.severity == .error } == [])
        let expected = Self.referencesOutsideFixtureSet.first { url.lastPathComponent.contains($0.key) }?.value ?? []
        let references = diagnostics.filter { $0.ruleID == "missing-reference" }
        #expect(references.map(\.severity) == Array(repeating: .warning, count: expected.count))
        #expect(references.map(\.message) == expected.map {
            "storyboard '\($0)' (\($0).storyboard) is not among the storyboards linted: UIKit raises when this reference is followed, unless the app gets it from elsewhere (lint the app's folder, or add its folder: --bundle DIR)"
        })
        // Without sources, every unwind exit is a warning that it cannot be checked; a split's
        // supplementary column (NetNewsWire's) is a warning that the runtime ignores it; nothing else warns.
        let storyboard = try StoryboardLoader.load(contentsOf: copy)
        let unsupported = diagnostics.filter { $0.ruleID == "unsupported-relationship" }
        #expect(unsupported.count == storyboard.segues.filter { $0.relationship == "supplementaryViewController" }.count)
        #expect(unsupported.allSatisfy { $0.severity == .warning })
        let others = diagnostics.filter { $0.ruleID != "missing-reference" && $0.ruleID != "unsupported-relationship" }
        #expect(others.allSatisfy { $0.ruleID == "unhandled-unwind-action" && $0.severity == .warning })
        #expect(others.count == storyboard.unwindSegues.count)
    }
}
