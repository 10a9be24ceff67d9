// `bench segue`, `push`, `show`, `hooked`, `windows` and `unwind`: one window's segues, pushes and
// unwinds, and the same segues over 64 windows.

import Foundation
import NavigationRuntime

/// `bench windows`: the same number of segues (show → push, batches of 100 then pop to root)
/// on 1 window, then spread over 64 windows driven in parallel. Reported as ns per segue of
/// wall time, so the ratio is the parallel speed-up.
enum WindowsBenchmark {
    static func run(segues: Int) async throws -> [(name: String, nanoseconds: Double)] {
        let one = try await CompareBenchmark.measureRuntime(windows: 1, segues: segues, spins: 0, shared: false)
        let many = try await CompareBenchmark.measureRuntime(windows: 64, segues: segues, spins: 0, shared: false)
        print(String(format: "segues/s: 1 window %.0f, 64 windows %.0f", 1e9 / one, 1e9 / many))
        return [("segue, 1 window (wall ns per segue)", one), ("segue, 64 windows in parallel", many)]
    }
}

/// `bench unwind`: a tab bar of 10 navigation stacks of 99 controllers (1,001 controllers).
enum UnwindBenchmark {
    static func run(iterations: Int) async throws -> [(name: String, nanoseconds: Double)] {
        let window = Window(configuration: .immediate)
        var stacks: [NavigationController] = []
        for tab in 0..<10 {
            let children = (0..<99).map { index in
                GenericViewController(
                    context: window.makeContext(),
                    unwindActions: tab == 9 && index == 0 ? ["farthest:"] : []
                )
            }
            stacks.append(NavigationController(context: window.makeContext(), viewControllers: children))
        }
        let tabBar = TabBarController(context: window.makeContext(), viewControllers: stacks)
        try await window.setRootViewController(tabBar)
        let driver = BenchDriver()
        let source = await stacks[0].topViewController ?? GenericViewController(context: window.makeContext())
        _ = try await driver.unwinds(from: source, action: "missing:", count: 100)
        let miss = try await BenchClock.measure(iterations) {
            _ = try await driver.unwinds(from: source, action: "missing:", count: iterations)
        }
        let push = try await BenchClock.measure(iterations) {
            _ = try await driver.pushPops(on: window, navigation: stacks[0], count: iterations)
        }
        // The farthest destination: the root of the last tab, searched last; the unwind selects
        // that tab, so switch back each time (two transitions per iteration, measured together).
        let far = try await BenchClock.measure(iterations) {
            for _ in 0..<iterations {
                try await source.performUnwind(action: "farthest:", animated: false)
                try await tabBar.selectTab(at: 0)
            }
        }
        await window.close()
        return [
            ("push + pop (1 window)", push),
            ("unwind, full search, no destination (1,001)", miss),
            ("unwind to the farthest + select back (1,001)", far),
        ]
    }
}

/// The other end of a bare actor round trip.
actor BenchTarget {
    private var touches = 0
    func touch() { touches &+= 1 }
}

enum SegueBenchmark {
    static func run(iterations: Int) async throws -> [(name: String, nanoseconds: Double)] {
        let driver = BenchDriver()
        let target = BenchTarget()
        // Warm up, then measure each case.
        _ = await driver.roundTrips(to: target, count: 10_000)
        let hop = try await BenchClock.measure(iterations) { _ = await driver.roundTrips(to: target, count: iterations) }

        let (window, source, navigation) = try await segueWorld()
        _ = try await driver.segues(from: source, navigation: navigation, count: 10_000, batch: 100)
        let segue = try await BenchClock.measure(iterations) {
            _ = try await driver.segues(from: source, navigation: navigation, count: iterations, batch: 100)
        }
        let push = try await BenchClock.measure(iterations) {
            _ = try await driver.pushes(on: window, navigation: navigation, count: iterations, batch: 100)
        }
        let queueOnly = try await BenchClock.measure(iterations) {
            _ = try await driver.noChange(on: window, root: navigation, count: iterations)
        }
        let creation = try await BenchClock.measure(iterations) {
            _ = await driver.creations(on: window, count: iterations)
        }
        await window.close()
        return [
            ("bare actor round trip", hop),
            ("request with no change (queue only)", queueOnly),
            ("controller creation", creation),
            ("performSegue show -> push (1 window)", segue),
            ("pushViewController (1 window)", push),
        ]
    }

    /// `bench show`: the segue case alone (no warm-up), so that a profiler's count of two runs
    /// with N and 6N iterations divides into a cost per segue.
    static func segueAlone(iterations: Int, hooked: Bool = false, traits: Traits = .regular) async throws -> Double {
        let driver = BenchDriver()
        let (window, source, navigation) = try await segueWorld(hooked: hooked, traits: traits)
        let segue = try await BenchClock.measure(iterations) {
            _ = try await driver.segues(from: source, navigation: navigation, count: iterations, batch: 100)
        }
        await window.close()
        return segue
    }

    /// A window whose root is a navigation controller over a scene with a show segue `next`;
    /// `hooked`: the root has hooks (a trivial `prepare(for:sender:)` and the appearance
    /// callbacks), as the `~400ns` rows of `bench compare` with no work.
    private static func segueWorld(hooked: Bool = false, traits: Traits = .regular) async throws
        -> (Window, any ViewController, NavigationController)
    {
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
        let catalog = SceneCatalog([
            Scene("root", segues: [SegueDefinition(identifier: "next", kind: .show, destination: "leaf")]) {
                hooked ? WorkController(context: $0, spins: 0) as any ViewController : GenericViewController(context: $0)
            },
            Scene("leaf") { GenericViewController(context: $0) },
        ])
        let source = catalog.instantiate("root", in: window) ?? GenericViewController(context: window.makeContext())
        let navigation = NavigationController(context: window.makeContext(), rootViewController: source)
        try await window.setRootViewController(navigation)
        return (window, source, navigation)
    }
}
