// Tests for the storyboard loader: where the shared real-world fixtures live.

import Foundation

/// The shared fixtures: `../shared/fixtures/storyboards/real` relative to the package root.
enum StoryboardFixtures {
    /// The package root, found from this file's path (Tests/NavigationRuntimeTests/Storyboard/...).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Storyboard
        .deletingLastPathComponent()  // NavigationRuntimeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// The folder of the real storyboards.
    static let directory: URL = packageRoot
        .appendingPathComponent("../shared/fixtures/storyboards/real").standardizedFileURL

    /// Every `.storyboard` file in the folder, sorted by name.
    static let all: [URL] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".storyboard") }.sorted().map { directory.appendingPathComponent($0) }
    }()

    /// The folder of the real app checkouts (storyboards plus sources).
    static let appsDirectory: URL = packageRoot
        .appendingPathComponent("../shared/fixtures/apps").standardizedFileURL

    /// Every app checkout, sorted by folder name.
    static let apps: [URL] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: appsDirectory.path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted().map { appsDirectory.appendingPathComponent($0) }
    }()

    /// The fixture whose file name contains `fragment`.
    static func named(_ fragment: String) -> URL? { all.first { $0.lastPathComponent.contains(fragment) } }

    /// The bytes of a fixture.
    static func data(_ url: URL) -> Data { (try? Data(contentsOf: url)) ?? Data() }
}
