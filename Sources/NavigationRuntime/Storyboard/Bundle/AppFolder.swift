// NavigationRuntime: finding an app's files in a checkout.

import Foundation

/// Finds an app's files in a checkout, and names what a path is when it cannot be read.
///
/// A folder is searched recursively, without recursion on the call stack (any depth is fine),
/// skipping what is not the app's own: hidden files and folders, build output (`build`,
/// `Build`, `DerivedData`, `.build`), dependency managers' folders (`Pods`, `Carthage`,
/// `node_modules`) and Xcode localization exports (`*.xcloc`). A symbolic link to a file is
/// followed; a symbolic link to a folder is not (no loops, no files counted twice). An entry
/// named like a sought file that is not a regular file is never read nor entered:
/// ``search(under:extensions:)`` lists it with the reason.
public enum AppFolder {
    /// What a path names.
    public enum Kind: Hashable, Sendable {
        /// A regular file (after following symbolic links).
        case file
        /// A folder (after following symbolic links).
        case directory
        /// Nothing is there.
        case missing
        /// A symbolic link that leads nowhere or to itself.
        case brokenLink
        /// A device, FIFO or socket: never read (it could block).
        case special
    }

    /// The folder names a search never enters.
    public static let skippedFolders: Set<String> = [
        "Pods", "Carthage", "build", "Build", "DerivedData", "node_modules",
    ]

    /// What `path` names, following symbolic links.
    /// - Parameter path: A path.
    /// - Returns: Its kind.
    public static func kind(of path: String) -> Kind {
        let manager = FileManager.default
        guard let attributes = try? manager.attributesOfItem(atPath: path) else {
            // A dangling link still has attributes of its own when read without following it.
            if (try? manager.destinationOfSymbolicLink(atPath: path)) != nil { return .brokenLink }
            return .missing
        }
        var type = attributes[.type] as? FileAttributeType
        if type == .typeSymbolicLink {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard resolved != path, let target = try? manager.attributesOfItem(atPath: resolved) else { return .brokenLink }
            type = target[.type] as? FileAttributeType
            if type == .typeSymbolicLink { return .brokenLink }
        }
        switch type {
        case .typeRegular?: return .file
        case .typeDirectory?: return .directory
        default: return .special
        }
    }

    /// Whether a folder name is one a search skips.
    /// - Parameter name: A folder's last path component.
    /// - Returns: `true` for hidden folders, build output, dependency folders and `*.xcloc`.
    public static func isSkipped(folderNamed name: String) -> Bool {
        name.hasPrefix(".") || skippedFolders.contains(name) || name.hasSuffix(".xcloc")
    }

    /// An entry a search met that is named like a file it looks for (its extension is one of
    /// those sought) but cannot be read as one: a symbolic link that leads nowhere, a device,
    /// FIFO or socket, a folder. Tools name each one rather than pass it over in silence.
    public struct SkippedEntry: Hashable, Sendable {
        /// The entry's path.
        public var path: String
        /// Why it was skipped, e.g. `is a directory, not a file`.
        public var reason: String

        /// Creates a skipped entry.
        /// - Parameters:
        ///   - path: The entry's path.
        ///   - reason: Why it was skipped.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// The regular files under `directory` whose extension is one of `extensions`, sorted by path.
    /// - Parameters:
    ///   - directory: The folder to search.
    ///   - extensions: Extensions without the dot (`["storyboard"]`, `["swift", "m", "h"]`).
    /// - Returns: The files.
    public static func files(under directory: URL, extensions: Set<String>) -> [URL] {
        search(under: directory, extensions: extensions).files
    }

    /// The regular files under `directory` whose extension is one of `extensions`, and the
    /// entries with such an extension that are not regular files (a broken link, a device,
    /// FIFO or socket, a folder: never read, nor entered), each sorted by path.
    /// - Parameters:
    ///   - directory: The folder to search.
    ///   - extensions: Extensions without the dot (`["storyboard"]`, `["swift", "m", "h"]`).
    /// - Returns: The files, and what was skipped with the reason.
    public static func search(under directory: URL, extensions: Set<String>) -> (files: [URL], skipped: [SkippedEntry]) {
        var found: [URL] = []
        var skipped: [SkippedEntry] = []
        var pending = [directory]
        let manager = FileManager.default
        while let folder = pending.popLast() {
            guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names where !name.hasPrefix(".") {
                let url = folder.appendingPathComponent(name)
                let isLink = (try? manager.destinationOfSymbolicLink(atPath: url.path)) != nil
                let sought = extensions.contains(url.pathExtension)
                switch kind(of: url.path) {
                case .directory:
                    if sought {
                        skipped.append(SkippedEntry(path: url.path, reason: "is a directory, not a file"))
                    } else if !isLink && !isSkipped(folderNamed: name) {
                        pending.append(url)
                    }
                case .file:
                    if sought { found.append(url) }
                case .brokenLink:
                    if sought { skipped.append(SkippedEntry(path: url.path, reason: "is a symbolic link that leads nowhere (or in a loop)")) }
                case .special:
                    if sought { skipped.append(SkippedEntry(path: url.path, reason: "is not a regular file (a device, FIFO or socket)")) }
                case .missing:
                    if sought { skipped.append(SkippedEntry(path: url.path, reason: "was removed while its folder was read")) }
                }
            }
        }
        return (found.sorted { $0.path < $1.path }, skipped.sorted { $0.path < $1.path })
    }

    /// A one-line reason why `path` cannot be read as a file, or `nil` when it is a regular file.
    /// - Parameter path: The path.
    /// - Returns: The reason, e.g. `is a directory`.
    public static func problem(readingFile path: String) -> String? {
        switch kind(of: path) {
        case .file: return nil
        case .directory: return "is a directory"
        case .missing: return "no such file"
        case .brokenLink: return "is a symbolic link that leads nowhere (or in a loop)"
        case .special: return "is not a regular file (a device, FIFO or socket)"
        }
    }
}
