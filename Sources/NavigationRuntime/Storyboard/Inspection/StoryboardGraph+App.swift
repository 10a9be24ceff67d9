// NavigationRuntime: the navigation map of a whole app as Graphviz DOT.

extension StoryboardGraph {
    /// Creates the graph of an app: one DOT with a cluster per storyboard (localized copies
    /// drawn once, as the bundle resolves them), each storyboard reference drawn as an edge to
    /// the scene it resolves to (``StoryboardBundle/resolve(_:in:)``, by storyboard name across
    /// the app, as UIKit resolves it) or to a dotted box saying why it does not resolve, and,
    /// with `unwindActions`, each unwind action to the scenes whose class declares it.
    ///
    /// Which scenes handle an unwind is drawn by class only: the scenes whose `customClass`
    /// declares the action (UIKit asks controllers of the chain at run time, R3; a graph shows
    /// candidates, not a path). Actions of `UIViewController` extensions are not drawn to
    /// every scene.
    /// - Parameters:
    ///   - app: The app's storyboards.
    ///   - unwindActions: Class name → unwind action selectors (``UnwindActionScanner``).
    public init(app: StoryboardBundle, unwindActions: [String: Set<String>] = [:]) {
        self.storyboard = app.storyboards.first ?? Storyboard(scenes: [])
        self.app = app
        self.unwindActions = unwindActions
    }

    /// The storyboards drawn, each with its cluster's key: every storyboard of the app but the
    /// localized copies that do not resolve (`fr.lproj/Main` beside `Base.lproj/Main`); two
    /// storyboards of one name in different targets (`ShareExtension/Base.lproj/MainInterface`,
    /// `Widget/Base.lproj/MainInterface`) are both drawn, keyed by their last folders.
    static func drawn(_ app: StoryboardBundle) -> [(key: String, storyboard: Storyboard)] {
        func folders(_ file: String) -> [Substring] { file.split(separator: "/").dropLast() }
        var kept: [(name: String, storyboard: Storyboard)] = []
        for storyboard in app.all {
            guard let file = storyboard.file, let name = StoryboardBundle.name(ofFile: file) else { continue }
            if let resolving = app.storyboard(named: name)?.file, resolving != file {
                let mine = folders(file)
                let theirs = folders(resolving)
                // A localized copy: another `.lproj` folder beside the resolving copy's.
                if mine.last?.hasSuffix(".lproj") == true, theirs.last?.hasSuffix(".lproj") == true, mine.dropLast() == theirs.dropLast() {
                    continue
                }
            }
            kept.append((name, storyboard))
        }
        var counts: [String: Int] = [:]
        for (name, _) in kept { counts[name, default: 0] += 1 }
        return kept.map { name, storyboard in
            guard counts[name, default: 0] > 1, let file = storyboard.file else { return (name, storyboard) }
            let path = folders(file).suffix(2).map(String.init) + [name]
            return (path.joined(separator: "/"), storyboard)
        }
    }

    /// The app's DOT: node ids are `Name/elementID`, clusters `cluster_Name`.
    func appDot(_ app: StoryboardBundle) -> String {
        var lines = [
            "digraph \"app\" {", "  rankdir=LR;", "  compound=true;", "  node [shape=box, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        let storyboards = Self.drawn(app)
        var keyOfFile: [String: String] = [:]
        for (key, storyboard) in storyboards { if let file = storyboard.file { keyOfFile[file] = key } }
        func node(_ name: String, _ id: String) -> String { Self.quoted(name + "/" + id) }
        var crossEdges: [String] = []
        var actions: [String] = []
        var unresolved: [(id: String, message: String)] = []
        for (index, (name, storyboard)) in storyboards.enumerated() {
            lines.append("  subgraph \(Self.quoted("cluster_" + name)) {")
            lines.append("    label=\(Self.quoted(name + ".storyboard"));")
            let known = Set(storyboard.scenes.map(\.controllerID))
            for scene in storyboard.scenes {
                var label = Self.escaped(scene.customClass ?? scene.kind.rawValue)
                if scene.customClass != nil { label += "\\n(\(Self.escaped(scene.kind.rawValue)))" }
                if let identifier = scene.storyboardIdentifier { label += "\\n'\(Self.escaped(identifier))'" }
                if let reference = scene.reference {
                    label += "\\n→ \(Self.escaped(reference.storyboardName ?? name))"
                    if let target = reference.referencedIdentifier { label += ":\(Self.escaped(target))" }
                }
                var attributes = ["label=\"\(label)\""]
                if scene.reference != nil { attributes.append("shape=folder") }
                if scene.controllerID == storyboard.initialViewControllerID { attributes.append("peripheries=2") }
                lines.append("    \(node(name, scene.controllerID)) [\(attributes.joined(separator: ", "))];")
                guard scene.reference != nil else { continue }
                do {
                    let target = try app.resolve(scene, in: storyboard)
                    let targetName = target.storyboard.file.flatMap { keyOfFile[$0] } ?? name
                    crossEdges.append("  \(node(name, scene.controllerID)) -> \(node(targetName, target.scene.controllerID)) [label=\"reference\", style=bold, color=\"gray40\"];")
                } catch {
                    let missing = "unresolved:\(index):\(scene.controllerID)"
                    unresolved.append((missing, error.message))
                    crossEdges.append("  \(node(name, scene.controllerID)) -> \(Self.quoted(missing)) [label=\"reference\", style=bold, color=red];")
                }
            }
            for segue in storyboard.segues {
                if segue.kind == .unwind {
                    let action = segue.unwindAction ?? "?"
                    if !actions.contains(action) { actions.append(action) }
                    crossEdges.append("  \(node(name, segue.sourceControllerID)) -> \(Self.quoted("unwind:" + action)) [label=\"unwind\", style=dotted];")
                    continue
                }
                var label = Self.escaped(segue.kind == .relationship ? (segue.relationship ?? "relationship") : segue.kind.rawValue)
                if let identifier = segue.identifier { label += "\\n'\(Self.escaped(identifier))'" }
                if let customClass = segue.customClass { label += "\\n\(Self.escaped(customClass))" }
                var attributes = ["label=\"\(label)\""]
                if segue.kind.isContainment { attributes.append("style=dashed") }
                if !known.contains(segue.destinationID) {
                    lines.append("    \(node(name, segue.destinationID)) [label=\"missing \(Self.escaped(segue.destinationID))\", style=dotted];")
                }
                lines.append("    \(node(name, segue.sourceControllerID)) -> \(node(name, segue.destinationID)) [\(attributes.joined(separator: ", "))];")
            }
            lines.append("  }")
        }
        lines += crossEdges
        for (id, message) in unresolved {
            lines.append("  \(Self.quoted(id)) [label=\"unresolved: \(Self.escaped(message))\", style=dotted, color=red];")
        }
        for action in actions {
            let handlers = storyboards.flatMap { name, storyboard in
                storyboard.scenes.filter { scene in
                    scene.customClass.map { unwindActions[$0]?.contains(action) ?? false } ?? false
                }.map { (name, $0.controllerID) }
            }
            let unhandled = handlers.isEmpty && !unwindActions.isEmpty
            lines.append("  \(Self.quoted("unwind:" + action)) [label=\"\(Self.escaped(action))\(unhandled ? "\\n(no handler in the sources)" : "")\", shape=ellipse];")
            for (name, id) in handlers {
                lines.append("  \(Self.quoted("unwind:" + action)) -> \(node(name, id)) [label=\"handled by\", style=dotted, color=blue];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
