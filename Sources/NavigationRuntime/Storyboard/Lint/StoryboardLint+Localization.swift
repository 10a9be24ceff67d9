// NavigationRuntime: lint's `localized-copy-differs` rule.

extension StoryboardLint {
    /// The most differences one `localized-copy-differs` finding lists.
    static let differencesListed = 5

    /// `localized-copy-differs`, by index into the bundle's linted storyboards: a localized
    /// copy of a storyboard (`en.lproj/Detail` beside `Base.lproj/Detail`, a whole storyboard
    /// per language rather than strings) whose scenes, segues or initial controller are not
    /// the base copy's. UIKit loads the copy of the device's language where there is one, so
    /// the app navigates otherwise in that language; the runtime, lint's other rules, `drive`
    /// and `explore` read the base copy (``StoryboardBundle``).
    static func localizedCopyDifferences(_ bundle: StoryboardBundle) -> [Int: [StoryboardDiagnostic]] {
        var found: [Int: [StoryboardDiagnostic]] = [:]
        for (index, copy) in bundle.storyboards.enumerated() {
            // The copy that stands for this one's folder is the base, unless it is a
            // localization itself (every copy under an `.lproj` other than `Base.lproj`).
            let base = bundle.folderCopy(of: copy)
            guard let file = copy.file, let baseFile = base.file, baseFile != file, StoryboardBundle.localizationRank(baseFile) < 2 else { continue }
            let differences = Self.differences(of: copy, from: base)
            guard !differences.isEmpty else { continue }
            var listed = differences.prefix(differencesListed).map(\.text).joined(separator: "; ")
            if differences.count > differencesListed { listed += "; and \(differences.count - differencesListed) more" }
            found[index, default: []].append(
                StoryboardDiagnostic(
                    .warning, ruleID: Rule.localizedCopyDiffers.rawValue,
                    message: "this localized copy differs from \(baseFile), which the runtime reads (a device in this copy's language loads this one): \(listed)",
                    // At the first difference that has a place in this copy.
                    location: differences.lazy.compactMap(\.location).first ?? StoryboardSourceLocation(file: file, line: 1, column: 1)))
        }
        return found
    }

    /// What `copy` has otherwise than `base`, in `copy`'s document order then `base`'s: each
    /// with the place in `copy` it is about, when there is one.
    private static func differences(of copy: Storyboard, from base: Storyboard) -> [(text: String, location: StoryboardSourceLocation?)] {
        var found: [(text: String, location: StoryboardSourceLocation?)] = []
        if copy.initialViewControllerID != base.initialViewControllerID {
            found.append(("initial view controller '\(copy.initialViewControllerID ?? "none")', not '\(base.initialViewControllerID ?? "none")'", nil))
        }
        let baseScenes = Set(base.scenes.map(\.controllerID))
        let copyScenes = Set(copy.scenes.map(\.controllerID))
        for scene in copy.scenes where !baseScenes.contains(scene.controllerID) {
            found.append(("scene '\(scene.controllerID)' is not in the base copy", scene.controllerLocation ?? scene.location))
        }
        for scene in base.scenes where !copyScenes.contains(scene.controllerID) {
            found.append(("scene '\(scene.controllerID)' is missing", nil))
        }
        // A segue by its source and its identifier; one with no identifier (a relationship, an
        // embed, a control's segue) by its source, kind, relationship and destination: element
        // ids need not match between copies.
        func key(_ segue: StoryboardSegue) -> String {
            guard let identifier = segue.identifier else {
                return [segue.sourceControllerID, segue.kind.rawValue, segue.relationship ?? "", segue.destinationID].joined(separator: "/")
            }
            return segue.sourceControllerID + "/" + identifier
        }
        func name(_ segue: StoryboardSegue) -> String { "segue '\(segue.identifier ?? segue.id)' of scene '\(segue.sourceControllerID)'" }
        var baseSegues: [String: String] = [:]
        for segue in base.segues where copyScenes.contains(segue.sourceControllerID) { baseSegues[key(segue)] = segue.destinationID }
        var copySegues: Set<String> = []
        for segue in copy.segues where baseScenes.contains(segue.sourceControllerID) {
            copySegues.insert(key(segue))
            switch baseSegues[key(segue)] {
            case nil: found.append(("\(name(segue)) is not in the base copy", segue.location))
            case let destination? where destination != segue.destinationID:
                found.append(("\(name(segue)) leads to '\(segue.destinationID)', not '\(destination)'", segue.location))
            default: break
            }
        }
        for segue in base.segues where copyScenes.contains(segue.sourceControllerID) && !copySegues.contains(key(segue)) {
            found.append(("\(name(segue)) is missing", copy.scene(controllerID: segue.sourceControllerID).flatMap { $0.controllerLocation ?? $0.location }))
        }
        return found
    }
}
