// Capturing a checkpoint: every field of every controller of the tree read into records that
// hold no references (see `Window.Checkpoint`; rewinding writes them back).

import Synchronization

extension WindowTree {
    /// One controller's fields in a ``Window/Checkpoint`` but its children (kept beside, in
    /// ``Window/Checkpoint/children``): no references, so that reading one retains nothing. Links
    /// to other controllers are positions in the checkpoint's controllers (-1: none).
    struct CheckpointRecord: Sendable {
        var parent: Int32
        var presented: Int32
        var presenting: Int32
        /// The position of its container state in the checkpoint's containers (-1: none).
        var container: Int32 = -1
        var claim: UInt64 = 0
        var flags: ControllerContext.Flags = []
        var appearance: AppearanceState = .disappeared
        var presentationStyle: PresentationStyle?
        var transitionStyle: TransitionStyle?
    }

    /// A container state in a ``Window/Checkpoint`` (see ``ControllerContext/containerFields``).
    struct CheckpointContainer: Sendable {
        let isCollapsed: Bool
        let selectedIndex: Int
        /// The stashed secondary's position in the checkpoint's controllers (-1: no stash).
        let stashSecondary: Int32
        let stashDepth: Int?
        let columns: [SplitColumn]?
    }

    /// What ``captureCheckpoint()`` captures (see ``Window/Checkpoint``'s fields of these names),
    /// and the capture itself: methods on a value rather than local functions capturing
    /// variables, so that the recursion appends to arrays in place.
    struct CapturedTree {
        var controllers: [any ViewController] = []
        var contexts: [ControllerContext] = []
        var children: [[any ViewController]] = []
        var records: [CheckpointRecord] = []
        var identities: [UInt] = []
        var containers: [CheckpointContainer] = []
        var treeCount = 0

        /// Room for `count` controllers in each array, so that the walk never grows one.
        mutating func reserve(_ count: Int) {
            controllers.reserveCapacity(count)
            contexts.reserveCapacity(count)
            children.reserveCapacity(count)
            records.reserveCapacity(count)
            identities.reserveCapacity(count)
        }

        /// A record for `controller`, its links those the walk saw (checked in ``fill()``).
        mutating func add(_ controller: any ViewController, _ context: ControllerContext, parent: Int32, presenting: Int32) {
            controllers.append(controller)
            contexts.append(context)
            children.append(context.children)
            identities.append(UInt(bitPattern: ObjectIdentifier(controller)))
            records.append(CheckpointRecord(parent: parent, presented: -1, presenting: presenting))
        }

        /// Adds the subtree in ``WindowSnapshot/allControllers`` order, each controller's links
        /// as the tree has them (parent, presenter, what it presents).
        mutating func walk(_ controller: any ViewController, parent: Int32, presenting: Int32) {
            walk(controller, controller.context, parent: parent, presenting: presenting)
        }

        /// ``walk(_:parent:presenting:)`` with the controller's context: the children come with
        /// theirs from their tree nodes (``ControllerContext/childNodes()``).
        mutating func walk(_ controller: any ViewController, _ context: ControllerContext, parent: Int32, presenting: Int32) {
            let position = Int32(controllers.count)
            add(controller, context, parent: parent, presenting: presenting)
            if !context.children.isEmpty {
                let children = context.childNodes()
                for index in children.indices {
                    walk(children[index].controller, children[index].context, parent: position, presenting: -1)
                }
            }
            if let presented = context.presented {
                records[Int(position)].presented = Int32(controllers.count)
                walk(presented, parent: -1, presenting: position)
            }
        }

        /// The position of `controller`: `expected` when that is it, else found (a search:
        /// only for links outside the tree's own), else a new record for it. Inlined, so that
        /// the common answers (none, or the walk's) compare the link in place, unretained.
        @inline(__always)
        mutating func position(of controller: (any ViewController)?, expected: Int32) -> Int32 {
            guard let controller else { return -1 }
            if expected >= 0 && identities[Int(expected)] == UInt(bitPattern: ObjectIdentifier(controller)) { return expected }
            return search(controller)
        }

        /// ``position(of:expected:)`` of a controller not where the walk saw it.
        @inline(never)
        private mutating func search(_ controller: any ViewController) -> Int32 {
            let identity = UInt(bitPattern: ObjectIdentifier(controller))
            if let known = identities.firstIndex(of: identity) { return Int32(known) }
            let added = Int32(controllers.count)
            add(controller, controller.context, parent: -1, presenting: -1)
            return added
        }

        /// Reads every record's fields, the links checked against the walk's (the records grow
        /// while they are read: a link to a controller outside the tree adds it).
        mutating func fill() {
            var index = 0
            while index < controllers.count {
                let context = contexts[index]
                // A tree controller's children are the tree's, recorded by the walk.
                if index >= treeCount { for child in context.children { _ = position(of: child, expected: -1) } }
                var container: Int32 = -1
                if let fields = context.containerFields {
                    container = Int32(containers.count)
                    let stashSecondary = position(of: fields.splitStash?.secondary, expected: -1)
                    containers.append(
                        CheckpointContainer(
                            isCollapsed: fields.isCollapsed, selectedIndex: fields.selectedIndex,
                            stashSecondary: stashSecondary, stashDepth: fields.splitStash?.primaryDepth,
                            columns: fields.splitColumns))
                }
                let walked = records[index]
                let parent = position(of: context.parent, expected: walked.parent)
                let presented = position(of: context.presented, expected: walked.presented)
                let presenting = position(of: context.presenting, expected: walked.presenting)
                records[index] = CheckpointRecord(
                    parent: parent, presented: presented, presenting: presenting, container: container,
                    claim: context.claim.load(ordering: .relaxed), flags: context.treeFlags, appearance: context.appearance,
                    presentationStyle: context.presentationStyle, transitionStyle: context.presentationTransitionStyle)
                index += 1
            }
        }
    }

    /// Captures every field of every controller of the tree, in ``WindowSnapshot/allControllers``
    /// order, then of the controllers outside the tree those fields name.
    func captureCheckpoint() -> CapturedTree {
        var captured = CapturedTree()
        guard let root else { return captured }
        captured.reserve(Self.count(root))
        captured.walk(root, parent: -1, presenting: -1)
        captured.treeCount = captured.controllers.count
        captured.fill()
        return captured
    }

    /// How many controllers the subtree has.
    private static func count(_ controller: any ViewController) -> Int {
        count(controller.context)
    }

    /// ``count(_:)`` by the controller's context, its children reached through their tree nodes
    /// (``ControllerContext/childNodes()``): no controller retained.
    private static func count(_ context: ControllerContext) -> Int {
        var count = 1
        if !context.children.isEmpty {
            let children = context.childNodes()
            for index in children.indices { count += Self.count(children[index].context) }
        }
        if let presented = context.presented { count += Self.count(presented) }
        return count
    }
}
