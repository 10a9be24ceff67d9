/// A text that came from input (a snapshot's scene identifier, a deep link's parameter, the
/// decoder's explanation, which quotes the value it refused) as a problem's description shows
/// it: escaped as a string literal is (a newline or a NUL from a URL cannot start a forged log
/// line), whole up to ``limit`` characters, else its start and its length, so that a hostile
/// input does not become a log line of its size.
enum EchoedText {
    /// How many characters of an input's text a description shows.
    static let limit = 200

    /// `text` escaped as a string literal is (`\n`, `\0`, `\"`, see ``escape(_:)``), in quotes
    /// when `quoted`; when longer than ``limit``, its first ``limit`` characters and its
    /// length: `"abc…"… (10000 characters)`.
    static func shown(_ text: String, quoted: Bool = true) -> String {
        // At most limit + 1 characters are looked at to decide: a long text is counted only
        // when it is cut.
        let isCut = text.prefix(limit + 1).count > limit
        let escaped = escape(isCut ? text.prefix(limit) : text[...])
        let shown = quoted ? "\"" + escaped + "\"" : escaped
        return isCut ? shown + "… (\(text.count) characters)" : shown
    }

    /// `text` with `\`, `"` and the control characters escaped as in a Swift string literal
    /// (`\n`, `\0`, `\u{1B}`), the rest as it is (a `'` stays a `'`).
    private static func escape(_ text: Substring) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\0": escaped += "\\0"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}":
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
