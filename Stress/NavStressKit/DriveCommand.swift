import Foundation
import NavigationRuntime

/// `navstress drive FILE --steps FILE`: runs a script of steps against a loaded storyboard in
/// one window and prints the snapshot after each step (DESIGN §12).
enum DriveCommand {
    static let help = """
        OVERVIEW: Drive a storyboard in one window, step by step, printing the tree after each step.

        USAGE: navstress drive FILE --steps FILE [--initial ID] [--traits compact|regular]
                               [--sources DIR] [--json]

        STEPS (one per line, '#' starts a comment, fields may be "double-quoted"):
          segue SOURCE SEGUE       trigger a segue as its control would (shouldPerform consulted)
          perform SOURCE SEGUE     performSegue(withIdentifier:sender:) (programmatic)
          unwind SOURCE ACTION     unwind from SOURCE with an action such as goBack:
          back                     pop the innermost navigation controller on the top path
          dismiss                  dismiss the last presented controller
          select-tab INDEX         select a tab of the innermost tab bar on the top path
          traits compact|regular   change the window's horizontal size class
          handles CLASS-OR-ID ACTION   declare that a class or scene handles an unwind action

        SOURCE is a controller's element id or storyboardIdentifier in the window's tree; SEGUE a
        segue of SOURCE's scene by identifier, element id or triggering element id.

        Exit code 0 when every step ran (whatever its outcome), 2 on an unreadable file.
        """

    static func main(_ arguments: [String]) async throws -> NavStressExit {
        let options = try Options(arguments, valued: ["steps", "initial", "traits", "sources"], flags: ["json", "help"])
        if options.flag("help") {
            print(help)
            return .success
        }
        guard options.positional.count == 1, let file = options.positional.first else {
            throw UsageError("drive takes one storyboard FILE (see 'navstress drive --help')")
        }
        guard let stepsFile = options.string("steps") else { throw UsageError("drive needs --steps FILE") }
        let traits: Traits
        switch options.string("traits") ?? "regular" {
        case "compact": traits = .compact
        case "regular": traits = .regular
        case let other: throw UsageError("--traits takes compact or regular, not '\(other)'")
        }
        let storyboard: Storyboard
        do {
            storyboard = try StoryboardLoader.load(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw UsageError("\(file): \(error.message)")
        }
        guard let script = try? String(contentsOfFile: stepsFile, encoding: .utf8) else {
            throw UsageError("cannot read the steps file '\(stepsFile)'")
        }
        let registry = ClassRegistry()
        if let sources = options.string("sources") {
            registry.declare(scanned: UnwindActionScanner.scan(directory: URL(fileURLWithPath: sources)))
        }
        let driver = StoryboardDriver(storyboard: storyboard, registry: registry, traits: traits)
        guard let initial = options.string("initial") ?? storyboard.initialViewControllerID else {
            throw UsageError("\(file) has no initial view controller: name one with --initial ID")
        }
        try await driver.start(initial: initial)
        var number = 0
        for rawLine in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = DriveStep.stripComment(String(rawLine)).trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            number += 1
            let result = await driver.run(line)
            let snapshot = await driver.window.snapshot()
            if options.flag("json") {
                print(result.jsonLine(step: number, line: line, snapshot: snapshot))
            } else {
                print("step \(number): \(line) -> \(result.outcome)" + (result.error.map { " (\($0))" } ?? "") + ", top \(result.top ?? "-")")
                print(SnapshotRenderer.text(snapshot), terminator: "")
            }
        }
        await driver.window.close()
        return .success
    }
}
