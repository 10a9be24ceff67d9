// `bench explore PATH`: navstress explore's throughput, next to a plain push in the same run.

import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// `bench explore PATH`: the same exploration (the app or storyboard at PATH, to `depth`) with
/// 1 worker and with 2, as wall ns per explored transition (every action tried counts, as the
/// `explore` report's transitions/s), next to `pushViewController` on one window measured in
/// the same process and run.
///
/// The whole `explore` run is timed as the executable makes it: loading, the search, the
/// findings and the report. The explorer's own part of each run (the search and its findings,
/// the time the `explore` report gives its rate for) is printed beside it, from the same runs.
/// The executable leaves the exploration and the explorer's windows to the process's exit
/// (``ProcessEnd``), so closing and freeing them is timed apart, after the clock stops, and
/// printed on a line of its own. The two worker
/// counts run in turn, `passes` times each (a run is a fraction of a second, and one run on
/// this shared machine is noise): each figure is the median.
enum ExploreBenchmark {
    static func run(path: String, depth: Int, passes: Int, iterations: Int) async throws -> [(name: String, nanoseconds: Double)] {
        let arguments = [path, "--depth", String(depth)]
        // Warm-up (and the transition count, the same whatever the workers).
        let transitions = try await ExploreCommand.explore(arguments + ["--workers", "1"]).exploration?.transitions.count ?? 0
        guard transitions > 0 else { throw UsageError("bench explore: '\(path)' gives no transition to measure") }
        var one: [Double] = []
        var two: [Double] = []
        // The explorer's part of the same runs (``ExploreCommand/Outcome/searchTime``).
        var oneSearch: [Double] = []
        var twoSearch: [Double] = []
        var freeing: [Double] = []
        for _ in 0..<passes {
            for workers in [1, 2] {
                var made: ExploreCommand.Outcome?
                let run = try await BenchClock.measure(transitions) {
                    made = try await ExploreCommand.explore(arguments + ["--workers", String(workers)], closingWindows: false)
                }
                // The same exploration whatever the workers (read here, before the freeing).
                guard made?.exploration?.transitions.count == transitions else {
                    throw UsageError("bench explore: '\(path)' gave another exploration with \(workers) workers")
                }
                let search = (made?.searchTime?.nanoseconds ?? 0) / Double(transitions)
                if workers == 1 {
                    one.append(run)
                    oneSearch.append(search)
                } else {
                    two.append(run)
                    twoSearch.append(search)
                }
                freeing.append(
                    try await BenchClock.measure(transitions) {
                        await made?.leftovers?.close()
                        made = nil
                    })
            }
        }
        let window = Window(configuration: .immediate)
        let navigation = NavigationController(
            context: window.makeContext(),
            rootViewController: GenericViewController(context: window.makeContext())
        )
        try await window.setRootViewController(navigation)
        let driver = BenchDriver()
        _ = try await driver.pushes(on: window, navigation: navigation, count: 10_000, batch: 100)
        let push = try await BenchClock.measure(iterations) {
            _ = try await driver.pushes(on: window, navigation: navigation, count: iterations, batch: 100)
        }
        await window.close()
        let (oneWorker, twoWorkers, freed) = (median(one), median(two), median(freeing))
        let (oneSearching, twoSearching) = (median(oneSearch), median(twoSearch))
        print(
            String(
                format: "explore %@ to depth %d: %d transitions, medians of %d runs each; transitions/s, the whole run: 1 worker %.0f, 2 workers %.0f (x%.2f); the explorer's part (the report's rate): 1 worker %.0f, 2 workers %.0f (x%.2f); a transition costs %.0f pushes (1 worker, whole run); closing and freeing the exploration (left to the process's exit) would add %.0f ns per transition",
                path, depth, transitions, passes, 1e9 / oneWorker, 1e9 / twoWorkers, oneWorker / twoWorkers,
                1e9 / oneSearching, 1e9 / twoSearching, oneSearching / twoSearching, oneWorker / push, freed
            )
        )
        return [
            ("pushViewController (1 window)", push),
            ("explore, 1 worker (wall ns per transition)", oneWorker),
            ("explore, 2 workers", twoWorkers),
            ("explorer's part, 1 worker", oneSearching),
            ("explorer's part, 2 workers", twoSearching),
            ("closing and freeing it, apart", freed),
        ]
    }

    /// The middle figure (the mean of the two middle ones for an even count).
    static func median(_ figures: [Double]) -> Double {
        let sorted = figures.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
