// NavigationRuntime: an app's storyboards as one bundle, loaded from paths.

import Foundation

extension StoryboardBundle {
    /// Loads the storyboards named by `paths` (files, or folders searched with
    /// ``AppFolder/files(under:extensions:)``) and the supporting ones under `supporting`.
    ///
    /// Every file is parsed once. A file given by name must be a storyboard; a folder must hold
    /// at least one.
    /// - Parameters:
    ///   - paths: Storyboard files and app folders.
    ///   - supporting: Folders (or files) whose storyboards only resolve references and names.
    /// - Returns: The bundle.
    /// - Throws: ``StoryboardError``: `.unreadableFile` for a path that is missing, a device,
    ///   a broken link or a folder with no storyboard, naming it; any load error of a file.
    public static func load(_ paths: [URL], supporting: [URL] = []) throws(StoryboardError) -> StoryboardBundle {
        let main = try storyboardSearch(paths)
        let others = try storyboardSearch(supporting)
        let files = main.files
        let supportingFiles = others.files.filter { !files.contains($0) }
        var storyboards: [Storyboard] = []
        for file in files { storyboards.append(try StoryboardLoader.load(contentsOf: file)) }
        var supportingStoryboards: [Storyboard] = []
        for file in supportingFiles { supportingStoryboards.append(try StoryboardLoader.load(contentsOf: file)) }
        var bundle = StoryboardBundle(storyboards: storyboards, supporting: supportingStoryboards)
        bundle.skippedEntries = main.skipped + others.skipped
        return bundle
    }

    /// The storyboard files `paths` name: files as given, folders searched; no file twice.
    /// - Parameter paths: Files and folders.
    /// - Returns: The files, in the order given (each folder's sorted by path).
    /// - Throws: ``StoryboardError`` `.unreadableFile` naming a path that cannot be used.
    public static func storyboardFiles(_ paths: [URL]) throws(StoryboardError) -> [URL] {
        try storyboardSearch(paths).files
    }

    /// The storyboard files `paths` name, as ``storyboardFiles(_:)`` finds them, and the
    /// entries of the folders named like storyboards that are not regular files (see
    /// ``AppFolder/search(under:extensions:)``), for the caller to name.
    /// - Parameter paths: Files and folders.
    /// - Returns: The files, in the order given (each folder's sorted by path), and what was
    ///   skipped.
    /// - Throws: ``StoryboardError`` `.unreadableFile` naming a path that cannot be used, or a
    ///   folder with no storyboard that can be read (naming the first entry skipped, if any).
    public static func storyboardSearch(_ paths: [URL]) throws(StoryboardError) -> (files: [URL], skipped: [AppFolder.SkippedEntry]) {
        var files: [URL] = []
        var skipped: [AppFolder.SkippedEntry] = []
        var seen = Set<String>()
        for path in paths {
            let found: [URL]
            switch AppFolder.kind(of: path.path) {
            case .directory:
                let search = AppFolder.search(under: path, extensions: ["storyboard"])
                found = search.files
                guard !found.isEmpty else {
                    guard let first = search.skipped.first else {
                        throw StoryboardError(.unreadableFile, "no .storyboard file in this folder", file: path.path)
                    }
                    // The first entry by its path inside the folder (the folder is named already).
                    let prefix = path.path.hasSuffix("/") ? path.path : path.path + "/"
                    let entry = first.path.hasPrefix(prefix) ? String(first.path.dropFirst(prefix.count)) : first.path
                    throw StoryboardError(
                        .unreadableFile,
                        "no .storyboard file in this folder can be read (\(search.skipped.count) skipped; \(entry): \(first.reason))",
                        file: path.path)
                }
                skipped += search.skipped.filter { seen.insert(URL(fileURLWithPath: $0.path).standardizedFileURL.path).inserted }
            case .file:
                found = [path]
            case .missing, .brokenLink, .special:
                throw StoryboardError(.unreadableFile, AppFolder.problem(readingFile: path.path) ?? "cannot be read", file: path.path)
            }
            for file in found where seen.insert(file.standardizedFileURL.path).inserted { files.append(file) }
        }
        return (files, skipped)
    }
}
