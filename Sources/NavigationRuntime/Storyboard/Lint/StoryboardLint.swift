// NavigationRuntime: storyboard lint.

import Foundation

/// Finds what would fail at run time in an app's storyboards.
///
/// The unit is an app (``StoryboardBundle``): Xcode copies every storyboard of a target into
/// the bundle's top level, so a storyboard reference resolves by name from anywhere, and a
/// controller of one storyboard can be below a scene of another (presented through a
/// reference). A single storyboard is linted as a bundle of one.
///
/// Rules (ids in brackets); precision comes first: an error is reported only where the
/// storyboards (and sources, when given) show the failure, a warning where it cannot be known.
/// - `missing-destination` (error): a segue to an element the storyboard does not have
///   (unwind segues must point at an `<exit>`).
/// - `missing-initial-view-controller` (error): `initialViewController` names no controller.
/// - `duplicate-segue-identifier` (error): two segues of one scene share an identifier.
/// - `duplicate-storyboard-identifier` (error): two controllers of one storyboard share a
///   storyboard identifier.
/// - `duplicate-scene-id` (error): two scenes of one storyboard share a `sceneID` (Interface
///   Builder refuses to compile such a file).
/// - `unknown-segue-kind` (error): a segue `kind` UIKit does not know; the storyboard compiler
///   refuses it, and this runtime drops the segue (a later `performSegue` fails).
/// - `unhandled-unwind-action` (error/warning): an exit whose action no controller that can be
///   below its scene declares, searched across the whole app (R7.4). An error only when the
///   app's declared actions are known and no class of the app declares the action at all; a
///   warning when only controllers the storyboards never place below the scene declare it, or
///   when that cannot be known (no sources, or a candidate whose class the sources do not
///   describe).
/// - `unreachable-scene` (warning): no path from an entry point of its storyboard (the
///   initial controller or any controller with a storyboard identifier).
/// - `R2.12` (error): a legacy `push` segue from a scene that is inside no navigation
///   controller on any path the app's storyboards draw (references followed); a scene nothing
///   leads to, other than an initial one, may be pushed from code and is not judged.
/// - `missing-reference` (error/warning): a storyboard reference whose target is missing. An
///   error when the named storyboard is in the app but has no such identifier (or no initial
///   controller), or the name is not a plain storyboard name; a warning when no storyboard of
///   that name is among those linted (it may be another target's or a dependency's, copied
///   into the bundle at build time: pass its folder as a supporting folder to check it).
/// - `ambiguous-reference` (warning): a storyboard reference by a name that storyboards in
///   several folders have (the app's and an extension's `Detail`), where no one of them is
///   nearer the referencing storyboard than the others: UIKit finds the copy in the target
///   that loads the referencing storyboard, which a folder does not say; `drive` and `explore`
///   take the copy nearest the storyboard they start from (``StoryboardBundle/startFile``),
///   else the first in resolution order. A nearer copy (same folder, or more folders in
///   common) is taken without a finding.
/// - `reference-cycle` (error): storyboard references that lead back to themselves
///   (`A -> B -> A`): UIKit would recurse until the process crashes.
/// - `containment-cycle` (error): relationship or embed segues that come back, through
///   storyboard references, to their own container (a navigation controller whose root is a
///   reference to itself): UIKit would recurse until the process crashes.
/// - `containment-too-deep` (error): a scene whose containment (relationship and embed
///   segues, through references) is deeper than `Window.maximumDepth`: the runtime never
///   instantiates it.
/// - `unsupported-relationship` (warning): a relationship of a navigation, tab bar or split
///   view controller that the runtime does not model (a split's `supplementaryViewController`:
///   the runtime's split has primary, secondary and compact columns only): its controller is
///   never instantiated, so the scene would run differently than on iOS.
/// - `localized-copy-differs` (warning): a localized copy of a storyboard (`en.lproj/Detail`
///   beside `Base.lproj/Detail`) whose scenes, segues or initial controller are not the base
///   copy's: a device in that language loads that copy, while the runtime reads the base one.
public struct StoryboardLint: Sendable {
    /// The rule ids.
    public enum Rule: String, Sendable, CaseIterable {
        /// A segue to a missing scene or exit.
        case missingDestination = "missing-destination"
        /// An initial controller id that names no controller.
        case missingInitialViewController = "missing-initial-view-controller"
        /// Duplicate segue identifiers in one scene.
        case duplicateSegueIdentifier = "duplicate-segue-identifier"
        /// Duplicate storyboard identifiers.
        case duplicateStoryboardIdentifier = "duplicate-storyboard-identifier"
        /// Duplicate scene ids.
        case duplicateSceneID = "duplicate-scene-id"
        /// A segue kind UIKit does not know.
        case unknownSegueKind = "unknown-segue-kind"
        /// An unwind action no controller that can be below the exit declares.
        case unhandledUnwindAction = "unhandled-unwind-action"
        /// A scene no entry point reaches.
        case unreachableScene = "unreachable-scene"
        /// A legacy push outside a navigation controller (UIKit rule R2.12).
        case pushOutsideNavigation = "R2.12"
        /// A storyboard reference to a missing storyboard or identifier.
        case missingReference = "missing-reference"
        /// A storyboard reference whose name two equally near folders' storyboards have.
        case ambiguousReference = "ambiguous-reference"
        /// Storyboard references that lead back to themselves.
        case referenceCycle = "reference-cycle"
        /// Containment that leads back to its own container through storyboard references.
        case containmentCycle = "containment-cycle"
        /// Containment deeper than `Window.maximumDepth`.
        case containmentTooDeep = "containment-too-deep"
        /// A container relationship the runtime does not model.
        case unsupportedRelationship = "unsupported-relationship"
        /// A localized copy of a storyboard that navigates otherwise than its base copy.
        case localizedCopyDiffers = "localized-copy-differs"

        /// A one-line description, for SARIF rule metadata and `--help`.
        public var summary: String {
            switch self {
            case .missingDestination: "A segue leads to a scene or exit the storyboard does not have."
            case .missingInitialViewController: "The initial view controller names no controller."
            case .duplicateSegueIdentifier: "Two segues of one scene share an identifier."
            case .duplicateStoryboardIdentifier: "Two controllers of one storyboard share a storyboard identifier."
            case .duplicateSceneID: "Two scenes of one storyboard share a sceneID."
            case .unknownSegueKind: "A segue kind UIKit does not know."
            case .unhandledUnwindAction: "No controller that can be below the exit declares its unwind action."
            case .unreachableScene: "No entry point of the storyboard reaches the scene."
            case .pushOutsideNavigation: "A legacy push segue from a scene inside no navigation controller (R2.12)."
            case .missingReference: "A storyboard reference to a missing storyboard or identifier."
            case .ambiguousReference: "A storyboard reference's name is shared by storyboards in folders equally near it."
            case .referenceCycle: "Storyboard references lead back to themselves."
            case .containmentCycle: "Relationship or embed segues lead back to their own container through storyboard references."
            case .containmentTooDeep: "A scene's containment is deeper than the runtime's maximum tree depth."
            case .unsupportedRelationship: "A container relationship the runtime does not model; its controller is never instantiated."
            case .localizedCopyDiffers: "A localized copy of a storyboard has other scenes, segues or initial controller than its base copy."
            }
        }
    }

    /// Class name → unwind actions it declares (inherited ones included), as
    /// ``UnwindActionScanner`` produces; `nil` when the app's sources are unknown. The key
    /// `UIViewController` applies to every controller.
    public var declaredUnwindActions: [String: Set<String>]?
    /// Whether to resolve storyboard references (`missing-reference`, `reference-cycle`).
    public var checksReferences: Bool
    /// For linting a single storyboard: the folder whose storyboards a single storyboard's
    /// references resolve in; `nil` means the storyboard file's folder.
    public var referenceDirectory: URL?
    /// Whether the bundle linted is the whole app (an app folder with its sources): then a
    /// reference to a storyboard name the bundle does not have is a crash at run time (an
    /// error); otherwise the storyboard may come from elsewhere (a warning). Default `false`.
    public var isWholeApp = false

    /// Creates a lint configuration.
    /// - Parameters:
    ///   - declaredUnwindActions: Class name → declared unwind actions, or `nil` if unknown.
    ///   - checksReferences: Whether to resolve storyboard references (default `true`).
    ///   - referenceDirectory: Where a single storyboard's references resolve (default: the
    ///     file's folder).
    public init(
        declaredUnwindActions: [String: Set<String>]? = nil, checksReferences: Bool = true, referenceDirectory: URL? = nil
    ) {
        self.declaredUnwindActions = declaredUnwindActions
        self.checksReferences = checksReferences
        self.referenceDirectory = referenceDirectory
    }

    /// Lints one storyboard as a bundle of one, with the storyboards its references name
    /// (directly or through other references) loaded from ``referenceDirectory`` (the file's
    /// folder by default) to resolve them.
    /// - Parameter storyboard: The storyboard.
    /// - Returns: The diagnostics, ordered by line, then column, then rule.
    public func diagnostics(for storyboard: Storyboard) -> [StoryboardDiagnostic] {
        let supporting = checksReferences ? Self.referencedSiblings(of: storyboard, in: referenceDirectory) : []
        return diagnostics(for: StoryboardBundle(storyboards: [storyboard], supporting: supporting))
    }

    /// Lints every storyboard of an app (``StoryboardBundle/storyboards``; supporting ones
    /// only resolve references and are not reported on).
    /// - Parameter bundle: The app's storyboards.
    /// - Returns: The diagnostics, by file in bundle order, then line, column and rule.
    public func diagnostics(for bundle: StoryboardBundle) -> [StoryboardDiagnostic] {
        let graph = StoryboardAppGraph(bundle)
        let app = AppRules(lint: self, bundle: bundle, graph: graph)
        let unwinds = app.unhandledUnwindActions()
        let pushes = app.pushesOutsideNavigation()
        let references = checksReferences ? app.referenceProblems().merging(Self.ambiguousReferences(bundle)) { $0 + $1 } : [:]
        let containment = Self.containmentProblems(bundle)
        let localized = Self.localizedCopyDifferences(bundle)
        // Rule order breaks ties between findings at one place.
        let found = bundle.storyboards.enumerated().map { index, storyboard in
            Self.missingDestinations(storyboard) + Self.duplicateIdentifiers(storyboard) + Self.unknownSegueKinds(storyboard)
                + (unwinds[index] ?? []) + Self.unreachableScenes(storyboard) + (pushes[index] ?? []) + (references[index] ?? [])
                + (containment[index] ?? [])
                + Self.unsupportedRelationships(storyboard) + (localized[index] ?? [])
        }
        return found.flatMap { diagnostics in
            diagnostics.enumerated().sorted { lhs, rhs in
                let l = (lhs.element.location?.line ?? 0, lhs.element.location?.column ?? 0)
                let r = (rhs.element.location?.line ?? 0, rhs.element.location?.column ?? 0)
                return l != r ? l < r : lhs.offset < rhs.offset
            }.map(\.element)
        }
    }

    /// `ambiguous-reference`, by index into the bundle's linted storyboards.
    private static func ambiguousReferences(_ bundle: StoryboardBundle) -> [Int: [StoryboardDiagnostic]] {
        var found: [Int: [StoryboardDiagnostic]] = [:]
        for (index, storyboard) in bundle.storyboards.enumerated() {
            found[index] = ambiguousReferences(of: storyboard, in: bundle)
        }
        return found.filter { !$0.value.isEmpty }
    }

    /// The `ambiguous-reference` warnings of the bundle's storyboards, in bundle and document
    /// order: the references whose target the runtime picks among copies in folders equally
    /// near (and, with ``StoryboardBundle/startFile``, equally near the start), for a command
    /// that follows references without linting (`drive`, `explore`) to say so.
    /// - Parameter bundle: The app's storyboards.
    /// - Returns: The warnings.
    public static func ambiguousReferences(in bundle: StoryboardBundle) -> [StoryboardDiagnostic] {
        bundle.storyboards.flatMap { ambiguousReferences(of: $0, in: bundle) }
    }

    private static func ambiguousReferences(of storyboard: Storyboard, in bundle: StoryboardBundle) -> [StoryboardDiagnostic] {
        guard let file = storyboard.file else { return [] }
        return storyboard.references.compactMap { placeholder in
            guard let name = placeholder.reference?.storyboardName else { return nil }
            let nearest = bundle.nearest(named: name, from: file)
            guard nearest.count > 1 else { return nil }
            let files = nearest.compactMap(\.file)
            let taken = bundle.startFile == nil ? "drive and explore take the one nearest the storyboard they start from, else the first" : "the runtime takes the first"
            return StoryboardDiagnostic(
                .warning, ruleID: Rule.ambiguousReference.rawValue,
                message: "storyboard reference to '\(name)': \(files.count) storyboards of that name are in folders equally near this one (\(files.joined(separator: ", "))); UIKit takes the copy of the target that loads this storyboard, which a folder does not say, and \(taken): give the copies names of their own to make it plain",
                location: placeholder.controllerLocation ?? placeholder.location)
        }
    }

    /// `containment-cycle` and `containment-too-deep`, by index into the bundle's linted
    /// storyboards.
    private static func containmentProblems(_ bundle: StoryboardBundle) -> [Int: [StoryboardDiagnostic]] {
        var found: [Int: [StoryboardDiagnostic]] = [:]
        for error in bundle.containmentProblems() {
            guard let index = bundle.storyboards.firstIndex(where: { $0.file == error.file }) else { continue }
            let rule: Rule = error.code == .containmentTooDeep ? .containmentTooDeep : .containmentCycle
            let location = error.file.map { StoryboardSourceLocation(file: $0, line: error.line ?? 0, column: error.column ?? 0) }
            found[index, default: []].append(StoryboardDiagnostic(.error, ruleID: rule.rawValue, message: error.message, location: location))
        }
        return found
    }

    /// Whether any diagnostic is an error.
    /// - Parameter diagnostics: Diagnostics.
    /// - Returns: `true` if one is an error.
    public static func hasErrors(_ diagnostics: [StoryboardDiagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error }
    }

    /// The storyboards `storyboard`'s references name, found in `directory` (the file's folder
    /// by default), followed through their own references. A name that is not a plain file
    /// name, a file that is not a regular file in that very folder, or one that does not load
    /// is left out (the reference is then reported as unresolved).
    static func referencedSiblings(of storyboard: Storyboard, in directory: URL?) -> [Storyboard] {
        guard let folder = directory ?? storyboard.file.map({ URL(fileURLWithPath: $0).deletingLastPathComponent() }) else { return [] }
        let ownName = storyboard.file.flatMap(StoryboardBundle.name(ofFile:))
        var loaded: [Storyboard] = []
        var seen = Set<String>(ownName.map { [$0] } ?? [])
        var pending = storyboard.references.compactMap(\.reference?.storyboardName)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, StoryboardLoader.isValidReferenceName(name) else { continue }
            let url = folder.appendingPathComponent(name + ".storyboard")
            guard AppFolder.kind(of: url.path) == .file,
                url.standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent().path
                    == folder.standardizedFileURL.resolvingSymlinksInPath().path,
                let sibling = try? StoryboardLoader.load(contentsOf: url)
            else { continue }
            loaded.append(sibling)
            pending += sibling.references.compactMap(\.reference?.storyboardName)
        }
        return loaded
    }
}
