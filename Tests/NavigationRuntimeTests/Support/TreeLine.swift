import NavigationRuntime
import NavigationRuntimeTesting

/// The suites' one-line renderer of a snapshot tree with states, in three spellings (the public
/// ``NavigationRuntime/WindowSnapshot/rendered`` leaves states out). One walker: a controller is
/// its label, then its children between `[` and `]`, then a suffix, then the controller it
/// presents after a connector.
struct TreeLine {
    /// A controller's own text.
    var label: (ControllerSnapshot) -> String
    /// Between two children.
    var separator: String
    /// After the children (the selected tab, for one spelling).
    var suffix: (ControllerSnapshot) -> String = { _ in "" }
    /// Between a presenter and the controller it presents (that controller given).
    var presentation: (ControllerSnapshot) -> String

    func render(_ node: ControllerSnapshot) -> String {
        var text = label(node)
        if !node.children.isEmpty { text += "[" + node.children.map(render).joined(separator: separator) + "]" }
        text += suffix(node)
        if let presented = node.presented { text += presentation(presented) + render(presented) }
        return text
    }

    /// `render` of the root, or `∅`.
    func render(_ snapshot: WindowSnapshot) -> String { snapshot.root.map(render) ?? "∅" }

    /// Names and every state: `N(navigation, appeared)[A(content, appeared)] ▸ B(content,
    /// appeared, fullScreen)`; a tab bar shows its selection as `T(tabBar, appeared, tab 1)`.
    static func detailed(_ book: NameBook) -> TreeLine {
        TreeLine(
            label: { node in
                var text = "\(book.name(node.id))(\(node.kind.rawValue), \(node.appearance.rawValue)"
                if let selected = node.selectedIndex { text += ", tab \(selected)" }
                if let style = node.presentationStyle { text += ", \(style.rawValue)" }
                return text + ")"
            },
            separator: ", ",
            presentation: { _ in " ▸ " }
        )
    }

    /// Names, `*` for a controller on screen: `S*[MN*[M* DN[D]]] >F*`.
    static func onScreen(_ book: NameBook) -> TreeLine {
        TreeLine(
            label: { book.name($0.id) + ($0.appearance == .appeared ? "*" : "") },
            separator: " ",
            presentation: { _ in " >" }
        )
    }

    /// Scenes (kinds for containers), `*` for a controller on screen, `{selected}`, and each
    /// presentation's style: `tabBar*[navigation[home detail] split*[inbox* message*]]{1} >formSheet settings*`.
    static var scenes: TreeLine {
        TreeLine(
        label: { node in
            (node.kind == .content ? (node.scene ?? "?") : node.kind.rawValue) + (node.appearance == .appeared ? "*" : "")
        },
        separator: " ",
        suffix: { node in node.selectedIndex.map { "{\($0)}" } ?? "" },
        presentation: { presented in " >" + (presented.presentationStyle?.rawValue ?? "?") + " " }
        )
    }
}

extension NamedWorld {
    /// The window's tree with names and every state (``TreeLine/detailed(_:)``).
    func tree() async -> String { TreeLine.detailed(book).render(await window.snapshot()) }

    /// The window's tree with names, `*` for a controller on screen (``TreeLine/onScreen(_:)``).
    func onScreenTree() async -> String { TreeLine.onScreen(book).render(await window.snapshot()) }
}
