import NavigationRuntime

/// Renders a snapshot as an indented tree for people.
enum SnapshotRenderer {
    static func text(_ snapshot: WindowSnapshot) -> String {
        var out = ""
        func visit(_ node: ControllerSnapshot, depth: Int, prefix: String) {
            let indent = String(repeating: "  ", count: depth)
            out += "\(indent)\(prefix)\(node.className) \(node.id)"
            if let scene = node.scene { out += " [\(scene)]" }
            out += " \(node.appearance.rawValue)"
            if let style = node.presentationStyle { out += " (\(style.rawValue))" }
            if let selected = node.selectedIndex { out += " selected \(selected)" }
            out += "\n"
            for child in node.children { visit(child, depth: depth + 1, prefix: "") }
            if let presented = node.presented { visit(presented, depth: depth + 1, prefix: "presents ") }
        }
        if let root = snapshot.root { visit(root, depth: 1, prefix: "") }
        return out
    }
}
