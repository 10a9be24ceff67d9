// NavigationRuntimeTesting: the unbounded-growth rule of an exploration's findings.

import NavigationRuntime

extension ExplorationFindings {
    /// Each stack or presentation chain that ends in the same block of scenes twice, and each
    /// nesting of containers that does (the scenes from a tree's root, the window's or a
    /// presented controller's, down to a controller through containment): the loop that made
    /// the second block can run again, forever.
    func unboundedGrowth() -> [ExplorationFinding] {
        var seen: Set<String> = []
        // The same block in the same place is one loop wherever it shows: looked at once (a
        // loop shows in most states past it).
        var looked = DigestSet<StateFacts.Repetition>()
        var findings: [ExplorationFinding] = []
        // By index (a state's index is its position): iterating the states would copy each
        // one, its snapshot and path retained.
        for index in exploration.states.indices {
            for candidate in facts[index].growth where looked.insert(candidate) {
                // One loop, whichever scene of it the stack ends on: [a b] and [b a] are one.
                let rotations = candidate.block.indices.map { Array(candidate.block[$0...] + candidate.block[..<$0]) }
                let canonical = rotations.map { $0.joined(separator: " ") }.min() ?? ""
                let key = candidate.what.rawValue + ":" + canonical
                guard seen.insert(key).inserted else { continue }
                let loop = candidate.block.joined(separator: " → ")
                var message =
                    candidate.what == .nesting
                    ? "a loop nests containers without bound: [\(loop)] holds [\(loop)] again in #\(index)"
                    : "a loop grows a \(candidate.what.rawValue) without bound: it ends in [\(loop)] twice in #\(index)"
                // A scene with a segue to itself is a drill-down (a folder in a folder), which
                // the data the code gives it bounds: said, so that it reads as the pattern it is.
                if candidate.what == .stack, candidate.block.count == 1, let scene = catalog.scenes[candidate.block[0]],
                    scene.segues.contains(where: { $0.destination == scene.identifier && $0.kind.unwindAction == nil })
                {
                    message += " (\(scene.identifier) has a segue to itself: a drill-down, which only its data bounds)"
                }
                findings.append(
                    ExplorationFinding(
                        kind: .unboundedGrowth, subject: candidate.block.joined(separator: " "),
                        message: message,
                        state: index,
                        reproductions: [
                            reproduction(
                                candidate.what == .nesting ? "[\(loop)] nested in itself" : "the \(candidate.what.rawValue) repeats [\(loop)]",
                                to: index, stack: candidate.what == .stack
                            )
                        ],
                        assumption: candidate.what == .presentationChain ? chainAssumption(candidate.block, in: index) : nil
                    )
                )
            }
        }
        return findings
    }

    /// What a repeated presentation chain rests on: the chain's last two blocks, made by a
    /// custom segue with no performer, are an assumption (its perform() may not present at all).
    private func chainAssumption(_ block: [String], in state: Int) -> String? {
        let made = presenters(of: state)
        let count = facts[state].chain.count
        return ((count - 2 * block.count + 1)...count).lazy.compactMap { made[$0].flatMap(customAssumption) }.first
    }
}
