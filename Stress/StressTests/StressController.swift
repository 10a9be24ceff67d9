import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization

/// A sender token that drives the hooks of the one request it is sent with (R1.5: the sender
/// reaches `shouldPerformSegue` and `prepare` unchanged).
enum StressSender: Sendable, Hashable {
    /// `shouldPerformSegue` answers false (R1.1): `triggerSegue` is vetoed.
    case veto
    /// `prepare` throws: the request fails with `.hookFailed`, nothing changes.
    case throwInPrepare
    /// `prepare` cancels its own task: before the commit point, so the request throws
    /// `CancellationError` and leaves no trace (DESIGN §3.4).
    case cancelInPrepare
    /// `prepare` navigates (pops, or pushes a plain scene): deferred until after this
    /// transition (R4.5); the nested call returns `.deferred` at once.
    case navigateInPrepare
    /// `prepare` closes the window (R8.8 from inside a transition): the request stops at its
    /// next check, before its commit point, and fails with `.windowClosed`.
    case closeInPrepare
}

struct StressHookError: Error, CustomStringConvertible {
    var description: String { "StressHookError" }
}

/// What a run's controllers saw that they must not (R8.8: no callback after close), and the
/// nested requests they made.
final class StressWorld: Sendable {
    /// The scenes: `nav` (a navigation controller rooted in `home`), `home`, `detail` and
    /// `sheet` (stress controllers), `plain` (a generic controller). Every scene has the segues
    /// `detail` (show), `sheet` (form sheet), `full` (full screen) and `plain` (show).
    let catalog: SceneCatalog
    /// Where nested requests (made from hooks, so deferred) are recorded: apart from the
    /// test's own requests, whose number the test knows.
    let nested = RequestLedger()
    private let violations = Locked<[String]>([])

    /// - Parameters:
    ///   - seed: chooses which controllers navigate from `viewDidAppear`.
    ///   - navigatingPercent: how many of them (by controller id) do, once each.
    init(seed: UInt64, navigatingPercent: UInt64 = 0) {
        let segues = [
            SegueDefinition(identifier: "detail", kind: .show, destination: "detail"),
            SegueDefinition(identifier: "sheet", kind: .presentModally(.formSheet), destination: "sheet"),
            SegueDefinition(identifier: "full", kind: .presentModally(.fullScreen), destination: "detail"),
            SegueDefinition(identifier: "plain", kind: .show, destination: "plain"),
        ]
        // The scene factories need the world, which needs the catalog: a box breaks the cycle.
        let box = WorldBox()
        func scene(_ name: String, actions: Set<String>) -> Scene {
            Scene(name, segues: segues) { context in
                StressController(
                    context: context, world: box, role: name, unwindActions: actions,
                    navigatesOnAppear: navigatingPercent > 0
                        && Self.roll(seed: seed, id: context.id.rawValue) < navigatingPercent
                )
            }
        }
        catalog = SceneCatalog([
            Scene("nav") { context in
                NavigationController(
                    context: context,
                    rootViewController: context.instantiate("home") ?? GenericViewController(context: context.makeContext())
                )
            },
            scene("home", actions: ["toHome:"]),
            scene("detail", actions: ["toDetail:"]),
            scene("sheet", actions: ["toSheet:"]),
            Scene("plain", segues: segues) { GenericViewController(context: $0) },
        ])
        box.set(self)
    }

    private static func roll(seed: UInt64, id: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: seed ^ (id &* 0x2545_F491_4F6C_DD1D))
        return generator.next() % 100
    }

    /// Records a broken rule.
    func violate(_ message: String) { violations.withLock { $0.append(message) } }

    /// Every broken rule the hooks saw.
    var hookViolations: [String] { violations.withLock { $0 } }
}

/// Holds the world weakly for its scenes' factories (the world owns the catalog).
final class WorldBox: Sendable {
    private struct Reference {
        weak var world: StressWorld?
    }

    private let reference = Locked(Reference())
    var value: StressWorld? { reference.withLock { $0.world } }
    func set(_ world: StressWorld) { reference.withLock { $0.world = world } }
}

/// A content controller for the stress suites.
///
/// Every hook first checks, on the window's executor, that the window is open (R8.8: a closed
/// window delivers no callback); a hook on a closed window is a violation. It handles the
/// unwind action it is given, obeys ``StressSender`` tokens, and, if told to, navigates once
/// from `viewDidAppear` (a push of a plain scene or a pop), which the runtime must defer.
actor StressController: ViewController {
    nonisolated let context: ControllerContext
    nonisolated let unwindActions: Set<String>
    nonisolated let role: String
    private nonisolated let box: WorldBox
    private let navigatesOnAppear: Bool
    private var navigated = false

    init(context: ControllerContext, world: WorldBox, role: String, unwindActions: Set<String>, navigatesOnAppear: Bool) {
        self.context = context
        self.box = world
        self.role = role
        self.unwindActions = unwindActions
        self.navigatesOnAppear = navigatesOnAppear
    }

    /// Checks that the window is open (the controller runs on the window's executor).
    private func audit(_ hook: String) {
        let closed = context.window.assumeIsolated { $0.isClosed }
        if closed { box.value?.violate("\(id) (\(role)) got \(hook) on a closed window (R8.8)") }
    }

    func viewDidLoad() async { audit("viewDidLoad") }
    func viewWillAppear(_ animated: Bool) async { audit("viewWillAppear") }
    func viewWillDisappear(_ animated: Bool) async { audit("viewWillDisappear") }
    func viewDidDisappear(_ animated: Bool) async { audit("viewDidDisappear") }
    func willMove(toParent parent: (any ViewController)?) async { audit("willMove") }
    func didMove(toParent parent: (any ViewController)?) async { audit("didMove") }

    func viewDidAppear(_ animated: Bool) async {
        audit("viewDidAppear")
        guard navigatesOnAppear, !navigated, let world = box.value else { return }
        navigated = true
        await navigateNested(from: "viewDidAppear", world: world)
    }

    func shouldPerformSegue(withIdentifier identifier: String, sender: (any Sendable)?) async -> Bool {
        audit("shouldPerformSegue")
        return (sender as? StressSender) != .veto
    }

    func prepare(for segue: Segue, sender: (any Sendable)?) async throws {
        audit("prepare")
        switch sender as? StressSender {
        case .throwInPrepare: throw StressHookError()
        case .cancelInPrepare: withUnsafeCurrentTask { $0?.cancel() }
        case .navigateInPrepare:
            if let world = box.value { await navigateNested(from: "prepare", world: world) }
        case .closeInPrepare: await context.window.close()
        case .veto, nil: break
        }
    }

    func canPerformUnwind(action: String, from source: any ViewController, sender: (any Sendable)?) async -> Bool {
        audit("canPerformUnwind")
        return self !== source && unwindActions.contains(action)
    }

    func performUnwindAction(_ action: String, segue: Segue) async { audit("performUnwindAction") }

    /// A request from inside a transition of this window: it must be deferred (R4.5).
    private func navigateNested(from hook: String, world: StressWorld) async {
        let label = "nested from \(id).\(hook)"
        if let navigation = navigationController, id.rawValue % 2 == 0 {
            await world.nested.track(label + " pop") { try await navigation.pop(animated: false).outcome }
        } else {
            await world.nested.track(label + " plain") { try await self.performSegue(withIdentifier: "plain", animated: false) }
        }
    }
}
