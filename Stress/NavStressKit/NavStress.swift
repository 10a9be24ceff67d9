import Foundation

/// The `navstress` tool: subcommands dispatched by hand in argument-parser's shape (the
/// package has no dependencies).
public enum NavStress {
    static let usage = """
        OVERVIEW: Load, benchmark and inspect NavigationRuntime.

        USAGE: navstress <subcommand> [options]

        SUBCOMMANDS:
          run       The load run: a built-in scenario in several windows at once (default).
          bench     Side-by-side benchmarks in one process and one run.

          See 'navstress <subcommand> --help' for each subcommand's options.
        """

    /// Runs the tool with `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String]) async -> Int32 {
        var arguments = arguments
        let subcommand = arguments.isEmpty ? "run" : arguments.removeFirst()
        do {
            switch subcommand {
            case "run":
                return try await RunCommand.main(arguments).rawValue
            case "bench":
                return try await BenchCommand.main(arguments).rawValue
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
