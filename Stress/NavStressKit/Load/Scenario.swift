import NavigationRuntime
import NavigationRuntimeTesting

/// The built-in load scenarios, each named after a real bug class (ANCHORS.md §2).
public enum Scenario: String, CaseIterable, Sendable {
    /// A mix of segues, pops, sheets and dismissals.
    case demo
    /// P1: the same segue triggered twice at once, the second with `.dropIfBusy`.
    case doubleTap = "double-tap"
    /// P2/P9: controllers that navigate from their own callbacks while others navigate.
    case reentrant
    /// P4: many tasks presenting from the top at once.
    case presentCollision = "present-collision"
    /// P6: back pressed again and again while other tasks push.
    case backSpam = "back-spam"
    /// P8: animated transitions cancelled at random points, 10–50% of them per task.
    case cancelStorm = "cancel-storm"
    /// P10: deep links arriving while other tasks navigate: each waits its turn and applies
    /// to the tree as it is then.
    case deepLinkRace = "deep-link-race"
    /// Windows navigated while another task closes them.
    case multiWindow = "multi-window"

    /// The names `--scenario` accepts.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// How the scenario's windows run their transitions.
    var windowConfiguration: Window.Configuration {
        switch self {
        case .cancelStorm:
            // Transitions span several scheduling points, so cancellations land mid-flight.
            Window.Configuration(clock: YieldingClock(yields: 3), transitionDuration: .milliseconds(1))
        default:
            .immediate
        }
    }

    /// Whether requests animate (take the window's duration).
    var animated: Bool { self == .cancelStorm }

    /// The scenes the scenario's windows start from.
    var catalog: SceneCatalog { self == .reentrant ? DemoScenes.reentrantCatalog : DemoScenes.catalog }
}

/// One request a task makes.
enum LoadOperation: Sendable {
    case segue(String)
    case doubleTap(String)
    case pop
    case popToRoot
    case present
    case dismiss
    case deepLink(String)

    /// Picks the scenario's next operation.
    static func next(for scenario: Scenario, roll: UInt64) -> LoadOperation {
        switch scenario {
        case .deepLinkRace:
            switch roll {
            case 0..<15: .deepLink("app://detail/\(roll)")
            case 15..<25: .deepLink("app://compose")
            case 25..<55: .segue("detail")
            case 55..<80: .pop
            default: .dismiss
            }
        case .demo, .reentrant, .cancelStorm, .multiWindow:
            switch roll {
            case 0..<45: .segue("detail")
            case 45..<75: .pop
            case 75..<80: .popToRoot
            case 80..<90: .segue("compose")
            default: .dismiss
            }
        case .doubleTap:
            roll < 70 ? .doubleTap("detail") : .pop
        case .presentCollision:
            roll < 60 ? .present : .dismiss
        case .backSpam:
            switch roll {
            case 0..<60: .pop
            case 60..<70: .popToRoot
            default: .segue("detail")
            }
        }
    }

    /// How many requests the operation makes.
    var requests: Int {
        if case .doubleTap = self { return 2 }
        return 1
    }
}

/// The deep links of the `deep-link-race` scenario.
enum DemoDeepLinks {
    static var router: DeepLinkRouter {
        var router = DeepLinkRouter(catalog: DemoScenes.catalog)
        router.register("app://detail/:id") { link in [.dismissAll, .popToRoot, .push(scene: "detail", payload: link["id"])] }
        router.register("app://compose") { _ in [.dismissAll, .present(scene: "sheet", style: .formSheet)] }
        return router
    }
}

/// A content controller that navigates from its own `viewDidAppear` (P2/P9): a push or a pop
/// chosen from its id, so a run replays from its seed. The request is deferred by the runtime
/// (R4.5) and runs after the transition that made the controller appear.
actor ReentrantController: ViewController {
    nonisolated let context: ControllerContext

    init(context: ControllerContext) { self.context = context }

    func viewDidAppear(_ animated: Bool) async {
        guard let navigation = navigationController else { return }
        switch id.rawValue % 7 {
        case 0: _ = try? await navigation.popViewController(animated: false)
        case 3: _ = try? await performSegue(withIdentifier: "detail", animated: false)
        default: break
        }
    }
}
