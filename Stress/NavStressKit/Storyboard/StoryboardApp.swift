import Foundation
import NavigationRuntime

/// An app's storyboards as `drive` and `run --storyboard` load them: a file or an app folder
/// made into one ``StoryboardBundle``, every reference checked before anything runs, and the
/// storyboard the app starts from chosen.
///
/// A folder is the app (issue 13, "an app is the unit"): its initial storyboard is the one
/// `--storyboard NAME` names, else the one named `Main` (Xcode's `UIMainStoryboardFile` by
/// default), else the only one with an initial view controller; anything else is ambiguous
/// and refused. A folder may hold several targets (an app and its extensions, each with its
/// own `MainInterface`): a name that two targets' storyboards share is refused, and
/// `--storyboard PATH` (a file of the folder, relative to it) picks one. Localized copies of
/// one storyboard (`Base.lproj/`, `en.lproj/`) are one storyboard, not a clash. A reference that does not resolve, or a chain of references that comes back
/// on itself, is refused with its location (UIKit would raise or recurse at run time; a
/// placeholder controller would hide it).
struct StoryboardApp: Sendable {
    /// Every storyboard of the app, parsed once.
    let bundle: StoryboardBundle
    /// The storyboard the app starts from.
    let main: Storyboard
    /// Scenes by their controller's element id, across the app (an id may repeat across files),
    /// the copies the runtime reads first: the start's, then each folder's copy.
    let scenesByID: [String: [(storyboard: Storyboard, scene: StoryboardScene)]]
    /// The app folder, or a storyboard file's folder.
    var root: String = ""
    /// What the command prints before it runs (`navstress: warning: ...`): the references
    /// whose target is a guess (lint's `ambiguous-reference`, the start's target taken into
    /// account).
    var warnings: [String] = []

    /// How a report names a storyboard's file: its path from ``root`` (the app folder, or a
    /// storyboard FILE's folder), which opens from there and tells two targets' `Main` apart.
    func displayName(ofFile file: String) -> String {
        LintPaths(currentDirectory: URL(fileURLWithPath: root).standardizedFileURL.path).display(file)
    }

    /// Loads `path` (a storyboard file or an app folder).
    ///
    /// - Parameters:
    ///   - path: A `.storyboard` file or a folder.
    ///   - storyboardName: The initial storyboard in a folder (`--storyboard NAME|PATH`): its
    ///     name, or its file's path (relative to the folder, or as given).
    ///   - choosable: Whether the command has `--storyboard NAME|PATH` (`drive`, `explore`),
    ///     for what an ambiguity's message tells to do; `run` takes a FILE instead.
    /// - Throws: ``UsageError`` (exit 2): an unreadable path, a file that is not a storyboard,
    ///   no or an ambiguous initial storyboard, an unresolvable reference, a reference cycle, a
    ///   containment cycle through references or a containment deeper than
    ///   `Window.maximumDepth` (`FILE:line:col: message`).
    static func load(_ path: String, storyboardName: String? = nil, choosable: Bool = true) throws(UsageError) -> StoryboardApp {
        let url = URL(fileURLWithPath: path)
        let kind = AppFolder.kind(of: path)
        // Said as `lint` says it: a storyboard FILE or an app folder may be meant.
        if kind == .missing { throw UsageError("\(path): no such file") }
        let isFolder = kind == .directory
        var bundle: StoryboardBundle
        do {
            if isFolder {
                bundle = try StoryboardBundle.load([url])
            } else {
                bundle = try Self.fileBundle(url)
            }
        } catch {
            throw UsageError(Self.located(error))
        }
        let main: Storyboard
        if !isFolder {
            guard let only = bundle.storyboards.first else { throw UsageError("\(path): no storyboard") }
            if let storyboardName { throw UsageError("--storyboard \(storyboardName): \(path) is a file, not an app folder") }
            main = only
        } else if let storyboardName {
            let choice = StoryboardChoice(bundle: bundle, folder: path)
            if StoryboardChoice.isPath(storyboardName) {
                guard let file = choice.file(storyboardName) else {
                    throw UsageError("\(path) has no storyboard file \(storyboardName) (it has: \(choice.relativePaths(bundle.storyboards).joined(separator: ", ")))")
                }
                main = file
            } else {
                let name = StoryboardChoice.name(storyboardName)
                guard let named = bundle.storyboard(named: name) else {
                    throw UsageError("\(path) has no storyboard named '\(name)' (it has: \(bundle.names.joined(separator: ", ")))")
                }
                try choice.refuseClash(named: name, choosable: choosable)
                main = named
            }
        } else if let named = bundle.storyboard(named: "Main") {
            try StoryboardChoice(bundle: bundle, folder: path).refuseClash(named: "Main", choosable: choosable)
            main = named
        } else {
            let choice = StoryboardChoice(bundle: bundle, folder: path)
            let candidates = choice.oneCopyEach(bundle.storyboards.filter { $0.initialViewControllerID != nil })
            guard candidates.count == 1, let only = candidates.first else {
                let names = choice.names(candidates)
                throw UsageError(
                    names.isEmpty
                        ? "\(path): no storyboard has an initial view controller; name one with --initial ID"
                        : "\(path): which storyboard starts the app? \(names.count) have an initial view controller (\(names.joined(separator: ", "))) and none is named Main: "
                            + (choosable ? "name one with --storyboard NAME" : "pass its FILE as --storyboard")
                )
            }
            main = only
        }
        // A reference whose name folders equally near hold finds the started target's copy.
        bundle.startFile = main.file
        if let unresolved = bundle.unresolvedReferences().first {
            // A FILE brings only the storyboards named so beside it; the app's folder brings all.
            var hint = ""
            if !isFolder && unresolved.code == .referencedFileNotFound {
                hint = "; a storyboard FILE reads only the storyboards beside it that its references name: pass the app folder instead"
                // The folder starts from Main: another storyboard is named for it to start there.
                if let name = StoryboardBundle.name(ofFile: path), name != "Main" {
                    hint +=
                        choosable
                        ? ", with --storyboard NAME|PATH naming this storyboard (\(ExploreRenderer.shellQuoted(name)), or its path from the folder) to start from it"
                        : " (it starts from Main; --initial ID starts from a scene of this storyboard)"
                }
            }
            throw UsageError(Self.located(unresolved) + hint)
        }
        // Containment that references close into a cycle, or that no window can hold: refused
        // before any scene is instantiated (the catalogs would refuse the scene anyway).
        if let problem = bundle.containmentProblems().first {
            throw UsageError(Self.located(problem))
        }
        var scenesByID: [String: [(storyboard: Storyboard, scene: StoryboardScene)]] = [:]
        // The copies the runtime reads first (the start, then each folder's copy): a localized
        // copy (`en.lproj`) shares its scenes' ids with the copy read in its place.
        let read = Set(bundle.all.compactMap { bundle.folderCopy(of: $0).file })
        let ordered =
            [main] + bundle.all.filter { $0.file != main.file && read.contains($0.file ?? "") }
            + bundle.all.filter { $0.file != main.file && !read.contains($0.file ?? "") }
        for storyboard in ordered {
            for scene in storyboard.scenes { scenesByID[scene.controllerID, default: []].append((storyboard, scene)) }
        }
        var app = StoryboardApp(bundle: bundle, main: main, scenesByID: scenesByID)
        app.root = isFolder ? path : url.deletingLastPathComponent().path
        app.warnings = StoryboardLint.ambiguousReferences(in: bundle).map { diagnostic in
            let place = diagnostic.location.map { "\($0.file):\($0.line):\($0.column): " } ?? ""
            return "navstress: warning: \(place)\(diagnostic.message) [\(diagnostic.ruleID)]"
        }
        return app
    }

    /// A file and the storyboards its references name, transitively, found beside it (each
    /// parsed once; a name with no file beside it stays unresolved and is reported).
    private static func fileBundle(_ url: URL) throws(StoryboardError) -> StoryboardBundle {
        let file = try StoryboardLoader.load(contentsOf: url)
        let folder = url.deletingLastPathComponent()
        var supporting: [Storyboard] = []
        var seen: Set<String> = [StoryboardBundle.name(ofFile: url.path) ?? ""]
        var pending = file.references.compactMap(\.reference?.storyboardName)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, StoryboardLoader.isValidReferenceName(name) else { continue }
            let sibling = folder.appendingPathComponent(name + ".storyboard")
            guard AppFolder.kind(of: sibling.path) == .file else { continue }
            let loaded = try StoryboardLoader.load(contentsOf: sibling)
            supporting.append(loaded)
            pending += loaded.references.compactMap(\.reference?.storyboardName)
        }
        return StoryboardBundle(storyboards: [file], supporting: supporting)
    }

    /// `FILE:line:col: message`, as much of it as is known.
    static func located(_ error: StoryboardError) -> String {
        var prefix = error.file ?? "<storyboard>"
        if let line = error.line { prefix += ":\(line)" }
        if let column = error.column { prefix += ":\(column)" }
        return "\(prefix): \(error.message)"
    }

    /// The storyboards of the app with their names, for messages.
    var storyboardNames: [String] { bundle.names }

    /// The scene `name` names as a start (`--initial`): an element id or storyboard identifier of
    /// the main storyboard, else of any storyboard of the app (a scene reached by a reference is
    /// followed to its target).
    func initialScene(_ name: String?) throws(UsageError) -> (storyboard: Storyboard, scene: StoryboardScene) {
        if main.scenes.isEmpty && name == nil {
            throw UsageError("\(main.file ?? "the storyboard") has no scenes: there is nothing to start from")
        }
        guard let name = name ?? main.initialViewControllerID else {
            throw UsageError("\(main.file ?? "the storyboard") has no initial view controller: name one with --initial ID")
        }
        let found: (storyboard: Storyboard, scene: StoryboardScene)
        if let scene = main.scene(controllerID: name) ?? main.scene(storyboardIdentifier: name) {
            found = (main, scene)
        } else if let only = scenesByID[name]?.first {
            found = only
        } else if let byIdentifier = bundle.scenes(storyboardIdentifier: name).first {
            found = byIdentifier
        } else {
            throw UsageError("no scene '\(name)' (element id or storyboard ID) in \(bundle.storyboards.count == 1 ? main.file ?? "the storyboard" : "the app's storyboards")")
        }
        guard found.scene.reference != nil else { return found }
        do {
            let resolved = try bundle.resolve(found.scene, in: found.storyboard)
            return (resolved.storyboard, resolved.scene)
        } catch {
            throw UsageError(Self.located(error))
        }
    }

    /// A catalog per storyboard, all instantiating referenced scenes from this bundle.
    func catalog(for storyboard: Storyboard, registry: ClassRegistry) -> SceneCatalog {
        storyboard.catalog(registry: registry, bundle: bundle)
    }

    /// The scenes of each element id that make a controller (reference placeholders left out).
    var controllerScenesByID: [String: [StoryboardScene]] {
        scenesByID.compactMapValues { entries in
            let scenes = entries.map(\.scene).filter { $0.reference == nil }
            return scenes.isEmpty ? nil : scenes
        }
    }

    /// The app's scenes that make a controller (not reference placeholders), in bundle order,
    /// for coverage: every storyboard of the bundle (a file's referenced ones too).
    var controllerScenes: [StoryboardScene] {
        bundle.all.flatMap(\.scenes).filter { $0.reference == nil }
    }
}
