import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// `navstress run --storyboard FILE`: a seeded random walk over a storyboard's segues and
/// unwinds in several windows at once. Each step triggers a random segue of a random controller
/// on screen (as its control would), or goes back, or dismisses.
enum StoryboardLoad {
    static func walk(
        window: Window,
        catalog: SceneCatalog,
        seed: UInt64,
        count: Int,
        cancelRate: Double,
        policy: BusyPolicy,
        sequential: Bool,
        progress: Progress?
    ) async -> LoadDriver.Tally {
        var rng = SplitMix64(seed: seed)
        var tally = LoadDriver.Tally()
        let clock = ContinuousClock()
        let cancelThreshold = UInt64(cancelRate * Double(UInt64.max >> 11)) << 11
        for _ in 0..<count {
            if sequential { await LoadDriver.settle(window) }
            let roll = rng.next() % 100
            let pick = rng.next()
            let cancel = rng.next() < cancelThreshold
            let snapshot = await window.snapshot()
            let path = StoryboardDriver.topPath(snapshot)
            // Any controller on screen whose scene has segues can be tapped.
            let onScreen = snapshot.allControllers.filter { $0.appearance == .appeared && $0.scene != nil }
            var top: (any ViewController)?
            if !onScreen.isEmpty {
                top = await window.controller(onScreen[Int(pick % UInt64(onScreen.count))].id)
            } else if let id = path.last {
                top = await window.controller(id)
            }
            var navigation: NavigationController?
            for id in path.reversed() {
                if let found = await window.controller(id) as? NavigationController {
                    navigation = found
                    break
                }
            }
            let segues = top?.context.scene?.segues ?? []
            // Storyboard segues are triggered by their controls (shouldPerform consulted).
            let body: @Sendable () async throws -> TransitionOutcome = { [top, navigation] in
                if roll < 70, let top, !segues.isEmpty {
                    let segue = segues[Int((pick >> 20) % UInt64(segues.count))]
                    let name = segue.identifier ?? segue.elementID ?? ""
                    return try await top.triggerSegue(withIdentifier: name, animated: false, policy: policy)
                }
                if roll < 85, let navigation {
                    return try await navigation.popViewController(animated: false, policy: policy)
                }
                guard let top else { return .noChange }
                return try await top.dismiss(animated: false, policy: policy)
            }
            let started = clock.now
            let result =
                cancel ? await LoadDriver.cancelled(body, sequential: sequential) : await LoadDriver.capture(body)
            tally.latency.record(clock.now - started)
            tally.resolved += 1
            tally.sent += 1
            progress?.add(1)
            LoadDriver.record(result, into: &tally)
        }
        return tally
    }
}
