import Foundation
import NavigationRuntime

/// One parsed step of a `drive` script.
enum DriveStep {
    /// Removes a `#` comment that is not inside double quotes.
    static func stripComment(_ line: String) -> String {
        var inQuotes = false
        for index in line.indices {
            if line[index] == "\"" { inQuotes.toggle() }
            if line[index] == "#" && !inQuotes { return String(line[..<index]) }
        }
        return line
    }

    /// Splits a line into `count` fields: the first `count - 1` by white space (or quotes),
    /// the last the rest of the line, trimmed (unquoted if quoted).
    static func fields(_ line: String, count: Int) -> [String]? {
        var fields: [String] = []
        var rest = Substring(line)
        while fields.count < count - 1 {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { return nil }
            if rest.first == "\"" {
                let body = rest.dropFirst()
                guard let end = body.firstIndex(of: "\"") else { return nil }
                fields.append(String(body[..<end]))
                rest = body[body.index(after: end)...]
            } else {
                let end = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
                fields.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        var last = rest.trimmingCharacters(in: .whitespaces)
        if last.count >= 2, last.hasPrefix("\""), last.hasSuffix("\"") { last = String(last.dropFirst().dropLast()) }
        guard count == 1 || !last.isEmpty else { return nil }
        fields.append(last)
        return fields
    }

    /// Splits the rest of a line into words by white space, a double-quoted word kept whole.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { return words }
            if rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") {
                words.append(String(rest[rest.index(after: rest.startIndex)..<end]))
                rest = rest[rest.index(after: end)...]
            } else {
                let end = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
                words.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
    }

    /// The most of a step line (or of a field of one) a message echoes.
    static let echoLimit = EchoedText.limit

    /// A step line or field as messages echo it, as the runtime's own messages echo input
    /// (``EchoedText/shown(_:quoted:)``): escaped, whole up to ``echoLimit`` characters, else
    /// its first ``echoLimit`` characters and `… (N characters)` (issue 18: a 10 MB line was
    /// echoed whole, on standard output and again on standard error).
    static func echo(_ text: some StringProtocol) -> String {
        EchoedText.shown(String(text), quoted: false)
    }

    /// The verbs a steps file may use, with what follows each (for messages).
    static let verbs: KeyValuePairs<String, String> = [
        "segue": "SOURCE SEGUE", "perform": "SOURCE SEGUE", "unwind": "SOURCE ACTION", "back": "",
        "dismiss": "", "select-tab": "INDEX", "traits": "compact|regular", "handles": "CLASS-OR-ID ACTION",
        "expect": "top ID-OR-CLASS | outcome OUTCOME | stack ID-OR-CLASS...",
    ]

    /// What is wrong with a step line as written, or `nil` when it is a step `drive` can run:
    /// a known verb, its arguments (count, quotes closed, the words a verb takes). `drive`
    /// checks every line of a steps file with this before it runs any step, so a typo in a
    /// step or an expectation is a usage error (exit 2), never a step that silently fails.
    /// - Parameter line: A step line, comment stripped and trimmed.
    static func problem(_ line: String) -> String? {
        if line.filter({ $0 == "\"" }).count % 2 != 0 {
            return "unclosed quote in '\(echo(line))' (a quoted field ends with a double quote)"
        }
        let words = words(line)
        guard let verb = words.first else { return "empty step" }
        guard let form = verbs.first(where: { $0.key == verb })?.value else {
            return "unknown step '\(echo(verb))' (steps: \(verbs.map(\.key).joined(separator: ", ")))"
        }
        let arguments = words.dropFirst()
        func usage() -> String { "'\(verb)' takes \(form.isEmpty ? "no arguments" : form), not '\(echo(line))'" }
        switch verb {
        case "back", "dismiss":
            return arguments.isEmpty ? nil : usage()
        case "select-tab":
            return arguments.count == 1 && Int(arguments[arguments.startIndex]).map({ $0 >= 0 }) == true ? nil : usage()
        case "traits":
            return arguments.count == 1 && ["compact", "regular"].contains(arguments[arguments.startIndex]) ? nil : usage()
        case "expect":
            guard let fields = fields(line, count: 3), ["top", "outcome", "stack"].contains(fields[1]) else { return usage() }
            if fields[1] == "outcome" && !["completed", "vetoed", "noDestination", "failed"].contains(fields[2]) {
                return "'expect outcome' takes completed, vetoed, noDestination or failed, not '\(echo(fields[2]))'"
            }
            return nil
        default:
            return fields(line, count: 3) == nil ? usage() : nil
        }
    }

    /// The step lines of a steps file, with their line numbers (from 1): a UTF-8 byte order
    /// mark is dropped, and LF, CRLF and CR all end a line (a CRLF is one `Character` in
    /// Swift, so splitting on `"\n"` alone would read a Windows file as one line).
    static func lines(_ script: String) -> [(number: Int, text: String)] {
        var text = Substring(script)
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        var lines: [(number: Int, text: String)] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = stripComment(String(raw)).trimmingCharacters(in: .whitespaces)
            if !line.isEmpty { lines.append((index + 1, line)) }
        }
        return lines
    }
}
