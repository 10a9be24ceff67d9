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
                            message: "segue identifier '\(identifier)' is used twice in scene \(scene.displayName) (first: segue '\(first.id)')",
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
        var sceneIDs: [String: StoryboardScene] = [:]
        for scene in storyboard.scenes {
            if let first = sceneIDs[scene.sceneID] {
                found.append(
                    StoryboardDiagnostic(
                        .error, ruleID: Rule.duplicateSceneID.rawValue,
                        message: "scene id '\(scene.sceneID)' is used by the scenes of '\(first.controllerID)' and '\(scene.controllerID)'",
                        location: scene.location ?? scene.controllerLocation))
            } else {
                sceneIDs[scene.sceneID] = scene
            }
        }
        return found
    }

    /// Segues whose `kind` UIKit does not know: the storyboard compiler refuses them, and the
    /// runtime drops them (DESIGN §5: the loader keeps any kind, so a newer file still loads).
    static func unknownSegueKinds(_ storyboard: Storyboard) -> [StoryboardDiagnostic] {
        storyboard.segues.filter { !$0.kind.isKnown }.map { segue in
            let known = StoryboardSegueKind.allKnown.map(\.rawValue).joined(separator: ", ")
            return StoryboardDiagnostic(
                .error, ruleID: Rule.unknownSegueKind.rawValue,
                message: "segue '\(segue.identifier ?? segue.id)' has unknown kind '\(segue.kind.rawValue)' (known: \(known))",
                location: segue.location)
        }
    }

    static func unreachableScenes(_ storyboard: Storyboard) -> [StoryboardDiagnostic] {
        let roots = StoryboardContainment.entryPoints(storyboard)
        guard !roots.isEmpty else { return [] }
        let reachable = StoryboardContainment.reachable(storyboard, from: roots)
        return storyboard.scenes.filter { !reachable.contains($0.controllerID) }.map { scene in
            StoryboardDiagnostic(
                .warning, ruleID: Rule.unreachableScene.rawValue,
                message: "scene \(scene.displayName) (\(scene.controllerID)) is not reachable from the initial view controller or any storyboard identifier",
                location: scene.controllerLocation ?? scene.location)
        }
    }

    /// The relationships the runtime builds, by container kind (`Storyboard.catalog`).
    static let modelledRelationships: [StoryboardControllerKind: Set<StoryboardRelationship.Kind>] = [
        .navigationController: [.rootViewController],
        .tabBarController: [.viewControllers],
        .splitViewController: [.masterViewController, .detailViewController, .compactViewController],
    ]

    /// Whether the runtime ignores this relationship of a container of this kind: the kind is
    /// one it builds (``modelledRelationships``) from other relationships only. What
    /// `unsupported-relationship` reports, and what `navstress explore` says of a scene only
    /// such a relationship leads to.
    package static func ignores(_ relationship: StoryboardRelationship.Kind, of kind: StoryboardControllerKind) -> Bool {
        modelledRelationships[kind].map { !$0.contains(relationship) } ?? false
    }

    /// `unsupported-relationship`: a relationship segue of a container the runtime models that
    /// names a relationship it does not build.
    static func unsupportedRelationships(_ storyboard: Storyboard) -> [StoryboardDiagnostic] {
        var found: [StoryboardDiagnostic] = []
        for scene in storyboard.scenes {
            guard let modelled = modelledRelationships[scene.kind] else { continue }
            for segue in scene.segues where segue.kind == .relationship {
                guard let name = segue.relationship, ignores(StoryboardRelationship.Kind(rawValue: name), of: scene.kind) else { continue }
                let detail =
                    name == StoryboardRelationship.Kind.supplementaryViewController.rawValue
                    ? "the runtime's split has no supplementary column (primary, secondary and compact only)"
                    : "the runtime builds a \(scene.kind) from \(modelled.map(\.rawValue).sorted().joined(separator: ", ")) only"
                // The kind, then the class when it has one (a display name starts with the kind
                // when it has none).
                let container = scene.customClass == nil ? scene.displayName : "\(scene.kind) \(scene.displayName)"
                found.append(
                    StoryboardDiagnostic(
                        .warning, ruleID: Rule.unsupportedRelationship.rawValue,
                        message: "relationship '\(name)' of \(container) is ignored: \(detail); "
                            + "'\(segue.destinationID)' is never instantiated through it",
                        location: segue.location))
            }
        }
        return found
    }
}
