import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// `navstress explore PATH`: every navigation state an app can reach, by a breadth-first search
/// the runtime itself runs (``NavigationExplorer``), and the shortest way to each problem,
/// written as `drive` steps files.
enum ExploreCommand {
    static let help = """
        OVERVIEW: Explore every navigation state an app's storyboards can reach (breadth first,
        run by the runtime), and write the shortest way to each problem as a drive steps file.

        USAGE: navstress explore PATH [--sources DIR | --no-sources] [--storyboard NAME|PATH]
                                 [--initial ID] [--traits regular|compact|both] [--depth N]
                                 [--max-states N] [--format text|json|dot] [--steps-dir DIR]
                                 [--workers N] [--restoration-check]

        PATH is a storyboard file or an app folder, loaded as 'drive' loads it (references
        resolved across the app's storyboards; the app starts from --storyboard NAME, else Main,
        else the only storyboard with an initial view controller; a name that storyboards in two
        folders share is refused: --storyboard PATH picks one).

        A state is the window's tree with controller ids left out (scenes, containers, selected
        tabs, presentation chain and styles, appearance, traits); equal trees are one state. From
        each state every action is performed for real: what a user can do (each segue and unwind
        exit of each visible controller, as its control triggers it: shouldPerformSegue
        consulted, a generic controller says yes; back; each other tab of the innermost tab bar;
        with --traits both a turn of the device) and a dismissal of the top presentation, which
        only code can do: it is explored (and drawn in --format dot), but no-way-back does not
        count it as a way back.

        A storyboard custom segue runs its class's perform() in UIKit, which the runtime cannot:
        it presents the destination modally, full screen, instead. A finding that rests on that
        assumption is a note, whatever its kind, and says "assumed: custom segue ...".

        The report names a state #N by its number (#0 the initial state, then breadth first).
        Its time is the explorer's (the search and the findings; loading the app and writing
        the report are not counted), with a rate for runs of 1,000 transitions or more.

        OPTIONS:
          --sources DIR       Swift and Objective-C files declaring unwind actions (@IBAction);
                              default: the files under the app folder PATH (as lint reads them).
          --no-sources        Read no sources: no controller declares an unwind action.
          --storyboard NAME|PATH
                              The storyboard the app starts from (in a folder): its name, or its
                              file's path relative to the folder.
          --initial ID        The root scene: an element id or storyboard ID; default: the
                              initial view controller.
          --traits T          regular (default), compact, or both (start regular; turning the
                              device is an action).
          --depth N           Explore action sequences up to N long (default 8; 1 to 1000:
                              0 would try no action and check nothing).
          --max-states N      Keep at most N states (default 10000; 1 to 10000000).
          --format F          text (default), json (for CI), or dot (the state graph, for small apps).
          --steps-dir DIR     Write each finding's shortest reproduction there as a drive steps
                              file (with expect lines): run it with 'navstress drive PATH --steps FILE'.
                              Files named N-KIND.steps or N-KIND-K.steps there (an earlier run's)
                              are deleted first; other files are kept.
          --workers N         Windows working at once (default: the processor count; 1 to 256).
          --restoration-check Also rebuild each expanded state once by restoration, to count the
                              states it does not give back ("replayed"): a check of the runtime's
                              restoration, not of the app, that costs as much as the rest of the
                              run (the states, transitions and findings are the same without it;
                              replayed is 0). --no-restoration-check, the default, is accepted.

        FINDINGS (error-severity ones fail the run, exit 1):
          error    unwind-no-destination  an unwind exit finds no destination in some reachable state
          error    segue-failed           a segue (or back, dismiss, tab) fails with a NavigationError
          warning  path-dependent-segue   a segue pushes in one state and presents in another
          warning  no-way-back            a presentation no storyboard action leads back from
                                          (a sheet's swipe down counts as a way back; a dismissal
                                          does not: only code dismisses, and 'in code:' names the
                                          presented classes whose sources call dismiss; with no
                                          sources read, the finding says code may dismiss it)
          warning  unbounded-growth       a loop grows a stack or presentation chain, or nests a
                                          container in itself, without bound
          note     unreached-scene        a scene no explored state shows ('made in code:' names
                                          where the sources instantiate it by storyboard ID;
                                          'ignored:' the relationship the runtime does not build,
                                          such as a split's supplementary column, that alone
                                          leads to it)
          note     unreached-segue        a segue or exit that never completed (not repeated for
                                          an exit an unwind-no-destination error names, nor for
                                          the segues of a scene never shown)

        Each finding's 'scenes:' line names the scenes it mentions by id with their classes and
        places (FILE:LINE), 'shortest:' its shortest reproduction, and 'also, ...:' the other
        paths it compares. With no sources read, a finding that code could answer says so on a
        'no sources read:' line.

        Exit code 0 when no finding is an error, 1 otherwise, 2 on bad usage or an unreadable app.

        EXAMPLE (a CI job):
          navstress explore MyApp/ --traits both --format json --steps-dir explore-steps
        """

    /// What an exploration printed and how it ended.
    struct Outcome {
        var exit: NavStressExit
        var output = ""
        var warnings: [String] = []
        /// The steps files written for each finding (aligned with the exploration's findings).
        var stepsFiles: [[String]] = []
        /// The exploration itself.
        var exploration: Exploration?
        /// How long the explorer ran (the search and its findings): the time the report gives
        /// (loading the app before, closing the explorer's windows and the report after, are
        /// not counted).
        var searchTime: Duration?
        /// The explorer's windows and table, when ``explore(_:closingWindows:)`` was asked not
        /// to close them (``NavigationExplorer/Leftovers``).
        var leftovers: NavigationExplorer.Leftovers?
        /// For each no-way-back finding (by index), the classes of its presented controllers
        /// whose source files call `dismiss(`: the way back is in code.
        var dismissedInCode: [Int: [String]] = [:]
        /// For each unreached-scene finding (by index), the places in the sources that make
        /// its scene by storyboard ID (`FILE:LINE`).
        var madeInCode: [Int: [String]] = [:]
    }

    /// Runs `explore` and prints what it found. With `endsProcess` (see
    /// ``NavStress/main(_:endsProcess:)``), the exploration and the explorer's windows are left
    /// to the process's exit.
    static func main(_ arguments: [String], endsProcess: Bool = false) async throws -> NavStressExit {
        let outcome = try await explore(arguments, closingWindows: !endsProcess)
        for line in outcome.warnings { printError(line) }
        print(outcome.output, terminator: "")
        if endsProcess {
            if let exploration = outcome.exploration { ProcessEnd.keep(exploration) }
            if let leftovers = outcome.leftovers { ProcessEnd.keep(leftovers) }
        }
        return outcome.exit
    }

    /// Runs `explore` without printing.
    /// - Parameter closingWindows: Whether the explorer's windows are closed (after the
    ///   search's clock stops) before this returns; `false` leaves them in
    ///   ``Outcome/leftovers``, for the caller to close or to leave to the process's exit.
    /// - Throws: ``UsageError`` (exit 2).
    static func explore(_ arguments: [String], closingWindows: Bool = true) async throws -> Outcome {
        let options = try Options(
            arguments,
            valued: ["sources", "storyboard", "initial", "traits", "depth", "max-states", "format", "steps-dir", "workers"],
            flags: ["help", "no-sources", "restoration-check", "no-restoration-check"]
        )
        if options.flag("help") { return Outcome(exit: .success, output: help + "\n") }
        guard options.positional.count == 1, let path = options.positional.first else {
            throw UsageError("explore takes one storyboard FILE or app folder DIR (see 'navstress explore --help')")
        }
        guard let traits = NavigationExplorer.Configuration.Traits(rawValue: options.string("traits") ?? "regular") else {
            throw UsageError("--traits takes regular, compact or both, not '\(options.string("traits") ?? "")'")
        }
        let format = options.string("format") ?? "text"
        guard ["text", "json", "dot"].contains(format) else { throw UsageError("--format takes text, json or dot, not '\(format)'") }
        if options.string("sources") != nil && options.flag("no-sources") {
            throw UsageError("--sources and --no-sources exclude each other")
        }
        if options.flag("restoration-check") && options.flag("no-restoration-check") {
            throw UsageError("--restoration-check and --no-restoration-check exclude each other")
        }
        // --depth 0 would expand nothing: a CI run that tried no action must not pass as clean.
        if options.string("depth") == "0" {
            throw UsageError("--depth 0 tries no action (only the initial state is found): give 1 or more")
        }
        let depth = try options.int("depth", default: 8, in: 1...1_000)
        let maxStates = try options.int("max-states", default: 10_000, in: 1...10_000_000)
        let workers = try options.int("workers", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        let stepsDir = options.string("steps-dir")
        if let stepsDir, AppFolder.kind(of: stepsDir) == .file {
            throw UsageError("--steps-dir '\(stepsDir)' is a file, not a folder")
        }
        if let stepsDir, AppFolder.kind(of: stepsDir) != .directory {
            do {
                try FileManager.default.createDirectory(atPath: stepsDir, withIntermediateDirectories: true)
            } catch {
                throw UsageError("--steps-dir '\(stepsDir)' cannot be made: \(Self.reason(error))")
            }
        }

        let app = try StoryboardApp.load(path, storyboardName: options.string("storyboard"))
        let registry = ClassRegistry()
        let sources = try DriveCommand.readSources(named: options.string("sources"), none: options.flag("no-sources"), app: path, into: registry)
        let start = try app.initialScene(options.string("initial"))
        let catalog = app.bundle.mergedCatalog(registry: registry, initial: start.scene.controllerID)
        let reached = StoryboardLoad.reachableStoryboards(from: start, in: app.bundle)
        var counted = Set<String>()
        for storyboard in app.bundle.all where reached.contains(StoryboardLoad.group(storyboard.file)) {
            for scene in storyboard.scenes where scene.reference == nil { counted.insert(scene.controllerID) }
        }
        var configuration = NavigationExplorer.Configuration(
            traits: traits, maximumDepth: depth, maximumStates: maxStates, workers: workers, coverageScenes: counted
        )
        configuration.reachableScenes = ExploreSources.reachableScenes(from: start, in: app.bundle)
        configuration.checksRestoration = options.flag("restoration-check")
        let explorer = NavigationExplorer(catalog: catalog, initialScene: start.scene.controllerID, configuration: configuration)
        let clock = ContinuousClock()
        let began = clock.now
        let exploration: Exploration
        let leftovers: NavigationExplorer.Leftovers
        do {
            (exploration, leftovers) = try await explorer.exploreLeavingWindowsOpen()
        } catch {
            throw UsageError(error.description)
        }
        let elapsed = clock.now - began

        var outcome = Outcome(exit: .success)
        outcome.searchTime = elapsed
        if closingWindows { await leftovers.close() } else { outcome.leftovers = leftovers }
        outcome.warnings = (app.bundle.skippedEntries + sources.skipped).map { FileProblem.skippedWarning($0) } + app.warnings
        // Only where it matters: an app with no unwind exit needs no declarations.
        let hasExits = catalog.scenes.values.contains { scene in scene.segues.contains { $0.kind.unwindAction != nil } }
        if let unread = sources.unread, hasExits {
            outcome.warnings.append("navstress: warning: no sources read (\(unread)): no controller declares an unwind action")
        }
        // Absolute paths, as the steps file's own: the line runs from any folder.
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        var command = "navstress drive \(ExploreRenderer.shellQuoted(absolute(path)))"
        if let storyboard = options.string("storyboard") {
            // A path as the folder reads it, so that the line runs from any folder too.
            let chosen = StoryboardChoice.isPath(storyboard) ? StoryboardChoice(bundle: app.bundle, folder: path).relativePaths([app.main])[0] : storyboard
            command += " --storyboard \(ExploreRenderer.shellQuoted(chosen))"
        }
        if let initial = options.string("initial") { command += " --initial \(ExploreRenderer.shellQuoted(initial))" }
        if traits == .compact { command += " --traits compact" }
        if let sources = options.string("sources") { command += " --sources \(ExploreRenderer.shellQuoted(absolute(sources)))" }
        if options.flag("no-sources") { command += " --no-sources" }
        if let stepsDir {
            outcome.stepsFiles = try ExploreRenderer.writeSteps(exploration, to: stepsDir, command: command)
        }
        var renderer = ExploreRenderer(
            path: path, initial: start.scene.controllerID, configuration: configuration, exploration: exploration,
            elapsed: elapsed, stepsFiles: outcome.stepsFiles
        )
        renderer.ignoredRelationships = ExploreSources.ignoredRelationships(exploration, app: app, start: start)
        renderer.legends = ExploreSources.legends(exploration, app: app)
        renderer.unreadSources = sources.unread
        renderer.scenesWithStoryboardIDs = Set(app.scenesByID.filter { $0.value.contains { $0.scene.storyboardIdentifier != nil } }.keys)
        if sources.unread == nil {
            let root = options.string("sources") ?? path
            let texts = AppSourceFiles(under: URL(fileURLWithPath: root)).texts
            renderer.dismissedInCode = dismissedInCode(exploration, dismissing: ExploreSources.dismissingClasses(in: texts))
            renderer.madeInCode = ExploreSources.madeInCode(exploration, texts: texts, app: app, root: root)
        }
        switch format {
        case "json": outcome.output = renderer.json() + "\n"
        case "dot": outcome.output = renderer.dot()
        default: outcome.output = renderer.text()
        }
        outcome.exploration = exploration
        outcome.dismissedInCode = renderer.dismissedInCode
        outcome.madeInCode = renderer.madeInCode
        outcome.exit = exploration.findings.contains { $0.severity == .error } ? .failure : .success
        return outcome
    }

    /// Why a folder could not be made, in the system's words (`No such file or directory`,
    /// `Permission denied`), not Foundation's sentence around them ("The operation could not
    /// be completed. The file doesn't exist.").
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        let number: Int32?
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            number = Int32(underlying.code)
        } else if error.domain == NSPOSIXErrorDomain {
            number = Int32(error.code)
        } else if error.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: error.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: number = ENOENT
            case .fileWriteNoPermission, .fileReadNoPermission: number = EACCES
            case .fileWriteVolumeReadOnly: number = EROFS
            case .fileWriteOutOfSpace: number = ENOSPC
            case .fileWriteFileExists: number = EEXIST
            default: number = nil
            }
        } else {
            number = nil
        }
        return number.map { String(cString: strerror($0)) } ?? error.localizedDescription
    }

    /// For each no-way-back finding, the classes of its presented subtree that dismiss in code.
    static func dismissedInCode(_ exploration: Exploration, dismissing: Set<String>) -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        for (index, finding) in exploration.findings.enumerated() where finding.kind == .noWayBack {
            guard let state = finding.state, let presented = exploration.states[state].snapshot.lastPresented else { continue }
            var classes: [String] = []
            func visit(_ node: ControllerSnapshot) {
                if dismissing.contains(node.className), !classes.contains(node.className) { classes.append(node.className) }
                node.children.forEach(visit)
            }
            visit(presented)
            if !classes.isEmpty { result[index] = classes }
        }
        return result
    }
}
