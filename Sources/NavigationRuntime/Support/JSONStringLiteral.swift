/// A JSON string literal: what the storyboard inspection's and `navstress`'s hand-written JSON
/// quote their texts with, and how a problem's description shows a text that came from input
/// (``EchoedText``).
package enum JSONStringLiteral {
    /// `text` in quotes, with `"`, `\` and what ``breaksALine(_:)`` names escaped (`\n`, `\r`,
    /// `\t`, else `\u001b`), the rest as it is: valid JSON, and one line whatever the text holds.
    package static func quoted(_ text: some StringProtocol) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: appendEscaping(scalar, to: &out)
            }
        }
        return out + "\""
    }

    /// Whether a log line or a terminal could take `scalar` for more than a character: a
    /// control character (C0, DEL, C1: a newline, a NUL, an escape sequence's start), a line
    /// or paragraph separator, or a bidirectional override or isolate (which reorders what
    /// follows on screen).
    package static func breaksALine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028...0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Appends `scalar`, as `\n`, `\r`, `\t` or `\u00XX` when it ``breaksALine(_:)``.
    package static func appendEscaping(_ scalar: Unicode.Scalar, to out: inout String) {
        guard breaksALine(scalar) else {
            out.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
