// NavigationRuntime: storyboard lint rules.

extension StoryboardLint {
    static func missingDestinations(_ storyboard: Storyboard) -> [StoryboardDiagnostic] {
        var controllers = Set<String>()
        var exits = Set<String>()
        for scene in storyboard.scenes {
            controllers.insert(scene.controllerID)
            exits.formUnion(scene.exitIDs)
        }
        var found: [StoryboardDiagnostic] = []
        if let initial = storyboard.initialViewControllerID, !controllers.contains(initial) {
            found.append(
                StoryboardDiagnostic(
                    .error, ruleID: Rule.missingInitialViewController.rawValue,
                    message: "initial view controller '\(initial)' is not in the storyboard",
                    location: storyboard.file.map { StoryboardSourceLocation(file: $0, line: 2, column: 1) }))
        }
        for segue in storyboard.segues {
            let exists = segue.kind == .unwind ? exits.contains(segue.destinationID) : controllers.contains(segue.destinationID)
            guard !exists else { continue }
            let what = segue.kind == .unwind ? "exit" : "scene"
            found.append(
                StoryboardDiagnostic(
                    .error, ruleID: Rule.missingDestination.rawValue,
                    message: "\(segue.kind) segue '\(segue.identifier ?? segue.id)' leads to missing \(what) '\(segue.destinationID)'",
                    location: segue.location))
        }
        return found
    }

    static func duplicateIdentifiers(_ storyboard: Storyboard) -> [StoryboardDiagnostic] {
        var found: [StoryboardDiagnostic] = []
        for scene in storyboard.scenes {
            var seen: [String: StoryboardSegue] = [:]
            for segue in scene.segues {
                guard let identifier = segue.identifier, !identifier.isEmpty else { continue }
                if let first = seen[identifier] {
                    found.append(
                        StoryboardDiagnostic(
                            .error, ruleID: Rule.duplicateSegueIdentifier.rawValue,
                            message: "segue identifier '\(identifier)' is used twice in scene '\(scene.displayName)' (first: segue '\(first.id)')",
                            location: segue.location))
                } else {
                    seen[identifier] = segue
                }
            }
        }
        var identifiers: [String: StoryboardScene] = [:]
        for scene in storyboard.scenes {
            guard let identifier = scene.storyboardIdentifier, !identifier.isEmpty else { continue }
            if let first = identifiers[identifier] {
                found.append(
                    StoryboardDiagnostic(
                        .error, ruleID: Rule.duplicateStoryboardIdentifier.rawValue,
                        message: "storyboard identifier '\(identifier)' is used by '\(first.controllerID)' and '\(scene.controllerID)'",
                        location: scene.controllerLocation ?? scene.location))
            } else {
                identifiers[identifier] = scene
            }
        }
        return found
    }

    func unhandledUnwindActions(_ storyboard: Storyboard) -> [StoryboardDiagnostic] {
        let unwinds = storyboard.unwindSegues
        guard !unwinds.isEmpty else { return [] }
        guard let table = declaredUnwindActions else {
            return unwinds.map { segue in
                StoryboardDiagnostic(
                    .warning, ruleID: Rule.unhandledUnwindAction.rawValue,
                    message: "unwind action '\(segue.unwindAction ?? "")' cannot be checked: no declared actions (pass the app's sources)",
                    location: segue.location)
            }
        }
        let roots = StoryboardContainment.entryPoints(storyboard)
        let reachableIDs = StoryboardContainment.reachable(storyboard, from: roots.isEmpty ? storyboard.scenes.map(\.controllerID) : roots)
        let reachable = storyboard.scenes.filter { reachableIDs.contains($0.controllerID) }
        let universal = table["UIViewController"] ?? []
        var found: [StoryboardDiagnostic] = []
        for segue in unwinds {
            let action = segue.unwindAction ?? ""
            if universal.contains(action) { continue }
            var unknownClasses: [String] = []
            var handled = false
            for scene in reachable where scene.reference == nil {
                guard let customClass = scene.customClass else { continue }
                if let actions = table[customClass] {
                    if actions.contains(action) {
                        handled = true
                        break
                    }
                } else {
                    unknownClasses.append(customClass)
                }
            }
            if handled { continue }
            let hasReferences = reachable.contains { $0.reference != nil }
            if unknownClasses.isEmpty && !hasReferences {
                found.append(
                    StoryboardDiagnostic(
                        .error, ruleID: Rule.unhandledUnwindAction.rawValue,
                        message: "no reachable controller declares unwind action '\(action)'", location: segue.location))
            } else {
                let unknown = Array(Set(unknownClasses)).sorted().joined(separator: ", ")
                found.append(
                    StoryboardDiagnostic(
                        .warning, ruleID: Rule.unhandledUnwindAction.rawValue,
                        message: "unwind action '\(action)' is declared by no known class (unknown: \(unknown.isEmpty ? "referenced storyboards" : unknown))",
                        location: segue.location))
            }
        }
        return found
    }

    static func unreachableScenes(_ storyboard: Storyboard) -> [StoryboardDiagnostic] {
        let roots = StoryboardContainment.entryPoints(storyboard)
        guard !roots.isEmpty else { return [] }
        let reachable = StoryboardContainment.reachable(storyboard, from: roots)
        return storyboard.scenes.filter { !reachable.contains($0.controllerID) }.map { scene in
            StoryboardDiagnostic(
                .warning, ruleID: Rule.unreachableScene.rawValue,
                message: "scene '\(scene.displayName)' (\(scene.controllerID)) is not reachable from the initial view controller or any storyboard identifier",
                location: scene.controllerLocation ?? scene.location)
        }
    }

    static func pushesOutsideNavigation(_ storyboard: Storyboard) -> [StoryboardDiagnostic] {
        let pushes = storyboard.segues.filter { $0.kind == .push }
        guard !pushes.isEmpty else { return [] }
        let inside = StoryboardContainment.insideNavigationStack(storyboard)
        // Only scenes the storyboard itself places somewhere are judged; a scene with no
        // incoming segue or relationship may be pushed from code.
        var placed = Set<String>()
        for segue in storyboard.segues where segue.kind != .unwind { placed.insert(segue.destinationID) }
        if let initial = storyboard.initialViewControllerID { placed.insert(initial) }
        return pushes.filter { placed.contains($0.sourceControllerID) && !inside.contains($0.sourceControllerID) }.map { segue in
            let source = storyboard.scene(controllerID: segue.sourceControllerID)?.displayName ?? segue.sourceControllerID
            return StoryboardDiagnostic(
                .error, ruleID: Rule.pushOutsideNavigation.rawValue,
                message: "push segue '\(segue.identifier ?? segue.id)' from '\(source)', which is inside no navigation controller",
                location: segue.location)
        }
    }
}
