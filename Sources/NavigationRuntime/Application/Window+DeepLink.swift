import Foundation
import Synchronization

/// Where a failing step is reported from inside the transition (the queue only carries the
/// ``NavigationError`` it throws).
final class DeepLinkFailureBox: Sendable {
    private let failure = Locked<DeepLinkStepFailure?>(nil)

    /// The failure reported, if any.
    var value: DeepLinkStepFailure? {
        get { failure.withLock { $0 } }
        set { failure.withLock { $0 = newValue } }
    }
}

/// The tree as the steps resolved so far leave it, over the window's real tree: a deep link
/// resolves every step before any is applied, then applies them all as one change.
private struct DeepLinkOverlay {
    var stacks: [ObjectIdentifier: [any ViewController]] = [:]
    var selections: [ObjectIdentifier: Int] = [:]
    var presented: [ObjectIdentifier: (any ViewController)?] = [:]
    var presenting: [ObjectIdentifier: any ViewController] = [:]

    /// Controllers this link made: not in any tree yet, so linking them is no change.
    var fresh: Set<ObjectIdentifier> = []
    /// The tab bars and navigation controllers the steps changed, first change first.
    var touchedTabBars: [TabBarController] = []
    var touchedNavigations: [NavigationController] = []

    /// Pushes onto the stack as the steps leave it, in place: a deep link of N pushes costs
    /// O(N), not a copy of the stack per push.
    mutating func push(_ controller: any ViewController, onto navigation: NavigationController) {
        let key = ObjectIdentifier(navigation)
        if stacks[key] == nil {
            touchedNavigations.append(navigation)
            stacks[key] = children(of: navigation)
        }
        stacks[key]?.append(controller)
    }

    mutating func setStack(_ stack: [any ViewController], of navigation: NavigationController) {
        if stacks[ObjectIdentifier(navigation)] == nil { touchedNavigations.append(navigation) }
        stacks[ObjectIdentifier(navigation)] = stack
    }

    mutating func select(_ index: Int, of tabBar: TabBarController) {
        if selections[ObjectIdentifier(tabBar)] == nil { touchedTabBars.append(tabBar) }
        selections[ObjectIdentifier(tabBar)] = index
    }

    /// Every controller of the tree as the steps leave it.
    func reachable(from root: any ViewController) -> Set<ObjectIdentifier> {
        var result: Set<ObjectIdentifier> = []
        var pending: [any ViewController] = [root]
        while let controller = pending.popLast() {
            guard result.insert(ObjectIdentifier(controller)).inserted else { continue }
            pending += children(of: controller)
            if let presented = presented(by: controller) { pending.append(presented) }
        }
        return result
    }

    func children(of controller: any ViewController) -> [any ViewController] {
        if let stack = stacks[ObjectIdentifier(controller)] { return stack }
        let context = controller.context
        return context.didAdoptInitialChildren ? context.children : controller.initialChildren
    }

    func isFresh(_ controller: any ViewController) -> Bool { fresh.contains(ObjectIdentifier(controller)) }

    /// The presentation chain from `presenter` (what it presents, and so on).
    func chain(from presenter: any ViewController) -> [any ViewController] {
        var result: [any ViewController] = []
        var next = presented(by: presenter)
        while let controller = next {
            result.append(controller)
            next = presented(by: controller)
        }
        return result
    }

    func selectedIndex(of tabBar: TabBarController) -> Int {
        selections[ObjectIdentifier(tabBar)] ?? tabBar.context.selectedIndex
    }

    func presented(by controller: any ViewController) -> (any ViewController)? {
        if let entry = presented[ObjectIdentifier(controller)] { return entry }
        return controller.context.presented
    }

    func presenter(of controller: any ViewController) -> (any ViewController)? {
        presenting[ObjectIdentifier(controller)] ?? controller.context.presenting
    }

    /// The visible path (see ``DeepLinkStep``) and the start of its last layer.
    func visiblePath(from root: any ViewController) -> (path: [any ViewController], layer: any ViewController) {
        var path: [any ViewController] = []
        var layer = root
        while true {
            var current: (any ViewController)? = layer
            let start = path.count
            while let controller = current {
                path.append(controller)
                let children = children(of: controller)
                var layout = ContainerLayout(controller.context)
                layout.count = children.count
                if controller.kind == .tabBar, let tabBar = controller as? TabBarController {
                    layout.selectedIndex = selectedIndex(of: tabBar)
                }
                current = controller.kind.semantics.followedChild(in: layout).map { children[$0] }
            }
            guard let presenter = path[start...].first(where: { presented(by: $0) != nil }),
                let next = presented(by: presenter)
            else { return (path, layer) }
            layer = next
        }
    }
}

extension Window {
    /// Runs a deep link's steps as ONE transition on the queue: they are resolved against the
    /// tree when the link's turn comes, then applied together (one commit).
    ///
    /// - Throws: ``NavigationError`` (`.invalidRequest` when a step fails, with the failure in
    ///   `box`; `.windowClosed`) or `CancellationError`.
    func openDeepLink(
        _ link: DeepLink,
        steps: [DeepLinkStep],
        catalog: SceneCatalog,
        failure box: DeepLinkFailureBox,
        animated: Bool,
        policy: BusyPolicy
    ) async throws -> TransitionOutcome {
        try await submit(
            .resolved(name: "deepLink " + link.url.absoluteString) { window in
                try await window.resolveDeepLink(link, steps: steps, catalog: catalog, failure: box)
            },
            animated: animated,
            policy: policy
        )
    }

    private func resolveDeepLink(
        _ link: DeepLink,
        steps: [DeepLinkStep],
        catalog: SceneCatalog,
        failure box: DeepLinkFailureBox
    ) async throws -> Change? {
        var overlay = DeepLinkOverlay()
        var changes: [Change] = []
        for (index, step) in steps.enumerated() {
            func fail(_ reason: DeepLinkStepFailure.Reason) -> NavigationError {
                let failure = DeepLinkStepFailure(index: index, step: step, reason: reason)
                box.value = failure
                return NavigationError(.invalidRequest, "Deep link \(link.url): \(failure)", window: id, identifier: step.description)
            }
            guard let root else { throw fail(.noRootViewController) }
            let (path, layer) = overlay.visiblePath(from: root)
            switch step {
            case .selectTab(let scene):
                guard let tabBar = path.last(where: { $0 is TabBarController }) as? TabBarController else {
                    throw fail(.noTabBarController)
                }
                let tabs = overlay.children(of: tabBar)
                guard let tab = tabs.firstIndex(where: { Self.tab($0, isScene: scene, overlay: overlay) }) else {
                    throw fail(.noSuchTab(scene))
                }
                overlay.select(tab, of: tabBar)
            case .selectTabIndex(let tab):
                guard let tabBar = path.last(where: { $0 is TabBarController }) as? TabBarController else {
                    throw fail(.noTabBarController)
                }
                let count = overlay.children(of: tabBar).count
                guard (0..<count).contains(tab) else { throw fail(.tabIndexOutOfRange(tab, count: count)) }
                overlay.select(tab, of: tabBar)
            case .push(let scene, let payload):
                guard let navigation = path.last(where: { $0 is NavigationController }) as? NavigationController else {
                    throw fail(.noNavigationController)
                }
                guard let controller = catalog.sceneIdentifier(named: scene).flatMap({ catalog.instantiate($0, in: self) })
                else { throw fail(.unknownScene(scene)) }
                guard controller.kind != .navigation else { throw fail(.pushingNavigationController(scene)) }
                try await deliver(link, step: index, payload: payload, to: controller)
                overlay.push(controller, onto: navigation)
            case .present(let scene, let style, let payload):
                guard let controller = catalog.sceneIdentifier(named: scene).flatMap({ catalog.instantiate($0, in: self) })
                else { throw fail(.unknownScene(scene)) }
                try await deliver(link, step: index, payload: payload, to: controller)
                let resolved = (style ?? controller.modalPresentationStyle)
                    .resolved(for: traits, adaptation: controller.adaptivePresentationStyle(for: traits))
                overlay.presented[ObjectIdentifier(layer)] = controller
                overlay.presenting[ObjectIdentifier(controller)] = layer
                overlay.fresh.insert(ObjectIdentifier(controller))
                if overlay.isFresh(layer) {
                    // Presented by a controller this link presents: linked before it enters,
                    // so the one change that brings it in brings the whole chain.
                    try tree.link(controller, presentedBy: layer, style: resolved)
                } else {
                    changes.append(.present(presenter: layer, presented: controller, style: resolved))
                }
            case .popToRoot:
                guard let navigation = path.last(where: { $0 is NavigationController }) as? NavigationController else {
                    throw fail(.noNavigationController)
                }
                let stack = overlay.children(of: navigation)
                if stack.count > 1 { overlay.setStack([stack[0]], of: navigation) }
            case .dismiss:
                guard layer !== root, let presenter = overlay.presenter(of: layer) else { throw fail(.nothingPresented) }
                try dismiss(from: presenter, overlay: &overlay, changes: &changes)
            case .dismissAll:
                if let presenter = path.first(where: { overlay.presented(by: $0) != nil }) {
                    try dismiss(from: presenter, overlay: &overlay, changes: &changes)
                }
            }
        }
        guard let root else { return nil }
        changes += try containerChanges(overlay, root: root)
        return changes.isEmpty ? nil : .composite(changes)
    }

    /// The net change of each tab bar and navigation stack the steps touched, after the
    /// presentations and dismissals (which bring in the controllers this link made): one
    /// change per container, so that a step undoing another (a push then `popToRoot`) leaves
    /// no trace, and every journal record of the composite is true at its commit. Containers
    /// no longer in the tree are left alone. A container this link made is set up before it
    /// enters (a tab bar's selection) or set as a whole after (a navigation stack).
    private func containerChanges(_ overlay: DeepLinkOverlay, root: any ViewController) throws -> [Change] {
        let reachable = overlay.reachable(from: root)
        var changes: [Change] = []
        for tabBar in overlay.touchedTabBars where reachable.contains(ObjectIdentifier(tabBar)) {
            let index = overlay.selectedIndex(of: tabBar)
            guard index != tabBar.context.selectedIndex else { continue }
            if tabBar.context.isAttached {
                changes.append(.selectTab(tabBar, index))
            } else {
                try tree.preselect(index, of: tabBar)
            }
        }
        for navigation in overlay.touchedNavigations where reachable.contains(ObjectIdentifier(navigation)) {
            let old = navigation.context.didAdoptInitialChildren ? navigation.context.children : navigation.initialChildren
            let new = overlay.children(of: navigation)
            let common = zip(old, new).prefix { $0 === $1 }.count
            if common == old.count && common == new.count { continue }
            if !navigation.context.isAttached {
                changes.append(.setStack(navigation, new))
            } else if common == old.count && new.count == old.count + 1, let pushed = new.last {
                changes.append(.push(navigation, pushed))
            } else if common == new.count && !new.isEmpty {
                changes.append(.pop(navigation, keeping: new.count))
            } else {
                changes.append(.setStack(navigation, new))
            }
        }
        return changes
    }

    /// Dismisses the chain `presenter` presents. Controllers of this link are simply not
    /// presented (their pending change is dropped, their links undone); a `dismiss` change
    /// remains only if the chain holds controllers that are in the tree.
    private func dismiss(from presenter: any ViewController, overlay: inout DeepLinkOverlay, changes: inout [Change]) throws {
        let chain = overlay.chain(from: presenter)
        overlay.presented[ObjectIdentifier(presenter)] = .some(nil)
        for controller in chain where overlay.isFresh(controller) {
            changes.removeAll { change in
                if case .presentation(.present(_, let presented, _)) = change { return presented === controller }
                return false
            }
            if let before = overlay.presenter(of: controller), overlay.isFresh(before) {
                try tree.unlink(controller)
            }
        }
        if chain.contains(where: { !overlay.isFresh($0) }) {
            changes.append(.dismiss(presenter: presenter))
        }
    }

    /// Whether a tab is the scene: its own scene, or its stack's root's for a navigation tab.
    private static func tab(_ tab: any ViewController, isScene scene: String, overlay: DeepLinkOverlay) -> Bool {
        func named(_ controller: any ViewController) -> Bool {
            guard let own = controller.context.scene else { return false }
            return own.identifier == scene || own.storyboardIdentifier == scene
        }
        if named(tab) { return true }
        guard tab is NavigationController, let first = overlay.children(of: tab).first else { return false }
        return named(first)
    }

    private func deliver(_ link: DeepLink, step: Int, payload: (any Sendable)?, to controller: any ViewController) async throws {
        guard let receiver = controller as? any DeepLinkReceiver else { return }
        try await userCode(.named("receive(deepLink:)"), on: controller.id) {
            await receiver.receive(deepLink: DeepLinkDelivery(link: link, step: step, payload: payload))
        }
    }
}
