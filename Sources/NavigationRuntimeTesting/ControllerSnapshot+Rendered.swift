import NavigationRuntime

// A one-line rendering of a snapshot's tree, for `#expect(snapshot.rendered == "…")`.

extension ControllerSnapshot {
    /// The subtree on one line, each controller by its ``className``:
    /// `UITabBarController[UINavigationController*[ListController, DetailController], SettingsController]`.
    ///
    /// The grammar (one rule for every node):
    /// - a controller is its name, then `*` if it is its parent's selected child (the selected
    ///   tab, or the child a collapsed column-style split shows), then its children in order
    ///   between `[` and `]` (a navigation stack bottom to top), if it has any;
    /// - then ` presents ` and the controller it presents, if any (a chain reads
    ///   `A presents B presents C`).
    ///
    /// Presentation styles, appearance states and ids are left out: compare the whole
    /// ``WindowSnapshot`` (or read those fields) when they matter.
    public var rendered: String { rendered(naming: \.className) }

    /// The subtree on one line, each controller named by `names` (the names given to
    /// ``RecordingController``s and ``HookRecorder``s), else by its class name:
    /// `Tabs[Nav*[List, Detail], Settings] presents Form`.
    public func rendered(names: CallbackRecorder, window: WindowID) -> String {
        rendered { names.name(of: $0.id, in: window) ?? $0.className }
    }

    /// The subtree on one line, each controller named by `naming` (grammar: ``rendered``).
    public func rendered(naming: (ControllerSnapshot) -> String) -> String {
        render(selected: false, naming: naming)
    }

    private func render(selected: Bool, naming: (ControllerSnapshot) -> String) -> String {
        var text = naming(self) + (selected ? "*" : "")
        if !children.isEmpty {
            let parts = children.indices.map { children[$0].render(selected: $0 == selectedIndex, naming: naming) }
            text += "[" + parts.joined(separator: ", ") + "]"
        }
        if let presented { text += " presents " + presented.render(selected: false, naming: naming) }
        return text
    }
}

extension WindowSnapshot {
    /// The window's tree on one line (``ControllerSnapshot/rendered``), or `(no root)`.
    public var rendered: String { root?.rendered ?? "(no root)" }

    /// The window's tree on one line, controllers named by `names` where it names them
    /// (``ControllerSnapshot/rendered(names:window:)``), or `(no root)`.
    public func rendered(names: CallbackRecorder) -> String {
        root?.rendered(names: names, window: window) ?? "(no root)"
    }
}
