// NavigationRuntime: what an app's sources say to its storyboards, entry points.

import Foundation

extension AppSourceIndex {
    /// The source file extensions read: Swift, Objective-C and Objective-C++ sources, headers.
    public static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]

    /// Folders never searched: build output and dependency managers' checkouts.
    static let skippedFolders: Set<String> = ["Pods", "Carthage", "build", "Build", "DerivedData", ".build", "node_modules"]

    /// The source files under a folder, searched recursively, sorted by path; hidden folders,
    /// `Pods/`, `Carthage/`, build output and `*.xcloc` bundles are skipped.
    /// - Parameter directory: The folder.
    /// - Returns: The files' URLs.
    public static func sourceFiles(in directory: URL) -> [URL] {
        var found: [URL] = []
        let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if skippedFolders.contains(name) || name.hasSuffix(".xcloc") { enumerator?.skipDescendants() }
                continue
            }
            if sourceExtensions.contains(url.pathExtension) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Scans every source file under a folder (see ``sourceFiles(in:)``).
    /// - Parameter directory: The folder.
    /// - Returns: The index.
    public static func scan(directory: URL) -> AppSourceIndex {
        scan(files: sourceFiles(in: directory))
    }

    /// Scans the given files: `.swift` as Swift, anything else as Objective-C. An unreadable
    /// file is skipped (it declares nothing).
    /// - Parameter files: The files.
    /// - Returns: The index; locations use each URL's `path`.
    public static func scan(files: [URL]) -> AppSourceIndex {
        var index = AppSourceIndex()
        for url in files {
            guard let data = try? Data(contentsOf: url) else { continue }
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
