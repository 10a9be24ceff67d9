// NavigationRuntime: Interface Builder loader.

import Foundation

/// Reads Interface Builder `.storyboard` XML into a ``Storyboard`` value.
///
/// One pass of a small, strict XML scanner (`StoryboardXMLScanner`, internal) over the file's UTF-8
/// bytes; everything the value model does not need is ignored. A `<!DOCTYPE>` or any entity
/// declaration is refused before parsing, no entity other than the five predefined ones and
/// character references is ever expanded, and bad input of any kind ends in a
/// ``StoryboardError`` with file, line and column: never a crash, never a hang.
public enum StoryboardLoader {
    /// Loads a storyboard file.
    /// - Parameter url: The file's URL.
    /// - Returns: The storyboard; its ``Storyboard/file`` is `url.path`.
    /// - Throws: ``StoryboardError`` (`.unreadableFile`, `.malformedXML`, `.notAStoryboard`,
    ///   `.forbiddenEntity`, ...).
    public static func load(contentsOf url: URL) throws(StoryboardError) -> Storyboard {
        if let problem = AppFolder.problem(readingFile: url.path) {
            throw StoryboardError(.unreadableFile, "cannot read storyboard: \(problem)", file: url.path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StoryboardError(.unreadableFile, "cannot read file: \(error.localizedDescription)", file: url.path)
        }
        return try load(data: data, file: url.path)
    }

    /// Loads a storyboard from bytes.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 XML).
    ///   - file: The path to report in locations and errors.
    /// - Returns: The storyboard.
    /// - Throws: ``StoryboardError``.
    public static func load(data: Data, file: String = "<memory>") throws(StoryboardError) -> Storyboard {
        try StoryboardDocumentGuard.check(data, file: file)
        var reader = StoryboardDocumentReader([UInt8](data), file: file)
        return try reader.read()
    }

    /// Loads a storyboard from a string.
    /// - Parameters:
    ///   - xml: The XML text.
    ///   - file: The path to report in locations and errors.
    /// - Returns: The storyboard.
    /// - Throws: ``StoryboardError``.
    public static func load(xml: String, file: String = "<memory>") throws(StoryboardError) -> Storyboard {
        try load(data: Data(xml.utf8), file: file)
    }
}

extension Storyboard {
    /// Loads an Interface Builder storyboard file; see ``StoryboardLoader/load(contentsOf:)``.
    /// - Parameter url: The file's URL.
    /// - Throws: ``StoryboardError``.
    public init(contentsOf url: URL) throws(StoryboardError) {
        self = try StoryboardLoader.load(contentsOf: url)
    }
}
