import Foundation
import NavigationRuntime

/// `navstress bench`: side-by-side benchmarks in one process and one run. Report ratios; the
/// absolute times of a shared 2-core machine are noise.
enum BenchCommand {
    static let help = """
        OVERVIEW: Side-by-side benchmarks, in one process and one run (build with -c release).

        USAGE: navstress bench [compare|segue|push|show|hooked|windows|unwind] [--iterations N] [--json]
               navstress bench growth [--json]
               navstress bench storyboards DIR [--passes N] [--json]

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

        OPTIONS:
          --iterations N   Operations per measurement (default: 200000; per cell for compare).
          --passes N       Passes of bench storyboards, the best one kept (default: 9).
          --json           Print the results as one JSON object: each measurement's name to
                           its ns per operation (for storyboards, per file; the counts and
                           ratio lines are left out).
        """

    static func main(_ arguments: [String]) async throws -> NavStressExit {
        let options = try Options(arguments, valued: ["iterations", "passes"], flags: ["json", "help"])
        if options.flag("help") {
            print(help)
            return .success
        }
        let iterations = try options.int("iterations", default: 200_000, in: 1_000...100_000_000)
        var results: [(name: String, nanoseconds: Double)] = []
        let name = options.positional.first ?? "compare"
        // An option the case would ignore is refused (issue 18 finding 8).
        if name != "storyboards", options.string("passes") != nil {
            throw UsageError("--passes applies to bench storyboards only, not '\(name)'")
        }
        if name == "storyboards" || name == "growth", options.string("iterations") != nil {
            throw UsageError("--iterations does not apply to bench \(name)")
        }
        if name != "storyboards", options.positional.count > 1 {
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
            let window = Window(configuration: .immediate)
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
            results = [("performSegue show -> push (1 window)", try await SegueBenchmark.segueAlone(iterations: iterations))]
        case "hooked":
            // One case alone, for profilers: the source has hooks (`prepare(for:sender:)`).
            results = [
                ("hooked performSegue show -> push (1 window)", try await SegueBenchmark.segueAlone(iterations: iterations, hooked: true))
            ]
        case "unwind":
            results = try await UnwindBenchmark.run(iterations: max(1_000, iterations / 20))
        case "windows":
            results = try await WindowsBenchmark.run(segues: iterations)
        case "growth":
            results = try await GrowthBenchmark.run()
        case "storyboards":
            guard options.positional.count == 2 else { throw UsageError("bench storyboards takes one folder") }
            let passes = try options.int("passes", default: 9, in: 1...1_000)
            results = try StoryboardBenchmark.run(directory: options.positional[1], passes: passes, json: options.flag("json"))
        case let name:
            throw UsageError("unknown bench case '\(name)' (cases: compare, segue, push, show, hooked, windows, unwind, growth, storyboards)")
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
        let miss = try await measure(iterations) {
            _ = try await driver.unwinds(from: source, action: "missing:", count: iterations)
        }
        let push = try await measure(iterations) {
            _ = try await driver.pushPops(on: window, navigation: stacks[0], count: iterations)
        }
        // The farthest destination: the root of the last tab, searched last; the unwind selects
        // that tab, so switch back each time (two transitions per iteration, measured together).
        let far = try await measure(iterations) {
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

    private static func measure(_ iterations: Int, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return (clock.now - start).nanoseconds / Double(iterations)
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
        let hop = try await measure(iterations) { _ = await driver.roundTrips(to: target, count: iterations) }

        let (window, source, navigation) = try await segueWorld()
        _ = try await driver.segues(from: source, navigation: navigation, count: 10_000, batch: 100)
        let segue = try await measure(iterations) {
            _ = try await driver.segues(from: source, navigation: navigation, count: iterations, batch: 100)
        }
        let push = try await measure(iterations) {
            _ = try await driver.pushes(on: window, navigation: navigation, count: iterations, batch: 100)
        }
        let queueOnly = try await measure(iterations) {
            _ = try await driver.noChange(on: window, root: navigation, count: iterations)
        }
        let creation = try await measure(iterations) {
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
    static func segueAlone(iterations: Int, hooked: Bool = false) async throws -> Double {
        let driver = BenchDriver()
        let (window, source, navigation) = try await segueWorld(hooked: hooked)
        let segue = try await measure(iterations) {
            _ = try await driver.segues(from: source, navigation: navigation, count: iterations, batch: 100)
        }
        await window.close()
        return segue
    }

    /// A window whose root is a navigation controller over a scene with a show segue `next`;
    /// `hooked`: the root has hooks (a trivial `prepare(for:sender:)` and the appearance
    /// callbacks), as the `~400ns` rows of `bench compare` with no work.
    private static func segueWorld(hooked: Bool = false) async throws -> (Window, any ViewController, NavigationController) {
        let window = Window(configuration: .immediate)
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

    private static func measure(_ iterations: Int, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return (clock.now - start).nanoseconds / Double(iterations)
    }
}

/// `bench growth`: the per-step cost of work whose size the input controls, at 1 k, 10 k and
/// 100 k steps (issue 18 finding 3). Each figure is wall ns per step; flat across the sizes
/// means the cost is linear in the steps.
///
/// - `deep link N pushes`: one deep link whose route pushes N scenes onto one navigation
///   controller (one transition, one commit).
/// - `present N`: N presentations, each from the top of the chain, as chains as deep as a
///   window holds (``Window/maximumDepth``): the chain is dismissed from the root when full.
enum GrowthBenchmark {
    static let sizes = [1_000, 10_000, 100_000]

    static func run(sizes: [Int] = sizes) async throws -> [(name: String, nanoseconds: Double)] {
        var results: [(name: String, nanoseconds: Double)] = []
        for size in sizes {
            results.append(("deep link \(size) pushes (ns/push)", try await deepLink(pushes: size)))
        }
        for size in sizes {
            results.append(("present \(size) (ns/present)", try await presentations(size)))
        }
        return results
    }

    static let catalog = SceneCatalog([
        Scene("root") { context in
            NavigationController(context: context, rootViewController: GenericViewController(context: context.makeContext()))
        },
        Scene("item") { GenericViewController(context: $0) },
    ])

    static func deepLink(pushes: Int) async throws -> Double {
        let app = Application()
        let window = await app.openWindow(configuration: .immediate)
        try await window.setRoot(scene: "root", from: catalog)
        var router = DeepLinkRouter(catalog: catalog)
        router.register("bench://push") { _ in Array(repeating: .push(scene: "item", payload: nil), count: pushes) }
        await app.register(deepLinks: router)
        guard let url = URL(string: "bench://push") else { throw UsageError("bench: no URL") }
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await app.open(url: url, in: window.id)
        let elapsed = clock.now - start
        guard case .opened = outcome else { throw UsageError("bench growth: the deep link did not open: \(outcome)") }
        await window.close()
        return elapsed.nanoseconds / Double(pushes)
    }

    static func presentations(_ count: Int) async throws -> Double {
        let window = Window(configuration: .immediate)
        let root = GenericViewController(context: window.makeContext())
        try await window.setRootViewController(root)
        let clock = ContinuousClock()
        let start = clock.now
        var top: any ViewController = root
        var depth = 1
        for _ in 0..<count {
            if depth == Window.maximumDepth {
                try await root.dismiss(animated: false)
                top = root
                depth = 1
            }
            let next = GenericViewController(context: window.makeContext())
            try await top.present(next, style: .fullScreen, animated: false)
            top = next
            depth += 1
        }
        let elapsed = clock.now - start
        await window.close()
        return elapsed.nanoseconds / Double(count)
    }
}
