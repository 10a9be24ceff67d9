// NavigationRuntimeTesting: the findings of an exploration, read off its states and transitions.

import NavigationRuntime

/// Reads the findings off a finished exploration (every rule works on the recorded states and
/// transitions alone, in their deterministic order, so the findings are deterministic too).
struct ExplorationFindings {
    let catalog: SceneCatalog
    let exploration: Exploration
    /// Where each state's path steps lead: state → action → next state.
    private let successors: [[ExplorationAction: Int]]

    init(catalog: SceneCatalog, exploration: Exploration) {
        self.catalog = catalog
        self.exploration = exploration
        var successors = [[ExplorationAction: Int]](repeating: [:], count: exploration.states.count)
        for transition in exploration.transitions {
            if let to = transition.to, successors[transition.from][transition.action] == nil {
                successors[transition.from][transition.action] = to
            }
        }
        self.successors = successors
    }

    func all() -> [ExplorationFinding] {
        var findings = unwindsWithoutDestination() + failures() + pathDependentSegues() + noWayBack() + unboundedGrowth()
        findings += unreached()
        return findings.enumerated().sorted { lhs, rhs in
            if lhs.element.kind != rhs.element.kind { return lhs.element.kind < rhs.element.kind }
            let left = lhs.element.state.map { exploration.states[$0].depth } ?? Int.max
            let right = rhs.element.state.map { exploration.states[$0].depth } ?? Int.max
            if left != right { return left < right }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    // MARK: Reproductions

    /// The expectations after a step that led from a state to `to`: its outcome, and the top
    /// controller's scene (and the innermost stack when `stack`) when known.
    private func expectations(_ outcome: ExplorationOutcome, to: Int?, stack: Bool = false) -> [ExplorationFinding.Reproduction.Expectation] {
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

    /// The path to `state`, each step expected to complete and show its top.
    private func reproduction(
        _ title: String, to state: Int, then last: Exploration.Transition? = nil, stack: Bool = false
    ) -> ExplorationFinding.Reproduction {
        let path = exploration.states[state].path
        var actions: [ExplorationAction] = []
        var expected: [[ExplorationFinding.Reproduction.Expectation]] = []
        var current = 0
        for action in path {
            let next = successors[current][action]
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

    private func describe(_ states: [Int]) -> String {
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
                    reproductions: [reproduction("\(transition.action.step) fails with \(code)", to: transition.from, then: transition)]
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
    private func noWayBack() -> [ExplorationFinding] {
        let states = exploration.states
        let chain = states.map { $0.snapshot.presentationChain.count }
        var lowest = chain
        var open = states.map { !$0.expanded }
        for (index, state) in states.enumerated() where chain[index] > 0 {
            // A sheet, form sheet or popover: the user swipes it down or taps outside.
            switch state.snapshot.lastPresented?.presentationStyle {
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
        var changed = true
        while changed {
            changed = false
            for edge in edges {
                if lowest[edge.to] < lowest[edge.from] {
                    lowest[edge.from] = lowest[edge.to]
                    changed = true
                }
                if open[edge.to] && !open[edge.from] {
                    open[edge.from] = true
                    changed = true
                }
            }
        }
        var seen: Set<String> = []
        var findings: [ExplorationFinding] = []
        for state in states where chain[state.index] > 0 && lowest[state.index] >= chain[state.index] && !open[state.index] {
            let scene = state.snapshot.lastPresented?.scene ?? state.snapshot.lastPresented?.className ?? "?"
            guard seen.insert(scene).inserted else { continue }
            let style = state.snapshot.lastPresented?.presentationStyle.map { "\($0)" } ?? "?"
            findings.append(
                ExplorationFinding(
                    kind: .noWayBack, subject: scene,
                    message: "presented \(scene) (\(style)) in #\(state.index): no storyboard action leads back (only code can dismiss it)",
                    state: state.index,
                    reproductions: [reproduction("\(scene) presented with no storyboard way back", to: state.index)]
                )
            )
        }
        return findings
    }

    /// Each stack or presentation chain that ends in the same block of scenes twice: the loop
    /// that made the second block can run again, forever.
    private func unboundedGrowth() -> [ExplorationFinding] {
        func repeatedBlock(_ scenes: [String]) -> [String]? {
            guard scenes.count >= 2 else { return nil }
            for length in 1...(scenes.count / 2) {
                let tail = scenes.suffix(length)
                if Array(scenes.dropLast(length).suffix(length)) == Array(tail) { return Array(tail) }
            }
            return nil
        }
        var seen: Set<String> = []
        var findings: [ExplorationFinding] = []
        for state in exploration.states {
            var candidates: [(what: String, block: [String])] = []
            for node in state.snapshot.allControllers where node.kind == .navigation {
                if let block = repeatedBlock(node.children.map { $0.scene ?? $0.className }) { candidates.append(("stack", block)) }
            }
            if let block = repeatedBlock(state.snapshot.presentationChain.map { $0.scene ?? $0.className }) {
                candidates.append(("presentation chain", block))
            }
            for candidate in candidates {
                // One loop, whichever scene of it the stack ends on: [a b] and [b a] are one.
                let rotations = candidate.block.indices.map { Array(candidate.block[$0...] + candidate.block[..<$0]) }
                let canonical = rotations.map { $0.joined(separator: " ") }.min() ?? ""
                let key = candidate.what + ":" + canonical
                guard seen.insert(key).inserted else { continue }
                let loop = candidate.block.joined(separator: " → ")
                findings.append(
                    ExplorationFinding(
                        kind: .unboundedGrowth, subject: candidate.block.joined(separator: " "),
                        message: "a loop grows a \(candidate.what) without bound: it ends in [\(loop)] twice in #\(state.index)",
                        state: state.index,
                        reproductions: [reproduction("the \(candidate.what) repeats [\(loop)]", to: state.index, stack: candidate.what == "stack")]
                    )
                )
            }
        }
        return findings
    }

    /// Each scene never shown, and each segue or exit that never completed.
    private func unreached() -> [ExplorationFinding] {
        let coverage = exploration.coverage
        let bounded = exploration.isExhaustive ? "" : " (within the bounds)"
        var findings: [ExplorationFinding] = coverage.totalScenes.subtracting(coverage.scenes).sorted().map { scene in
            ExplorationFinding(
                kind: .unreachedScene, subject: scene, message: "scene \(scene) is never shown\(bounded)", state: nil, reproductions: []
            )
        }
        let segues = coverage.totalSegues.subtracting(coverage.segues).union(coverage.totalUnwinds.subtracting(coverage.unwinds))
        findings += segues.sorted().map { key in
            let what = coverage.totalUnwinds.contains(key) ? "unwind exit" : "segue"
            return ExplorationFinding(
                kind: .unreachedSegue, subject: key, message: "\(what) \(key) never completes\(bounded)", state: nil, reproductions: []
            )
        }
        return findings
    }
}
