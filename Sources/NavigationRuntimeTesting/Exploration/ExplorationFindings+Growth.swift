// NavigationRuntimeTesting: the unbounded-growth rule of an exploration's findings.

import NavigationRuntime

extension ExplorationFindings {
    /// Each stack or presentation chain that ends in the same block of scenes twice, and each
    /// nesting of containers that does (the scenes from a tree's root, the window's or a
    /// presented controller's, down to a controller through containment): the loop that made
    /// the second block can run again, forever.
    func unboundedGrowth() -> [ExplorationFinding] {
        var seen: Set<String> = []
        var findings: [ExplorationFinding] = []
        for state in exploration.states {
            let facts = facts[state.index]
            guard !facts.growth.isEmpty else { continue }
            var assumption: String?
            if let block = facts.growth.first(where: { $0.what == .presentationChain })?.block {
                // The chain's last two blocks: made by a custom segue with no performer, they are
                // an assumption (its perform() may not present at all).
                let made = presenters(of: state.index)
                let count = facts.chain.count
                assumption = ((count - 2 * block.count + 1)...count).lazy.compactMap { made[$0].flatMap(customAssumption) }.first
            }
            for candidate in facts.growth {
                // One loop, whichever scene of it the stack ends on: [a b] and [b a] are one.
                let rotations = candidate.block.indices.map { Array(candidate.block[$0...] + candidate.block[..<$0]) }
                let canonical = rotations.map { $0.joined(separator: " ") }.min() ?? ""
                let key = candidate.what.rawValue + ":" + canonical
                guard seen.insert(key).inserted else { continue }
                let loop = candidate.block.joined(separator: " → ")
                let message =
                    candidate.what == .nesting
                    ? "a loop nests containers without bound: [\(loop)] holds [\(loop)] again in #\(state.index)"
                    : "a loop grows a \(candidate.what.rawValue) without bound: it ends in [\(loop)] twice in #\(state.index)"
                findings.append(
                    ExplorationFinding(
                        kind: .unboundedGrowth, subject: candidate.block.joined(separator: " "),
                        message: message,
                        state: state.index,
                        reproductions: [
                            reproduction(
                                candidate.what == .nesting ? "[\(loop)] nested in itself" : "the \(candidate.what.rawValue) repeats [\(loop)]",
                                to: state.index, stack: candidate.what == .stack
                            )
                        ],
                        assumption: candidate.what == .presentationChain ? assumption : nil
                    )
                )
            }
        }
        return findings
    }
}
