import NavigationRuntime

/// Renders a snapshot as an indented tree for people.
enum SnapshotRenderer {
    static func text(_ snapshot: WindowSnapshot) -> String {
        var out = ""
        func visit(_ node: ControllerSnapshot, depth: Int, prefix: String) {
            let indent = String(repeating: "  ", count: depth)
            var line = "\(indent)\(prefix)\(node.className) \(node.id)"
            if let scene = node.scene { line += " [\(scene)]" }
            line += " \(node.appearance.rawValue)"
            if let style = node.presentationStyle { line += " (\(style.rawValue))" }
            if let selected = node.selectedIndex { line += " selected \(selected)" }
            // One line per controller, whatever its storyboard's ids hold (`&#10;` is a newline).
            out += EchoedText.line(line) + "\n"
            for child in node.children { visit(child, depth: depth + 1, prefix: "") }
            if let presented = node.presented { visit(presented, depth: depth + 1, prefix: "presents ") }
        }
        if let root = snapshot.root { visit(root, depth: 1, prefix: "") }
        return out
    }
}
