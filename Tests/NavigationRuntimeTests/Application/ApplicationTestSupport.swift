import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// The scenes restoration and deep-link tests rebuild trees from.
enum RestorationScenes {
    static let content = ["home", "inbox", "message", "detail", "settings", "profile"]
    static let styles: [PresentationStyle] = [
        .fullScreen, .overFullScreen, .pageSheet, .formSheet, .currentContext, .overCurrentContext, .popover,
    ]

    static func className(of scene: String) -> String { scene.prefix(1).uppercased() + scene.dropFirst() + "Controller" }

    static let catalog = SceneCatalog(
        content.map { name in
            Scene(name, className: className(of: name)) { context in
                if name == "message" { return MessageController(context: context) }
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
            Scene("navigating") { context in NavigatingController(context: context) },
            Scene("embedding") { context in
                GenericViewController(context: context, children: [GenericViewController(context: context.makeContext())])
            },
        ]
    )
}

/// A controller that keeps what deep links delivered to it.
actor MessageController: DeepLinkReceiver {
    nonisolated let context: ControllerContext
    private(set) var deliveries: [String] = []

    init(context: ControllerContext) { self.context = context }

    func receive(deepLink: DeepLinkDelivery) async {
        deliveries.append("\(deepLink.link.pattern) step \(deepLink.step) payload \(deepLink.payload.map { "\($0)" } ?? "nil")")
    }
}

/// A controller that navigates its own window while it receives a deep link.
actor NavigatingController: DeepLinkReceiver {
    nonisolated let context: ControllerContext
    private(set) var outcome: TransitionOutcome?

    init(context: ControllerContext) { self.context = context }

    func receive(deepLink: DeepLinkDelivery) async {
        outcome = try? await context.window.setTraits(.compact)
    }
}

/// Seeded random valid snapshots (ids unique, in generation order; appearance all
/// `disappeared`: restoration recomputes it).
struct SnapshotGenerator {
    var rng: SplitMix64
    private var nextID: UInt64 = 100

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < probability }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    private mutating func id() -> ControllerID {
        nextID += UInt64(int(1...3))
        return ControllerID(nextID)
    }

    /// A whole snapshot in regular width.
    mutating func snapshot() -> WindowSnapshot {
        var root = node(depth: 0, inStack: false)
        decorate(&root, visible: true, layer: 0)
        return WindowSnapshot(window: WindowID(9), sequence: 7, traits: .regular, transitionInFlight: false, root: root)
    }

    private mutating func content() -> ControllerSnapshot {
        let scene = pick(RestorationScenes.content)
        let className = scene == "message" ? "MessageController" : RestorationScenes.className(of: scene)
        return ControllerSnapshot(id: id(), scene: scene, className: className, kind: .content, appearance: .disappeared)
    }

    mutating func node(depth: Int, inStack: Bool) -> ControllerSnapshot {
        let roll = depth >= 4 ? 0 : int(0...99)
        switch roll {
        case 40..<65 where !inStack:
            let own = id()
            let children = (0..<int(1...3)).map { _ in node(depth: depth + 1, inStack: true) }
            return ControllerSnapshot(
                id: own, scene: chance(0.5) ? "nav" : nil, className: "UINavigationController", kind: .navigation,
                appearance: .disappeared, children: children
            )
        case 65..<85:
            let own = id()
            let children = (0..<int(1...3)).map { _ in node(depth: depth + 1, inStack: false) }
            return ControllerSnapshot(
                id: own, scene: chance(0.5) ? "tabs" : nil, className: "UITabBarController", kind: .tabBar,
                appearance: .disappeared, children: children, selectedIndex: int(0...(children.count - 1))
            )
        case 85..<100:
            let own = id()
            let children = [node(depth: depth + 1, inStack: false), node(depth: depth + 1, inStack: false)]
            return ControllerSnapshot(
                id: own, scene: chance(0.5) ? "split" : nil, className: "UISplitViewController", kind: .split,
                appearance: .disappeared, children: children
            )
        default:
            return content()
        }
    }

    /// Adds presentations from controllers on a visible path (a layer's root most often).
    private mutating func decorate(_ node: inout ControllerSnapshot, visible: Bool, layer: Int) {
        for index in node.children.indices {
            let childVisible = visible && Self.isVisible(child: index, of: node)
            decorate(&node.children[index], visible: childVisible, layer: layer)
        }
        let isLayerRoot = node.presentationStyle != nil || layer == 0
        guard visible, layer < 3, chance(isLayerRoot ? 0.35 : 0.1) else { return }
        var presented = self.node(depth: 2, inStack: false)
        presented.presentationStyle = pick(RestorationScenes.styles)
        decorate(&presented, visible: true, layer: layer + 1)
        node.presented = presented
    }

    static func isVisible(child index: Int, of node: ControllerSnapshot) -> Bool {
        switch node.kind {
        case .navigation: index == node.children.count - 1
        case .tabBar: index == node.selectedIndex
        default: true  // split (expanded here), content
        }
    }
}

extension WindowSnapshot {
    /// The normalized snapshot with every appearance state reset: the structure only.
    var shape: WindowSnapshot { reset(classNames: false) }

    /// ``shape`` without class names either (a restored controller's class name is its
    /// scene's, whatever the snapshot said).
    var structure: WindowSnapshot { reset(classNames: true) }

    private func reset(classNames: Bool) -> WindowSnapshot {
        var copy = normalized()
        func reset(_ node: inout ControllerSnapshot) {
            node.appearance = .disappeared
            if classNames { node.className = "" }
            for index in node.children.indices { reset(&node.children[index]) }
            if var presented = node.presented {
                reset(&presented)
                node.presented = presented
            }
        }
        if var root = copy.root {
            reset(&root)
            copy.root = root
        }
        return copy
    }

    /// A one-line rendering with states (the public `rendered` leaves them out):
    /// `kind(scene)[children]{selected}^style>presented`, `*` for
    /// appeared controllers.
    var stateRendered: String { TreeLine.scenes.render(self) }
}

/// The committed changes among journal events, with their sequence numbers.
func commits(_ events: [JournalEvent]) -> [(UInt64, CommittedChange)] {
    events.compactMap { event in
        if case .committed(let change) = event.kind { return (event.sequence, change) }
        return nil
    }
}
