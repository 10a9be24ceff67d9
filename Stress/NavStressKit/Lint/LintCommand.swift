// NavStressKit: `navstress lint`, an app's storyboards and sources checked as one unit.

import Foundation
import NavigationRuntime

/// `navstress lint PATH...`: every storyboard the paths name (files, or app folders searched
/// recursively) is one app bundle; the Swift and Objective-C files under the folders are the
/// app's sources, read once per run. Findings go to standard output in the chosen format;
/// exit 0 when no error is left (warnings allowed), 1 with errors, 2 for bad usage or input
/// that cannot be read (one line on standard error: `navstress: error: PATH: what is wrong`).
enum LintCommand {
    static let usage = """
        USAGE: navstress lint [options] PATH...

        Checks an app's storyboards (and the identifiers its sources use) for what would fail at
        run time. PATH is a .storyboard file or an app folder: every storyboard under a folder
        (Pods, Carthage, build output, *.xcloc and hidden folders skipped) forms one app, in
        which storyboard references resolve by name, as UIKit resolves them.

        Exit status: 0 no errors (warnings allowed), 1 errors, 2 bad usage or unreadable input.

        OPTIONS:
          --bundle DIR             Storyboards that only resolve references (repeatable).
          --sources DIR            Swift/Objective-C sources to scan instead of the ones under
                                   the PATH folders (repeatable).
          --no-sources             Scan no sources (unwind actions cannot then be checked).
          --no-references          Do not resolve storyboard references.
          --format FORMAT          text (default), json, sarif (SARIF 2.1.0, for GitHub code
                                   scanning) or github (workflow annotations).
          --baseline FILE          Hide the findings recorded in FILE.
          --write-baseline FILE    Record every current finding in FILE (and hide them).
          -h, --help               Show this help.
        """

    /// What the command line asked for.
    struct Arguments: Equatable {
        var paths: [String] = []
        var bundles: [String] = []
        var sources: [String] = []
        var noSources = false
        var checksReferences = true
        var format = LintFormat.text
        var baseline: String?
        var writeBaseline: String?
        var help = false

        /// Parses the arguments after `lint`.
        /// - Throws: ``UsageError`` with the one-line reason.
        init(_ arguments: [String]) throws(UsageError) {
            var index = 0
            var formatGiven: String?
            func value(_ name: String, inline: String?) throws(UsageError) -> String {
                if let inline { return inline }
                index += 1
                guard index < arguments.count else { throw UsageError("\(name) needs a value") }
                return arguments[index]
            }
            while index < arguments.count {
                let argument = arguments[index]
                var name = argument
                var inline: String?
                if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inline = String(argument[argument.index(after: equals)...])
                }
                switch name {
                case "-h", "--help": help = true
                case "--no-sources": noSources = true
                case "--no-references": checksReferences = false
                case "--bundle": bundles.append(try value(name, inline: inline))
                case "--sources": sources.append(try value(name, inline: inline))
                case "--baseline":
                    try refuseRepeated(name, baseline)
                    baseline = try value(name, inline: inline)
                case "--write-baseline":
                    try refuseRepeated(name, writeBaseline)
                    writeBaseline = try value(name, inline: inline)
                case "--format":
                    try refuseRepeated(name, formatGiven)
                    let text = try value(name, inline: inline)
                    formatGiven = text
                    guard let parsed = LintFormat(rawValue: text) else {
                        throw UsageError("--format takes text, json, sarif or github, not '\(text)'")
                    }
                    format = parsed
                default:
                    if argument.hasPrefix("-"), argument != "-" {
                        throw UsageError("unknown option '\(argument)' (see navstress lint --help)")
                    }
                    paths.append(argument)
                }
                index += 1
            }
            if noSources && !sources.isEmpty { throw UsageError("--sources and --no-sources exclude each other") }
            if !help && paths.isEmpty { throw UsageError("missing PATH (see navstress lint --help)") }
        }
    }

    /// Runs `lint` without printing.
    /// - Parameters:
    ///   - arguments: The arguments after `lint`.
    ///   - currentDirectory: Paths under it are shown relative to it.
    /// - Returns: Status and outputs.
    static func run(_ arguments: [String], currentDirectory: String = FileManager.default.currentDirectoryPath) -> StoryboardCommandResult {
        let options: Arguments
        do {
            options = try Arguments(arguments)
        } catch {
            return StoryboardCommands.failure(error.description)
        }
        if options.help { return StoryboardCommandResult(status: 0, output: usage + "\n") }
        let paths = LintPaths(currentDirectory: currentDirectory)
        do {
            let inputs = options.paths.map(paths.url)
            let bundle = try StoryboardBundle.load(inputs, supporting: options.bundles.map(paths.url))
            let sources = try LintSources.read(options: options, paths: inputs, resolve: paths.url)
            var lint = StoryboardLint(declaredUnwindActions: sources.unwindActions, checksReferences: options.checksReferences)
            // An app folder linted with its sources is the whole app: a storyboard name that
            // nothing in it has is a crash, not a storyboard that may come from elsewhere.
            let isWholeApp = !sources.files.isEmpty && inputs.contains { AppFolder.kind(of: $0.path) == .directory }
            lint.isWholeApp = isWholeApp
            var diagnostics = lint.diagnostics(for: bundle)
            diagnostics += LintSourceRules.diagnostics(bundle: bundle, sources: sources, isWholeApp: isWholeApp)
            var baseline: LintBaseline?
            var baselinePaths = paths
            if let file = options.writeBaseline {
                baselinePaths = LintBaseline.paths(for: paths.url(file))
                let written = LintBaseline(diagnostics, paths: baselinePaths)
                try written.write(to: paths.url(file).path)
                baseline = written
            } else if let file = options.baseline {
                baselinePaths = LintBaseline.paths(for: paths.url(file))
                baseline = try LintBaseline.read(from: paths.url(file).path)
            }
            var hidden = 0
            var unmatched = 0
            if let baseline {
                let (kept, stale) = baseline.filter(diagnostics, paths: baselinePaths)
                hidden = diagnostics.count - kept.count
                unmatched = stale
                diagnostics = kept
            }
            let output = LintRenderer(paths: paths).render(diagnostics, format: options.format)
            var errorOutput = (bundle.skippedEntries + sources.skippedEntries).map { FileProblem.skippedWarning($0, display: paths.display) + "\n" }.joined()
            if let file = options.writeBaseline {
                errorOutput += "navstress: wrote \(hidden) finding\(hidden == 1 ? "" : "s") to baseline \(file)\n"
            } else if let file = options.baseline {
                if hidden > 0 { errorOutput += "navstress: \(hidden) finding\(hidden == 1 ? "" : "s") hidden by baseline \(file)\n" }
                if unmatched > 0 {
                    errorOutput += "navstress: \(unmatched) finding\(unmatched == 1 ? "" : "s") of baseline \(file) matched nothing (fixed, or the baseline is stale: rewrite it with --write-baseline)\n"
                }
            }
            return StoryboardCommandResult(
                status: StoryboardLint.hasErrors(diagnostics) ? 1 : 0, output: output, errorOutput: errorOutput)
        } catch let error as StoryboardError {
            return StoryboardCommands.failure(error, paths: paths)
        } catch let error as LintInputError {
            return StoryboardCommands.failure(error.description(paths))
        } catch {
            return StoryboardCommands.failure("\(error)")
        }
    }
}

/// Input the lint cannot use: a sources folder or a baseline file. One line, naming the path.
struct LintInputError: Error, CustomStringConvertible {
    /// The path.
    let path: String
    /// What is wrong with it.
    let problem: String

    init(path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    /// `PATH: what is wrong`, the path shown as `paths` shows it.
    func description(_ paths: LintPaths) -> String { paths.display(path) + ": " + problem }

    /// `PATH: what is wrong`.
    var description: String { description(LintPaths(currentDirectory: FileManager.default.currentDirectoryPath)) }
}
