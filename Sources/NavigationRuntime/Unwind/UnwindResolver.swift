extension ViewController {
    /// The children an unwind search visits by default, most recent first (R7.4a, R7.6): a
    /// navigation stack top to bottom, the selected tab first then the others in index order,
    /// a split's secondary then primary, other children in order; without the child that
    /// contains the source.
    public func defaultChildrenForUnwinding(from source: any ViewController) -> [any ViewController] {
        unwindSearchOrder(of: self, from: source)
    }

    /// The child of this controller whose subtree (children and presentations) contains
    /// `source`, if any (UIKit's `childContaining(_:)`).
    public func childContaining(_ source: any ViewController) -> (any ViewController)? {
        child(of: self, containing: source)
    }
}

/// The child of `controller` whose subtree (children and presentations) contains `source`.
/// Reads the tree: call only on the window's executor.
func child(of controller: any ViewController, containing source: any ViewController) -> (any ViewController)? {
    ResponderChain(from: source).first { $0.context.parent === controller }
}

/// The children of `controller` in unwind search order, most recent first (R7.6), without the
/// one containing `source`. Reads the tree: call only on the window's executor.
func unwindSearchOrder(of controller: any ViewController, from source: any ViewController) -> [any ViewController] {
    unwindSearchOrder(of: controller, excluding: child(of: controller, containing: source))
}

/// The children of `controller` in unwind search order, without `excluded`.
func unwindSearchOrder(of controller: any ViewController, excluding excluded: (any ViewController)?) -> [any ViewController] {
    let context = controller.context
    let children = context.didAdoptInitialChildren ? context.children : controller.initialChildren
    guard !children.isEmpty else { return [] }
    let layout = ContainerLayout(
        count: children.count, selectedIndex: context.selectedIndex, isCollapsed: context.isCollapsed,
        columns: context.splitColumns
    )
    // Indices from the kind's rules, read here (not through a generic helper on the
    // existential metatype, whose unspecialized calls cost 5x the whole search).
    var ordered: [any ViewController] = []
    ordered.reserveCapacity(children.count)
    for index in controller.kind.semantics.unwindOrder(in: layout) where children.indices.contains(index) {
        let child = children[index]
        if child !== excluded { ordered.append(child) }
    }
    return ordered
}

extension Window {
    /// Finds an unwind's destination with UIKit's iOS 9 algorithm (R7.4–R7.7): from the source
    /// walk up the next-responder chain (parent, else presenting controller); at each level
    /// search the allowed children depth first, then the level itself. The source is never a
    /// candidate. A level that overrides the legacy hook answers for itself.
    func resolveUnwind(action: String, from source: any ViewController, sender: (any Sendable)?) async throws
        -> (any ViewController)?
    {
        var current = source
        while let next = current.context.parent ?? current.context.presenting {
            switch try await legacyAnswer(next, action: action, source: source, sender: sender) {
            case .destination(let destination): return destination
            case .notHere: current = next; continue
            case .useDefaultSearch: break
            }
            if let found = try await searchChildren(of: next, action: action, source: source, sender: sender) { return found }
            if try await accepts(next, action: action, source: source, sender: sender) { return next }
            current = next
        }
        return nil
    }

    private func searchSubtree(
        _ controller: any ViewController,
        action: String,
        source: any ViewController,
        sender: (any Sendable)?
    ) async throws -> (any ViewController)? {
        switch try await legacyAnswer(controller, action: action, source: source, sender: sender) {
        case .destination(let destination): return destination
        case .notHere: return nil
        case .useDefaultSearch: break
        }
        if let found = try await searchChildren(of: controller, action: action, source: source, sender: sender) { return found }
        return try await accepts(controller, action: action, source: source, sender: sender) ? controller : nil
    }

    /// Searches a controller's allowed children, depth first, in order (R7.4b). Subtrees of
    /// controllers without hooks are searched with no suspension at all.
    private func searchChildren(
        of controller: any ViewController,
        action: String,
        source: any ViewController,
        sender: (any Sendable)?
    ) async throws -> (any ViewController)? {
        for child in try await allowedChildren(of: controller, from: source) {
            switch searchWithoutHooks(child, action: action, source: source) {
            case .found(let found): return found
            case .notFound: continue
            case .needsHooks:
                if let found = try await searchSubtree(child, action: action, source: source, sender: sender) { return found }
            }
        }
        return nil
    }

    private enum PlainSearch {
        case found(any ViewController)
        case notFound
        /// A controller of the subtree has hooks: search it with ``searchSubtree``.
        case needsHooks
    }

    /// The same search as ``searchSubtree`` for a subtree none of whose controllers has hooks
    /// (their defaults are read directly); gives up at the first controller that has hooks.
    private func searchWithoutHooks(_ controller: any ViewController, action: String, source: any ViewController) -> PlainSearch {
        guard !controller.receivesCallbacks else { return .needsHooks }
        // Below the levels the search walks up through, no child contains the source.
        for child in unwindSearchOrder(of: controller, excluding: nil) {
            switch searchWithoutHooks(child, action: action, source: source) {
            case .found(let found): return .found(found)
            case .notFound: continue
            case .needsHooks: return .needsHooks
            }
        }
        return controller !== source && controller.unwindActions.contains(action) ? .found(controller) : .notFound
    }

    private func legacyAnswer(
        _ controller: any ViewController,
        action: String,
        source: any ViewController,
        sender: (any Sendable)?
    ) async throws -> LegacyUnwindAnswer {
        guard controller.receivesCallbacks else { return .useDefaultSearch }
        return try await userCode(.named("viewControllerForUnwindSegueAction(_:from:sender:)"), on: controller.id) {
            await controller.viewControllerForUnwindSegueAction(action, from: source, sender: sender)
        }
    }

    private func allowedChildren(of controller: any ViewController, from source: any ViewController) async throws
        -> [any ViewController]
    {
        guard controller.receivesCallbacks else { return unwindSearchOrder(of: controller, from: source) }
        return try await userCode(.named("allowedChildrenForUnwinding(from:)"), on: controller.id) {
            await controller.allowedChildrenForUnwinding(from: source)
        }
    }

    private func accepts(
        _ controller: any ViewController,
        action: String,
        source: any ViewController,
        sender: (any Sendable)?
    ) async throws -> Bool {
        guard controller !== source else { return false }
        guard controller.receivesCallbacks else { return controller.unwindActions.contains(action) }
        return try await userCode(.named("canPerformUnwind(action:from:sender:)"), on: controller.id) {
            await controller.canPerformUnwind(action: action, from: source, sender: sender)
        }
    }
}
