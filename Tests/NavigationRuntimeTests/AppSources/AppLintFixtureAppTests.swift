// Tests for AppLint on the shared real apps: zero errors, warnings checked by hand.

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

    /// Every `.storyboard` under an app's folder, loaded (a file that fails to load is skipped).
    static func storyboards(_ app: URL) -> [Storyboard] {
        var urls: [URL] = []
        let enumerator = FileManager.default.enumerator(at: app, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "storyboard" { urls.append(url) }
        }
        return urls.sorted { $0.path < $1.path }.compactMap { try? StoryboardLoader.load(contentsOf: $0) }
    }

    static func lint(_ name: String) -> (AppSourceIndex, [StoryboardDiagnostic]) {
        let app = directory.appendingPathComponent(name)
        let sources = AppSourceIndex.scan(directory: app)
        return (sources, AppLint(storyboards: storyboards(app), sources: sources).diagnostics())
    }
}

@Suite struct AppLintFixtureAppTests {
    @Test(arguments: FixtureApps.names) func debugPrint(_ name: String) {
        let (sources, diagnostics) = FixtureApps.lint(name)
        print("== \(name): files \(sources.files.count) calls \(sources.segueCalls.count) resolved \(sources.segueCalls.filter { sources.resolve($0.identifier) != nil }.count) inst \(sources.instantiations.count) lookups \(sources.storyboardLookups.count) comparisons \(sources.segueComparisons.count) resolvedcmp \(sources.segueComparisons.filter { sources.resolve($0.identifier) != nil }.count)")
        for call in sources.segueCalls { print("  call", call.location, call.receiver, call.enclosingType ?? "-", sources.resolve(call.identifier) ?? "?") }
        for call in sources.instantiations { print("  inst", call.location, call.receiver, call.enclosingType ?? "-", sources.resolve(call.identifier) ?? "?") }
        for call in sources.segueComparisons { print("  cmp", call.location, call.enclosingType ?? "-", sources.resolve(call.identifier) ?? "?") }
        for d in diagnostics { print("  DIAG", d) }
    }
}
