import Foundation
import NavigationRuntime

/// `navstress bench`: side-by-side benchmarks in one process and one run. Report ratios; the
/// absolute times of a shared 2-core machine are noise.
enum BenchCommand {
    static let help = """
        OVERVIEW: Side-by-side benchmarks, in one process and one run (build with -c release).

        USAGE: navstress bench [compare|segue|push|show|hooked|windows|unwind] [--iterations N] [--json]
               navstress bench push|show|hooked [--traits regular|compact] [--iterations N] [--json]
               navstress bench growth [--json]
               navstress bench storyboards DIR [--passes N] [--json]
               navstress bench explore PATH [--depth N] [--passes N] [--iterations N] [--json]

        CASES:
          compare      (the default) One workload (show segues: push 100, pop to root) on this
                       runtime, on the runtime forced onto one shared actor, and on a UIKit-style
                       serial thread doing the same steps synchronously; for 1, 8 and 64 windows,
                       with trivial work and with ~400 ns of work per transition. Prints wall ns
                       per segue, the ratios, and the bare actor hop and push as reference lines.
          segue        Uncontended performSegue (show, push) on one window with a zero-duration
                       clock, next to a bare actor round trip measured in the same run.
          push, show   One case alone, for profilers: pushViewController, or performSegue (show,
                       push), on one window (batches of 100, then pop to root), no warm-up.
          hooked       The show case from a source with hooks (a trivial prepare(for:sender:), the
                       appearance callbacks): the path of compare's ~400ns rows, without the work.
          windows      The same segues on 1 window, then spread over 64 windows in parallel
                       (throughput, segues/s, same process and run).
          unwind       Resolving an unwind in a tree of 1,000 controllers (a full search that finds
                       no destination, and one that finds the farthest), next to a push.
          growth       Per-step cost at 1k, 10k and 100k steps: one deep link of N pushes, and N
                       presentations (chains as deep as a window holds, dismissed when full).
                       Flat figures mean linear cost.
          storyboards  Load + lint every storyboard in DIR, next to a bare XMLParser pass that
                       only counts elements and a Python xml.etree script that does the same.
          explore      navstress explore on PATH (a storyboard or app folder) to --depth N
                       (default 10) with 1 worker and with 2, in turn --passes N times (default
                       5): the medians of wall ns per explored transition and transitions/s,
                       next to pushViewController in the same run; closing the explorer's
                       windows and freeing the exploration (the executable leaves both to the
                       process's exit) is timed apart.

        OPTIONS:
          --iterations N   Operations per measurement (default: 200000; per cell for compare).
          --passes N       Passes of bench storyboards, the best one kept (default: 9); runs of
                           bench explore for each worker count, the median kept (default: 5).
          --traits T       The window's width for push, show and hooked: regular (default) or
                           compact (an iPhone in portrait).
          --json           Print the results as one JSON object: each measurement's name to
                           its ns per operation (for storyboards, per file; the counts and
                           ratio lines are left out).
        """

    static func main(_ arguments: [String]) async throws -> NavStressExit {
        let options = try Options(arguments, valued: ["iterations", "passes", "depth", "traits"], flags: ["json", "help"])
        if options.flag("help") {
            print(help)
            return .success
        }
        let iterations = try options.int("iterations", default: 200_000, in: 1_000...100_000_000)
        var results: [(name: String, nanoseconds: Double)] = []
        let name = options.positional.first ?? "compare"
        // An option the case would ignore is refused (issue 18 finding 8).
        if name != "storyboards", name != "explore", options.string("passes") != nil {
            throw UsageError("--passes applies to bench storyboards and explore only, not '\(name)'")
        }
        if name == "storyboards" || name == "growth", options.string("iterations") != nil {
            throw UsageError("--iterations does not apply to bench \(name)")
        }
        if name != "explore", options.string("depth") != nil {
            throw UsageError("--depth applies to bench explore only, not '\(name)'")
        }
        let traits: Traits
        switch options.string("traits") {
        case nil, "regular": traits = .regular
        case "compact": traits = .compact
        case let other?: throw UsageError("--traits takes regular or compact, not '\(other)'")
        }
        if !["push", "show", "hooked"].contains(name), options.string("traits") != nil {
            throw UsageError("--traits applies to bench push, show and hooked only, not '\(name)'")
        }
        if name != "storyboards", name != "explore", options.positional.count > 1 {
            throw UsageError("bench \(name) takes no path ('\(options.positional[1])')")
        }
        switch name {
        case "compare":
            results = try await CompareBenchmark.run(iterations: iterations, json: options.flag("json"))
            guard options.flag("json") else { return .success }
        case "segue":
            results = try await SegueBenchmark.run(iterations: iterations)
        case "push":
            // One case alone, for profilers.
            let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
            let navigation = NavigationController(
                context: window.makeContext(),
                rootViewController: GenericViewController(context: window.makeContext())
            )
            try await window.setRootViewController(navigation)
            let driver = BenchDriver()
            let clock = ContinuousClock()
            let start = clock.now
            _ = try await driver.pushes(on: window, navigation: navigation, count: iterations, batch: 100)
            let elapsed = clock.now - start
            results = [("pushViewController (1 window)", elapsed.nanoseconds / Double(iterations))]
            await window.close()
        case "show":
            // One case alone, for profilers.
            results = [("performSegue show -> push (1 window)", try await SegueBenchmark.segueAlone(iterations: iterations, traits: traits))]
        case "hooked":
            // One case alone, for profilers: the source has hooks (`prepare(for:sender:)`).
            results = [
                ("hooked performSegue show -> push (1 window)", try await SegueBenchmark.segueAlone(iterations: iterations, hooked: true, traits: traits))
            ]
        case "unwind":
            results = try await UnwindBenchmark.run(iterations: max(1_000, iterations / 20))
        case "windows":
            results = try await WindowsBenchmark.run(segues: iterations)
        case "growth":
            results = try await GrowthBenchmark.run()
        case "explore":
            guard options.positional.count == 2 else { throw UsageError("bench explore takes one storyboard FILE or app folder") }
            let depth = try options.int("depth", default: 10, in: 0...1_000)
            let passes = try options.int("passes", default: 5, in: 1...1_000)
            results = try await ExploreBenchmark.run(path: options.positional[1], depth: depth, passes: passes, iterations: iterations)
        case "storyboards":
            guard options.positional.count == 2 else { throw UsageError("bench storyboards takes one folder") }
            let passes = try options.int("passes", default: 9, in: 1...1_000)
            results = try StoryboardBenchmark.run(directory: options.positional[1], passes: passes, json: options.flag("json"))
        case let name:
            throw UsageError("unknown bench case '\(name)' (cases: compare, segue, push, show, hooked, windows, unwind, growth, storyboards, explore)")
        }
        if options.flag("json") {
            let object = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0.nanoseconds) })
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            let base = results.first?.nanoseconds ?? 1
            for result in results {
                let name = result.name.padding(toLength: 44, withPad: " ", startingAt: 0)
                print(name + String(format: "%10.1f ns/op   x%.2f", result.nanoseconds, result.nanoseconds / base))
            }
        }
        return .success
    }
}
