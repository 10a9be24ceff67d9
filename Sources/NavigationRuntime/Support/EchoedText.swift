/// A text that came from input (a snapshot's scene identifier, a deep link's parameter, the
/// decoder's explanation, which quotes the value it refused) as a message shows it: what a log
/// line or a terminal could take for more than a character escaped (a newline or a NUL from a
/// URL cannot start a forged log line, see ``JSONStringLiteral/breaksALine(_:)``), whole up to
/// a limit, else its start and its length, so that a hostile input does not become a log line
/// of its size.
package enum EchoedText {
    /// How many characters of an input's text a description shows.
    package static let limit = 200

    /// `text` in quotes, escaped as ``JSONStringLiteral/quoted(_:)`` escapes it (`\n`,
    /// `\u0000`, `\"`), when `quoted`; else with only what breaks a line escaped (as
    /// ``line(_:)`` does). When longer than ``limit``, its first ``limit`` characters and its
    /// length: `"abc…"… (10000 characters)`.
    package static func shown(_ text: String, quoted: Bool = true) -> String {
        cut(text, at: limit) { quoted ? JSONStringLiteral.quoted($0) : escapingLineBreaks($0) }
    }

    /// How many characters of a message (``NavigationError/message``, a storyboard error's or
    /// a lint finding's) ``line(_:)`` keeps.
    package static let lineLimit = 2_000

    /// `message` as one line of bounded size: what ``JSONStringLiteral/breaksALine(_:)`` names
    /// escaped (no quotes added, nothing else escaped), and, when longer than ``lineLimit``,
    /// its first ``lineLimit`` characters and its length. A message that needs neither comes
    /// back as it is, at the cost of one look at its scalars.
    package static func line(_ message: String) -> String {
        // The UTF-8 count (stored) bounds the character count: most messages are not counted.
        guard message.utf8.count > lineLimit || message.unicodeScalars.contains(where: JSONStringLiteral.breaksALine)
        else { return message }
        return cut(message, at: lineLimit, escapingLineBreaks)
    }

    /// `render` of `text`, or of its first `limit` characters followed by its length when it
    /// is longer. At most `limit + 1` characters are looked at to decide: a text is counted
    /// only when it is cut.
    private static func cut(_ text: String, at limit: Int, _ render: (Substring) -> String) -> String {
        guard text.prefix(limit + 1).count > limit else { return render(text[...]) }
        return render(text.prefix(limit)) + "… (\(text.count) characters)"
    }

    /// `text` with what ``JSONStringLiteral/breaksALine(_:)`` names escaped, the rest as it is.
    private static func escapingLineBreaks(_ text: Substring) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars { JSONStringLiteral.appendEscaping(scalar, to: &escaped) }
        return escaped
    }
}
