// NavigationRuntimeTesting: the findings of an exploration, read off its states and transitions.

import NavigationRuntime

/// Reads the findings off a finished exploration (every rule works on the recorded states and
/// transitions alone, in their deterministic order, so the findings are deterministic too).
struct ExplorationFindings: Sendable {
    let catalog: SceneCatalog
    let exploration: Exploration
    /// The scenes the storyboards lead to from the initial one, if known
    /// (``NavigationExplorer/Configuration/reachableScenes``).
    let reachableScenes: Set<String>?
    /// The transitions tried in each state, as positions in the exploration's transitions, in
    /// their order: state `s`'s are `transitionsByState[transitionStart[s]..<transitionStart[s + 1]]`
    /// (two arrays of integers, not a table of actions per state: only a finding's path is
    /// looked up, see ``successor(of:by:)``).
    private let transitionStart: [Int]
    private let transitionsByState: [Int]
    /// Each state's facts (``Exploration/facts``, filled in by the explorer as it finds states).
    let facts: [StateFacts]

    init(catalog: SceneCatalog, exploration: Exploration, reachableScenes: Set<String>? = nil) {
        self.catalog = catalog
        self.exploration = exploration
        self.reachableScenes = reachableScenes
        var start = [Int](repeating: 0, count: exploration.states.count + 1)
        for transition in exploration.transitions { start[transition.from + 1] += 1 }
        for state in exploration.states.indices { start[state + 1] += start[state] }
        var next = start
        var byState = [Int](repeating: 0, count: exploration.transitions.count)
        for (position, transition) in exploration.transitions.enumerated() {
            byState[next[transition.from]] = position
            next[transition.from] += 1
        }
        transitionStart = start
        transitionsByState = byState
        facts = exploration.facts
    }

    /// Every rule's findings, sorted by kind, then depth, then the order the rules found them,
    /// with the coverage, which `coverage` works out while the rules run: only the last rule
    /// (what was never reached) reads it. The costly rules (path-dependent segues, no way
    /// back, unbounded growth: about 15 M instructions each on GoMap's main storyboard to
    /// depth 12) and the coverage (about as much) run in parallel.
    func all(
        coverage: @escaping @Sendable () -> Exploration.Coverage
    ) async -> (findings: [ExplorationFinding], coverage: Exploration.Coverage) {
        async let covered = coverage()
        async let noWayBack = noWayBack()
        async let growth = unboundedGrowth()
        var findings = unwindsWithoutDestination() + failures() + pathDependentSegues()
        findings += await noWayBack
        findings += await growth
        let coverage = await covered
        // An exit an unwind-no-destination error names is not noted again as never completing.
        let named = Set(findings.lazy.filter { $0.kind == .unwindNoDestination }.map(\.subject))
        findings += unreached(coverage, except: named)
        let sorted = findings.enumerated().sorted { lhs, rhs in
            if lhs.element.kind != rhs.element.kind { return lhs.element.kind < rhs.element.kind }
            let left = lhs.element.state.map { exploration.states[$0].depth } ?? Int.max
            let right = rhs.element.state.map { exploration.states[$0].depth } ?? Int.max
            if left != right { return left < right }
            return lhs.offset < rhs.offset
        }.map(\.element)
        return (sorted, coverage)
    }

    // MARK: Reproductions

    /// The expectations after a step that led from a state to `to`: its outcome, and the top
    /// controller's scene (and the innermost stack when `stack`) when known.
    func expectations(_ outcome: ExplorationOutcome, to: Int?, stack: Bool = false) -> [ExplorationFinding.Reproduction.Expectation] {
        var expected: [ExplorationFinding.Reproduction.Expectation] = [.outcome(outcome.driveName)]
        guard let to else { return expected }
        let snapshot = exploration.states[to].snapshot
        let path = snapshot.topPath
        if let top = path.last?.scene { expected.append(.top(top)) }
        if stack, let navigation = path.last(where: { $0.kind == .navigation }) {
            let scenes = navigation.children.compactMap(\.scene)
            if scenes.count == navigation.children.count { expected.append(.stack(scenes)) }
        }
        return expected
    }

    /// The state the first transition of `state` with this action led to, if any led anywhere.
    func successor(of state: Int, by action: ExplorationAction) -> Int? {
        for position in transitionStart[state]..<transitionStart[state + 1] {
            let transition = exploration.transitions[transitionsByState[position]]
            if let to = transition.to, transition.action == action { return to }
        }
        return nil
    }

    /// The path to `state`, each step expected to complete and show its top.
    func reproduction(
        _ title: String, to state: Int, then last: Exploration.Transition? = nil, stack: Bool = false
    ) -> ExplorationFinding.Reproduction {
        let path = exploration.states[state].path
        var actions: [ExplorationAction] = []
        var expected: [[ExplorationFinding.Reproduction.Expectation]] = []
        var current = 0
        for action in path {
            let next = successor(of: current, by: action)
            actions.append(action)
            expected.append(expectations(.completed, to: next, stack: stack && last == nil && next == state))
            current = next ?? current
        }
        if let last {
            actions.append(last.action)
            expected.append(expectations(last.outcome, to: last.to, stack: stack))
        }
        return ExplorationFinding.Reproduction(title: title, actions: actions, expectations: expected)
    }

    /// What a finding rests on when `action` is a storyboard `custom` segue with no performer
    /// (``SegueDefinition/customClassWithoutPerformer``), else `nil`.
    func customAssumption(_ action: ExplorationAction) -> String? {
        guard case .segue(let source, let segue, false) = action,
            let customClass = catalog.scenes[source]?.segue(named: segue)?.customClassWithoutPerformer
        else { return nil }
        return "assumed: custom segue \(source)/\(segue) (\(customClass)) presents full screen, but its perform() decides what it does"
    }

    /// For each level of `state`'s presentation chain (1 is the first presented controller),
    /// the action of its path that presented the controller at that level.
    func presenters(of state: Int) -> [Int: ExplorationAction] {
        var made: [Int: ExplorationAction] = [:]
        var current = 0
        var level = 0
        for action in exploration.states[state].path {
            guard let next = successor(of: current, by: action) else { break }
            let after = facts[next].chain.count
            if after > level {
                for added in (level + 1)...after { made[added] = action }
            }
            for removed in made.keys where removed > after { made[removed] = nil }
            level = after
            current = next
        }
        return made
    }

    func describe(_ states: [Int]) -> String {
        let shown = states.prefix(5).map { "#\($0)" }.joined(separator: ", ")
        return states.count > 5 ? shown + " +\(states.count - 5) more" : shown
    }

    // MARK: Rules

    /// Each unwind exit that finds no destination in some state where it is visible.
    private func unwindsWithoutDestination() -> [ExplorationFinding] {
        var order: [String] = []
        var tried: [String: [Exploration.Transition]] = [:]
        for transition in exploration.transitions {
            guard case .segue(let source, let segue, true) = transition.action else { continue }
            let key = source + "/" + segue
            if tried[key] == nil { order.append(key) }
            tried[key, default: []].append(transition)
        }
        return order.compactMap { key in
            let all = tried[key] ?? []
            let missing = all.filter { $0.outcome == .noDestination }
            guard let first = missing.first, case .segue(let source, let segue, _) = first.action else { return nil }
            let found = all.filter { $0.outcome == .completed || $0.outcome == .noChange }
            let action = catalog.scenes[source]?.segue(named: segue)?.kind.unwindAction ?? segue
            var message = "unwind exit \(key) (\(action)) finds no destination in \(missing.count) of \(all.count) states where it is visible (\(describe(missing.map(\.from))))"
            message += found.isEmpty ? "; it finds one in none" : "; it finds one in \(describe(found.map(\.from)))"
            var reproductions = [reproduction("\(key) (\(action)) finds no destination", to: first.from, then: first)]
            if let good = found.first {
                reproductions.append(reproduction("\(key) (\(action)) finds a destination", to: good.from, then: good))
            }
            return ExplorationFinding(kind: .unwindNoDestination, subject: key, message: message, state: first.from, reproductions: reproductions)
        }
    }

    /// Each action and error code that fails in some state.
    private func failures() -> [ExplorationFinding] {
        var firsts: [(subject: String, code: String, message: String, transition: Exploration.Transition)] = []
        var counts: [String: Int] = [:]
        for transition in exploration.transitions {
            guard case .failed(let code, let message) = transition.outcome else { continue }
            let subject: String
            if case .segue(let source, let segue, _) = transition.action { subject = source + "/" + segue } else { subject = transition.action.step }
            counts[subject + "|" + code, default: 0] += 1
            if counts[subject + "|" + code] == 1 { firsts.append((subject, code, message, transition)) }
        }
        var findings: [ExplorationFinding] = []
        for (subject, code, message, transition) in firsts {
            let count = counts[subject + "|" + code] ?? 0
            findings.append(
                ExplorationFinding(
                    kind: .segueFailed, subject: subject,
                    message: "\(transition.action.step) fails (\(code): \(message)) in \(count) state\(count == 1 ? "" : "s")",
                    state: transition.from,
                    reproductions: [reproduction("\(transition.action.step) fails with \(code)", to: transition.from, then: transition)],
                    assumption: customAssumption(transition.action)
                )
            )
        }
        return findings
    }

    /// Each forward segue whose destination lands in different places on different paths.
    private func pathDependentSegues() -> [ExplorationFinding] {
        var order: [String] = []
        var byEffect: [String: [SegueLanding: Exploration.Transition]] = [:]
        for transition in exploration.transitions {
            guard case .segue(let source, let segue, false) = transition.action, let effect = transition.effect else { continue }
            let key = source + "/" + segue
            if byEffect[key] == nil { order.append(key) }
            if byEffect[key]?[effect] == nil { byEffect[key, default: [:]][effect] = transition }
        }
        return order.compactMap { key in
            // A presentation beside a push or a detail: the segue falls back to a modal on some
            // path. (A detail in regular width that pushes in compact width is the collapsed
            // split's adaptation, R5.6, not a finding.)
            guard let effects = byEffect[key], effects[.present] != nil, effects[.push] != nil || effects[.detail] != nil else {
                return nil
            }
            let sorted = effects.values.sorted { ($0.from, $0.action) < ($1.from, $1.action) }
            let words = sorted.compactMap { transition in transition.effect.map { "\($0.verb) in #\(transition.from)" } }
            return ExplorationFinding(
                kind: .pathDependentSegue, subject: key,
                message: "segue \(key) depends on the path: it " + words.joined(separator: ", "),
                state: sorted.first?.from,
                reproductions: sorted.map { transition in
                    reproduction("\(key) \(transition.effect?.verb ?? "")", to: transition.from, then: transition, stack: transition.effect == .push)
                }
            )
        }
    }

    /// Each presented scene shown in a state from which no storyboard action shortens the
    /// presentation chain (reported once per top presented scene, at its shortest state).
    ///
    /// A state whose actions were not all tried is open (it may have a way back), and so is
    /// every state that leads to it, except that a state left at the depth bound stands for
    /// the first expanded state that looks the same from the screen (``ScreenLook``): a loop
    /// that pushes behind a presentation for ever (R2.2) reaches the bound in every run, and
    /// would otherwise hide the presentation's missing way back.
    private func noWayBack() -> [ExplorationFinding] {
        let states = exploration.states
        // Closures, not key paths: a key path is applied by a runtime call per element.
        let chain = facts.map { $0.chain.count }
        var lowest = chain
        var open = states.map { !$0.expanded }
        for index in states.indices where chain[index] > 0 {
            // A sheet, form sheet or popover: the user swipes it down or taps outside.
            switch facts[index].chain.last?.style {
            case .pageSheet?, .formSheet?, .popover?, .automatic?: lowest[index] = chain[index] - 1
            default: break
            }
        }
        var edges: [(from: Int, to: Int)] = []
        for transition in exploration.transitions where transition.action.isStoryboardAction && transition.outcome == .completed {
            guard let to = transition.to, to != transition.from else {
                if transition.to == nil { open[transition.from] = true }
                continue
            }
            edges.append((transition.from, to))
        }
        let bound = exploration.bounds.compactMap { bound -> Int? in
            if case .depth(let depth, _) = bound { depth } else { nil }
        }.first
        if let bound {
            // States by their indices (a state's index is its position): iterating the states
            // would copy each one, its snapshot and path retained.
            var expanded: [ScreenLook: Int] = [:]
            expanded.reserveCapacity(states.count)
            for index in states.indices where states[index].expanded {
                // One lookup: the default is inserted only when the look is new, so the first
                // state with a look keeps it.
                Self.keep(&expanded[facts[index].look, default: index])
            }
            for index in states.indices where !states[index].expanded && states[index].depth == bound {
                guard let twin = expanded[facts[index].look] else { continue }
                open[index] = false
                edges.append((index, twin))
            }
        }
        // The fixpoint of `lowest[from] = min(lowest[from], lowest[to])` and `open[from] =
        // open[from] || open[to]` over the edges, by a worklist (a state changes, its
        // predecessors are looked at again) instead of sweeps until nothing changes.
        // Each state's predecessors in edge order, as one array of positions by state (an
        // array per state is allocated as it grows): `predecessors[start[s]..<start[s + 1]]`.
        var start = [Int](repeating: 0, count: states.count + 1)
        for edge in edges { start[edge.to + 1] += 1 }
        for state in states.indices { start[state + 1] += start[state] }
        var fill = start
        var predecessors = [Int](repeating: 0, count: edges.count)
        for edge in edges {
            predecessors[fill[edge.to]] = edge.from
            fill[edge.to] += 1
        }
        var work = Array(states.indices.reversed())
        var queued = [Bool](repeating: true, count: states.count)
        while let node = work.popLast() {
            queued[node] = false
            for from in predecessors[start[node]..<start[node + 1]] {
                var changed = false
                if lowest[node] < lowest[from] {
                    lowest[from] = lowest[node]
                    changed = true
                }
                if open[node] && !open[from] {
                    open[from] = true
                    changed = true
                }
                if changed && !queued[from] {
                    queued[from] = true
                    work.append(from)
                }
            }
        }
        var seen: Set<String> = []
        var findings: [ExplorationFinding] = []
        for state in states where chain[state.index] > 0 && lowest[state.index] >= chain[state.index] && !open[state.index] {
            let last = facts[state.index].chain.last
            let scene = last?.name ?? "?"
            guard seen.insert(scene).inserted else { continue }
            let style = last?.style.map { "\($0)" } ?? "?"
            findings.append(
                ExplorationFinding(
                    kind: .noWayBack, subject: scene,
                    message: "presented \(scene) (\(style)) in #\(state.index): no storyboard action leads back (only code can dismiss it)",
                    state: state.index,
                    reproductions: [reproduction("\(scene) presented with no storyboard way back", to: state.index)],
                    assumption: presenters(of: state.index)[chain[state.index]].flatMap(customAssumption)
                )
            )
        }
        return findings
    }

    /// Leaves a value as it is: passed a dictionary's `default:` subscript, it inserts the
    /// default if the key is missing, with the one hash and probe of that access.
    private static func keep(_ value: inout Int) {}

    /// The scene of a coverage key (`SCENE/SEGUE`).
    private static func source(ofKey key: String) -> String {
        key.split(separator: "/", maxSplits: 1).first.map(String.init) ?? key
    }

    /// Each scene never shown, and each segue or exit that never completed, by `coverage`, but
    /// for the exits in `named` (an unwind-no-destination finding says more of them) and the
    /// segues of a scene never shown (its own note covers them).
    private func unreached(_ coverage: Exploration.Coverage, except named: Set<String>) -> [ExplorationFinding] {
        /// Why `scene` (or a segue of it) was not reached, as the message's last words: nothing
        /// leads to it (a deeper search would not help), or the bounds, if one was reached.
        func why(_ scene: String, _ what: String = "it") -> String {
            if let reachableScenes, !reachableScenes.contains(scene) {
                return ": no segue, relationship or reference leads to \(what) from the initial scene"
            }
            return exploration.isExhaustive ? "" : " (within the bounds)"
        }
        var findings: [ExplorationFinding] = coverage.totalScenes.subtracting(coverage.scenes).sorted().map { scene in
            ExplorationFinding(
                kind: .unreachedScene, subject: scene, message: "scene \(scene) is never shown\(why(scene))", state: nil, reproductions: []
            )
        }
        // A segue of a scene never shown is not noted again: the scene's note covers it.
        let unshown = coverage.totalScenes.subtracting(coverage.scenes)
        let segues = coverage.totalSegues.subtracting(coverage.segues)
            .union(coverage.totalUnwinds.subtracting(coverage.unwinds).subtracting(named))
            .filter { !unshown.contains(Self.source(ofKey: $0)) }
        findings += segues.sorted().map { key in
            let what = coverage.totalUnwinds.contains(key) ? "unwind exit" : "segue"
            let source = Self.source(ofKey: key)
            return ExplorationFinding(
                kind: .unreachedSegue, subject: key, message: "\(what) \(key) never completes\(why(source, "its scene"))", state: nil, reproductions: []
            )
        }
        return findings
    }
}
