// The controllers on screen as a depth-first walk, and the diffing of two such walks.

/// The controllers on screen, as a depth-first walk: each controller is entered (parents
/// before children: the will-phase order) and exited (children before parents: the did-phase
/// order, R6.12). One array, so that a transition allocates little; none for the walk of one
/// controller alone at layer 0 (the top of a navigation stack that a push or a pop changes),
/// which is kept inline (``leaf``).
struct VisibleSet {
    struct Step {
        let controller: any ViewController
        /// How many presentations the controller sits above the root's layer.
        let layer: Int
        /// `false` when the walk enters the controller, `true` when it leaves it.
        let isExit: Bool
    }

    /// The walk when it is one controller entered and left at layer 0 (or, while it is built,
    /// entered): then ``steps`` is empty. Set only by ``append(_:)``.
    private(set) var leaf: (any ViewController)?
    /// Whether the walk has left ``leaf`` again.
    private var leafIsClosed = false
    /// Whether a walk of one controller goes to ``leaf`` (not after ``reserveCapacity(_:)``).
    private var keepsLeafInline = true
    /// The walk, when it is not ``leaf`` alone.
    private(set) var steps: [Step] = []

    /// The whole walk as steps, ``leaf`` or not (built anew: for tests and checks, not for the
    /// transition's path).
    var walk: [Step] {
        guard let leaf else { return steps }
        return leafIsClosed
            ? [Step(controller: leaf, layer: 0, isExit: false), Step(controller: leaf, layer: 0, isExit: true)]
            : [Step(controller: leaf, layer: 0, isExit: false)]
    }

    /// Asks for room for `count` steps in ``steps``: a walk expected to be longer than one
    /// controller (a whole window's), which then never tries ``leaf`` (keeping the first
    /// controller aside only to move it into the array at the second step costs a walk that
    /// is never one controller long).
    mutating func reserveCapacity(_ count: Int) {
        steps.reserveCapacity(count)
        keepsLeafInline = false
    }

    /// Adds the next step of the walk.
    mutating func append(_ step: Step) {
        if let open = leaf {
            if !leafIsClosed, step.isExit, step.controller === open {
                leafIsClosed = true
                return
            }
            // More than one controller: the walk so far goes to the array, with room for a
            // run of a few controllers (grown from empty, it was reallocated at 1, 2, 4 and 8
            // steps: about four allocations per transition in an explorer's run).
            steps.reserveCapacity(Self.runCapacity)
            steps.append(Step(controller: open, layer: 0, isExit: false))
            if leafIsClosed { steps.append(Step(controller: open, layer: 0, isExit: true)) }
            leaf = nil
            leafIsClosed = false
        } else if keepsLeafInline, steps.isEmpty, !step.isExit, step.layer == 0 {
            leaf = step.controller
            return
        }
        if steps.capacity == 0 { steps.reserveCapacity(Self.runCapacity) }
        steps.append(step)
    }

    /// The room a walk's array starts with: the steps of four controllers.
    private static let runCapacity = 8

    /// Adds a controller entered and left at once (no shown children, nothing in between):
    /// the same walk as appending its entry and exit steps, without building the exit step
    /// (a copy of the controller, retained and released) when it becomes ``leaf``.
    mutating func appendLeaf(_ controller: any ViewController, layer: Int) {
        // `leaf == nil` implies `!leafIsClosed` (`append` clears both together).
        if leaf == nil, keepsLeafInline, steps.isEmpty, layer == 0 {
            leaf = controller
            leafIsClosed = true
            return
        }
        append(Step(controller: controller, layer: layer, isExit: false))
        append(Step(controller: controller, layer: layer, isExit: true))
    }

    func contains(_ controller: any ViewController) -> Bool {
        if let leaf { return leaf === controller }
        return steps.contains { !$0.isExit && $0.controller === controller }
    }

    /// Whether `predicate` holds for some controller not in `other` (entered steps).
    func containsMissing(from other: VisibleSet, where predicate: (any ViewController) -> Bool) -> Bool {
        if let leaf { return !other.contains(leaf) && predicate(leaf) }
        return steps.contains { !$0.isExit && !other.contains($0.controller) && predicate($0.controller) }
    }

    /// Calls `body` with each controller not in `other`, in the order of
    /// ``missing(from:postOrder:topLayerFirst:)``, without building an array when the
    /// controllers leaving or arriving sit in one layer (every transition but a multi-level
    /// dismiss).
    func forEachMissing(
        from other: VisibleSet,
        postOrder: Bool,
        topLayerFirst: Bool,
        _ body: (any ViewController) -> Void
    ) {
        if let leaf {
            // Entered and left once, at one layer: in either order.
            if !other.contains(leaf) { body(leaf) }
            return
        }
        if topLayerFirst {
            var lowest = Int.max
            var highest = Int.min
            for step in steps where step.isExit == postOrder && !other.contains(step.controller) {
                lowest = min(lowest, step.layer)
                highest = max(highest, step.layer)
            }
            if lowest < highest {
                missing(from: other, postOrder: postOrder, topLayerFirst: true).forEach(body)
                return
            }
        }
        for step in steps where step.isExit == postOrder && !other.contains(step.controller) {
            body(step.controller)
        }
    }

    /// The controllers not in `other`, in callback order (`postOrder`: the did-phase order).
    /// With `topLayerFirst`, controllers of higher layers come first (a multi-level dismiss
    /// disappears top-down, R6.7); otherwise tree order.
    func missing(from other: VisibleSet, postOrder: Bool, topLayerFirst: Bool) -> [any ViewController] {
        if let leaf { return other.contains(leaf) ? [] : [leaf] }
        var result: [any ViewController] = []
        var lowest = Int.max
        var highest = Int.min
        for step in steps where step.isExit == postOrder && !other.contains(step.controller) {
            result.append(step.controller)
            lowest = min(lowest, step.layer)
            highest = max(highest, step.layer)
        }
        guard topLayerFirst, lowest < highest else { return result }
        // Several layers leave: the top layer first, tree order within a layer (R6.7).
        var ordered: [any ViewController] = []
        for layer in stride(from: highest, through: lowest, by: -1) {
            for step in steps where step.isExit == postOrder && step.layer == layer && !other.contains(step.controller) {
                ordered.append(step.controller)
            }
        }
        return ordered
    }
}
