import Foundation

/// The `navstress` tool: subcommands dispatched by hand in argument-parser's shape (the
/// package has no dependencies).
public enum NavStress {
    static let usage = """
        OVERVIEW: Load, benchmark and inspect NavigationRuntime.

        USAGE: navstress <subcommand> [options]

        SUBCOMMANDS:
          run       The load run: a built-in scenario, or an app's storyboards walked at random
                    (--storyboard FILE|DIR, with coverage), in several windows at once (default).
          replay    Check a recorded run's journals again (from 'run --record FILE').
          bench     Side-by-side benchmarks in one process and one run.
          inspect   What the loader read from storyboards (--json for DESIGN §11's shape).
          lint      Check an app (storyboards + sources): text, json, sarif or github output.
          graph     The navigation map as Graphviz DOT (an app folder: a cluster per storyboard).
          drive     Run a script of steps and expectations against an app's storyboards in one
                    window: a flow test for CI (exit 1 when a step or an expectation fails).
          explore   Every navigation state an app can reach (breadth first), with the shortest
                    drive steps to each problem (exit 1 on error-severity findings).

          See 'navstress <subcommand> --help' for each subcommand's options.
        """

    /// Runs the tool with `arguments` (without the program name) and returns the exit code.
    ///
    /// - Parameter endsProcess: Whether the caller ends the process as soon as this returns (the
    ///   `navstress` executable does): what a command made and no longer needs is then left to
    ///   the process's exit instead of being freed object by object, as clang's driver leaves
    ///   its compiler's memory (`-disable-free`). Only `explore` has enough to matter: its
    ///   exploration (every state's snapshot and facts), whose freeing took about 8% of the
    ///   whole process's wall time on GoMap's main storyboard to depth 12 (see
    ///   ``ProcessEnd``). A caller that goes on (a test) leaves it `false`.
    public static func main(_ arguments: [String], endsProcess: Bool = false) async -> Int32 {
        var arguments = arguments
        let subcommand = arguments.isEmpty ? "run" : arguments.removeFirst()
        do {
            switch subcommand {
            case "run":
                return try await RunCommand.main(arguments).rawValue
            case "replay":
                return try ReplayCommand.main(arguments).rawValue
            case "bench":
                return try await BenchCommand.main(arguments).rawValue
            case "inspect":
                return StoryboardCommands.inspect(arguments)
            case "lint":
                return StoryboardCommands.lint(arguments)
            case "graph":
                return StoryboardCommands.graph(arguments)
            case "drive":
                return try await DriveCommand.main(arguments).rawValue
            case "explore":
                return try await ExploreCommand.main(arguments, endsProcess: endsProcess).rawValue
            case "--help", "-h", "help":
                print(usage)
                return NavStressExit.success.rawValue
            default:
                throw UsageError("unknown subcommand '\(subcommand)' (see 'navstress --help')")
            }
        } catch let error as UsageError {
            printError("navstress: error: \(error.description)")
            return NavStressExit.usage.rawValue
        } catch {
            printError("navstress: error: \(error)")
            return NavStressExit.usage.rawValue
        }
    }
}
