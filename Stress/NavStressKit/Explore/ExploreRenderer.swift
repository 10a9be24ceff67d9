import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// An exploration as text, JSON or Graphviz DOT, and its findings as drive steps files.
struct ExploreRenderer {
    let path: String
    let initial: String
    let configuration: NavigationExplorer.Configuration
    let exploration: Exploration
    let elapsed: Duration
    /// The steps files of each finding (empty when none were written).
    let stepsFiles: [[String]]
    /// For no-way-back findings (by index): the presented classes whose sources call `dismiss(`.
    var dismissedInCode: [Int: [String]] = [:]
    /// For unreached-scene findings (by index): where the sources make the scene by storyboard ID.
    var madeInCode: [Int: [String]] = [:]
    /// For unreached-scene findings (by index): the relationship the runtime does not build
    /// that alone leads to the scene (``ExploreSources/ignoredRelationships(_:app:)``).
    var ignoredRelationships: [Int: String] = [:]
    /// For each finding (by index): the scenes it names, with their classes and places
    /// (``ExploreSources/legends(_:app:)``).
    var legends: [Int: [String]] = [:]
    /// Why the app's sources were not read, or `nil` when they were: when not, a finding that
    /// code could answer (a dismissal, an exit's action, a scene made by storyboard ID) says so,
    /// and how to have them read.
    var unreadSources: DriveCommand.SourcesRead.Unread?
    /// Whether the app's sources were read.
    var sourcesRead: Bool { unreadSources == nil }
    /// The scenes (controller ids) that have a storyboard ID: code can make them.
    var scenesWithStoryboardIDs: Set<String> = []

    private var seconds: Double {
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The bounds reached, in words.
    var boundLines: [String] { exploration.bounds.map(\.description) }

    private func ratio(_ got: Set<String>, _ total: Set<String>) -> String { "\(got.count)/\(total.count)" }

    /// The fewest transitions a report gives a rate for: a smaller run's time is mostly what
    /// any run costs (the windows, the findings), and its "transitions/s" would say nothing of
    /// the search.
    static let transitionsForARate = 1_000

    /// The report's time, the explorer's (the search and the findings; loading the app and
    /// writing the report are not counted), with the rate when the run is large enough to give
    /// a meaningful one (``transitionsForARate``): `time: 0.135 s to explore (103593
    /// transitions/s)`, or `time: 0.002 s to explore (too few transitions for a rate)`.
    static func timeLine(seconds: Double, transitions: Int) -> String {
        let time = "time: \(String(format: "%.3f", seconds)) s to explore"
        guard seconds > 0 else { return time }
        guard transitions >= transitionsForARate else { return time + " (too few transitions for a rate)" }
        return time + " (\(Int(Double(transitions) / seconds)) transitions/s)"
    }

    func text() -> String {
        let coverage = exploration.coverage
        let transitions = exploration.transitions.count
        var text = EchoedText.line("explored \(path) from \(initial)") + " (traits \(configuration.traits.rawValue), depth ≤ \(configuration.maximumDepth), states ≤ \(configuration.maximumStates), \(configuration.workers) worker\(configuration.workers == 1 ? "" : "s"))\n"
        text += "states: \(exploration.states.count)  transitions: \(transitions)  depth reached: \(exploration.depthReached)\n"
        text += Self.timeLine(seconds: seconds, transitions: transitions)
        let replayed = exploration.replayedStates
        text += replayed > 0 ? ", \(replayed) state\(replayed == 1 ? "" : "s") replayed (restoration did not rebuild \(replayed == 1 ? "it" : "them"))\n" : "\n"
        if exploration.unopenedStates > 0 {
            let unopened = exploration.unopenedStates
            text += "\(unopened) state\(unopened == 1 ? "" : "s") could not be put back into a window: not expanded\n"
        }
        text += boundLines.isEmpty ? "exhaustive: no bound reached\n" : boundLines.map { $0 + "\n" }.joined()
        text += "coverage: scenes \(ratio(coverage.scenes, coverage.totalScenes)), segues \(ratio(coverage.segues, coverage.totalSegues)), unwinds \(ratio(coverage.unwinds, coverage.totalUnwinds))\n"
        let findings = exploration.findings
        let bySeverity = Dictionary(grouping: findings, by: \.severity)
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        text += "findings: \(count(bySeverity[.error]?.count ?? 0, "error")), \(count(bySeverity[.warning]?.count ?? 0, "warning")), \(count(bySeverity[.note]?.count ?? 0, "note"))\n"
        for kind in ExplorationFinding.Kind.allCases {
            let count = findings.filter { $0.kind == kind }.count
            if count > 0 { text += "  \(kind.rawValue): \(count)\n" }
        }
        for (index, finding) in findings.enumerated() {
            // A finding's texts echo the storyboards' ids: one line each whatever they hold.
            text += EchoedText.line("\(finding.severity.rawValue): \(finding.kind.rawValue): \(finding.message)") + "\n"
            func steps(_ reproduction: ExplorationFinding.Reproduction) -> String {
                reproduction.actions.isEmpty ? "(the initial state)" : reproduction.actions.map(\.step).joined(separator: " ; ")
            }
            if let first = finding.reproductions.first { text += EchoedText.line("  shortest: " + steps(first)) + "\n" }
            // The other paths a finding compares (where a segue pushes rather than presents,
            // where an exit does find its destination): in the steps files too.
            for other in finding.reproductions.dropFirst().prefix(Self.otherPathsShown) {
                text += EchoedText.line("  also, \(other.title): " + steps(other)) + "\n"
            }
            if index < stepsFiles.count {
                for file in stepsFiles[index] { text += EchoedText.line("  steps: \(file)") + "\n" }
            }
            if let classes = dismissedInCode[index] {
                text += EchoedText.line("  in code: \(classes.joined(separator: ", ")) call\(classes.count == 1 ? "s" : "") dismiss (the sources' way back)") + "\n"
            }
            if let places = madeInCode[index] {
                text += EchoedText.line("  made in code: \(places.joined(separator: ", ")) (instantiated by storyboard ID; no segue shows it)") + "\n"
            }
            if let reason = ignoredRelationships[index] { text += EchoedText.line("  ignored: \(reason)") + "\n" }
            if let unreadSources, let hint = Self.noSourcesHint(finding, storyboardIDs: scenesWithStoryboardIDs, unread: unreadSources) {
                text += EchoedText.line("  no sources read: " + hint) + "\n"
            }
            if let legend = legends[index] { text += EchoedText.line("  scenes: \(legend.joined(separator: "; "))") + "\n" }
        }
        return text
    }

    /// The most reproductions after the first a finding's text lists (`also, …:`).
    static let otherPathsShown = 3

    /// What a finding cannot tell when no sources were read: whether code dismisses the
    /// presentation, declares the exit's action, or makes the scene by its storyboard ID.
    static func noSourcesHint(_ finding: ExplorationFinding, storyboardIDs: Set<String>, unread: DriveCommand.SourcesRead.Unread) -> String? {
        let look =
            switch unread {
            case .turnedOff: "(drop --no-sources, or give --sources DIR, to look)"
            case .storyboardFile: "(give the app folder, or --sources DIR, to look)"
            case .noneUnder: "(\(unread): give --sources DIR to look)"
            }
        switch finding.kind {
        case .noWayBack: return "code may dismiss it \(look)"
        case .unwindNoDestination: return "a controller's code may declare its action \(look)"
        case .unreachedScene where storyboardIDs.contains(finding.subject): return "code may make it by its storyboard ID \(look)"
        default: return nil
        }
    }

    func json() -> String {
        let coverage = exploration.coverage
        func pair(_ got: Set<String>, _ total: Set<String>) -> [String: Any] {
            ["exercised": got.count, "total": total.count]
        }
        var byKind: [String: Int] = [:]
        for kind in ExplorationFinding.Kind.allCases { byKind[kind.rawValue] = exploration.findings.filter { $0.kind == kind }.count }
        let findings: [[String: Any]] = exploration.findings.enumerated().map { index, finding in
            var object: [String: Any] = [
                "kind": finding.kind.rawValue, "severity": finding.severity.rawValue, "subject": finding.subject,
                "message": finding.message,
                "reproductions": finding.reproductions.map { ["title": $0.title, "steps": $0.actions.map(\.step)] },
                "steps_files": index < stepsFiles.count ? stepsFiles[index] : [],
            ]
            object["state"] = finding.state ?? NSNull()
            if let classes = dismissedInCode[index] { object["dismissed_in_code"] = classes }
            if let places = madeInCode[index] { object["made_in_code"] = places }
            if let reason = ignoredRelationships[index] { object["ignored"] = reason }
            if let legend = legends[index] { object["scenes"] = legend }
            object["assumption"] = finding.assumption ?? NSNull()
            return object
        }
        let object: [String: Any] = [
            "path": path, "initial": initial, "traits": configuration.traits.rawValue,
            "depth_limit": configuration.maximumDepth, "max_states": configuration.maximumStates,
            "states": exploration.states.count, "transitions": exploration.transitions.count,
            "depth_reached": exploration.depthReached, "exhaustive": exploration.isExhaustive, "bounds": boundLines,
            "replayed_states": exploration.replayedStates, "unopened_states": exploration.unopenedStates,
            "coverage": [
                "scenes": pair(coverage.scenes, coverage.totalScenes), "segues": pair(coverage.segues, coverage.totalSegues),
                "unwinds": pair(coverage.unwinds, coverage.totalUnwinds),
            ],
            "findings_by_kind": byKind,
            "errors": exploration.findings.filter { $0.severity == .error }.count,
            "warnings": exploration.findings.filter { $0.severity == .warning }.count,
            "notes": exploration.findings.filter { $0.severity == .note }.count,
            "findings": findings,
            "sources_read": sourcesRead,
            "seconds": seconds,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The state graph: a node per state (its top scene and depth), an edge per action tried,
    /// labelled with its step: to the state it led to, or a dotted loop back to its own state
    /// when it left the state as it was (its outcome in the label when it did not complete).
    /// An action whose new state the state bound kept out has no edge.
    func dot() -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        }
        var text = "digraph explore {\n  rankdir=LR;\n  node [shape=box, fontsize=10];\n  edge [fontsize=8];\n"
        for state in exploration.states {
            let top = state.snapshot.topPath.last.map { $0.scene ?? $0.className } ?? "-"
            let chain = state.snapshot.presentationChain.count
            var label = "#\(state.index) \(escape(top))\\ndepth \(state.depth)"
            if chain > 0 { label += ", \(chain) presented" }
            if state.snapshot.traits == .compact { label += ", compact" }
            let style = state.expanded ? "" : ", style=dashed"
            text += "  s\(state.index) [label=\"\(label)\"\(style)];\n"
        }
        for transition in exploration.transitions {
            guard let to = transition.to else { continue }
            if to == transition.from {
                let outcome = transition.outcome == .completed ? "" : " (\(transition.outcome.dotName))"
                text += "  s\(to) -> s\(to) [label=\"\(escape(transition.action.step + outcome))\", style=dotted];\n"
            } else {
                text += "  s\(transition.from) -> s\(to) [label=\"\(escape(transition.action.step))\"];\n"
            }
        }
        return text + "}\n"
    }

    /// Writes each finding's reproductions as steps files in `directory`, named
    /// `NN-KIND[-K].steps` in finding order, after removing the files of that form an earlier
    /// run left there.
    /// - Returns: The files of each finding.
    /// - Throws: ``UsageError`` when a file cannot be written.
    static func writeSteps(_ exploration: Exploration, to directory: String, command: String) throws -> [[String]] {
        // Steps files of an earlier run in the same folder would read as this run's findings.
        let earlier = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in earlier where name.hasSuffix(".steps") && name.first?.isNumber == true && name.contains("-") {
            let kind = name.drop { $0.isNumber }.dropFirst()
            if ExplorationFinding.Kind.allCases.contains(where: { kind.hasPrefix($0.rawValue) }) {
                try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: directory).appendingPathComponent(name).path)
            }
        }
        var written: [[String]] = []
        let width = String(exploration.findings.count).count
        for (index, finding) in exploration.findings.enumerated() {
            var files: [String] = []
            for (number, reproduction) in finding.reproductions.enumerated() {
                let ordinal = String(repeating: "0", count: max(0, width - String(index + 1).count)) + String(index + 1)
                let suffix = finding.reproductions.count > 1 ? "-\(number + 1)" : ""
                let name = "\(ordinal)-\(finding.kind.rawValue)\(suffix).steps"
                let file = URL(fileURLWithPath: directory).appendingPathComponent(name)
                var text = "# \(finding.severity.rawValue): \(finding.kind.rawValue): \(finding.message)\n"
                text += "# run: \(command) --steps \(shellQuoted(file.path))\n"
                text += reproduction.steps
                if reproduction.actions.isEmpty { text += "expect top \(finding.subject)\n" }
                do {
                    try Data(text.utf8).write(to: file)
                } catch {
                    throw UsageError("\(file.path): cannot be written: \(error.localizedDescription)")
                }
                files.append(file.path)
            }
            written.append(files)
        }
        return written
    }

    /// A word for a shell, single-quoted when it holds anything but plain characters.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@+,".contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension ExplorationOutcome {
    /// The outcome's name on a dot loop: `noChange`, `vetoed`, `noDestination`, `failed CODE`.
    fileprivate var dotName: String {
        switch self {
        case .completed: "completed"
        case .noChange: "noChange"
        case .vetoed: "vetoed"
        case .noDestination: "noDestination"
        case .failed(let code, _): "failed \(code)"
        }
    }
}
