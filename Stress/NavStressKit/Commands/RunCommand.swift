import Foundation
import NavigationRuntime

/// `navstress run`: the load run (DESIGN §10).
enum RunCommand {
    static let help = """
        OVERVIEW: Run a built-in scenario in several windows at once and report what held.

        USAGE: navstress run [--scenario NAME | --storyboard FILE|DIR [--initial ID] [--sources DIR | --no-sources]]
                             [--windows N] [--tasks N] [--requests N] [--cancel-rate P]
                             [--policy enqueue|drop-if-busy|replace-pending] [--seed S]
                             [--record FILE] [--json]

        OPTIONS:
          --scenario NAME     The scenario (default: demo): demo, double-tap, reentrant,
                              present-collision, back-spam, cancel-storm, deep-link-race,
                              multi-window.
          --storyboard FILE|DIR
                              Walk a storyboard, or an app folder's storyboards as one bundle
                              (starting from Main, else the only one with an initial view
                              controller), at random instead: segues and unwinds of controllers
                              on screen, tab selection, back, dismiss and size-class changes.
                              A reference that does not resolve is an error (exit 2). The
                              report gives coverage: scenes instantiated, segues fired and
                              unwinds that found a destination, each out of the app's
                              (storyboards with no scene reachable from the initial one,
                              such as an extension's, are listed apart, not counted), and
                              which were never reached (a few; all of them in --json).
                              Segues of a kind the runtime does not know are never performed:
                              listed apart, not counted (lint fails them).
                              Failures are split into the app's and the walker's own
                              (alreadyPresenting: a tap under a presentation; with several
                              tasks, notInWindowHierarchy: a tap on a controller another
                              task had just removed).
          --initial ID        The root scene of a storyboard run: an element id or storyboard
                              ID of any storyboard of the app (default: the initial controller).
          --sources DIR       Swift and Objective-C sources declaring the app's unwind actions
                              (@IBAction), so that unwinds find their destinations (default:
                              the files under the --storyboard DIR, as lint and drive read them).
          --no-sources        Read no sources (unwinds then find no destination).
          --windows N         Windows (default: 4), all open at once; up to 1,024 of them
                              run their load at a time.
          --tasks N           Tasks triggering requests in each window (default: 8).
          --requests N        Requests in all, exactly (default: 20000), shared out among the
                              windows' tasks.
          --cancel-rate P     Fraction of requests whose task is cancelled (default: 0.1).
          --policy POLICY     Busy policy of every request (default: enqueue).
          --seed S            Seed of every random choice (default: 42).
          --record FILE       Write every window's journal to FILE (JSON lines) for
                              'navstress replay FILE'. A failing run records its failed
                              windows by itself (to navstress-failure-seed<S>.jsonl).
          --json              Print the report as one JSON object.

        With --windows 1 --tasks 1 the run is sequential: the same seed gives the same journal,
        byte for byte. Progress goes to standard error when it is a terminal.

        Exit code 0 when nothing was lost and every window's checker held, 1 otherwise, and 1
        for a storyboard run that changed nothing (not one request completed).
        """

    /// Where the report's journals go: the `--record` file, else, for a failing run that
    /// kept its failed windows' journals, ``failureRecordingPath(seed:)``; `nil`: nowhere.
    static func recordingPath(for report: LoadReport, requested: String?) -> String? {
        guard report.recording != nil else { return nil }
        return requested ?? (report.held ? nil : failureRecordingPath(seed: report.configuration.seed))
    }

    /// Writes the report's recording to `path` and notes the file (or the error) in the report.
    static func write(_ report: inout LoadReport, to path: String) {
        guard let recording = report.recording else { return }
        do {
            try recording.jsonLines().write(to: URL(fileURLWithPath: path))
            report.recordedTo = path
        } catch {
            report.recordingError = FileProblem.describe(path, writing: true, error)
        }
    }

    /// Where a failing run records its failed windows when `--record` is not given.
    static func failureRecordingPath(seed: UInt64) -> String { "navstress-failure-seed\(seed).jsonl" }

    static func main(_ arguments: [String]) async throws -> NavStressExit {
        let options = try Options(
            arguments,
            valued: [
                "scenario", "storyboard", "initial", "sources", "windows", "tasks", "requests", "cancel-rate", "policy", "seed", "record",
            ],
            flags: ["json", "help", "no-sources"]
        )
        if options.flag("help") {
            print(help)
            return .success
        }
        guard options.positional.isEmpty else { throw UsageError("unexpected argument '\(options.positional[0])'") }
        var configuration = LoadConfiguration()
        configuration.scenario = options.string("scenario") ?? configuration.scenario
        configuration.storyboard = options.string("storyboard")
        if let scenario = options.string("scenario"), configuration.storyboard != nil {
            throw UsageError("--scenario \(scenario) and --storyboard are two runs: give one of them")
        }
        for name in ["initial", "sources"] where options.string(name) != nil && configuration.storyboard == nil {
            throw UsageError("--\(name) is an option of a storyboard run (--storyboard FILE|DIR)")
        }
        configuration.initial = options.string("initial")
        configuration.sources = options.string("sources")
        configuration.noSources = options.flag("no-sources")
        if configuration.noSources && (configuration.storyboard == nil || configuration.sources != nil) {
            throw UsageError(configuration.storyboard == nil
                ? "--no-sources is an option of a storyboard run (--storyboard FILE|DIR)"
                : "--sources and --no-sources exclude each other")
        }
        configuration.windows = try options.int("windows", default: configuration.windows, in: 1...1_000_000)
        configuration.tasks = try options.int("tasks", default: configuration.tasks, in: 1...10_000)
        configuration.requests = try options.int("requests", default: configuration.requests, in: 1...1_000_000_000)
        configuration.cancelRate = try options.fraction("cancel-rate", default: configuration.cancelRate)
        if let name = options.string("policy") {
            guard let policy = BusyPolicy(cliName: name) else {
                throw UsageError("--policy takes enqueue, drop-if-busy or replace-pending, not '\(name)'")
            }
            configuration.policy = policy
        }
        if let text = options.string("seed") {
            guard let seed = UInt64(text) else { throw UsageError("--seed takes a whole number, not '\(text)'") }
            configuration.seed = seed
        }
        let recordPath = options.string("record")
        if let recordPath, recordPath.isEmpty { throw UsageError("--record needs a file name") }
        // Refused before the run, not after it (`--record DIR` was "error 512").
        if let recordPath, let problem = FileProblem.unwritable(recordPath) { throw UsageError(problem + " (--record)") }
        configuration.recordsEveryWindow = recordPath != nil
        configuration.progress = isatty(2) != 0
        var report = try await LoadDriver.run(configuration)
        for entry in report.skippedEntries { printError(FileProblem.skippedWarning(entry)) }
        for warning in report.warnings { printError(warning) }
        if let path = recordingPath(for: report, requested: recordPath) { write(&report, to: path) }
        print(options.flag("json") ? report.json : report.text)
        if let problem = report.recordingError, report.held {
            // Asked for a recording and did not get it: that is unreadable output, exit 2.
            throw UsageError(problem)
        }
        return report.passed ? .success : .failure
    }
}

extension LoadReport {
    static let outcomeOrder = ["completed", "noChange", "vetoed", "dropped", "superseded", "deferred", "noDestination", "cancelled", "failed"]

    /// The report for people.
    var text: String {
 let c = configuration
        var lines: [String] = []
        lines.append(
            "navstress run: \(c.storyboard.map { "storyboard \($0)" } ?? "scenario \(c.scenario)"), \(c.windows) windows x \(c.tasks) tasks, \(c.requests) requests, cancel-rate \(c.cancelRate), policy \(c.policy.cliName), seed \(c.seed)"
        )
        let byOutcome = Self.outcomeOrder.map { "\(outcomes[$0, default: 0]) \($0)" }.joined(separator: ", ")
        lines.append("requests    \(byOutcome)")
        func counts(_ failures: [String: Int]) -> String {
            failures.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
        if walkerFailureCodes.isEmpty {
            if !failures.isEmpty { lines.append("failures    " + counts(failures)) }
        } else if !failures.isEmpty {
            // A storyboard run: the walker's own taps on what a user could not tap, apart.
            lines.append("failures    app: " + (appFailures.isEmpty ? "none" : counts(appFailures)))
            if !walkerFailures.isEmpty {
                lines.append("            walker: \(counts(walkerFailures)) (taps a user could not make: under a presentation\(configuration.tasks > 1 ? ", or on a controller another task had just removed" : ""); not the app's)")
            }
        }
        lines.append("lost        \(lost)")
        if deferred > 0 { lines.append("nested      \(deferred) requests made from callbacks, deferred and run in order (R4.5)") }
        let verdicts = windows.map { window in
            window.violations.isEmpty
                ? "\(window.id) held (\(window.commits) commits)"
                : "\(window.id) VIOLATED: \(window.violations.prefix(3).joined(separator: "; "))"
        }
        lines.append("checker     " + (verdicts.count <= 8 ? verdicts.joined(separator: ", ") : "\(windows.filter { $0.violations.isEmpty }.count)/\(windows.count) windows held"))
        lines.append(String(format: "throughput  %.0f requests/s (%.3f s)", throughput, seconds))
        lines.append(String(format: "latency     p50 %.1f us, p99 %.1f us, p99.9 %.1f us", latency.p50 / 1000, latency.p99 / 1000, latency.p999 / 1000))
        lines.append("memory      " + memoryText)
        if let coverage {
            lines.append(
                "coverage    scenes \(coverage.scenes.reached)/\(coverage.scenes.total) instantiated, segues \(coverage.segues.reached)/\(coverage.segues.total) fired, unwinds \(coverage.unwinds.reached)/\(coverage.unwinds.total) found a destination"
            )
            for (name, missed) in [("scenes", coverage.missedScenes), ("segues", coverage.missedSegues), ("unwinds", coverage.missedUnwinds)] where !missed.isEmpty {
                lines.append("missed      \(name): " + Self.capped(missed))
            }
            if !coverage.unknownKindSegues.isEmpty {
                let count = coverage.unknownKindSegues.count
                lines.append(
                    "unknown     \(count) segue\(count == 1 ? "" : "s") of a kind the runtime does not know, never performed (not counted above): \(Self.capped(coverage.unknownKindSegues))"
                )
            }
            if !coverage.unreachableStoryboards.isEmpty {
                lines.append(
                    "unreachable \(coverage.unreachableStoryboards.count) storyboard\(coverage.unreachableStoryboards.count == 1 ? "" : "s") with no scene reachable from the initial one (not counted above): \(Self.capped(coverage.unreachableStoryboards))"
                )
            }
        }
        if changedNothing {
            lines.append(
                "verdict     FAILED: changed nothing in \(configuration.requests) requests (not one segue, tab, back, dismiss or traits change completed)\(held ? "; the checker held" : "")"
            )
        } else {
            lines.append("verdict     \(held ? "HELD" : "FAILED")")
        }
        if !held { lines.append("rerun       \(c.replayCommand)") }
        if let recordedTo { lines.append("recorded    \(recordedTo) (check it again: navstress replay \(recordedTo))") }
        if let recordingError { lines.append("recorded    nothing: \(recordingError)") }
        return lines.joined(separator: "\n")
    }

    /// The first few of a list, then `+N more` (the full lists are in `--json`).
    static func capped(_ items: [String], first: Int = 5) -> String {
        items.prefix(first).joined(separator: ", ") + (items.count > first ? ", +\(items.count - first) more" : "")
    }

    /// Resident memory for people: after opening the windows, at the end, and the peak.
    var memoryText: String {
        guard let end = memory.end else { return "unavailable (no /proc/self/status)" }
        var parts: [String] = []
        if let idle = memory.idle {
            let windows = configuration.windows == 1 ? "1 idle window" : "\(configuration.windows) idle windows"
            parts.append("\(ResidentMemory.mebibytes(idle.current)) resident with \(windows) open")
        }
        parts.append("\(ResidentMemory.mebibytes(end.current)) at the end")
        parts.append("peak \(ResidentMemory.mebibytes(end.peak))")
        return parts.joined(separator: ", ")
    }

    /// The report as one JSON object.
    var json: String {
        let object: [String: Any] = [
            "scenario": configuration.storyboard == nil ? configuration.scenario : NSNull(),
            "storyboard": configuration.storyboard ?? NSNull(),
            "initial": configuration.initial ?? NSNull(),
            "coverage": coverage.map { coverage in
                [
                    "scenes": ["instantiated": coverage.scenes.reached, "total": coverage.scenes.total],
                    "segues": ["fired": coverage.segues.reached, "total": coverage.segues.total],
                    "unwinds": ["found_destination": coverage.unwinds.reached, "total": coverage.unwinds.total],
                    "missed": ["scenes": coverage.missedScenes, "segues": coverage.missedSegues, "unwinds": coverage.missedUnwinds],
                    "unreachable_storyboards": coverage.unreachableStoryboards,
                    "unknown_kind_segues": coverage.unknownKindSegues,
                ] as [String: Any]
            } ?? NSNull(),
            "skipped": skippedEntries.map { "\($0.path): \($0.reason)" },
            "changed_nothing": changedNothing,
            "passed": passed,
            "windows": configuration.windows,
            "tasks": configuration.tasks,
            "requests": configuration.requests,
            "cancel_rate": configuration.cancelRate,
            "policy": configuration.policy.cliName,
            "seed": configuration.seed,
            "outcomes": Dictionary(uniqueKeysWithValues: Self.outcomeOrder.map { ($0, outcomes[$0, default: 0]) }),
            "failures": failures,
            "failures_app": appFailures,
            "failures_walker": walkerFailures,
            "lost": lost,
            "nested_deferred": deferred,
            "checker": windows.map { ["window": $0.id.rawValue, "commits": $0.commits, "violations": $0.violations] as [String: Any] },
            "seconds": seconds,
            "throughput": throughput,
            "latency_ns": ["p50": latency.p50, "p99": latency.p99, "p99.9": latency.p999],
            "memory_bytes": [
                "idle_windows_rss": memory.idle.map { Int($0.current) } ?? NSNull(),
                "end_rss": memory.end.map { Int($0.current) } ?? NSNull(),
                "peak_rss": memory.end.map { Int($0.peak) } ?? NSNull(),
            ] as [String: Any],
            "held": held,
            "replay": configuration.replayCommand,
            "recorded": recordedTo ?? NSNull(),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
