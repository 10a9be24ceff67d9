// NavigationRuntime: storyboard errors.

/// Why a storyboard could not be read, with the place in the file.
///
/// Every failure of ``StoryboardLoader`` is one of these: bad input never crashes and never
/// hangs. Two errors are equal when their codes are equal (as `ServiceGroupError` in
/// swift-service-lifecycle); compare ``message`` and the location explicitly when they matter.
public struct StoryboardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong; see the static members (`.malformedXML`, `.forbiddenEntity`, ...).
    public var code: Code
    /// A one-line, human-readable explanation.
    public var message: String
    /// The file being read, if known.
    public var file: String?
    /// The 1-based line, if known.
    public var line: Int?
    /// The 1-based column, if known.
    public var column: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The code.
    ///   - message: The explanation.
    ///   - file: The file.
    ///   - line: The line.
    ///   - column: The column.
    ///
    /// The message is kept on one line and bounded, as ``NavigationError``'s is (a value the
    /// file holds, echoed in it, may hold a newline or an escape sequence).
    public init(_ code: Code, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.message = EchoedText.line(message)
        self.file = file
        self.line = line
        self.column = column
    }

    /// Creates an error at a source location.
    /// - Parameters:
    ///   - code: The code.
    ///   - message: The explanation.
    ///   - location: Where it happened.
    public init(_ code: Code, _ message: String, at location: StoryboardSourceLocation?) {
        self.init(code, message, file: location?.file, line: location?.line, column: location?.column)
    }

    /// `file:line:column: error: message [code]`, or as much of it as is known, on one line
    /// (the file's name escaped as the message is).
    public var description: String {
        var prefix = file ?? "<storyboard>"
        if let line { prefix += ":\(line)" }
        if let column { prefix += ":\(column)" }
        return EchoedText.line("\(prefix): error: \(message) [\(code)]")
    }

    /// Equal when the codes are equal.
    /// - Parameters:
    ///   - lhs: An error.
    ///   - rhs: Another error.
    /// - Returns: Whether the codes match.
    public static func == (lhs: StoryboardError, rhs: StoryboardError) -> Bool { lhs.code == rhs.code }
}
