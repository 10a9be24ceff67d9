// NavigationRuntime: storyboard value model.

/// Where an element of a storyboard file starts: file path, 1-based line and column.
///
/// The loader records the position of the `<` that opens the element's start tag.
/// Values built with the Swift DSL carry no location (`nil` where a location is optional).
public struct StoryboardSourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The path of the storyboard file, as given to the loader (for ``AppLint`` findings, the
    /// Swift or Objective-C source file, whose column counts UTF-8 bytes too).
    public var file: String
    /// The 1-based line of the element's start tag.
    public var line: Int
    /// The 1-based column (a byte offset within the line) of the start tag's `<`.
    public var column: Int

    /// Creates a location.
    /// - Parameters:
    ///   - file: The file path.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers and CI annotations use.
    public var description: String { "\(file):\(line):\(column)" }
}
