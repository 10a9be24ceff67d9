import Foundation
import NavigationRuntime

/// `navstress drive FILE|DIR --steps FILE`: runs a script of steps against an app's
/// storyboards in one window and prints the snapshot after each step (DESIGN §12); a flow test
/// on CI: a step that fails, or an `expect` that does not hold, fails the run (exit 1).
enum DriveCommand {
    static let help = """
        OVERVIEW: Drive an app's storyboards in one window, step by step, printing the tree after
        each step; a flow test for CI (exit 1 when a step fails or an expectation does not hold).

        USAGE: navstress drive FILE|DIR --steps FILE [--storyboard NAME|PATH] [--initial ID]
                               [--traits compact|regular] [--sources DIR | --no-sources]
                               [--keep-going] [--json]

        FILE is a storyboard; DIR an app folder, searched for .storyboard files (skipping build
        output, Pods/, Carthage/, *.xcloc/ and hidden folders): its storyboards form one bundle,
        and references resolve by storyboard name across it, as UIKit resolves them. The app
        starts from --storyboard NAME, else the storyboard named Main, else the only one with an
        initial view controller; a name that storyboards in two folders share (an app's
        extensions, each with a MainInterface) is refused: --storyboard PATH (relative to DIR)
        picks one. A reference that does not resolve, or a cycle of references, is an error
        (exit 2) before any step runs.

        OPTIONS:
          --steps FILE        The steps, one per line (LF or CRLF, UTF-8 with or without a BOM).
          --storyboard NAME|PATH
                              The storyboard the app starts from (in a DIR): its name, or its
                              file's path relative to DIR.
          --initial ID        The root scene: an element id or storyboard ID (any storyboard of
                              the app); default: the initial view controller.
          --traits T          The window's horizontal size class at the start (default: regular).
          --sources DIR       Swift and Objective-C files declaring unwind actions (@IBAction);
                              default: the files under the app folder DIR (as lint reads them).
          --no-sources        Read no sources: only 'handles' steps declare unwind actions.
          --keep-going        A step that fails does not stop or fail the run (expectations still do).
          --json              One JSON object per step and line ("reason": why an unwind
                              found no destination when no sources were read).

        STEPS (one per line, '#' starts a comment, fields may be "double-quoted"):
          segue SOURCE SEGUE       trigger a segue as its control would (shouldPerform consulted)
          perform SOURCE SEGUE     performSegue(withIdentifier:sender:) (programmatic)
          unwind SOURCE ACTION     unwind from SOURCE with an action such as goBack:
          back                     pop the innermost navigation controller on the top path
          dismiss                  dismiss the last presented controller
          select-tab INDEX         select a tab of the innermost tab bar on the top path
          traits compact|regular   change the window's horizontal size class
          handles CLASS-OR-ID ACTION   declare that a class or scene handles an unwind action
          expect top ID-OR-CLASS   the top-most visible content controller is this one
          expect outcome OUTCOME   the previous step ended completed, vetoed, noDestination or failed
          expect stack ID-OR-CLASS...  the innermost navigation stack on the top path, bottom to top

        SOURCE is a controller in the window's tree, named by its element id, its storyboard ID
        (any storyboard of the app) or its custom class when only one scene in the tree has it;
        SEGUE a segue of SOURCE's scene by identifier, element id or triggering element id.
        ID-OR-CLASS is an element id, storyboard ID or custom class. The top path runs from the
        root to the top-most visible content controller: to the last presentation, then down
        each container's shown child (a stack's top, the selected tab, a split's secondary) and
        a content controller's one embedded container (a container view's navigation
        controller); an embedded content controller is part of its host's screen.

        The whole steps file is checked before any step runs: an unknown step, a wrong number of
        arguments, an unclosed quote or an unknown 'expect' form is bad usage (exit 2, each bad
        line named as FILE:LINE), and so is a file with no steps.

        A step that fails stops the run with exit 1, unless --keep-going, or unless the next step
        is 'expect outcome', which then decides. An expectation that does not hold fails the run
        (exit 1), naming the step and its line. Exit code 0 when every step ran and every
        expectation held, 1 otherwise, 2 on bad usage or an unreadable app or steps file.

        LIMITS (what drive does not model; a step may end otherwise than on a device):
          - A custom segue class (customClass on a segue) has no code here: it presents its
            destination modally, full screen, as most custom segues end by presenting.
          - App code does not run: delegates and overrides (a split view controller's delegate
            collapsing the secondary onto the primary or not, a tab bar delegate's
            shouldSelect, shouldPerformSegue, prepare(for:sender:)) are not called unless
            registered in code through the library; drive uses UIKit's defaults.
          - Unwind destinations come only from the sources' @IBAction declarations (and
            'handles' steps); an unwind with none ends noDestination and says so.

        EXAMPLE (a CI job):
          navstress drive MyApp/ --steps Flows/checkout.steps
        """

    /// What a drive printed and how it ended.
    struct Outcome {
        /// The exit code.
        var exit: NavStressExit
        /// Standard output: each step's line and tree (or JSON line).
        var output = ""
        /// Standard error: the failure that ended the run, each failed expectation.
        var errors: [String] = []
        /// Standard error, before anything else: the entries of the app folder named like
        /// storyboards that were not read (`navstress: warning: PATH: skipped: why`).
        var warnings: [String] = []
    }

    static func main(_ arguments: [String]) async throws -> NavStressExit {
        let outcome = try await drive(arguments)
        for line in outcome.warnings { printError(line) }
        print(outcome.output, terminator: "")
        for line in outcome.errors { printError(line) }
        return outcome.exit
    }

    /// Runs `drive` without printing.
    /// - Throws: ``UsageError`` (exit 2).
    static func drive(_ arguments: [String]) async throws -> Outcome {
        let options = try Options(
            arguments,
            valued: ["steps", "initial", "traits", "sources", "storyboard"],
            flags: ["json", "help", "keep-going", "no-sources"]
        )
        if options.flag("help") { return Outcome(exit: .success, output: help + "\n") }
        guard options.positional.count == 1, let file = options.positional.first else {
            throw UsageError("drive takes one storyboard FILE or app folder DIR (see 'navstress drive --help')")
        }
        guard let stepsFile = options.string("steps") else { throw UsageError("drive needs --steps FILE") }
        let traits: Traits
        switch options.string("traits") ?? "regular" {
        case "compact": traits = .compact
        case "regular": traits = .regular
        case let other: throw UsageError("--traits takes compact or regular, not '\(other)'")
        }
        if options.string("sources") != nil && options.flag("no-sources") {
            throw UsageError("--sources and --no-sources exclude each other")
        }
        let app = try StoryboardApp.load(file, storyboardName: options.string("storyboard"))
        if let problem = AppFolder.problem(readingFile: stepsFile) {
            throw UsageError("\(stepsFile): \(problem) (--steps)")
        }
        guard let data = FileManager.default.contents(atPath: stepsFile), let script = String(data: data, encoding: .utf8) else {
            throw UsageError("\(stepsFile): is not UTF-8 text (--steps)")
        }
        // The whole file is checked before any step runs: a typo is bad usage (exit 2), with
        // every bad line named, never a step that fails (or is skipped by --keep-going) later.
        let steps = DriveStep.lines(script)
        guard !steps.isEmpty else {
            throw UsageError("\(stepsFile): no steps (every line is empty or a comment)")
        }
        let problems = steps.compactMap { step in DriveStep.problem(step.text).map { "navstress: error: \(stepsFile):\(step.number): \($0)" } }
        let warnings = app.bundle.skippedEntries.map { FileProblem.skippedWarning($0) } + app.warnings
        if !problems.isEmpty { return Outcome(exit: .usage, errors: problems, warnings: warnings) }
        let registry = ClassRegistry()
        let sources = try readSources(options, app: file, into: registry)
        var driver = StoryboardDriver(app: app, registry: registry, traits: traits)
        driver.unreadSources = sources.unread?.description
        try await driver.start(initial: options.string("initial"))
        let keepGoing = options.flag("keep-going")
        var run = Outcome(exit: .success, warnings: warnings + sources.skipped.map { FileProblem.skippedWarning($0) })
        var failed = false
        var previous: (step: Int, outcome: String)?
        for (index, step) in steps.enumerated() {
            let number = index + 1
            let result = await driver.run(step.text, previous: previous)
            let snapshot = await driver.window.snapshot()
            if options.flag("json") {
                run.output += result.jsonLine(step: number, line: step.text, snapshot: snapshot) + "\n"
            } else {
                // An expectation holds or does not: its own outcome is not the step's it checks.
                let shown = result.isExpectation ? (result.outcome == "failed" ? "does not hold" : "holds") : result.outcome
                // One line whatever the step and the explanation echo (an escape sequence in
                // a steps file must not reach the terminal).
                let line = "step \(number): \(DriveStep.echo(step.text)) -> \(shown)" + (result.explanation.map { " (\($0))" } ?? "") + ", top \(result.top ?? "-")"
                run.output += EchoedText.line(line) + "\n"
                run.output += SnapshotRenderer.text(snapshot)
            }
            if !result.isExpectation { previous = (number, result.outcome) }
            guard result.outcome == "failed" else { continue }
            let place = "\(stepsFile):\(step.number): step \(number) '\(DriveStep.echo(step.text))'"
            if result.isExpectation {
                run.errors.append(EchoedText.line("navstress: error: \(place): \(result.error ?? "expectation failed")"))
                failed = true
                if keepGoing { continue }
                break
            }
            // A failure the next step expects is not the run's failure: the expectation decides.
            if index + 1 < steps.count, steps[index + 1].text.hasPrefix("expect outcome") { continue }
            if keepGoing { continue }
            run.errors.append(EchoedText.line("navstress: error: \(place) failed: \(result.error ?? "failed") (--keep-going runs on)"))
            failed = true
            break
        }
        await driver.window.close()
        run.exit = failed ? .failure : .success
        return run
    }

    /// Declares the unwind actions of the app's sources in `registry`, as `lint` reads them:
    /// the Swift and Objective-C files under `--sources DIR`, else under the app folder (build
    /// output, `Pods/`, `Carthage/`, `*.xcloc/` and hidden folders skipped); none with
    /// `--no-sources` or for a storyboard FILE without `--sources`.
    /// - Returns: Why no source file was read (`nil` when some were), and the entries named
    ///   like sources that were not read (``AppSourceFiles``), for the command to name.
    /// - Throws: ``UsageError`` for a `--sources` that is not a folder.
    static func readSources(_ options: Options, app path: String, into registry: ClassRegistry) throws -> SourcesRead {
        try readSources(named: options.string("sources"), none: options.flag("no-sources"), app: path, into: registry)
    }

    /// What ``readSources(_:app:into:)`` read.
    struct SourcesRead: Sendable {
        /// Why no source file was read.
        enum Unread: Sendable, Equatable, CustomStringConvertible {
            /// `--no-sources`.
            case turnedOff
            /// A storyboard FILE, with no `--sources`.
            case storyboardFile
            /// The folder searched holds none.
            case noneUnder(String)

            var description: String {
                switch self {
                case .turnedOff: "--no-sources"
                case .storyboardFile: "a storyboard FILE reads no sources"
                case .noneUnder(let root): "no Swift or Objective-C file under \(root)"
                }
            }
        }

        /// Why no source file was read, or `nil` when some were.
        var unread: Unread?
        /// The entries named like sources that were not read, sorted by path.
        var skipped: [AppFolder.SkippedEntry] = []
    }

    /// ``readSources(_:app:into:)`` with the options already read (`run --storyboard` shares it).
    static func readSources(named: String?, none: Bool, app path: String, into registry: ClassRegistry) throws(UsageError) -> SourcesRead {
        if none { return SourcesRead(unread: .turnedOff) }
        let root: String
        if let sources = named {
            guard AppFolder.kind(of: sources) == .directory else { throw UsageError("--sources '\(sources)' is not a directory") }
            root = sources
        } else if AppFolder.kind(of: path) == .directory {
            root = path
        } else {
            return SourcesRead(unread: .storyboardFile)
        }
        let read = AppSourceFiles(under: URL(fileURLWithPath: root))
        guard !read.texts.isEmpty else { return SourcesRead(unread: .noneUnder(root), skipped: read.skipped) }
        // The same scan as lint's: `@IBAction` unwind methods and this library's `unwindActions`.
        registry.declare(scanned: AppSourceIndex.scan(sources: read.texts).unwindActions)
        return SourcesRead(unread: nil, skipped: read.skipped)
    }
}
