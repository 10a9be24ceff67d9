// NavigationRuntime: Interface Builder loader.

import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads Interface Builder `.storyboard` XML into a ``Storyboard`` value.
///
/// One SAX pass with XMLParser; everything the value model does not need is ignored.
/// A `<!DOCTYPE>` or any entity declaration is refused before parsing, external entities are
/// never resolved, and bad input of any kind ends in a ``StoryboardError`` with file, line and
/// column: never a crash, never a hang.
public enum StoryboardLoader {
    /// Loads a storyboard file.
    /// - Parameter url: The file's URL.
    /// - Returns: The storyboard; its ``Storyboard/file`` is `url.path`.
    /// - Throws: ``StoryboardError`` (`.unreadableFile`, `.malformedXML`, `.notAStoryboard`,
    ///   `.forbiddenEntity`, ...).
    public static func load(contentsOf url: URL) throws(StoryboardError) -> Storyboard {
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
        let delegate = StoryboardParserDelegate(file: file)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = delegate
        let succeeded = parser.parse()
        if let failure = delegate.failure { throw atTagStart(failure, data: data) }
        guard succeeded else {
            let detail = parser.parserError.map { "XML error \(($0 as NSError).code)" } ?? "XML error"
            throw StoryboardError(
                .malformedXML, "not well-formed XML (\(detail))", file: file,
                line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        }
        do {
            return StoryboardLocationFixer.fix(try delegate.finish(), data: data)
        } catch {
            throw atTagStart(error, data: data)
        }
    }

    /// Moves an element error's position to its tag's `<` (XML syntax errors stay where libxml2
    /// found them).
    private static func atTagStart(_ error: StoryboardError, data: Data) -> StoryboardError {
        guard error.code != .malformedXML, let file = error.file, let line = error.line, let column = error.column else {
            return error
        }
        let location = data.withUnsafeBytes { bytes in
            StoryboardLocationFixer(data).tagStart(StoryboardSourceLocation(file: file, line: line, column: column), in: bytes)
        }
        var moved = error
        moved.line = location.line
        moved.column = location.column
        return moved
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
