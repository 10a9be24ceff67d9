// The bench cases' driver: a caller that touches its own state after every await.

import Foundation
import NavigationRuntime

/// A caller that touches its own state after every await, so that the optimiser cannot drop
/// the hop back (the trap seen on this machine).
actor BenchDriver {
    private var completed = 0

    func roundTrips(to target: BenchTarget, count: Int) async -> Int {
        for _ in 0..<count {
            await target.touch()
            completed &+= 1
        }
        return completed
    }

    func segues(from source: any ViewController, navigation: NavigationController, count: Int, batch: Int) async throws -> Int {
        var done = 0
        while done < count {
            for _ in 0..<batch {
                try await source.performSegue(withIdentifier: "next", animated: false)
                completed &+= 1
            }
            try await navigation.popToRootViewController(animated: false)
            completed &+= 1
            done += batch
        }
        return completed
    }

    func noChange(on window: Window, root: any ViewController, count: Int) async throws -> Int {
        for _ in 0..<count {
            try await window.setRootViewController(root, animated: false)
            completed &+= 1
        }
        return completed
    }

    func creations(on window: Window, count: Int) -> Int {
        for _ in 0..<count {
            let controller = GenericViewController(context: window.makeContext())
            completed &+= controller.id.rawValue == 0 ? 0 : 1
        }
        return completed
    }

    func pushes(on window: Window, navigation: NavigationController, count: Int, batch: Int) async throws -> Int {
        var done = 0
        while done < count {
            for _ in 0..<batch {
                try await navigation.pushViewController(GenericViewController(context: window.makeContext()), animated: false)
                completed &+= 1
            }
            try await navigation.popToRootViewController(animated: false)
            completed &+= 1
            done += batch
        }
        return completed
    }
}

extension BenchDriver {
    func unwinds(from source: any ViewController, action: String, count: Int) async throws -> Int {
        var found = 0
        for _ in 0..<count {
            if case .noDestination = try await source.performUnwind(action: action, animated: false) { found &+= 1 }
        }
        return found
    }

    func pushPops(on window: Window, navigation: NavigationController, count: Int) async throws -> Int {
        var done = 0
        for _ in 0..<count {
            try await navigation.pushViewController(GenericViewController(context: window.makeContext()), animated: false)
            try await navigation.popViewController(animated: false)
            done &+= 1
        }
        return done
    }
}

/// Wall time per operation of a measured body.
enum BenchClock {
    /// Runs `body` and returns its wall time divided by `iterations`, in nanoseconds.
    static func measure(_ iterations: Int, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return (clock.now - start).nanoseconds / Double(iterations)
    }
}
