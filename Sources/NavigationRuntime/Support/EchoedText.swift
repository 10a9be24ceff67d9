/// A text that came from input (a snapshot's scene identifier, a deep link's parameter, the
/// decoder's explanation, which quotes the value it refused) as a problem's description shows
/// it: escaped as a JSON string is (a newline or a NUL from a URL cannot start a forged log
/// line), whole up to ``limit`` characters, else its start and its length, so that a hostile
/// input does not become a log line of its size.
package enum EchoedText {
    /// How many characters of an input's text a description shows.
    package static let limit = 200

    /// `text` escaped as ``JSONStringLiteral/quoted(_:)`` escapes it (`\n`, `\u0000`, `\"`), in
    /// quotes when `quoted`; when longer than ``limit``, its first ``limit`` characters and its
    /// length: `"abc…"… (10000 characters)`.
    package static func shown(_ text: String, quoted: Bool = true) -> String {
        // At most limit + 1 characters are looked at to decide: a long text is counted only
        // when it is cut.
        let isCut = text.prefix(limit + 1).count > limit
        let literal = JSONStringLiteral.quoted(isCut ? text.prefix(limit) : text[...])
        let shown = quoted ? literal : String(literal.dropFirst().dropLast())
        return isCut ? shown + "… (\(text.count) characters)" : shown
    }

    /// How many characters of a message (``NavigationError/message``, a storyboard error's or
    /// a lint finding's) ``line(_:)`` keeps.
    package static let lineLimit = 2_000

    /// `message` as one line of bounded size: what ``JSONStringLiteral/breaksALine(_:)`` names
    /// escaped (no quotes added, nothing else escaped), and, when longer than ``lineLimit``,
    /// its first ``lineLimit`` characters and its length. A message that needs neither comes
    /// back as it is, at the cost of one look at its scalars.
    package static func line(_ message: String) -> String {
        let needsEscaping = message.unicodeScalars.contains(where: JSONStringLiteral.breaksALine)
        // The UTF-8 count (stored) bounds the character count: most messages are not counted.
        let isCut = message.utf8.count > lineLimit && message.count > lineLimit
        guard needsEscaping || isCut else { return message }
        var line = ""
        for scalar in (isCut ? message.prefix(lineLimit) : message[...]).unicodeScalars {
            JSONStringLiteral.appendEscaping(scalar, to: &line)
        }
        return isCut ? line + "… (\(message.count) characters)" : line
    }
}
