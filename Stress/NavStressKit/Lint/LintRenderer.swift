// NavStressKit: lint findings rendered for people and for CI.

import Foundation
import NavigationRuntime

/// `--format`: how `lint` writes its findings.
enum LintFormat: String, Sendable, CaseIterable {
    /// `path:line:column: error|warning: message [rule]`, one per line.
    case text
    /// `{"diagnostics": [{"file", "line", "column", "severity", "rule", "message"}, ...]}`.
    case json
    /// SARIF 2.1.0, as GitHub code scanning reads it.
    case sarif
    /// GitHub workflow commands: `::error file=…,line=…,col=…::message`.
    case github
}

/// Paths as findings show them: relative to the current directory when under it.
struct LintPaths: Sendable {
    /// The current directory, standardized, with no trailing slash.
    let currentDirectory: String

    init(currentDirectory: String) {
        var directory = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        self.currentDirectory = directory
    }

    /// A path given on the command line, relative to the current directory unless absolute.
    func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path)
    }

    /// `file` relative to the current directory when it is under it, else as given (standardized).
    func display(_ file: String) -> String {
        let standardized = URL(fileURLWithPath: file).standardizedFileURL.path
        let prefix = currentDirectory == "/" ? "/" : currentDirectory + "/"
        if standardized.hasPrefix(prefix), standardized.count > prefix.count { return String(standardized.dropFirst(prefix.count)) }
        return standardized
    }
}

/// Renders findings in one of the ``LintFormat``s. Every format is one finding per entry, in
/// the order given, and ends with a newline when not empty.
struct LintRenderer: Sendable {
    let paths: LintPaths

    func render(_ diagnostics: [StoryboardDiagnostic], format: LintFormat) -> String {
        switch format {
        case .text: text(diagnostics)
        case .json: json(diagnostics)
        case .sarif: sarif(diagnostics)
        case .github: github(diagnostics)
        }
    }

    private func file(_ diagnostic: StoryboardDiagnostic) -> String? { diagnostic.location.map { paths.display($0.file) } }

    func text(_ diagnostics: [StoryboardDiagnostic]) -> String {
        diagnostics.map { diagnostic in
            var shown = diagnostic
            if let file = file(diagnostic) { shown.location?.file = file }
            return shown.description + "\n"
        }.joined()
    }

    func json(_ diagnostics: [StoryboardDiagnostic]) -> String {
        let items = diagnostics.map { diagnostic in
            let location = diagnostic.location
            let fields = [
                "\"file\": " + (file(diagnostic).map(JSONText.string) ?? "null"),
                "\"line\": " + (location.map { String($0.line) } ?? "null"),
                "\"column\": " + (location.map { String($0.column) } ?? "null"),
                "\"severity\": " + JSONText.string(diagnostic.severity.rawValue),
                "\"rule\": " + JSONText.string(diagnostic.ruleID),
                "\"message\": " + JSONText.string(diagnostic.message),
            ]
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        if items.isEmpty { return "{\"diagnostics\": []}\n" }
        return "{\"diagnostics\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
    }

    /// SARIF 2.1.0 with what GitHub code scanning reads: `tool.driver` (name, rules with
    /// id, name and descriptions), and per result `ruleId`, `ruleIndex`,
    /// `level`, `message.text` and one physical location (`artifactLocation.uri`, relative to
    /// the current directory, the repository root on CI, when under it; `region.startLine` and
    /// `startColumn`).
    func sarif(_ diagnostics: [StoryboardDiagnostic]) -> String {
        var ruleIDs = StoryboardLint.Rule.allCases.map(\.rawValue)
        for diagnostic in diagnostics where !ruleIDs.contains(diagnostic.ruleID) { ruleIDs.append(diagnostic.ruleID) }
        let rules = ruleIDs.map { id in
            let summary = StoryboardLint.Rule(rawValue: id)?.summary ?? "navstress lint rule \(id)."
            return "        {\"id\": \(JSONText.string(id)), \"name\": \(JSONText.string(Self.ruleName(id))), "
                + "\"shortDescription\": {\"text\": \(JSONText.string(summary))}, "
                + "\"fullDescription\": {\"text\": \(JSONText.string(summary))}}"
        }
        let results = diagnostics.map { diagnostic in
            var fields = [
                "\"ruleId\": " + JSONText.string(diagnostic.ruleID),
                "\"ruleIndex\": " + String(ruleIDs.firstIndex(of: diagnostic.ruleID) ?? 0),
                "\"level\": " + JSONText.string(diagnostic.severity == .error ? "error" : "warning"),
                "\"message\": {\"text\": " + JSONText.string(diagnostic.message) + "}",
            ]
            if let location = diagnostic.location {
                let uri = Self.uri(paths.display(location.file))
                fields.append(
                    "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSONText.string(uri))}, "
                        + "\"region\": {\"startLine\": \(max(location.line, 1)), \"startColumn\": \(max(location.column, 1))}}}]")
            }
            return "      {" + fields.joined(separator: ", ") + "}"
        }
        return """
            {
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "version": "2.1.0",
              "runs": [{
                "tool": {"driver": {
                  "name": "navstress",
                  "rules": [
            \(rules.joined(separator: ",\n"))
                  ]
                }},
                "results": [\(results.isEmpty ? "" : "\n" + results.joined(separator: ",\n") + "\n    ")]
              }]
            }

            """
    }

    /// GitHub workflow commands, one per finding:
    /// `::error file=PATH,line=L,col=C::message [rule]` (`::warning` for warnings). Property
    /// values escape `%`, `\r`, `\n`, `:` and `,`; the message escapes `%`, `\r` and `\n`.
    func github(_ diagnostics: [StoryboardDiagnostic]) -> String {
        diagnostics.map { diagnostic in
            var properties: [String] = []
            if let location = diagnostic.location {
                properties = [
                    "file=" + Self.escapeProperty(paths.display(location.file)), "line=\(location.line)", "col=\(location.column)",
                ]
            }
            let command = diagnostic.severity == .error ? "error" : "warning"
            let head = properties.isEmpty ? "::\(command)" : "::\(command) " + properties.joined(separator: ",")
            return head + "::" + Self.escapeData(diagnostic.message + " [\(diagnostic.ruleID)]") + "\n"
        }.joined()
    }

    /// The workflow-command escaping of a message (`%`, `\r`, `\n`).
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The workflow-command escaping of a property value (also `:` and `,`).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// A relative or absolute path as a SARIF URI: percent-encoded outside RFC 3986's
    /// unreserved characters and `/`; an absolute path becomes a `file://` URI.
    static func uri(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        var encoded = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// `missing-reference` → `MissingReference`, `R2.12` → `R2_12` (SARIF's `name`).
    static func ruleName(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            .replacingOccurrences(of: ".", with: "_")
    }
}

/// JSON text pieces, written by hand so that key order is the documented one.
enum JSONText {
    /// A JSON string literal.
    static func string(_ text: String) -> String { JSONStringLiteral.quoted(text) }
}
