// NavigationRuntime: what an app's sources say to its storyboards, entry points.

import Foundation

extension AppSourceIndex {
    /// The source file extensions read: Swift, Objective-C and Objective-C++ sources, headers.
    public static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]

    /// The source files under a folder, searched recursively, sorted by path, as
    /// ``AppFolder/files(under:extensions:)`` finds them (hidden folders, `Pods/`, `Carthage/`,
    /// build output and `*.xcloc` bundles skipped; no device or FIFO is ever opened).
    /// - Parameter directory: The folder.
    /// - Returns: The files' URLs.
    public static func sourceFiles(in directory: URL) -> [URL] {
        AppFolder.files(under: directory, extensions: sourceExtensions)
    }

    /// Scans every source file under a folder (see ``sourceFiles(in:)``).
    /// - Parameter directory: The folder.
    /// - Returns: The index.
    public static func scan(directory: URL) -> AppSourceIndex {
        scan(files: sourceFiles(in: directory))
    }

    /// Scans the given files: `.swift` as Swift, anything else as Objective-C. A path that is
    /// not a regular file (missing, a folder, a FIFO) or cannot be read is skipped: it declares
    /// nothing.
    /// - Parameter files: The files.
    /// - Returns: The index; locations use each URL's `path`.
    public static func scan(files: [URL]) -> AppSourceIndex {
        var index = AppSourceIndex()
        for url in files {
            guard AppFolder.kind(of: url.path) == .file, let data = try? Data(contentsOf: url) else { continue }
            index.merge(scan(text: String(decoding: data, as: UTF8.self), path: url.path, swift: url.pathExtension == "swift"))
        }
        return index
    }

    /// Scans source texts, for tests and tools that hold the sources in memory.
    /// - Parameter sources: Path → contents; a path ending in `.swift` is Swift, anything else
    ///   Objective-C. Scanned in path order.
    /// - Returns: The index.
    public static func scan(sources: [String: String]) -> AppSourceIndex {
        var index = AppSourceIndex()
        for (path, text) in sources.sorted(by: { $0.key < $1.key }) {
            index.merge(scan(text: text, path: path, swift: path.hasSuffix(".swift")))
        }
        return index
    }

    static func scan(text: String, path: String, swift: Bool) -> AppSourceIndex {
        swift ? SwiftAppSourceScanner.scan(text, file: path) : ObjectiveCAppSourceScanner.scan(text, file: path)
    }
}
