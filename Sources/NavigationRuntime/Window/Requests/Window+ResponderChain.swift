// The walks up the tree: the next-responder chain, the enclosing navigation controller, layer owners.

/// The controllers above one, as a sequence: the next-responder chain (a
/// controller's parent, else the controller presenting it) or the containment ancestors only.
/// The one walk up the tree that show routing, presentation contexts, dismissal, layer owners and
/// the user-code check use. Lazy and allocation-free; read it on the window's executor.
struct ResponderChain: Sequence, IteratorProtocol {
    /// Which link leads up from a controller.
    enum Links {
        /// The parent, else the presenting controller (UIKit's `next` for a view controller).
        case nextResponder
        /// The parent only: the controllers containing it, up to its layer's owner.
        case parents
    }

    // `Optional<T>`, not `T?`: no implicit `= nil` for the initializers to re-assign.
    private var current: Optional<any ViewController>
    private let links: Links

    /// The chain from `start` itself up.
    init(from start: any ViewController, _ links: Links = .nextResponder) {
        self.current = start
        self.links = links
    }

    /// The chain from the controller above `start` up.
    init(above start: any ViewController, _ links: Links = .nextResponder) {
        self.links = links
        self.current = Self.up(from: start, links)
    }

    mutating func next() -> (any ViewController)? {
        guard let controller = current else { return nil }
        current = Self.up(from: controller, links)
        return controller
    }

    private static func up(from controller: any ViewController, _ links: Links) -> (any ViewController)? {
        let context = controller.context
        return links == .parents ? context.parent : context.parent ?? context.presenting
    }
}

extension Window {
    /// The first controller on the next-responder chain from `source` (itself, then parents,
    /// then the presenting controller) that overrides the action (R2.2).
    func targetViewController(forAction action: ShowAction, from source: any ViewController) -> (any ViewController)? {
        ResponderChain(from: source).first { $0.overrides(action) }
    }

    func enclosingNavigationController(of controller: any ViewController) -> NavigationController? {
        for case let navigation as NavigationController in ResponderChain(above: controller, .parents) { return navigation }
        return nil
    }

    /// The controller that covers the screen layer `controller` is in: the root of its
    /// containment tree (the window's root or a presented controller) (R3.3).
    func layerOwner(of controller: any ViewController) -> any ViewController {
        var owner = controller
        for ancestor in ResponderChain(above: controller, .parents) { owner = ancestor }
        return owner
    }

    /// The first controller from `source` up its parents that defines a presentation context,
    /// else the layer owner (R3.4).
    func presentationContext(of source: any ViewController) -> any ViewController {
        ResponderChain(from: source, .parents).first { $0.definesPresentationContext } ?? layerOwner(of: source)
    }

    /// Whose presented chain a `dismiss` from `source` removes (R3.10–R3.12): the nearest
    /// controller from `source` up its parents that presents; else, if `source`'s layer was
    /// presented, its presenter; else nobody.
    func dismissingPresenter(for source: any ViewController) -> (any ViewController)? {
        ResponderChain(from: source, .parents).first { $0.context.presented != nil } ?? layerOwner(of: source).context.presenting
    }
}
