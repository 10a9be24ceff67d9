// The walks up the tree: the next-responder chain, the enclosing navigation controller, layer owners.

extension Window {
    /// The first controller on the next-responder chain from `source` (itself, then parents,
    /// then the presenting controller) that overrides the action (R2.2).
    func targetViewController(forAction action: ShowAction, from source: any ViewController) -> (any ViewController)? {
        var current: (any ViewController)? = source
        while let controller = current {
            if controller.overrides(action) { return controller }
            current = controller.context.parent ?? controller.context.presenting
        }
        return nil
    }

    func enclosingNavigationController(of controller: any ViewController) -> NavigationController? {
        var current = controller.context.parent
        while let candidate = current {
            if let navigation = candidate as? NavigationController { return navigation }
            current = candidate.context.parent
        }
        return nil
    }

    /// The controller that covers the screen layer `controller` is in: the root of its
    /// containment tree (the window's root or a presented controller) (R3.3).
    func layerOwner(of controller: any ViewController) -> any ViewController {
        var current = controller
        while let parent = current.context.parent { current = parent }
        return current
    }

    /// The first controller from `source` up its parents that defines a presentation context,
    /// else the layer owner (R3.4).
    func presentationContext(of source: any ViewController) -> any ViewController {
        var current: (any ViewController)? = source
        while let controller = current {
            if controller.definesPresentationContext { return controller }
            current = controller.context.parent
        }
        return layerOwner(of: source)
    }

    /// Whose presented chain a `dismiss` from `source` removes (R3.10–R3.12): the nearest
    /// controller from `source` up its parents that presents; else, if `source`'s layer was
    /// presented, its presenter; else nobody.
    func dismissingPresenter(for source: any ViewController) -> (any ViewController)? {
        var current: (any ViewController)? = source
        while let controller = current {
            if controller.context.presented != nil { return controller }
            current = controller.context.parent
        }
        return layerOwner(of: source).context.presenting
    }
}
