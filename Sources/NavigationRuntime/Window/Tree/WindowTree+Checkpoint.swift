// Structural checkpoints: the tree's fields captured as a value, and written back exactly.

import Synchronization

extension Window {
    /// The structure of a window's tree at one moment, as a value: every field the tree and the
    /// transitions read of each controller in it (parent, children, presentation and its styles,
    /// whether it is attached and its view loaded, its appearance state, its adoption of initial
    /// children, its claim, a tab bar's selection, a split view controller's collapse state,
    /// stash and columns), the window's root and its traits.
    ///
    /// Take one with ``checkpoint()`` on an idle window; ``rewind(to:)`` puts the window's tree
    /// back exactly as it was then, with the same controller instances: nothing is
    /// instantiated, validated or called. An explorer keeps one per state and goes back to it
    /// after each action it tries, instead of rebuilding the tree.
    ///
    /// Limits:
    /// - A checkpoint holds its controllers (and so its window) strongly for as long as it lives.
    /// - Only the runtime's bookkeeping is captured. A controller's own state (its actor's
    ///   properties: a counter, a delegate, data it was prepared with) is its own: a rewind does
    ///   not touch it, so a controller that keeps its own copy of what it shows may disagree with
    ///   the rewound tree.
    /// - The sequence number is not rewound: the next transition after a rewind commits the
    ///   next number, as after any transition.
    public struct Checkpoint: Sendable {
        /// The window it was taken of: the only one it rewinds.
        public let window: Window
        /// Each captured controller's fields: first the tree's, in ``WindowSnapshot/allControllers``
        /// order (the root first), then the controllers outside the tree that those fields name
        /// (a split view controller's stashed secondary and its subtree).
        let records: [WindowTree.CheckpointRecord]
        /// The container state of the records that have one (``WindowTree/CheckpointRecord/container``).
        let containers: [WindowTree.CheckpointContainer]
        /// How many of ``records`` are the tree's.
        let treeCount: Int
        /// The identities of the records' controllers, sorted: membership by binary search.
        let members: [UInt]
        /// The window's traits.
        public let traits: Traits

        /// How many controllers the tree had.
        public var controllerCount: Int { treeCount }

        /// The tree's controller at `position` in ``WindowSnapshot/allControllers`` order (the
        /// order of a snapshot taken with the checkpoint, and of one taken after rewinding to
        /// it), or `nil` past the end.
        public func controller(at position: Int) -> (any ViewController)? {
            guard position >= 0 && position < treeCount else { return nil }
            return records[position].controller
        }

        /// Whether `controller` is one of the checkpoint's (in its tree or named by it).
        func contains(_ controller: any ViewController) -> Bool {
            let key = UInt(bitPattern: ObjectIdentifier(controller))
            var low = 0
            var high = members.count
            while low < high {
                let middle = (low + high) / 2
                if members[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < members.count && members[low] == key
        }
    }

    /// Captures the window's tree (see ``Checkpoint``). Delivers nothing and changes nothing.
    ///
    /// - Returns: the checkpoint, to pass to ``rewind(to:)`` later.
    /// - Throws: ``NavigationError/Code/windowClosed`` once the window is closed;
    ///   ``NavigationError/Code/windowBusy`` while a transition runs or waits (between
    ///   transitions only is the tree at rest).
    public func checkpoint() throws(NavigationError) -> Checkpoint {
        try checkRewindable("checkpoint()")
        let captured = tree.captureCheckpoint()
        return Checkpoint(
            window: self, records: captured.records, containers: captured.containers,
            treeCount: captured.treeCount, members: captured.records.map { UInt(bitPattern: ObjectIdentifier($0.controller)) }.sorted(),
            traits: tree.traits)
    }

    /// Puts the window's tree back exactly as it was when `checkpoint` was taken: its root, its
    /// traits and every captured field of every controller (see ``Checkpoint``). A controller in
    /// the tree now that was not then leaves it as a popped or dismissed one does (out of the
    /// tree, disappeared, its links to the checkpoint's controllers cut; its own subtree kept).
    ///
    /// A rewind is not a transition: no callback is delivered, no hook or delegate is asked,
    /// nothing is journaled and no sequence number is used. So that no journal reader is misled
    /// (a reference model replaying the journal would still believe the tree
    /// the rewind replaced), a window with a journal subscriber refuses it.
    ///
    /// - Throws: ``NavigationError/Code/windowClosed`` once the window is closed;
    ///   ``NavigationError/Code/windowBusy`` while a transition runs or waits;
    ///   ``NavigationError/Code/foreignController`` for a checkpoint of another window;
    ///   ``NavigationError/Code/invalidRequest`` while the window has a journal subscriber
    ///   (``journal(bufferingPolicy:)``; one that stopped iterating counts until the next event removes it). Nothing is changed when it throws.
    public func rewind(to checkpoint: Checkpoint) throws(NavigationError) {
        try checkRewindable("rewind(to:)")
        guard checkpoint.window === self else {
            throw NavigationError(
                .foreignController, "rewind(to:) was given a checkpoint of window \(checkpoint.window.id), not of window \(id).",
                window: id)
        }
        guard !hasSubscribers else {
            throw NavigationError(
                .invalidRequest,
                "rewind(to:) on window \(id), which has a journal subscriber: a rewind is not journaled, so the subscriber would be misled.",
                window: id)
        }
        tree.rewind(to: checkpoint)
    }

    private func checkRewindable(_ call: String) throws(NavigationError) {
        guard !queue.isClosed else {
            throw NavigationError(.windowClosed, "\(call) on window \(id), which is closed.", window: id)
        }
        guard !queue.isBusy, inFlight == nil, interaction == nil, tree.departing.isEmpty else {
            throw NavigationError(
                .windowBusy, "\(call) on window \(id) while a transition runs or waits: the tree is not at rest.", window: id)
        }
    }
}

extension WindowTree {
    /// One controller's fields in a ``Window/Checkpoint``. Links to other controllers are
    /// positions in the checkpoint's records (-1: none), but the children, kept as the array
    /// itself so that a rewind shares it instead of building one.
    struct CheckpointRecord: Sendable {
        let controller: any ViewController
        let children: [any ViewController]
        let parent: Int32
        let presented: Int32
        let presenting: Int32
        /// The position of its container state in the checkpoint's containers (-1: none).
        let container: Int32
        let claim: UInt64
        let flags: Flags
        let appearance: AppearanceState
        let presentationStyle: PresentationStyle?
        let transitionStyle: TransitionStyle?

        struct Flags: OptionSet, Sendable {
            let rawValue: UInt8
            static let attached = Flags(rawValue: 1 << 0)
            static let viewLoaded = Flags(rawValue: 1 << 1)
            static let adopted = Flags(rawValue: 1 << 2)
            static let beingPresented = Flags(rawValue: 1 << 3)
            static let beingDismissed = Flags(rawValue: 1 << 4)
            static let movingToParent = Flags(rawValue: 1 << 5)
            static let movingFromParent = Flags(rawValue: 1 << 6)
            static let manualAnimated = Flags(rawValue: 1 << 7)
        }
    }

    /// A container state in a ``Window/Checkpoint`` (see ``ControllerContext/containerFields``).
    struct CheckpointContainer: Sendable {
        let isCollapsed: Bool
        let selectedIndex: Int
        /// The stashed secondary's position in the records (-1: no stash).
        let stashSecondary: Int32
        let stashDepth: Int?
        let columns: [SplitColumn]?
    }

    /// Captures every field of every controller of the tree, in ``WindowSnapshot/allControllers``
    /// order, then of the controllers outside the tree those fields name.
    func captureCheckpoint() -> (records: [CheckpointRecord], containers: [CheckpointContainer], treeCount: Int) {
        var order: [any ViewController] = []
        func visit(_ controller: any ViewController) {
            order.append(controller)
            let context = controller.context
            for child in context.children { visit(child) }
            if let presented = context.presented { visit(presented) }
        }
        if let root { visit(root) }
        let treeCount = order.count
        var positions: [ObjectIdentifier: Int32] = [:]
        positions.reserveCapacity(order.count)
        for (position, controller) in order.enumerated() { positions[ObjectIdentifier(controller)] = Int32(position) }
        func position(of controller: (any ViewController)?) -> Int32 {
            guard let controller else { return -1 }
            if let known = positions[ObjectIdentifier(controller)] { return known }
            let added = Int32(order.count)
            order.append(controller)
            positions[ObjectIdentifier(controller)] = added
            return added
        }
        var records: [CheckpointRecord] = []
        records.reserveCapacity(order.count)
        var containers: [CheckpointContainer] = []
        var index = 0
        // `order` grows while it is read: a link to a controller outside the tree adds it.
        while index < order.count {
            let controller = order[index]
            let context = controller.context
            for child in context.children { _ = position(of: child) }
            var container: Int32 = -1
            if let fields = context.containerFields {
                container = Int32(containers.count)
                containers.append(
                    CheckpointContainer(
                        isCollapsed: fields.isCollapsed, selectedIndex: fields.selectedIndex,
                        stashSecondary: position(of: fields.splitStash?.secondary),
                        stashDepth: fields.splitStash?.primaryDepth, columns: fields.splitColumns))
            }
            var flags: CheckpointRecord.Flags = []
            if context.isAttached { flags.insert(.attached) }
            if context.isViewLoaded { flags.insert(.viewLoaded) }
            if context.didAdoptInitialChildren { flags.insert(.adopted) }
            if context.isBeingPresented { flags.insert(.beingPresented) }
            if context.isBeingDismissed { flags.insert(.beingDismissed) }
            if context.isMovingToParent { flags.insert(.movingToParent) }
            if context.isMovingFromParent { flags.insert(.movingFromParent) }
            if context.manualAppearanceAnimated { flags.insert(.manualAnimated) }
            records.append(
                CheckpointRecord(
                    controller: controller, children: context.children, parent: position(of: context.parent),
                    presented: position(of: context.presented), presenting: position(of: context.presenting),
                    container: container, claim: context.claim.load(ordering: .relaxed), flags: flags,
                    appearance: context.appearance, presentationStyle: context.presentationStyle,
                    transitionStyle: context.presentationTransitionStyle))
            index += 1
        }
        return (records, containers, treeCount)
    }

    /// Writes a checkpoint's fields back (see ``Window/rewind(to:)``). The caller checked that
    /// the checkpoint is this window's and that the window is at rest.
    func rewind(to checkpoint: Window.Checkpoint) {
        let records = checkpoint.records
        // The controllers in the tree now (and stashed aside) that the checkpoint does not
        // have, read before anything is written.
        var leaving: [any ViewController] = []
        func visit(_ controller: any ViewController) {
            let context = controller.context
            if !checkpoint.contains(controller) { leaving.append(controller) }
            for child in context.children { visit(child) }
            if let presented = context.presented { visit(presented) }
            if context.hasContainerState, let stashed = context.splitStash?.secondary, !stashed.context.isAttached { visit(stashed) }
        }
        if let root { visit(root) }

        func controller(_ position: Int32) -> (any ViewController)? {
            position < 0 ? nil : records[Int(position)].controller
        }
        // Each field is written only when it differs: most of the tree is as the checkpoint has
        // it, and a write releases and retains.
        for record in records {
            let context = record.controller.context
            let parent = controller(record.parent)
            if context.parent !== parent { context.parent = parent }
            if !Self.identical(context.children, record.children) { context.children = record.children }
            let presented = controller(record.presented)
            if context.presented !== presented { context.presented = presented }
            let presenting = controller(record.presenting)
            if context.presenting !== presenting { context.presenting = presenting }
            context.presentationStyle = record.presentationStyle
            context.presentationTransitionStyle = record.transitionStyle
            context.claim.store(record.claim, ordering: .relaxed)
            let flags = record.flags
            context.isAttached = flags.contains(.attached)
            context.isViewLoaded = flags.contains(.viewLoaded)
            context.didAdoptInitialChildren = flags.contains(.adopted)
            context.isBeingPresented = flags.contains(.beingPresented)
            context.isBeingDismissed = flags.contains(.beingDismissed)
            context.isMovingToParent = flags.contains(.movingToParent)
            context.isMovingFromParent = flags.contains(.movingFromParent)
            context.manualAppearanceAnimated = flags.contains(.manualAnimated)
            context.appearance = record.appearance
            if record.container < 0 {
                if context.hasContainerState { context.containerFields = nil }
            } else {
                let container = checkpoint.containers[Int(record.container)]
                if !context.hasContainerState || context.isCollapsed != container.isCollapsed {
                    context.isCollapsed = container.isCollapsed
                }
                if context.selectedIndex != container.selectedIndex { context.selectedIndex = container.selectedIndex }
                let secondary = controller(container.stashSecondary)
                let stash = context.splitStash
                if stash?.secondary !== secondary || stash?.primaryDepth != container.stashDepth {
                    context.splitStash = secondary.map { SplitState.Stash(secondary: $0, primaryDepth: container.stashDepth) }
                }
                if context.splitColumns != container.columns { context.splitColumns = container.columns }
            }
        }
        // What left the tree since leaves it as a popped or dismissed controller does: upward
        // links cut, links down to the checkpoint's controllers cut (they are back in their
        // places), its own subtree kept; a controller taken from a container of the checkpoint
        // is claimed by nothing, one presented by a controller of the checkpoint has no style.
        for controller in leaving {
            let context = controller.context
            if let parent = context.parent, checkpoint.contains(parent) {
                context.claim.store(0, ordering: .relaxed)
            }
            context.parent = nil
            if let presenter = context.presenting {
                if checkpoint.contains(presenter) { context.presentationStyle = nil }
                context.presenting = nil
            }
            if context.children.contains(where: { checkpoint.contains($0) }) {
                context.children.removeAll { checkpoint.contains($0) }
            }
            if let presented = context.presented, checkpoint.contains(presented) { context.presented = nil }
            context.isAttached = false
            context.appearance = .disappeared
            context.isBeingPresented = false
            context.isBeingDismissed = false
            context.isMovingToParent = false
            context.isMovingFromParent = false
        }
        root = checkpoint.treeCount > 0 ? records[0].controller : nil
        traits = checkpoint.traits
    }

    /// Whether two lists hold the same controllers in the same order.
    private static func identical(_ lhs: [any ViewController], _ rhs: [any ViewController]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (left, right) in zip(lhs, rhs) where left !== right { return false }
        return true
    }
}
