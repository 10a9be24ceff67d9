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
        let files = try storyboardFiles(paths)
        let supportingFiles = try storyboardFiles(supporting).filter { !files.contains($0) }
        var storyboards: [Storyboard] = []
        for file in files { storyboards.append(try StoryboardLoader.load(contentsOf: file)) }
        var others: [Storyboard] = []
        for file in supportingFiles { others.append(try StoryboardLoader.load(contentsOf: file)) }
        return StoryboardBundle(storyboards: storyboards, supporting: others)
    }

    /// The storyboard files `paths` name: files as given, folders searched; no file twice.
    /// - Parameter paths: Files and folders.
    /// - Returns: The files, in the order given (each folder's sorted by path).
    /// - Throws: ``StoryboardError`` `.unreadableFile` naming a path that cannot be used.
    public static func storyboardFiles(_ paths: [URL]) throws(StoryboardError) -> [URL] {
        var files: [URL] = []
        var seen = Set<String>()
        for path in paths {
            let found: [URL]
            switch AppFolder.kind(of: path.path) {
            case .directory:
                found = AppFolder.files(under: path, extensions: ["storyboard"])
                guard !found.isEmpty else {
                    throw StoryboardError(.unreadableFile, "no .storyboard file in this folder", file: path.path)
                }
            case .file:
                found = [path]
            case .missing, .brokenLink, .special:
                throw StoryboardError(.unreadableFile, AppFolder.problem(readingFile: path.path) ?? "cannot be read", file: path.path)
            }
            for file in found where seen.insert(file.standardizedFileURL.path).inserted { files.append(file) }
        }
        return files
    }
}
