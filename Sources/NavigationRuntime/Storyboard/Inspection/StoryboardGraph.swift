// NavigationRuntime: the navigation map of a storyboard as Graphviz DOT.

/// The navigation map of a storyboard, rendered as Graphviz DOT.
///
/// Scenes are boxes labelled by class (or kind) and storyboard identifier; the initial scene
/// has a double border and references are folders. Segues are edges labelled by kind and
/// identifier; relationships and embeds are dashed; unwind segues are dotted edges to one
/// ellipse per unwind action. Destinations the storyboard lacks appear as dotted boxes.
public struct StoryboardGraph: Sendable {
    /// The storyboard drawn (an app's first storyboard when the graph is of an app).
    public var storyboard: Storyboard
    /// The app drawn, when the graph is of an app (``init(app:unwindActions:)``).
    public var app: StoryboardBundle?
    /// Class name → the unwind actions it declares (``UnwindActionScanner``): unwind edges go
    /// to the scenes of those classes.
    public var unwindActions: [String: Set<String>]

    /// Creates the graph of a storyboard.
    /// - Parameter storyboard: The storyboard.
    public init(_ storyboard: Storyboard) {
        self.storyboard = storyboard
        self.app = nil
        self.unwindActions = [:]
    }

    /// The DOT text, deterministic for a given storyboard (document order); for an app, see
    /// ``init(app:unwindActions:)``.
    public var dot: String {
        if let app { return appDot(app) }
        var lines: [String] = []
        let name = storyboard.file.map { String($0.split(separator: "/").last ?? "") } ?? "storyboard"
        lines.append("digraph \(Self.quoted(name)) {")
        lines.append("  rankdir=LR;")
        lines.append("  node [shape=box, fontname=\"Helvetica\"];")
        lines.append("  edge [fontname=\"Helvetica\", fontsize=10];")
        var known = Set<String>()
        for scene in storyboard.scenes {
            known.insert(scene.controllerID)
            var label = Self.escaped(scene.customClass ?? scene.kind.rawValue)
            if scene.customClass != nil { label += "\\n(\(Self.escaped(scene.kind.rawValue)))" }
            if let identifier = scene.storyboardIdentifier { label += "\\n'\(Self.escaped(identifier))'" }
            if let reference = scene.reference {
                label += "\\n→ \(Self.escaped(reference.storyboardName ?? "this storyboard"))"
                if let target = reference.referencedIdentifier { label += ":\(Self.escaped(target))" }
            }
            var attributes = ["label=\"\(label)\""]
            if scene.reference != nil { attributes.append("shape=folder") }
            if scene.controllerID == storyboard.initialViewControllerID { attributes.append("peripheries=2") }
            lines.append("  \(Self.quoted(scene.controllerID)) [\(attributes.joined(separator: ", "))];")
        }
        var missing: [String] = []
        var actions: [String] = []
        for segue in storyboard.segues {
            var attributes: [String]
            let target: String
            if segue.kind == .unwind {
                let action = segue.unwindAction ?? "?"
                target = "unwind:" + action
                if !actions.contains(action) { actions.append(action) }
                attributes = ["label=\"unwind\"", "style=dotted"]
            } else {
                target = segue.destinationID
                if !known.contains(target), !missing.contains(target) { missing.append(target) }
                var label = Self.escaped(segue.kind == .relationship ? (segue.relationship ?? "relationship") : segue.kind.rawValue)
                if let identifier = segue.identifier { label += "\\n'\(Self.escaped(identifier))'" }
                if let customClass = segue.customClass { label += "\\n\(Self.escaped(customClass))" }
                attributes = ["label=\"\(label)\""]
                if segue.kind.isContainment { attributes.append("style=dashed") }
            }
            lines.append("  \(Self.quoted(segue.sourceControllerID)) -> \(Self.quoted(target)) [\(attributes.joined(separator: ", "))];")
        }
        for id in missing {
            lines.append("  \(Self.quoted(id)) [label=\"missing \(Self.escaped(id))\", style=dotted];")
        }
        for action in actions {
            lines.append("  \(Self.quoted("unwind:" + action)) [label=\"\(Self.escaped(action))\", shape=ellipse];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func escaped(_ string: String) -> String {
        var out = ""
        for character in string {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    static func quoted(_ string: String) -> String { "\"" + escaped(string) + "\"" }
}
