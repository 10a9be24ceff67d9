import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// What `navstress explore` reads beside the exploration: the storyboards' static graph (which
/// scenes anything leads to at all) and the app's sources (which controllers dismiss in code,
/// which scenes code makes by storyboard ID).
enum ExploreSources {
    /// The scenes (controller ids) some chain of segues of any kind but unwind (relationships
    /// and embeds included) and storyboard references leads to from `start`, references
    /// resolved as UIKit resolves them: what ``NavigationExplorer/Configuration/reachableScenes``
    /// takes.
    static func reachableScenes(
        from start: (storyboard: Storyboard, scene: StoryboardScene), in bundle: StoryboardBundle,
        skippingUnbuiltRelationships: Bool = false
    ) -> Set<String> {
        var seen: Set<String> = []
        var scenes: Set<String> = []
        var pending = [start]
        while let (storyboard, scene) = pending.popLast() {
            guard seen.insert((storyboard.file ?? "") + "#" + scene.controllerID).inserted else { continue }
            scenes.insert(scene.controllerID)
            var next: [(Storyboard, StoryboardScene)] = []
            if scene.reference != nil, let resolved = try? bundle.resolve(scene, in: storyboard) {
                next.append((resolved.storyboard, resolved.scene))
            }
            for segue in scene.segues where segue.kind != .unwind {
                if skippingUnbuiltRelationships, segue.kind == .relationship, let name = segue.relationship,
                    StoryboardLint.ignores(StoryboardRelationship.Kind(rawValue: name), of: scene.kind)
                {
                    continue
                }
                if let found = bundle.scene(controllerID: segue.destinationID, in: storyboard) { next.append((storyboard, found)) }
            }
            pending.append(contentsOf: next)
        }
        return scenes
    }

    /// The classes declared in the sources that call `dismiss(` (`dismiss(animated:completion:)`,
    /// `dismissViewControllerAnimated:`), by class name.
    static func dismissingClasses(in texts: [String: String]) -> Set<String> {
        let dismissing = texts.filter { $0.value.contains("dismiss(") || $0.value.contains("dismissViewControllerAnimated") }
        guard !dismissing.isEmpty else { return [] }
        let index = AppSourceIndex.scan(sources: dismissing)
        return Set(index.types.filter { $0.keyword == "class" || $0.keyword == "extension" }.map(\.name))
    }

    /// For each unreached-scene finding (by index) whose scene has a storyboard ID, the places
    /// in the sources that instantiate it by that ID (`instantiateViewController(withIdentifier:)`,
    /// `instantiateViewControllerWithIdentifier:`), as `FILE:LINE` with FILE relative to `root`:
    /// the scene is made in code, which no exploration of the storyboards reaches.
    static func madeInCode(
        _ exploration: Exploration, texts: [String: String], app: StoryboardApp, root: String
    ) -> [Int: [String]] {
        let wanted = exploration.findings.enumerated().filter { $0.element.kind == .unreachedScene }
        guard !wanted.isEmpty else { return [:] }
        let calls = texts.filter { $0.value.contains("instantiateViewController") }
        guard !calls.isEmpty else { return [:] }
        let index = AppSourceIndex.scan(sources: calls)
        let prefix = URL(fileURLWithPath: root).standardizedFileURL.path + "/"
        var result: [Int: [String]] = [:]
        for (position, finding) in wanted {
            guard let entries = app.scenesByID[finding.subject] else { continue }
            var places: [String] = []
            for (storyboard, scene) in entries {
                guard let identifier = scene.storyboardIdentifier else { continue }
                let storyboardName = storyboard.file.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
                for call in index.instantiations where index.resolve(call.identifier) == identifier {
                    // A call sent to a storyboard named otherwise makes another storyboard's scene.
                    if case .named(let name, _) = call.receiver, let name = index.resolve(name), let storyboardName, name != storyboardName {
                        continue
                    }
                    var file = URL(fileURLWithPath: call.location.file).standardizedFileURL.path
                    if file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
                    let place = "\(file):\(call.location.line)"
                    if !places.contains(place) { places.append(place) }
                }
            }
            if !places.isEmpty { result[position] = places }
        }
        return result
    }

    /// For each unreached-scene finding (by index) whose scene only a container's relationship
    /// that the runtime does not build leads to (lint's `unsupported-relationship`, such as a
    /// split view controller's supplementary column; no other chain of segues from the start
    /// does): why it is never shown. Without it the note reads like the app's problem; it is
    /// the runtime's.
    static func ignoredRelationships(
        _ exploration: Exploration, app: StoryboardApp, start: (storyboard: Storyboard, scene: StoryboardScene)
    ) -> [Int: String] {
        let reachedOtherwise = reachableScenes(from: start, in: app.bundle, skippingUnbuiltRelationships: true)
        var reasons: [String: String] = [:]
        for storyboard in app.bundle.all {
            for scene in storyboard.scenes {
                for relationship in scene.relationships
                where StoryboardLint.ignores(relationship.kind, of: scene.kind) && reasons[relationship.destinationID] == nil {
                    reasons[relationship.destinationID] =
                        "only the \(relationship.kind.rawValue) relationship of "
                        + "\(scene.kind) \(scene.controllerID) (\(scene.className)) leads to it, "
                        + "and the runtime does not build that relationship (lint: unsupported-relationship)"
                }
            }
        }
        var result: [Int: String] = [:]
        for (index, finding) in exploration.findings.enumerated() where finding.kind == .unreachedScene {
            if let reason = reasons[finding.subject], !reachedOtherwise.contains(finding.subject) { result[index] = reason }
        }
        return result
    }

    /// The most scenes a finding's legend names.
    static let legendLimit = 8

    /// For each finding (by index), the storyboard scenes its subject, its message and its
    /// shortest path's segues name by id, each with its class and where it is
    /// (`J8z-1J-U8Z: ResultViewController, Main.storyboard:120`): a report names scenes by their
    /// Interface Builder ids, which say nothing to a reader without the storyboard open. At
    /// most ``legendLimit`` scenes, in the order named.
    static func legends(_ exploration: Exploration, app: StoryboardApp) -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        for (index, finding) in exploration.findings.enumerated() {
            var named: [String] = []
            var lines: [String] = []
            // An id is a run of letters, digits, '-' and '_' (Interface Builder's `J8z-1J-U8Z`,
            // or a storyboard ID); any other character ends it.
            var text = finding.subject + " " + finding.message
            for action in finding.reproductions.first?.actions ?? [] {
                if case .segue(let source, _, _) = action { text += " " + source }
            }
            for token in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
                let id = String(token)
                guard lines.count < legendLimit, !named.contains(id), let (storyboard, scene) = app.scenesByID[id]?.first else { continue }
                named.append(id)
                var line = "\(id): \(scene.className)"
                if let file = storyboard.file {
                    line += ", " + app.displayName(ofFile: file)
                    if let location = scene.controllerLocation ?? scene.location { line += ":\(location.line)" }
                }
                lines.append(line)
            }
            if !lines.isEmpty { result[index] = lines }
        }
        return result
    }
}
