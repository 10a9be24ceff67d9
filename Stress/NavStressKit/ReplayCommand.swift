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

        Exit code 0 when every window held, 1 on a violation, 2 on an unreadable or malformed file.
        """

    /// What a replay found.
    struct Verdict {
        /// The recording's command.
        var command: String
        /// Per window, in the file's order: its commit count and violations.
        var windows: [(window: WindowID, commits: Int, violations: [String])]

        /// Whether every window held.
        var held: Bool { windows.allSatisfy(\.violations.isEmpty) }

        var text: String {
            var lines = ["navstress replay: \(windows.count) windows recorded by: \(command)"]
            for window in windows {
                lines.append(
                    window.violations.isEmpty
                        ? "\(window.window) held (\(window.commits) commits)"
                        : "\(window.window) VIOLATED: " + window.violations.joined(separator: "; ")
                )
            }
            lines.append("verdict     \(held ? "held" : "violated")")
            return lines.joined(separator: "\n")
        }

        var json: String {
            let object: [String: Any] = [
                "command": command,
                "held": held,
                "verdict": held ? "held" : "violated",
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
        guard let data = FileManager.default.contents(atPath: file) else {
            throw UsageError("cannot read \(file)")
        }
        let recording: JournalRecording
        do {
            recording = try JournalRecording.read(data)
        } catch {
            throw UsageError("\(file): \(error)")
        }
        return Verdict(
            command: recording.command,
            windows: recording.check().map { ($0.window, $0.report.commits, $0.report.violations) }
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
