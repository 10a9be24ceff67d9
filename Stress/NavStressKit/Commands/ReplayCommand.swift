import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// `navstress replay FILE`: checks a recorded run's journals again.
enum ReplayCommand {
    static let help = """
        OVERVIEW: Check the journals of a recorded run again (a file from 'navstress run --record').

        USAGE: navstress replay FILE [--json]

        Every window's journal goes through the invariant checker and, when it starts at the
        window's first commit, through the reference model (linearizability) against the
        window's recorded final snapshot.

        OPTIONS:
          --json              Print the verdict as one JSON object.

        Exit code 0 when every window held, 1 on a violation or a recording cut short (windows,
        events or commits its header and window lines promised are missing: each is named), 2 on
        an unreadable or malformed file.
        """

    /// What a replay found.
    struct Verdict {
        /// The recording's command.
        var command: String
        /// Per window, in the file's order: its commit count and violations.
        var windows: [(window: WindowID, commits: Int, violations: [String])]

        /// What the file promised and lacks (``JournalRecording/missing``).
        var missing: [String] = []
        /// The windows not checked because their journal is cut short.
        var cutShort: Set<WindowID> = []

        /// Whether every window held and nothing promised is missing.
        var held: Bool { windows.allSatisfy(\.violations.isEmpty) && missing.isEmpty }

        var text: String {
            var lines = ["navstress replay: \(windows.count) windows recorded by: \(command)"]
            for problem in missing { lines.append("MISSING     \(problem)") }
            for window in windows {
                if cutShort.contains(window.window) {
                    lines.append("\(window.window) not checked (its journal is cut short)")
                    continue
                }
                lines.append(
                    window.violations.isEmpty
                        ? "\(window.window) held (\(window.commits) commits)"
                        : "\(window.window) VIOLATED: " + window.violations.joined(separator: "; ")
                )
            }
            lines.append("verdict     \(held ? "held" : missing.isEmpty ? "violated" : "incomplete recording")")
            return lines.joined(separator: "\n")
        }

        var json: String {
            let object: [String: Any] = [
                "command": command,
                "held": held,
                "verdict": held ? "held" : missing.isEmpty ? "violated" : "incomplete",
                "missing": missing,
                "windows": windows.map {
                    ["window": $0.window.rawValue, "commits": $0.commits, "violations": $0.violations] as [String: Any]
                },
            ]
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Reads and checks a recording.
    ///
    /// - Throws: ``UsageError`` (exit 2) naming the file and line when it cannot be read.
    static func verdict(file: String) throws(UsageError) -> Verdict {
        if let problem = FileProblem.unreadable(file) { throw UsageError(problem) }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw UsageError("\(file): cannot be read (permission denied?)")
        }
        let recording: JournalRecording
        do {
            recording = try JournalRecording.read(data)
        } catch {
            throw UsageError("\(file): \(error)")
        }
        return Verdict(
            command: recording.command,
            windows: recording.check().map { checked in
                // A journal cut short is not checked: its checker would only report the cut.
                recording.cutShort.contains(checked.window)
                    ? (checked.window, 0, []) : (checked.window, checked.report.commits, checked.report.violations)
            },
            missing: recording.missing,
            cutShort: recording.cutShort
        )
    }

    static func main(_ arguments: [String]) throws -> NavStressExit {
        let options = try Options(arguments, valued: [], flags: ["json", "help"])
        if options.flag("help") {
            print(help)
            return .success
        }
        guard options.positional.count == 1 else {
            throw UsageError(options.positional.isEmpty ? "replay needs a FILE" : "replay takes one FILE")
        }
        let verdict = try verdict(file: options.positional[0])
        print(options.flag("json") ? verdict.json : verdict.text)
        return verdict.held ? .success : .failure
    }
}
