// NavigationRuntimeTesting: the unbounded-growth rule of an exploration's findings.

import NavigationRuntime

extension ExplorationFindings {
    /// Each stack or presentation chain that ends in the same block of scenes twice, and each
    /// nesting of containers that does (the scenes from a tree's root, the window's or a
    /// presented controller's, down to a controller through containment): the loop that made
    /// the second block can run again, forever.
    func unboundedGrowth() -> [ExplorationFinding] {
        /// The shortest block the sequence ends with twice in a row, if any (compared in place:
        /// this runs for every node of every state).
        func repeatedBlock(_ scenes: [String]) -> [String]? {
            let count = scenes.count
            guard count >= 2 else { return nil }
            for length in 1...(count / 2) {
                var repeated = true
                for offset in 0..<length where scenes[count - 2 * length + offset] != scenes[count - length + offset] {
                    repeated = false
                    break
                }
                if repeated { return Array(scenes[(count - length)...]) }
            }
            return nil
        }
        func name(_ node: ControllerSnapshot) -> String { node.scene ?? node.className }
        /// The repeated blocks of the containment paths from `node` down (`path` holds the
        /// scenes from its tree's root, `node`'s excluded, and is given back as it came), in
        /// depth-first order; a presented controller starts a tree of its own.
        func nestings(_ node: ControllerSnapshot, path: inout [String], into blocks: inout [[String]]) {
            path.append(name(node))
            if let block = repeatedBlock(path) { blocks.append(block) }
            for child in node.children { nestings(child, path: &path, into: &blocks) }
            path.removeLast()
            if let presented = node.presented {
                var own: [String] = []
                nestings(presented, path: &own, into: &blocks)
            }
        }
        var seen: Set<String> = []
        var findings: [ExplorationFinding] = []
        for state in exploration.states {
            var candidates: [(what: String, block: [String])] = []
            state.snapshot.forEachController { node in
                guard node.kind == .navigation else { return }
                if let block = repeatedBlock(node.children.map(name)) { candidates.append(("stack", block)) }
            }
            let chain = state.snapshot.presentationChain
            var assumption: String?
            if let block = repeatedBlock(chain.map(name)) {
                candidates.append(("presentation chain", block))
                // The chain's last two blocks: made by a custom segue with no performer, they are
                // an assumption (its perform() may not present at all).
                let made = presenters(of: state.index)
                assumption = ((chain.count - 2 * block.count + 1)...chain.count).lazy.compactMap { made[$0].flatMap(customAssumption) }.first
            }
            if let root = state.snapshot.root {
                var blocks: [[String]] = []
                var path: [String] = []
                nestings(root, path: &path, into: &blocks)
                candidates += blocks.map { ("nesting", $0) }
            }
            for candidate in candidates {
                // One loop, whichever scene of it the stack ends on: [a b] and [b a] are one.
                let rotations = candidate.block.indices.map { Array(candidate.block[$0...] + candidate.block[..<$0]) }
                let canonical = rotations.map { $0.joined(separator: " ") }.min() ?? ""
                let key = candidate.what + ":" + canonical
                guard seen.insert(key).inserted else { continue }
                let loop = candidate.block.joined(separator: " → ")
                let message =
                    candidate.what == "nesting"
                    ? "a loop nests containers without bound: [\(loop)] holds [\(loop)] again in #\(state.index)"
                    : "a loop grows a \(candidate.what) without bound: it ends in [\(loop)] twice in #\(state.index)"
                findings.append(
                    ExplorationFinding(
                        kind: .unboundedGrowth, subject: candidate.block.joined(separator: " "),
                        message: message,
                        state: state.index,
                        reproductions: [
                            reproduction(
                                candidate.what == "nesting" ? "[\(loop)] nested in itself" : "the \(candidate.what) repeats [\(loop)]",
                                to: state.index, stack: candidate.what == "stack"
                            )
                        ],
                        assumption: candidate.what == "presentation chain" ? assumption : nil
                    )
                )
            }
        }
        return findings
    }
}
