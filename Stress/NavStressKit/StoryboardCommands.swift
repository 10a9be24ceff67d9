// NavStressKit: the storyboard subcommands of `navstress`: inspect, lint, graph.

import Foundation
import NavigationRuntime

/// `navstress inspect`, `lint` and `graph`. Arguments exclude the subcommand name. Results go
/// to standard output, a one-line error to standard error; the return value is the exit
/// status: 0 success, 1 the check failed (lint errors), 2 bad usage or unreadable input.
public enum StoryboardCommands {
    static let inspectUsage = """
        USAGE: navstress inspect [--json] FILE...

        Shows what the loader read from each storyboard: scenes, controllers by kind, segues by
        kind, relationships, unwind actions, custom segue classes, storyboard identifiers,
        references. With --json, one JSON object (a list for several files).

        OPTIONS:
          --json      JSON output (DESIGN §11 shape)
          -h, --help  Show this help.
        """
    static let lintUsage = """
        USAGE: navstress lint [--sources DIR] [--no-references] FILE...

        Reports what would fail at run time, as path:line:column: error|warning: message [rule].
        Exit status 1 if any error was found.

        OPTIONS:
          --sources DIR    Scan Swift and Objective-C sources in DIR for unwind actions.
          --no-references  Do not resolve storyboard references against sibling files.
          -h, --help       Show this help.
        """
    static let graphUsage = """
        USAGE: navstress graph FILE|DIR [--sources DIR]

        Prints the storyboard's navigation map as Graphviz DOT. An app folder gives one graph
        with a cluster per storyboard and each storyboard reference drawn to the scene it
        resolves to (by name across the app, as UIKit resolves it).

        OPTIONS:
          --sources DIR  Draw each unwind action to the scenes whose class declares it
                         (Swift and Objective-C sources).
          -h, --help     Show this help.
        """

    /// `navstress inspect [--json] FILE...`: prints the inspection and returns the exit status.
    /// - Parameter arguments: The arguments after the subcommand name.
    /// - Returns: The exit status.
    public static func inspect(_ arguments: [String]) -> Int32 { emit(runInspect(arguments)) }

    /// `navstress lint [--sources DIR] FILE...`: prints diagnostics and returns the exit status.
    /// - Parameter arguments: The arguments after the subcommand name.
    /// - Returns: The exit status.
    public static func lint(_ arguments: [String]) -> Int32 { emit(runLint(arguments)) }

    /// `navstress graph FILE`: prints Graphviz DOT and returns the exit status.
    /// - Parameter arguments: The arguments after the subcommand name.
    /// - Returns: The exit status.
    public static func graph(_ arguments: [String]) -> Int32 { emit(runGraph(arguments)) }

    /// `inspect` without printing.
    /// - Parameter arguments: The arguments after the subcommand name.
    /// - Returns: Status and outputs.
    public static func runInspect(_ arguments: [String]) -> StoryboardCommandResult {
        var json = false
        var files: [String] = []
        for argument in arguments {
            switch argument {
            case "-h", "--help": return StoryboardCommandResult(status: 0, output: inspectUsage + "\n")
            case "--json": json = true
            default:
                if argument.hasPrefix("-") { return usageError("inspect: unknown option '\(argument)'") }
                files.append(argument)
            }
        }
        guard !files.isEmpty else { return usageError("inspect: missing FILE (see navstress inspect --help)") }
        var inspections: [StoryboardInspection] = []
        for file in files {
            do {
                inspections.append(StoryboardInspection(try StoryboardLoader.load(contentsOf: URL(fileURLWithPath: file))))
            } catch {
                return StoryboardCommandResult(status: 2, errorOutput: error.description + "\n")
            }
        }
        let output: String
        if json {
            output = inspections.count == 1 ? inspections[0].json : StoryboardInspection.jsonList(inspections)
        } else {
            output = inspections.map(\.text).joined(separator: "\n\n")
        }
        return StoryboardCommandResult(status: 0, output: output + "\n")
    }

    /// `lint` without printing.
    /// - Parameter arguments: The arguments after the subcommand name.
    /// - Returns: Status and outputs.
    public static func runLint(_ arguments: [String]) -> StoryboardCommandResult {
        var files: [String] = []
        var sources: String?
        var checksReferences = true
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help": return StoryboardCommandResult(status: 0, output: lintUsage + "\n")
            case "--no-references": checksReferences = false
            case "--sources":
                guard index + 1 < arguments.count else { return usageError("lint: --sources needs a DIR") }
                index += 1
                sources = arguments[index]
            default:
                if argument.hasPrefix("--sources=") {
                    sources = String(argument.dropFirst("--sources=".count))
                } else if argument.hasPrefix("-") {
                    return usageError("lint: unknown option '\(argument)'")
                } else {
                    files.append(argument)
                }
            }
            index += 1
        }
        guard !files.isEmpty else { return usageError("lint: missing FILE (see navstress lint --help)") }
        var table: [String: Set<String>]?
        if let sources {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sources, isDirectory: &isDirectory), isDirectory.boolValue else {
                return usageError("lint: --sources '\(sources)' is not a directory")
            }
            table = UnwindActionScanner.scan(directory: URL(fileURLWithPath: sources))
        }
        let lint = StoryboardLint(declaredUnwindActions: table, checksReferences: checksReferences)
        var output = ""
        var errorOutput = ""
        var status: Int32 = 0
        for file in files {
            do {
                let storyboard = try StoryboardLoader.load(contentsOf: URL(fileURLWithPath: file))
                let diagnostics = lint.diagnostics(for: storyboard)
                for diagnostic in diagnostics { output += diagnostic.description + "\n" }
                if StoryboardLint.hasErrors(diagnostics), status == 0 { status = 1 }
            } catch {
                errorOutput += error.description + "\n"
                status = 2
            }
        }
        return StoryboardCommandResult(status: status, output: output, errorOutput: errorOutput)
    }

    /// `graph` without printing.
    /// - Parameter arguments: The arguments after the subcommand name.
    /// - Returns: Status and outputs.
    public static func runGraph(_ arguments: [String]) -> StoryboardCommandResult {
        var files: [String] = []
        var sources: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" { return StoryboardCommandResult(status: 0, output: graphUsage + "\n") }
            if argument == "--sources", index < arguments.count {
                sources = arguments[index]
                index += 1
                continue
            }
            if argument.hasPrefix("-") { return usageError("graph: unknown option '\(argument)'") }
            files.append(argument)
        }
        guard files.count == 1 else { return usageError("graph: expected exactly one FILE or DIR (see navstress graph --help)") }
        if let sources, AppFolder.kind(of: sources) != .directory { return usageError("graph: --sources '\(sources)' is not a directory") }
        do {
            // An app folder (or a file with --sources): one DOT, a cluster per storyboard.
            guard AppFolder.kind(of: files[0]) == .directory || sources != nil else {
                let storyboard = try StoryboardLoader.load(contentsOf: URL(fileURLWithPath: files[0]))
                return StoryboardCommandResult(status: 0, output: StoryboardGraph(storyboard).dot)
            }
            let app = try StoryboardBundle.load([URL(fileURLWithPath: files[0])])
            let actions = sources.map { UnwindActionScanner.scan(directory: URL(fileURLWithPath: $0)) } ?? [:]
            return StoryboardCommandResult(status: 0, output: StoryboardGraph(app: app, unwindActions: actions).dot)
        } catch {
            return StoryboardCommandResult(status: 2, errorOutput: error.description + "\n")
        }
    }

    private static func usageError(_ message: String) -> StoryboardCommandResult {
        StoryboardCommandResult(status: 2, errorOutput: "error: " + message + "\n")
    }

    private static func emit(_ result: StoryboardCommandResult) -> Int32 {
        if !result.output.isEmpty { FileHandle.standardOutput.write(Data(result.output.utf8)) }
        if !result.errorOutput.isEmpty { FileHandle.standardError.write(Data(result.errorOutput.utf8)) }
        return result.status
    }
}
