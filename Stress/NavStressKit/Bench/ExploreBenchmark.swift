// `bench explore PATH`: navstress explore's throughput, next to a plain push in the same run.

import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// `bench explore PATH`: the same exploration (the app or storyboard at PATH, to `depth`) with
/// 1 worker and with 2, as wall ns per explored transition (every action tried counts, as the
/// `explore` report's transitions/s), next to `pushViewController` on one window measured in
/// the same process and run. The whole `explore` run is timed: loading, the search, findings.
enum ExploreBenchmark {
    static func run(path: String, depth: Int, iterations: Int) async throws -> [(name: String, nanoseconds: Double)] {
        let arguments = [path, "--depth", String(depth)]
        // Warm-up (and the transition count, the same whatever the workers).
        let transitions = try await ExploreCommand.explore(arguments + ["--workers", "1"]).exploration?.transitions.count ?? 0
        guard transitions > 0 else { throw UsageError("bench explore: '\(path)' gives no transition to measure") }
        let one = try await BenchClock.measure(transitions) {
            _ = try await ExploreCommand.explore(arguments + ["--workers", "1"])
        }
        let two = try await BenchClock.measure(transitions) {
            _ = try await ExploreCommand.explore(arguments + ["--workers", "2"])
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
        print(
            String(
                format: "explore %@ to depth %d: %d transitions; transitions/s: 1 worker %.0f, 2 workers %.0f (x%.2f); a transition costs %.0f pushes (1 worker)",
                path, depth, transitions, 1e9 / one, 1e9 / two, one / two, one / push
            )
        )
        return [
            ("pushViewController (1 window)", push),
            ("explore, 1 worker (wall ns per transition)", one),
            ("explore, 2 workers", two),
        ]
    }
}
