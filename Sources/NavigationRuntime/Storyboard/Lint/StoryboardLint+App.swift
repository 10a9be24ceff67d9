// NavigationRuntime: storyboard lint rules that look at the whole app.

extension StoryboardLint {
    /// The rules that follow references across an app's storyboards.
    struct AppRules {
        let lint: StoryboardLint
        let bundle: StoryboardBundle
        let graph: StoryboardAppGraph

        /// Diagnostics by index into ``StoryboardBundle/storyboards``.
        typealias ByStoryboard = [Int: [StoryboardDiagnostic]]

        private var lintedCount: Int { bundle.storyboards.count }

        /// The actions a scene's class declares, or `nil` when the table does not describe
        /// the class (a class from a framework, or sources not given). A scene with no custom
        /// class is a UIKit class: only `UIViewController` extensions apply to it.
        private func declaredActions(of scene: StoryboardScene, table: [String: Set<String>]) -> Set<String>? {
            let universal = table["UIViewController"] ?? []
            guard let customClass = scene.customClass, !customClass.isEmpty else { return universal }
            if let actions = table[customClass] { return actions.union(universal) }
            // `customModule` + `customClass` may have been scanned under a qualified name;
            // `Module.Class` written into customClass under its bare name.
            if let module = scene.customModule, let actions = table[module + "." + customClass] { return actions.union(universal) }
            if let dot = customClass.lastIndex(of: "."), let actions = table[String(customClass[customClass.index(after: dot)...])] {
                return actions.union(universal)
            }
            return nil
        }

        /// `unhandled-unwind-action`, app-wide (R7.4, R7.5): an exit is handled when a
        /// controller that can be below its scene (an ancestor on some path of the app's
        /// storyboards, references followed, or a controller a container among those can
        /// hold) declares the action.
        func unhandledUnwindActions() -> ByStoryboard {
            var found: ByStoryboard = [:]
            for (index, storyboard) in bundle.storyboards.enumerated() {
                for segue in storyboard.unwindSegues {
                    let action = segue.unwindAction ?? ""
                    guard let diagnostic = judge(segue, action: action, storyboard: index) else { continue }
                    found[index, default: []].append(diagnostic)
                }
            }
            return found
        }

        /// The message says what is known: no sources given; a candidate class the sources do
        /// not declare (a framework's, or sources only partly given); candidate classes the
        /// sources declare without the action (the ported controller that lacks it in its
        /// `unwindActions` or an `@IBAction`).
        private func judge(_ segue: StoryboardSegue, action: String, storyboard: Int) -> StoryboardDiagnostic? {
            func diagnostic(_ severity: StoryboardDiagnostic.Severity, _ message: String) -> StoryboardDiagnostic {
                StoryboardDiagnostic(severity, ruleID: Rule.unhandledUnwindAction.rawValue, message: message, location: segue.location)
            }
            func list(_ names: Set<String>) -> String {
                let sorted = names.sorted()
                return sorted.prefix(3).joined(separator: ", ") + (sorted.count > 3 ? " and \(sorted.count - 3) more" : "")
            }
            guard let table = lint.declaredUnwindActions else {
                return diagnostic(.warning, "unwind action '\(action)' cannot be checked: no sources were given (pass the app's sources)")
            }
            if (table["UIViewController"] ?? []).contains(action) { return nil }
            guard let node = graph.node(storyboard: storyboard, controllerID: segue.sourceControllerID) else { return nil }
            var unknownClasses = Set<String>()
            var lackingClasses = Set<String>()
            for candidate in graph.unwindCandidates(from: node) {
                let scene = graph.nodes[candidate].scene
                guard scene.reference == nil else { continue }  // its target is a node of its own
                if let actions = declaredActions(of: scene, table: table) {
                    if actions.contains(action) { return nil }
                    if let customClass = scene.customClass, !customClass.isEmpty { lackingClasses.insert(customClass) }
                } else if let customClass = scene.customClass {
                    unknownClasses.insert(customClass)
                }
            }
            let lacking =
                lackingClasses.isEmpty
                ? ""
                : "; in the sources without it: \(list(lackingClasses)) (declare it in `unwindActions` or as an `@IBAction`)"
            if let unresolved = graph.ancestors(of: node).first(where: { graph.referenceErrors[$0] != nil }) {
                let name = graph.nodes[unresolved].scene.reference?.storyboardName ?? "(this)"
                return diagnostic(.warning, "unwind action '\(action)' is declared by no controller known to be below this scene (a reference to '\(name)' on the way does not resolve)")
            }
            if !unknownClasses.isEmpty {
                return diagnostic(
                    .warning,
                    "unwind action '\(action)' is declared by no known class that can be below this scene (not in the sources: \(list(unknownClasses)))"
                        + lacking)
            }
            // Code can present a scene over any controller: one declared anywhere in the app
            // may be below it. The storyboards cannot say; a warning names where it is.
            let declaring = Set(table.filter { $0.key != "UIViewController" && $0.value.contains(action) }.map(\.key))
            if !declaring.isEmpty {
                return diagnostic(.warning, "unwind action '\(action)' is declared only by controllers no storyboard path places below this scene (\(list(declaring))); it unwinds only if code presents this scene over one")
            }
            if !lackingClasses.isEmpty {
                return diagnostic(
                    .error,
                    "no controller of the app declares unwind action '\(action)': \(list(lackingClasses)) can be below this scene and "
                        + "\(lackingClasses.count == 1 ? "is" : "are") in the sources, but \(lackingClasses.count == 1 ? "does" : "do") not declare it "
                        + "(add \"\(action)\" to its `unwindActions`, or an `@IBAction` taking the segue)")
            }
            return diagnostic(.error, "no controller of the app declares unwind action '\(action)' (no class in the sources has it)")
        }

        /// `R2.12` across the app: a legacy push from a scene inside no navigation stack on any
        /// path, references followed.
        func pushesOutsideNavigation() -> ByStoryboard {
            var inside: Set<Int>?
            var placed: Set<Int>?
            var found: ByStoryboard = [:]
            for (index, storyboard) in bundle.storyboards.enumerated() {
                let pushes = storyboard.segues.filter { $0.kind == .push }
                guard !pushes.isEmpty else { continue }
                if inside == nil {
                    inside = graph.insideNavigationStack()
                    placed = graph.placedNodes()
                }
                for segue in pushes {
                    guard let node = graph.node(storyboard: index, controllerID: segue.sourceControllerID) else { continue }
                    // Only scenes the storyboards place somewhere are judged; a scene with no
                    // incoming segue, relationship or reference may be pushed from code.
                    let isPlaced = placed?.contains(node) == true || storyboard.initialViewControllerID == segue.sourceControllerID
                    guard isPlaced, inside?.contains(node) != true else { continue }
                    let source = storyboard.scene(controllerID: segue.sourceControllerID)?.displayName ?? segue.sourceControllerID
                    found[index, default: []].append(
                        StoryboardDiagnostic(
                            .error, ruleID: Rule.pushOutsideNavigation.rawValue,
                            message: "push segue '\(segue.identifier ?? segue.id)' from '\(source)', which is inside no navigation controller",
                            location: segue.location))
                }
            }
            return found
        }

        /// `missing-reference` and `reference-cycle`: each reference of a linted storyboard,
        /// resolved by name across the app.
        func referenceProblems() -> ByStoryboard {
            var found: ByStoryboard = [:]
            for (node, error) in graph.referenceErrors {
                let entry = graph.nodes[node]
                guard entry.storyboard < lintedCount else { continue }
                let scene = entry.scene
                let location = scene.controllerLocation ?? scene.location
                let failedHere = error.file == location?.file && error.line == location?.line && error.column == location?.column
                if !failedHere, error.code != .referenceCycle, let file = error.file,
                    bundle.storyboards.contains(where: { $0.file == file })
                {
                    continue  // the chain fails at a reference of a linted storyboard: reported there
                }
                let diagnostic: StoryboardDiagnostic
                switch error.code {
                case .referenceCycle:
                    diagnostic = StoryboardDiagnostic(.error, ruleID: Rule.referenceCycle.rawValue, message: error.message, location: location)
                case .referencedFileNotFound:
                    let name = scene.reference?.storyboardName ?? ""
                    let message: String
                    if !failedHere {
                        message = error.message
                    } else if lint.isWholeApp {
                        message = "the app has no storyboard named '\(name)' (\(name).storyboard): UIKit raises when this reference is followed"
                    } else {
                        message = "storyboard '\(name)' (\(name).storyboard) is not among the storyboards linted: UIKit raises when this reference is followed, unless the app gets it from elsewhere (lint the app's folder, or add its folder: --bundle DIR)"
                    }
                    diagnostic = StoryboardDiagnostic(
                        lint.isWholeApp ? .error : .warning, ruleID: Rule.missingReference.rawValue, message: message, location: location)
                default:
                    diagnostic = StoryboardDiagnostic(.error, ruleID: Rule.missingReference.rawValue, message: error.message, location: location)
                }
                found[entry.storyboard, default: []].append(diagnostic)
            }
            return found
        }
    }
}
