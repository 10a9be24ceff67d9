/// A JSON string literal: what the storyboard inspection's and `navstress`'s hand-written JSON
/// quote their texts with, and how a problem's description shows a text that came from input
/// (``EchoedText``).
package enum JSONStringLiteral {
    /// `text` in quotes, with `"`, `\` and the control characters escaped (`\n`, `\r`, `\t`,
    /// else `\u001b`), the rest as it is: valid JSON, and one line whatever the text holds.
    package static func quoted(_ text: some StringProtocol) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
