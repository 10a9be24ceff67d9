// Shared by the `restore` and `deeplink` fuzz targets (compiled into them by Stress/fuzz.sh).
import Foundation
import NavigationRuntime

/// The scenes restored snapshots and deep links instantiate: six content scenes with short
/// names a fuzzer can hit, one of them a ``DeepLinkReceiver``, and one scene of each container
/// kind (the scenes of the restoration and deep-link test suites).
enum FuzzScenes {
    static let content = ["home", "inbox", "message", "detail", "settings", "profile"]

    static func className(of scene: String) -> String { scene.prefix(1).uppercased() + scene.dropFirst() + "Controller" }

    static let catalog = SceneCatalog(
        content.map { name in
            Scene(name, className: className(of: name)) { context in
                if name == "message" { return ReceivingController(context: context) }
                return GenericViewController(context: context, className: className(of: name))
            }
        } + [
            Scene("nav") { context in
                NavigationController(
                    context: context,
                    viewControllers: [context.instantiate("home") ?? GenericViewController(context: context.makeContext())]
                )
            },
            Scene("tabs") { context in TabBarController(context: context, viewControllers: []) },
            Scene("split") { context in
                SplitViewController(
                    context: context,
                    primary: GenericViewController(context: context.makeContext()),
                    secondary: GenericViewController(context: context.makeContext())
                )
            },
            Scene("embedding") { context in
                GenericViewController(context: context, children: [GenericViewController(context: context.makeContext())])
            },
        ]
    )

    /// A tab bar of two navigation tabs (inbox, settings) and a split tab, the settings tab
    /// selected: the tree deep links start from, and one of the restoration seeds.
    static func install(in window: Window) async throws {
        func make(_ scene: String) throws -> any ViewController {
            guard let controller = catalog.instantiate(scene, in: window) else {
                throw NavigationError(.unknownStoryboardIdentifier, "no scene \(scene)", window: window.id, identifier: scene)
            }
            return controller
        }
        let inbox = NavigationController(context: window.makeContext(), viewControllers: [try make("inbox")])
        let settings = NavigationController(context: window.makeContext(), viewControllers: [try make("settings")])
        let split = SplitViewController(context: window.makeContext(), primary: try make("home"), secondary: try make("detail"))
        let tabs = TabBarController(context: window.makeContext(), viewControllers: [inbox, settings, split])
        try await window.setRootViewController(tabs, animated: false)
        try await tabs.selectTab(at: 1, animated: false)
    }
}

/// A controller that accepts a deep link's payload (and ignores it).
actor ReceivingController: DeepLinkReceiver {
    nonisolated let context: ControllerContext
    private(set) var deliveries = 0

    init(context: ControllerContext) { self.context = context }

    func receive(deepLink: DeepLinkDelivery) async {
        deliveries += 1
    }
}
