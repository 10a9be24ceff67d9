// NavStressKit: the storyboard subcommands of `navstress`: inspect, lint, graph.

import Foundation
import NavigationRuntime

/// `navstress inspect`, `lint` and `graph`. Arguments exclude the subcommand name. Results go
/// to standard output, a one-line error to standard error; the return value is the exit
/// status: 0 success, 1 the check failed (lint errors), 2 bad usage or unreadable input.
public enum StoryboardCommands {
    static let inspectUsage = """
        USAGE: navstress inspect [--json] PATH...

        Shows what the loader read from each storyboard: scenes, controllers by kind, segues by
        kind, relationships, unwind actions, custom segue classes, storyboard identifiers,
        references. PATH is a .storyboard file or a folder (every storyboard under it; Pods,
        Carthage, build output, *.xcloc and hidden folders skipped). With --json, one JSON
        object per storyboard (a list when there are several).

        OPTIONS:
          --json      JSON output (DESIGN §11 shape)
          -h, --help  Show this help.
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

    /// `navstress lint [options] PATH...`: prints findings and returns the exit status.
    /// - Parameter arguments: The arguments after the subcommand name.
    /// - Returns: The exit status.
    public static func lint(_ arguments: [String]) -> Int32 { emit(runLint(arguments)) }

    /// `navstress graph FILE`: prints Graphviz DOT and returns the exit status.
    /// - Parameter arguments: The arguments after the subcommand name.
    /// - Returns: The exit status.
    public static func graph(_ arguments: [String]) -> Int32 { emit(runGraph(arguments)) }

    /// `inspect` without printing.
    /// - Parameters:
    ///   - arguments: The arguments after the subcommand name.
    ///   - currentDirectory: Paths under it are shown relative to it, as `lint` shows them.
    /// - Returns: Status and outputs.
    public static func runInspect(
        _ arguments: [String], currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> StoryboardCommandResult {
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
        guard !files.isEmpty else { return failure("inspect: missing PATH (see navstress inspect --help)") }
        var inspections: [StoryboardInspection] = []
        // Paths as lint prints them: relative to the current directory when under it.
        let paths = LintPaths(currentDirectory: currentDirectory)
        var warnings = ""
        do {
            let search = try StoryboardBundle.storyboardSearch(files.map { URL(fileURLWithPath: $0) })
            for entry in search.skipped { warnings += FileProblem.skippedWarning(entry, display: paths.display) + "\n" }
            for file in search.files {
                var inspection = StoryboardInspection(try StoryboardLoader.load(contentsOf: file))
                inspection.file = paths.display(inspection.file)
                inspections.append(inspection)
            }
        } catch {
            return failure(error, paths: paths)
        }
        let output: String
        if json {
            output = inspections.count == 1 ? inspections[0].json : StoryboardInspection.jsonList(inspections)
        } else {
            output = inspections.map(\.text).joined(separator: "\n\n")
        }
        return StoryboardCommandResult(status: 0, output: output + "\n", errorOutput: warnings)
    }

    /// `lint` without printing.
    /// - Parameter arguments: The arguments after the subcommand name.
    /// - Returns: Status and outputs.
    public static func runLint(_ arguments: [String]) -> StoryboardCommandResult {
        LintCommand.run(arguments)
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
                if sources != nil { return usageError("--sources given twice") }
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
            // The scan lint, drive and run use (`@IBAction` unwinds and this library's `unwindActions`).
            let read = sources.map { AppSourceFiles(under: URL(fileURLWithPath: $0)) }
            let actions = read.map { AppSourceIndex.scan(sources: $0.texts).unwindActions } ?? [:]
            let warnings = (app.skippedEntries + (read?.skipped ?? [])).map { FileProblem.skippedWarning($0) + "\n" }.joined()
            return StoryboardCommandResult(status: 0, output: StoryboardGraph(app: app, unwindActions: actions).dot, errorOutput: warnings)
        } catch {
            return failure(error)
        }
    }

    private static func usageError(_ message: String) -> StoryboardCommandResult { failure(message) }

    /// Exit 2 with `navstress: error: MESSAGE` on standard error: the one error style of
    /// every `navstress` subcommand (as argument-parser tools print theirs).
    /// - Parameter message: The one-line reason, `PATH: what is wrong` for input.
    /// - Returns: The result.
    static func failure(_ message: String) -> StoryboardCommandResult {
        StoryboardCommandResult(status: 2, errorOutput: "navstress: error: " + message + "\n")
    }

    /// Exit 2 for a storyboard that cannot be used: `navstress: error: PATH[:LINE:COLUMN]: what is
    /// wrong`, the path relative to the current directory when under it. A file that is not
    /// named `.storyboard` and does not parse as one is said to be no storyboard.
    /// - Parameters:
    ///   - error: The loader's error.
    ///   - paths: How paths are shown (default: relative to the process's current directory).
    /// - Returns: The result.
    static func failure(
        _ error: StoryboardError, paths: LintPaths = LintPaths(currentDirectory: FileManager.default.currentDirectoryPath)
    ) -> StoryboardCommandResult {
        let file = error.file.map(paths.display) ?? "<storyboard>"
        var position = ""
        if let line = error.line {
            position = ":\(line)"
            if let column = error.column { position += ":\(column)" }
        }
        let isParseFailure = error.code == .malformedXML || error.code == .notAStoryboard || error.code == .forbiddenDocumentType
        if isParseFailure, let path = error.file, URL(fileURLWithPath: path).pathExtension != "storyboard" {
            return failure("\(file): is not a storyboard (\(position.isEmpty ? "" : String(position.dropFirst()) + ": ")\(error.message))")
        }
        return failure("\(file)\(position): \(error.message)")
    }

    private static func emit(_ result: StoryboardCommandResult) -> Int32 {
        fflush(nil)  // (every C output stream) nothing `print` buffered may come after these unbuffered writes
        if !result.output.isEmpty { FileHandle.standardOutput.write(Data(result.output.utf8)) }
        if !result.errorOutput.isEmpty { FileHandle.standardError.write(Data(result.errorOutput.utf8)) }
        return result.status
    }
}
