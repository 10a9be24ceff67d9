// NavigationRuntimeTesting: what an exploration of an app's navigation states found.

import NavigationRuntime

/// The result of a ``NavigationExplorer`` run: every navigation state reached, every action
/// tried from each, the coverage of the catalog and the findings.
///
/// Deterministic: the same catalog and configuration give the same value, however the
/// workers interleaved. States are numbered in breadth-first order (by depth, then in the
/// order their parents and actions were expanded, both fixed).
public struct Exploration: Sendable {
    /// One navigation state: a window's tree with controller ids abstracted away.
    public struct State: Sendable, Hashable {
        /// The state's number: 0 for the initial state, then in breadth-first order.
        public let index: Int
        /// The length of the shortest action sequence that reaches it.
        public let depth: Int
        /// The window's snapshot, `WindowSnapshot.normalized()`: the state's identity.
        public let snapshot: WindowSnapshot
        /// A shortest action sequence from the initial state that reaches it.
        public let path: [ExplorationAction]
        /// Whether its actions were tried (states at the depth bound, and states no window
        /// could be put back into, are not).
        public internal(set) var expanded: Bool
    }

    /// One action tried in one state.
    public struct Transition: Sendable, Hashable {
        /// The state it was tried in.
        public let from: Int
        /// What was done.
        public let action: ExplorationAction
        /// How it ended.
        public let outcome: ExplorationOutcome
        /// Where a completed forward segue put its destination.
        public let effect: SegueLanding?
        /// The state it led to (`from` when nothing changed), or `nil` when the state bound
        /// kept a new state out.
        public let to: Int?
    }

    /// A bound the search reached: what was left unexplored because of it.
    public enum Bound: Sendable, Hashable, CustomStringConvertible {
        /// States at this depth were found but their actions not tried.
        case depth(Int, unexpanded: Int)
        /// The state count reached this number; new states found after it were not kept.
        case states(Int, dropped: Int)

        /// The bound in words, as `navstress explore` prints it: `depth bound 8 reached: 3
        /// states at depth 8 not expanded`, `state bound 100 reached: 2 transitions led to
        /// states not kept`.
        public var description: String {
            switch self {
            case .depth(let depth, let unexpanded):
                "depth bound \(depth) reached: \(unexpanded) state\(unexpanded == 1 ? "" : "s") at depth \(depth) not expanded"
            case .states(let limit, let dropped):
                "state bound \(limit) reached: \(dropped) transition\(dropped == 1 ? " led to a state" : "s led to states") not kept"
            }
        }
    }

    /// Scenes, segues and unwind exits exercised, out of the ones counted.
    public struct Coverage: Sendable, Hashable {
        /// Scene identifiers seen in some state's tree.
        public var scenes: Set<String> = []
        /// Every scene counted.
        public var totalScenes: Set<String> = []
        /// `SCENE/SEGUE` of forward segues that completed somewhere.
        public var segues: Set<String> = []
        /// Every forward segue counted.
        public var totalSegues: Set<String> = []
        /// `SCENE/SEGUE` of unwind exits that found a destination somewhere.
        public var unwinds: Set<String> = []
        /// Every unwind exit counted.
        public var totalUnwinds: Set<String> = []
    }

    /// The states, by ``State/index``.
    public internal(set) var states: [State] = []
    /// What the findings read of each state, by ``State/index`` (worked out when it was found).
    var facts: [StateFacts] = []
    /// Every action tried, in expansion order (by source state, then by action).
    public internal(set) var transitions: [Transition] = []
    /// The bounds reached (empty: the search was exhaustive).
    public internal(set) var bounds: [Bound] = []
    /// The deepest state's depth.
    public internal(set) var depthReached = 0
    /// Coverage of the catalog's scenes, segues and unwind exits.
    public internal(set) var coverage = Coverage()
    /// The findings, sorted by kind, then by the depth and order of the state that shows each.
    public internal(set) var findings: [ExplorationFinding] = []
    /// States whose restoration did not give the state back, reached again by replaying their
    /// path from the initial state instead (a tree restoration does not rebuild exactly).
    /// Counted only with ``NavigationExplorer/Configuration/checksRestoration`` (off by
    /// default); 0 otherwise.
    public internal(set) var replayedStates = 0
    /// States no window could be put back into (neither restored nor replayed), so never
    /// expanded; 0 unless restoration and replay both fail.
    public internal(set) var unopenedStates = 0

    /// Whether the search was exhaustive: no bound was reached, so every state reachable from
    /// the initial one was found and had its actions tried (``bounds`` is empty).
    public var isExhaustive: Bool { bounds.isEmpty }
}
