// NavigationRuntime: storyboard lint.

/// One finding of ``StoryboardLint``.
///
/// Renders as `path:line:column: error|warning: message [rule-id]`, the form swiftc, Xcode
/// and CI annotations understand.
public struct StoryboardDiagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How bad a finding is.
    public enum Severity: String, Hashable, Sendable, Codable {
        /// The storyboard would fail at run time.
        case error
        /// Suspicious, or not checkable with the information given.
        case warning
    }

    /// The severity.
    public var severity: Severity
    /// The rule that found it (`missing-destination`, `R2.12`, ...); see ``StoryboardLint/Rule``.
    public var ruleID: String
    /// A one-line explanation.
    public var message: String
    /// Where: the element the finding is about.
    public var location: StoryboardSourceLocation?

    /// Creates a diagnostic.
    /// - Parameters:
    ///   - severity: The severity.
    ///   - ruleID: The rule id.
    ///   - message: The explanation.
    ///   - location: The element's location.
    ///
    /// The message is kept on one line and bounded, as ``NavigationError``'s is (a value the
    /// storyboard holds, echoed in it, may hold a newline or an escape sequence).
    public init(_ severity: Severity, ruleID: String, message: String, location: StoryboardSourceLocation?) {
        self.severity = severity
        self.ruleID = ruleID
        self.message = EchoedText.line(message)
        self.location = location
    }

    /// `path:line:column: severity: message [rule-id]`, on one line (see ``init(_:ruleID:message:location:)``).
    public var description: String {
        let place = location?.description ?? "<storyboard>:1:1"
        return EchoedText.line("\(place): \(severity.rawValue): \(message) [\(ruleID)]")
    }
}
