import Foundation
import NavigationRuntime

/// `navstress bench` (the default case): one workload on three designs, in one process and
/// one run, for 1, 8 and 64 windows, with trivial and with ~400 ns of work per transition.
///
/// The workload, per window: a navigation controller whose root performs the segue `next`
/// (show → push of a new controller instantiated from its scene) 100 times, then pops to the
/// root; one driver per window, each waiting for its own request before making the next.
///
/// - `runtime`: this runtime, every window on its own serial executor (the default).
/// - `one actor`: the same runtime code with every window on one shared executor
///   (``Window/Configuration/isolation``): the logic forced onto one global actor.
/// - `serial thread`: UIKit's model: one thread that does the same steps synchronously
///   (segue table look-up, instantiate, `prepare`, push, the four appearance callbacks, the
///   sequence number) for every window in turn, with no actor and no queue.
///
/// The work, when asked for, runs in the source's `prepare(for:sender:)`, a spin calibrated
/// to ~400 ns at start-up, the same number of iterations in all three designs.
enum CompareBenchmark {
    /// One cell of the table.
    struct Cell {
        let windows: Int
        let work: Bool
        let runtime: Double
        let oneActor: Double
        let serialThread: Double
    }

    static let windowCounts = [1, 8, 64]

    static func run(iterations: Int, json: Bool) async throws -> [(name: String, nanoseconds: Double)] {
        let spins = BenchWork.calibrate(nanoseconds: 400)
        let workNanoseconds = BenchWork.measure(spins: spins)
        var reference = try await SegueBenchmark.run(iterations: min(iterations, 200_000))
        reference = reference.filter { $0.name == "bare actor round trip" || $0.name.hasPrefix("pushViewController") }
        var cells: [Cell] = []
        for work in [false, true] {
            for windows in windowCounts {
                let spinCount = work ? spins : 0
                // Warm each design up once, then measure them side by side.
                _ = try await measureRuntime(windows: windows, segues: 2_000, spins: spinCount, shared: false)
                let runtime = try await measureRuntime(windows: windows, segues: iterations, spins: spinCount, shared: false)
                let oneActor = try await measureRuntime(windows: windows, segues: iterations, spins: spinCount, shared: true)
                let serial = await measureSerialThread(windows: windows, segues: iterations, spins: spinCount)
                cells.append(Cell(windows: windows, work: work, runtime: runtime, oneActor: oneActor, serialThread: serial))
            }
        }
        if !json {
            print(String(format: "work per transition: %d spins, %.0f ns", spins, workNanoseconds))
            for line in reference {
                print(line.name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%10.1f ns/op", line.nanoseconds))
            }
            print("")
            print("work     windows   runtime ns   one actor ns   serial ns   vs actor   vs serial   runtime segues/s")
            for cell in cells {
                print(
                    String(
                        format: "%-8@ %7d %12.1f %14.1f %11.1f %9.2fx %10.2fx %18.0f",
                        (cell.work ? "~400ns" : "trivial") as NSString, cell.windows, cell.runtime, cell.oneActor,
                        cell.serialThread, cell.oneActor / cell.runtime, cell.serialThread / cell.runtime, 1e9 / cell.runtime
                    )
                )
            }
        }
        var results = reference
        results.append(("work per transition (calibrated spin)", workNanoseconds))
        for cell in cells {
            let label = "\(cell.work ? "work" : "trivial"), \(cell.windows) windows"
            results.append(("runtime, \(label)", cell.runtime))
            results.append(("one actor, \(label)", cell.oneActor))
            results.append(("serial thread, \(label)", cell.serialThread))
        }
        return results
    }

    // MARK: - The runtime, own executors or one shared

    /// Wall nanoseconds per segue (pops to root included in the time, not in the count).
    static func measureRuntime(windows: Int, segues: Int, spins: Int, shared: Bool) async throws -> Double {
        let isolation: (any Actor)? = shared ? SharedBenchExecutor() : nil
        let catalog = SceneCatalog([
            Scene("root", segues: [SegueDefinition(identifier: "next", kind: .show, destination: "leaf")]) { context in
                spins > 0
                    ? WorkController(context: context, spins: spins) as any ViewController
                    : GenericViewController(context: context)
            },
            Scene("leaf") { GenericViewController(context: $0) },
        ])
        var setups: [(Window, any ViewController, NavigationController)] = []
        for index in 0..<windows {
            let configuration = Window.Configuration(transitionDuration: .zero, isolation: isolation)
            let window = Window(id: WindowID(UInt64(index + 1)), configuration: configuration)
            let source = catalog.instantiate("root", in: window) ?? GenericViewController(context: window.makeContext())
            let navigation = NavigationController(context: window.makeContext(), rootViewController: source)
            try await window.setRootViewController(navigation)
            setups.append((window, source, navigation))
        }
        let perWindow = max(100, (segues / windows) / 100 * 100)
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Int.self) { group in
            for (_, source, navigation) in setups {
                group.addTask {
                    try await BenchDriver().segues(from: source, navigation: navigation, count: perWindow, batch: 100)
                }
            }
            for try await _ in group {}
        }
        let elapsed = clock.now - start
        for (window, _, _) in setups { await window.close() }
        return elapsed.nanoseconds / Double(perWindow * windows)
    }

    // MARK: - UIKit's model: one serial thread

    static func measureSerialThread(windows: Int, segues: Int, spins: Int) async -> Double {
        let perWindow = max(100, (segues / windows) / 100 * 100)
        return await onSerialThread {
            let scene = PlainScene(spins: spins)
            let stacks = (0..<windows).map { _ in PlainWindow(root: scene.instantiate("root")) }
            let clock = ContinuousClock()
            let start = clock.now
            var done = 0
            while done < perWindow {
                // The main thread serves every window's events in turn.
                for _ in 0..<100 {
                    for window in stacks { window.performSegue("next") }
                }
                for window in stacks { window.popToRoot() }
                done += 100
            }
            let elapsed = clock.now - start
            let checksum = stacks.reduce(0) { $0 &+ $1.sequence }
            return checksum == 0 ? .infinity : elapsed.nanoseconds / Double(perWindow * windows)
        }
    }

    /// Runs `body` on a thread of its own (not the cooperative pool) and returns its result.
    private static func onSerialThread(_ body: @escaping @Sendable () -> Double) async -> Double {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.start()
        }
    }
}

extension Duration {
    /// The duration in nanoseconds.
    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}

/// The executor every window shares in the `one actor` design.
private actor SharedBenchExecutor {}

/// The work of a transition: a spin whose result is kept, so that it cannot be optimised away.
enum BenchWork {
    /// `spins` rounds of SplitMix64 from `seed`.
    @inline(never)
    static func spin(_ spins: Int, seed: UInt64) -> UInt64 {
        var state = seed
        var result: UInt64 = 0
        for _ in 0..<spins {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            result ^= z ^ (z >> 31)
        }
        return result
    }

    /// The spin count that takes about `nanoseconds` on this machine now.
    static func calibrate(nanoseconds: Double) -> Int {
        let probe = 1_000_000
        let perSpin = measure(spins: probe) / Double(probe)
        return max(1, Int(nanoseconds / max(perSpin, 0.01)))
    }

    /// How long `spins` rounds take, in nanoseconds (the best of five).
    static func measure(spins: Int) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        var sink: UInt64 = 0
        for round in 0..<5 {
            let start = clock.now
            sink &+= spin(spins, seed: UInt64(round))
            best = min(best, (clock.now - start).nanoseconds)
        }
        return sink == 42 ? best + 0 : best
    }
}

/// A root controller whose `prepare(for:sender:)` does the transition's work.
actor WorkController: ViewController {
    nonisolated let context: ControllerContext
    private let spins: Int
    private var checksum: UInt64 = 0

    init(context: ControllerContext, spins: Int) {
        self.context = context
        self.spins = spins
    }

    func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        checksum = BenchWork.spin(spins, seed: checksum)
    }
}

// MARK: - UIKit's model, synchronous, for the serial-thread design

/// A scene table: identifier → factory, and a segue table.
private final class PlainScene {
    let spins: Int
    let segues: [String: String] = ["next": "leaf"]

    init(spins: Int) { self.spins = spins }

    func instantiate(_ identifier: String) -> PlainController {
        identifier == "root" ? PlainController(scene: self, spins: spins) : PlainController(scene: nil, spins: 0)
    }
}

/// A `UIViewController` stand-in: overridable callbacks, appearance state, lazy loading.
private class PlainController {
    enum Appearance { case disappeared, appearing, appeared, disappearing }
    let scene: PlainScene?
    let spins: Int
    var appearance = Appearance.disappeared
    var isViewLoaded = false
    var checksum: UInt64 = 0

    init(scene: PlainScene?, spins: Int) {
        self.scene = scene
        self.spins = spins
    }

    func prepare(for destination: PlainController) {
        if spins > 0 { checksum = BenchWork.spin(spins, seed: checksum) }
    }
    func viewDidLoad() { isViewLoaded = true }
    func viewWillAppear() { appearance = .appearing }
    func viewDidAppear() { appearance = .appeared }
    func viewWillDisappear() { appearance = .disappearing }
    func viewDidDisappear() { appearance = .disappeared }
}

/// One window with a navigation stack, driven synchronously on the serial thread.
private final class PlainWindow {
    var stack: [PlainController]
    var sequence: UInt64 = 0

    init(root: PlainController) {
        stack = [root]
        root.viewDidLoad()
        root.viewWillAppear()
        root.viewDidAppear()
    }

    func performSegue(_ identifier: String) {
        // The root performs every segue, as in the runtime's workload.
        guard let source = stack.first, let scene = source.scene, let destinationName = scene.segues[identifier]
        else { return }
        let destination = scene.instantiate(destinationName)
        source.prepare(for: destination)
        push(destination)
    }

    func push(_ controller: PlainController) {
        let old = stack.last
        stack.append(controller)
        old?.viewWillDisappear()
        if !controller.isViewLoaded { controller.viewDidLoad() }
        controller.viewWillAppear()
        sequence &+= 1
        old?.viewDidDisappear()
        controller.viewDidAppear()
    }

    func popToRoot() {
        guard stack.count > 1, let old = stack.last, let root = stack.first else { return }
        old.viewWillDisappear()
        root.viewWillAppear()
        stack.removeSubrange(1...)
        sequence &+= 1
        old.viewDidDisappear()
        root.viewDidAppear()
    }
}
