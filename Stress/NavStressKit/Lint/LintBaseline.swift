// NavStressKit: a lint baseline, so that a team can adopt lint on a legacy app and fail only
// on new findings.

import Foundation
import NavigationRuntime

/// The findings recorded at one point in time, by key, with counts.
///
/// A finding's key is its rule, its file (relative to the baseline file's own folder when under
/// it, so that the baseline matches from whichever directory lint runs) and its message with every `file:line[:column]` it quotes reduced to the file; it
/// has no line or column of its own, so it survives edits that move the finding, and the file
/// is sorted, so it does not depend on the order findings were found in. A key recorded `n`
/// times hides up to `n` findings with that key; more are new.
///
/// The file is JSON, one finding key per line, sorted:
/// ```
/// {"navstress_baseline": 1, "findings": [
///   {"rule": "unreachable-scene", "file": "App/Main.storyboard", "message": "...", "count": 1}
/// ]}
/// ```
struct LintBaseline: Equatable, Sendable {
    /// One finding's key.
    struct Key: Hashable, Comparable, Sendable {
        var rule: String
        var file: String
        var message: String

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.rule, lhs.message) < (rhs.file, rhs.rule, rhs.message)
        }
    }

    /// Key → how many findings it stands for.
    var counts: [Key: Int]

    init(counts: [Key: Int]) { self.counts = counts }

    /// Records `diagnostics`.
    init(_ diagnostics: [StoryboardDiagnostic], paths: LintPaths) {
        var counts: [Key: Int] = [:]
        for diagnostic in diagnostics { counts[Self.key(diagnostic, paths: paths), default: 0] += 1 }
        self.counts = counts
    }

    /// A finding's key.
    static func key(_ diagnostic: StoryboardDiagnostic, paths: LintPaths) -> Key {
        Key(rule: diagnostic.ruleID, file: diagnostic.location.map { paths.display($0.file) } ?? "", message: withoutLines(diagnostic.message))
    }

    /// `Main.storyboard:120:9` → `Main.storyboard` (also `.swift`, `.m`, `.mm`, `.h`), so that a
    /// message quoting another place survives line shifts there.
    static func withoutLines(_ message: String) -> String {
        var out = ""
        var rest = Substring(message)
        let suffixes = [".storyboard", ".swift", ".mm", ".m", ".h"]
        while let match = suffixes.compactMap({ suffix in rest.range(of: suffix + ":").map { ($0, suffix) } }).min(by: { $0.0.lowerBound < $1.0.lowerBound }) {
            let (range, suffix) = match
            out += rest[..<range.lowerBound] + suffix
            var cursor = rest.index(range.lowerBound, offsetBy: suffix.count)
            // Drop up to two `:digits` groups.
            for _ in 0..<2 {
                guard cursor < rest.endIndex, rest[cursor] == ":" else { break }
                let digitsStart = rest.index(after: cursor)
                let digitsEnd = rest[digitsStart...].firstIndex { !$0.isASCII || !$0.isNumber } ?? rest.endIndex
                guard digitsEnd > digitsStart else { break }
                cursor = digitsEnd
            }
            rest = rest[cursor...]
        }
        return out + rest
    }

    /// The findings the baseline does not hide, in their order, and how many recorded findings
    /// matched nothing (fixed since, or recorded against other paths: a stale baseline).
    func filter(_ diagnostics: [StoryboardDiagnostic], paths: LintPaths) -> (kept: [StoryboardDiagnostic], unmatched: Int) {
        var remaining = counts
        let kept = diagnostics.filter { diagnostic in
            let key = Self.key(diagnostic, paths: paths)
            guard let left = remaining[key], left > 0 else { return true }
            remaining[key] = left - 1
            return false
        }
        return (kept, remaining.values.reduce(0, +))
    }

    /// The paths a baseline file's keys are relative to: its own folder.
    /// - Parameter file: The baseline file.
    static func paths(for file: URL) -> LintPaths {
        LintPaths(currentDirectory: file.deletingLastPathComponent().path)
    }

    /// The file's text.
    var text: String {
        let lines = counts.sorted { $0.key < $1.key }.map { key, count in
            "  {\"rule\": \(JSONText.string(key.rule)), \"file\": \(JSONText.string(key.file)), "
                + "\"message\": \(JSONText.string(key.message)), \"count\": \(count)}"
        }
        if lines.isEmpty { return "{\"navstress_baseline\": 1, \"findings\": []}\n" }
        return "{\"navstress_baseline\": 1, \"findings\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// Writes ``text`` to `path`.
    /// - Throws: ``LintInputError`` when the file cannot be written.
    func write(to path: String) throws(LintInputError) {
        switch AppFolder.kind(of: path) {
        case .directory, .special, .brokenLink:
            throw LintInputError(path: path, AppFolder.problem(readingFile: path) ?? "cannot be written")
        case .file, .missing:
            break
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw LintInputError(path: path, "cannot be written (no such folder, or no permission)")
        }
    }

    /// Reads a baseline file.
    /// - Throws: ``LintInputError`` naming the file: unreadable, or not a baseline.
    static func read(from path: String) throws(LintInputError) -> LintBaseline {
        if let problem = AppFolder.problem(readingFile: path) { throw LintInputError(path: path, problem) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LintInputError(path: path, "cannot be read (no permission)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["navstress_baseline"] as? Int == 1, let findings = object["findings"] as? [[String: Any]]
        else {
            throw LintInputError(path: path, "is not a navstress lint baseline (write one with --write-baseline)")
        }
        var counts: [Key: Int] = [:]
        for finding in findings {
            guard let rule = finding["rule"] as? String, let file = finding["file"] as? String,
                let message = finding["message"] as? String, let count = finding["count"] as? Int, count > 0
            else {
                throw LintInputError(path: path, "is not a navstress lint baseline (a finding lacks rule, file, message or a positive count)")
            }
            counts[Key(rule: rule, file: file, message: message), default: 0] += count
        }
        return LintBaseline(counts: counts)
    }
}
