import NavigationRuntime

/// A pure, sequential model of one window's navigation tree: a value, no actors.
///
/// It replays a window's journal (``apply(_:)`` per event): the subtrees that entered the tree
/// (`JournalEvent.Kind.entered(_:)`) and each committed change, and says what the tree must
/// look like, including which controllers must be on screen, by the same rules the runtime
/// documents (a navigation stack shows its top, a tab bar its selected tab, a collapsed split
/// its primary; a full-screen or current-context presentation hides its presenter). The
/// ``LinearizabilityChecker`` compares it with the window's snapshot.
public struct ReferenceModel: Sendable, Hashable {
    /// A replay problem: a change that names a controller the model does not have, or that
    /// cannot apply to the model's tree.
    public struct Inconsistency: Error, Hashable, Sendable, CustomStringConvertible {
        /// What did not apply, naming the ids involved.
        public let description: String
    }

    /// The tree, with the appearance the model computes.
    public private(set) var root: ControllerSnapshot?
    /// The last committed sequence number replayed.
    public private(set) var sequence: UInt64 = 0
    /// The window's traits.
    public private(set) var traits: Traits = .regular
    private var entered: [ControllerID: ControllerSnapshot] = [:]

    /// Starts from a known tree (e.g. a snapshot taken before subscribing), or empty.
    public init(start: WindowSnapshot? = nil) {
        root = start?.root
        sequence = start?.sequence ?? 0
        traits = start?.traits ?? .regular
    }

    /// Replays one journal event. Events other than `entered` and `committed` change nothing.
    public mutating func apply(_ event: JournalEvent) throws(Inconsistency) {
        switch event.kind {
        case .entered(let subtree):
            entered[subtree.id] = subtree
        case .committed(let change):
            try apply(change)
            sequence = event.sequence
            entered.removeAll()
        default:
            break
        }
    }

    /// The model's tree as a snapshot of `window`, appearance computed from visibility.
    public func snapshot(window: WindowID) -> WindowSnapshot {
        var tree = root
        if var node = tree {
            Self.markAppearance(&node, visible: true)
            tree = node
        }
        return WindowSnapshot(window: window, sequence: sequence, traits: traits, transitionInFlight: false, root: tree)
    }

    // MARK: - Changes

    /// A container's children become `ids`: the ones it had, or subtrees that just entered.
    private mutating func replaceChildren(of container: ControllerID, with ids: [ControllerID], change: String)
        throws(Inconsistency)
    {
        let current = try find(container)
        let known = Dictionary(current.children.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var children: [ControllerSnapshot] = []
        for id in ids {
            if let node = known[id] ?? entered[id] { children.append(node) } else {
                throw Inconsistency(description: "\(change) of \(container) names unknown \(id)")
            }
        }
        try update(container) { $0.children = children }
    }

    private mutating func apply(_ change: CommittedChange) throws(Inconsistency) {
        switch change {
        case .setRoot(let id):
            root = try subtree(id)
        case .removeRoot:
            root = nil
        case .push(let navigation, let pushed):
            let node = try subtree(pushed)
            try update(navigation) { $0.children.append(node) }
        case .pop(let navigation, let removed):
            try update(navigation) { node throws(Inconsistency) in
                guard node.children.suffix(removed.count).map(\.id) == removed else {
                    throw Inconsistency(description: "pop of \(removed) is not the top of \(navigation)")
                }
                guard removed.count < node.children.count else {
                    throw Inconsistency(description: "pop of \(removed) pops the root of \(navigation)")
                }
                node.children.removeLast(removed.count)
            }
        case .setStack(let navigation, let stack):
            try replaceChildren(of: navigation, with: stack, change: "setStack")
        case .setPages(let page, let pages):
            try replaceChildren(of: page, with: pages, change: "setPages")
        case .present(let presenter, let presented, let style):
            var node = try subtree(presented)
            node.presentationStyle = style
            try update(presenter) { target throws(Inconsistency) in
                guard target.presented == nil else {
                    throw Inconsistency(description: "\(presenter) already presents")
                }
                target.presented = node
            }
        case .dismiss(let presenter, let removed):
            try update(presenter) { target throws(Inconsistency) in
                var chain: [ControllerID] = []
                var next = target.presented
                while let node = next {
                    chain.append(node.id)
                    next = node.presented
                }
                guard chain == removed else {
                    throw Inconsistency(description: "dismiss of \(removed) but \(presenter) presents \(chain)")
                }
                target.presented = nil
            }
        case .selectTab(let tabBar, let index):
            try update(tabBar) { node throws(Inconsistency) in
                guard node.children.indices.contains(index) else {
                    throw Inconsistency(description: "tab \(index) of \(tabBar) out of range")
                }
                node.selectedIndex = index
            }
        case .replaceSecondary(let split, let secondary):
            let node = try secondary.map { id throws(Inconsistency) in try subtree(id) }
            try update(split) { target in
                if target.children.count > 1 { target.children.removeLast() }
                if let node { target.children.append(node) }
            }
        case .setCollapsed(let split, _), .setColumns(let split, _):
            // The split's subtree after collapsing or expanding entered the journal.
            let node = try subtree(split)
            try update(split) { $0 = node }
        case .setTraits(let traits):
            self.traits = traits
        case .addChild(let parent, let child):
            let node = try subtree(child)
            try update(parent) { $0.children.append(node) }
        case .removeFromParent(let parent, let child):
            try update(parent) { node throws(Inconsistency) in
                guard let index = node.children.firstIndex(where: { $0.id == child }) else {
                    throw Inconsistency(description: "\(child) is not a child of \(parent)")
                }
                node.children.remove(at: index)
            }
        case .composite(let changes):
            for change in changes { try apply(change) }
        }
    }

    private func subtree(_ id: ControllerID) throws(Inconsistency) -> ControllerSnapshot {
        guard let node = entered[id] else {
            throw Inconsistency(description: "\(id) entered the tree without its subtree in the journal")
        }
        return node
    }

    private func find(_ id: ControllerID) throws(Inconsistency) -> ControllerSnapshot {
        guard let node = root.flatMap({ Self.find(id, in: $0) }) else {
            throw Inconsistency(description: "\(id) is not in the model's tree")
        }
        return node
    }

    private static func find(_ id: ControllerID, in node: ControllerSnapshot) -> ControllerSnapshot? {
        if node.id == id { return node }
        for child in node.children {
            if let found = find(id, in: child) { return found }
        }
        return node.presented.flatMap { find(id, in: $0) }
    }

    private mutating func update(
        _ id: ControllerID,
        _ body: (inout ControllerSnapshot) throws(Inconsistency) -> Void
    ) throws(Inconsistency) {
        guard var tree = root else { throw Inconsistency(description: "\(id): the model has no root") }
        // The tree is detached while it is updated, so that its arrays are not shared and are
        // changed in place: a copy of `root` kept here made every change copy the stack it
        // changed (a push onto a stack n deep cost O(n): the double-tap scenario, whose stacks
        // grow with the run, was quadratic, issue 18). The bodies throw before they change
        // anything, so the tree put back after a throw is the tree as it was.
        root = nil
        defer { root = tree }
        guard try Self.update(id, in: &tree, body) else {
            throw Inconsistency(description: "\(id) is not in the model's tree")
        }
    }

    private static func update(
        _ id: ControllerID,
        in node: inout ControllerSnapshot,
        _ body: (inout ControllerSnapshot) throws(Inconsistency) -> Void
    ) throws(Inconsistency) -> Bool {
        if node.id == id {
            try body(&node)
            return true
        }
        for index in node.children.indices where try update(id, in: &node.children[index], body) { return true }
        if var presented = node.presented {
            // Detached while it is updated, like the root (see ``update(_:_:)``).
            node.presented = nil
            defer { node.presented = presented }
            return try update(id, in: &presented, body)
        }
        return false
    }

    // MARK: - Visibility

    /// Sets every node's appearance: on screen or not, by the documented rules.
    private static func markAppearance(_ node: inout ControllerSnapshot, visible: Bool) {
        let covered = node.presented.map { $0.presentationStyle == .fullScreen || $0.presentationStyle == .currentContext } ?? false
        let shown = visible && !covered
        node.appearance = shown ? .appeared : .disappeared
        var visibleChildren: Set<Int>
        // A tab bar with a More tab shows an excess tab inside its More navigation controller
        // (its last child), over the More list (R5.2).
        var moreShowsExcessTab = false
        switch node.kind {
        case .navigation: visibleChildren = node.children.isEmpty ? [] : [node.children.count - 1]
        case .tabBar:
            visibleChildren = node.selectedIndex.map { [$0] } ?? []
            let moreIndex = node.children.count - 1
            if node.children.count > TabBarController.maximumVisibleTabs + 1, let selected = node.selectedIndex,
                selected >= TabBarController.maximumVisibleTabs - 1, selected < moreIndex
            {
                visibleChildren.insert(moreIndex)
                moreShowsExcessTab = true
            }
        case .split:
            if let columns = node.columns {
                // Column-style (R5.7): collapsed, the child `selectedIndex` names; expanded,
                // every column but the compact one.
                visibleChildren =
                    node.selectedIndex.map { [$0] }
                    ?? Set(node.children.indices.filter { !columns.indices.contains($0) || columns[$0] != .compact })
            } else {
                visibleChildren = Set(node.children.indices)
            }
        default: visibleChildren = Set(node.children.indices)  // content, and any container whose children all show
        }
        for index in node.children.indices {
            markAppearance(&node.children[index], visible: shown && visibleChildren.contains(index))
        }
        if moreShowsExcessTab, let more = node.children.indices.last {
            for index in node.children[more].children.indices {
                markAppearance(&node.children[more].children[index], visible: false)
            }
        }
        if var presented = node.presented {
            markAppearance(&presented, visible: visible)
            node.presented = presented
        }
    }
}

/// Replays a window's journal through the ``ReferenceModel`` and compares the result with the
/// window's final snapshot: if they differ, the run was not linearizable.
public enum LinearizabilityChecker {
    /// What the replay found: `nil` when the model and the window agree.
    public static func check(events: [JournalEvent], start: WindowSnapshot? = nil, finalSnapshot: WindowSnapshot) -> String? {
        var model = ReferenceModel(start: start)
        for event in events {
            do {
                try model.apply(event)
            } catch {
                return "replay stopped at \(event): \(error)"
            }
        }
        return compare(model, with: finalSnapshot)
    }

    /// What a model that replayed a whole journal says of the window's final snapshot: `nil`
    /// when they agree.
    public static func compare(_ model: ReferenceModel, with finalSnapshot: WindowSnapshot) -> String? {
        let expected = model.snapshot(window: finalSnapshot.window)
        var actual = finalSnapshot
        actual.transitionInFlight = false
        guard expected.root != actual.root || expected.sequence != actual.sequence else { return nil }
        return "the window's tree differs from the replay of its journal (sequence \(actual.sequence) vs \(expected.sequence))"
    }
}
