// NavStressKit: an app's Swift and Objective-C sources, read with what could not be read named.

import Foundation
import NavigationRuntime

/// The source files under an app folder, read as `lint`, `drive`, `run` and `graph` read them:
/// found by ``AppFolder/search(under:extensions:)`` (the search that finds storyboards), so
/// that an entry named like a source that cannot be read (a dangling link, a FIFO, a folder
/// named `X.swift`, a file the system refuses to read) is named with the reason
/// (`navstress: warning: PATH: skipped: why`, issue 18), never passed over in silence.
struct AppSourceFiles: Sendable {
    /// The extensions read as sources.
    static let extensions: Set<String> = ["swift", "m", "mm", "h"]

    /// Path → contents (invalid UTF-8 repaired), for each file read.
    var texts: [String: String] = [:]
    /// The entries named like sources that were not read, sorted by path.
    var skipped: [AppFolder.SkippedEntry] = []

    /// Reads the sources under `folder`.
    /// - Parameter folder: The app folder (or a `--sources` folder).
    init(under folder: URL) {
        let search = AppFolder.search(under: folder, extensions: Self.extensions)
        var skipped = search.skipped
        for url in search.files {
            do {
                texts[url.path] = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            } catch {
                skipped.append(AppFolder.SkippedEntry(path: url.path, reason: Self.readFailure(url.path, error)))
            }
        }
        self.skipped = skipped.sorted { $0.path < $1.path }
    }

    /// Why a regular file could not be read: `cannot be read: Permission denied`.
    static func readFailure(_ path: String, _ error: any Error) -> String {
        let described = FileProblem.describe(path, writing: false, error)
        let reason = described.hasPrefix(path + ": ") ? String(described.dropFirst(path.count + 2)) : described
        return reason.hasPrefix("cannot be") ? reason : "cannot be read: \(reason)"
    }
}
