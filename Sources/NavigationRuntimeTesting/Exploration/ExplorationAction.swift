// NavigationRuntimeTesting: what a user can do in one navigation state, and what it did.

import NavigationRuntime

/// One thing a user can do in a navigation state, as a `navstress drive` step names it.
public enum ExplorationAction: Sendable, Hashable, Comparable {
    /// Trigger a segue of a visible controller's scene as its control would
    /// (`shouldPerformSegue` consulted): `source` is the scene identifier, `segue` the segue's
    /// identifier, element id or trigger id (what `Scene.segue(named:)` finds), and
    /// `isUnwind` tells an unwind exit from a forward segue.
    case segue(source: String, segue: String, isUnwind: Bool)
    /// Pop the navigation controller the back button pops (`WindowSnapshot.poppableNavigation`).
    case back
    /// Dismiss the last presented controller of the chain.
    case dismiss
    /// Select a tab of the innermost tab bar controller on the top path.
    case selectTab(Int)
    /// Change the window's horizontal size class to compact (`true`) or regular (`false`).
    case traits(compact: Bool)

    /// The action as one `navstress drive` step line (fields quoted when they hold spaces).
    public var step: String {
        switch self {
        case .segue(let source, let segue, _): "segue \(Self.quoted(source)) \(Self.quoted(segue))"
        case .back: "back"
        case .dismiss: "dismiss"
        case .selectTab(let index): "select-tab \(index)"
        case .traits(let compact): "traits \(compact ? "compact" : "regular")"
        }
    }

    /// Whether the action is one the storyboard draws (a segue, an unwind exit, the back
    /// button, a tab): not a dismissal from code and not a rotation.
    public var isStoryboardAction: Bool {
        switch self {
        case .segue, .back, .selectTab: true
        case .dismiss, .traits: false
        }
    }

    /// Orders actions by their step lines.
    public static func < (lhs: ExplorationAction, rhs: ExplorationAction) -> Bool { lhs.step < rhs.step }
}

/// How an action ended.
public enum ExplorationOutcome: Sendable, Hashable {
    /// It committed a change.
    case completed
    /// It was valid and changed nothing (popping a one-element stack, selecting the selected tab).
    case noChange
    /// `shouldPerformSegue` said no.
    case vetoed
    /// An unwind found no destination.
    case noDestination
    /// It failed with a `NavigationError`: its code's name and its message.
    case failed(code: String, message: String)

    /// The outcome's name as `navstress drive` prints it (`noChange` is `completed` there).
    public var driveName: String {
        switch self {
        case .completed, .noChange: "completed"
        case .vetoed: "vetoed"
        case .noDestination: "noDestination"
        case .failed: "failed"
        }
    }
}

/// Where a completed forward segue put its destination.
public enum SegueLanding: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Pushed onto a navigation stack.
    case push
    /// Presented (modally or as a popover).
    case present
    /// Installed as a split view controller's secondary (detail) column.
    case detail
    /// Anything else (a root or tab replaced, a container's child).
    case other

    /// What the segue did, as a verb: `pushes`, `presents`, `shows as detail`, `lands elsewhere`.
    public var verb: String {
        switch self {
        case .push: "pushes"
        case .present: "presents"
        case .detail: "shows as detail"
        case .other: "lands elsewhere"
        }
    }

    /// Orders effects by name.
    public static func < (lhs: SegueLanding, rhs: SegueLanding) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The effect of a transition from `before` to `after` in one window: where the first new
    /// controller (one whose id is not in `before`, with a parent that is not new) sits.
    /// `nil` when no controller is new.
    public static func of(before: WindowSnapshot, after: WindowSnapshot) -> SegueLanding? {
        let old = Set(before.allControllers.map(\.id))
        func visit(_ node: ControllerSnapshot, parent: ControllerSnapshot?, presented: Bool) -> SegueLanding? {
            if !old.contains(node.id) {
                if presented { return .present }
                switch parent?.kind {
                case .navigation?: return .push
                case .split?: return .detail
                default: return .other
                }
            }
            for child in node.children {
                if let found = visit(child, parent: node, presented: false) { return found }
            }
            return node.presented.flatMap { visit($0, parent: node, presented: true) }
        }
        return after.root.flatMap { visit($0, parent: nil, presented: false) }
    }
}
