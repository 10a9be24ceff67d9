// Structural checkpoints: the public type and calls, and the rewind that writes a checkpoint
// back exactly (the capture is in WindowTree+CheckpointCapture.swift).

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
        /// The captured controllers: first the tree's, in ``WindowSnapshot/allControllers``
        /// order (the root first), then the controllers outside the tree that their fields name
        /// (a split view controller's stashed secondary and its subtree). The arrays below are
        /// indexed alike.
        let controllers: [any ViewController]
        /// Each controller's context (read once here, not through the protocol at each rewind).
        let contexts: [ControllerContext]
        /// Each controller's children, the array itself, so that a rewind shares it instead of
        /// building one.
        let children: [[any ViewController]]
        /// Each controller's other fields (no references: read without retaining).
        let records: [WindowTree.CheckpointRecord]
        /// Each controller's identity, and which identities are the checkpoint's.
        let membership: Membership
        /// The container state of the records that have one (``WindowTree/CheckpointRecord/container``).
        let containers: [WindowTree.CheckpointContainer]
        /// How many of ``controllers`` are the tree's.
        let treeCount: Int
        /// The checkpoint's number, unique in the process: which checkpoint a window was last
        /// rewound to (``WindowTree/rewoundTo``).
        let serial: UInt64
        /// The window's traits.
        public let traits: Traits

        /// How many controllers the tree had.
        public var controllerCount: Int { treeCount }

        /// The tree's controller at `position` in ``WindowSnapshot/allControllers`` order (the
        /// order of a snapshot taken with the checkpoint, and of one taken after rewinding to
        /// it), or `nil` past the end.
        public func controller(at position: Int) -> (any ViewController)? {
            guard position >= 0 && position < treeCount else { return nil }
            return controllers[position]
        }

        /// Whether `controller` is one of the checkpoint's (in its tree or named by it).
        func contains(_ controller: any ViewController) -> Bool {
            membership.contains(identity: UInt(bitPattern: ObjectIdentifier(controller)))
        }

        /// Which controllers are a checkpoint's, apart from it: what a walk needs to ask (two
        /// arrays, not the checkpoint's every field).
        struct Membership: Sendable {
            /// Each captured controller's identity (`ObjectIdentifier`'s bits), in the order of
            /// the checkpoint's controllers.
            let identities: [UInt]
            /// ``identities``, sorted: membership by binary search.
            let members: [UInt]

            init(_ identities: [UInt]) {
                self.identities = identities
                self.members = identities.sorted()
            }

            /// Whether the controller with this identity, found at `position` of a walk in
            /// ``WindowSnapshot/allControllers`` order, is one of the checkpoint's: first whether
            /// the checkpoint's controller at that position is it (so, in a tree that did not
            /// change up to there, without a search).
            func contains(_ controller: ObjectIdentifier, at position: Int) -> Bool {
                let identity = UInt(bitPattern: controller)
                if position < identities.count && identities[position] == identity { return true }
                return contains(identity: identity)
            }

            /// Whether the controller with this identity is one of the checkpoint's.
            func contains(identity key: UInt) -> Bool {
                var low = 0
                var high = members.count
                while low < high {
                    let middle = (low + high) / 2
                    if members[middle] < key { low = middle + 1 } else { high = middle }
                }
                return low < members.count && members[low] == key
            }
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
            window: self, controllers: captured.controllers, contexts: captured.contexts, children: captured.children,
            records: captured.records, membership: Checkpoint.Membership(captured.identities), containers: captured.containers,
            treeCount: captured.treeCount, serial: Self.checkpointSerials.add(1, ordering: .relaxed).newValue,
            traits: tree.traits)
    }

    /// The last checkpoint number given (see ``Checkpoint/serial``).
    private static let checkpointSerials = Atomic<UInt64>(0)

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
    /// Writes a checkpoint's fields back (see ``Window/rewind(to:)``). The caller checked that
    /// the checkpoint is this window's and that the window is at rest.
    ///
    /// Rewound again to the checkpoint it was last rewound to (as an explorer does after each
    /// action it tries from one state), only what changed since is written back: the controllers
    /// whose fields were written (``ControllerContext/isTouched``), and what left the tree is
    /// found under them alone. A controller enters or leaves the tree only by a write of its
    /// parent's, presenter's or split view controller's fields, or of the root (compared here),
    /// so a controller no write touched is as the checkpoint has it. Otherwise every controller
    /// is written back and the whole tree walked.
    func rewind(to checkpoint: Window.Checkpoint) {
        let records = checkpoint.records
        let contexts = checkpoint.contexts
        // The controllers in the tree now (and stashed aside) that the checkpoint does not
        // have, read before anything is written.
        var walk = LeavingWalk(membership: checkpoint.membership)
        // The checkpoint's controllers to write back: all of them, or those touched since
        // (picked by their flag in each loop, which a write-back sets only on the controller it
        // writes: no array of them is made).
        let onlyTouched = rewoundTo == checkpoint.serial
        if onlyTouched {
            if let root, !checkpoint.contains(root) { walk.visit(root) }
            for index in records.indices {
                if contexts[index].isTouched {
                    walk.visitNewcomers(below: index, of: checkpoint)
                } else {
                    // Claimed by a container made since (its initializer, on any thread), with
                    // no field of its own written.
                    let claim = records[index].claim
                    if contexts[index].claim.load(ordering: .relaxed) != claim {
                        contexts[index].claim.store(claim, ordering: .relaxed)
                    }
                }
            }
        } else if let root {
            walk.visit(root)
        }
        let leaving = walk.leaving
        for index in records.indices where !onlyTouched || contexts[index].isTouched {
            writeBack(index, of: checkpoint)
            contexts[index].clearTouched()
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
        root = checkpoint.treeCount > 0 ? checkpoint.controllers[0] : nil
        traits = checkpoint.traits
        rewoundTo = checkpoint.serial
    }

    /// Writes back the fields of the checkpoint's controller at `index`: each only where it
    /// differs (most of the tree is as the checkpoint has it, and a write of a reference releases
    /// and retains).
    private func writeBack(_ index: Int, of checkpoint: Window.Checkpoint) {
        let identities = checkpoint.membership.identities
        let controllers = checkpoint.controllers
        // Whether `current` is the controller at `position` (-1: none), by identity.
        func links(_ current: (any ViewController)?, _ position: Int32) -> Bool {
            guard let current else { return position < 0 }
            return position >= 0 && identities[Int(position)] == UInt(bitPattern: ObjectIdentifier(current))
        }
        func controller(_ position: Int32) -> (any ViewController)? {
            position < 0 ? nil : controllers[Int(position)]
        }
        let record = checkpoint.records[index]
        let context = checkpoint.contexts[index]
        if !links(context.parent, record.parent) { context.parent = controller(record.parent) }
        if !Self.identical(context.children, checkpoint.children[index]) { context.children = checkpoint.children[index] }
        if !links(context.presented, record.presented) { context.presented = controller(record.presented) }
        if !links(context.presenting, record.presenting) { context.presenting = controller(record.presenting) }
        context.presentationStyle = record.presentationStyle
        context.presentationTransitionStyle = record.transitionStyle
        context.claim.store(record.claim, ordering: .relaxed)
        context.treeFlags = record.flags
        context.appearance = record.appearance
        if record.container < 0 {
            if context.hasContainerState { context.containerFields = nil }
        } else {
            let container = checkpoint.containers[Int(record.container)]
            if !context.hasContainerState || context.isCollapsed != container.isCollapsed {
                context.isCollapsed = container.isCollapsed
            }
            if context.selectedIndex != container.selectedIndex { context.selectedIndex = container.selectedIndex }
            let stash = context.splitStash
            if !links(stash?.secondary, container.stashSecondary) || stash?.primaryDepth != container.stashDepth {
                context.splitStash = controller(container.stashSecondary).map {
                    SplitState.Stash(secondary: $0, primaryDepth: container.stashDepth)
                }
            }
            if context.splitColumns != container.columns { context.splitColumns = container.columns }
        }
    }

    /// The walk of ``rewind(to:)`` that finds what leaves the tree: a value with a mutating
    /// method rather than a local function capturing variables. It goes in `allControllers`
    /// order, so that up to the first change each controller is the checkpoint's at the same
    /// position (``Window/Checkpoint/Membership/contains(_:at:)``).
    private struct LeavingWalk {
        let membership: Window.Checkpoint.Membership
        var leaving: [any ViewController] = []
        var position = 0

        init(membership: Window.Checkpoint.Membership) { self.membership = membership }

        mutating func visit(_ controller: any ViewController) {
            visit(controller.context, ObjectIdentifier(controller)) { controller }
        }

        /// Visits a controller by its context (`identity`: the controller's); `controller`
        /// is read only if it leaves. Children are reached through their parent's tree nodes,
        /// so that the controllers that stay are not retained.
        mutating func visit(_ context: ControllerContext, _ identity: ObjectIdentifier, _ controller: () -> any ViewController) {
            if !membership.contains(identity, at: position) { leaving.append(controller()) }
            position += 1
            if !context.children.isEmpty {
                let children = context.childNodes()
                for index in children.indices {
                    visit(children[index].context, ObjectIdentifier(children[index].controller)) { children[index].controller }
                }
            }
            if let presented = context.presented { visit(presented) }
            if context.hasContainerState, let stashed = context.splitStash?.secondary, !stashed.context.isAttached { visit(stashed) }
        }

        /// Visits what the checkpoint's controller at `index` holds now that the checkpoint
        /// does not have: each such child, presented or stashed controller with its subtree.
        /// What it holds of the checkpoint's is left to that controller's own record; children
        /// and a presented controller as the checkpoint has them are not looked at.
        mutating func visitNewcomers(below index: Int, of checkpoint: Window.Checkpoint) {
            let context = checkpoint.contexts[index]
            if !context.children.isEmpty, !WindowTree.identical(context.children, checkpoint.children[index]) {
                let children = context.childNodes()
                for child in children.indices
                where !membership.contains(identity: UInt(bitPattern: ObjectIdentifier(children[child].controller))) {
                    visit(children[child].context, ObjectIdentifier(children[child].controller)) { children[child].controller }
                }
            }
            if let presented = context.presented, !membership.contains(identity: UInt(bitPattern: ObjectIdentifier(presented))) {
                visit(presented)
            }
            if context.hasContainerState, let stashed = context.splitStash?.secondary, !stashed.context.isAttached,
                !membership.contains(identity: UInt(bitPattern: ObjectIdentifier(stashed)))
            {
                visit(stashed)
            }
        }
    }

    /// Whether two lists hold the same controllers in the same order.
    fileprivate static func identical(_ lhs: [any ViewController], _ rhs: [any ViewController]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (left, right) in zip(lhs, rhs) where left !== right { return false }
        return true
    }
}
