// NavigationRuntime: storyboard lint.

import Foundation

/// Finds what would fail at run time in a storyboard.
///
/// Rules (ids in brackets):
/// - `missing-destination` (error): a segue to an element the storyboard does not have
///   (unwind segues must point at an `<exit>`).
/// - `missing-initial-view-controller` (error): `initialViewController` names no controller.
/// - `duplicate-segue-identifier` (error): two segues of one scene share an identifier.
/// - `duplicate-storyboard-identifier` (error): two controllers share a storyboard identifier.
/// - `unhandled-unwind-action` (error/warning): no reachable controller declares an exit's
///   action. An error when a declared-actions table was given and no reachable controller's
///   class (nor `UIViewController`) declares it; a warning when that cannot be known (no table,
///   or a reachable custom class the table does not describe).
/// - `unreachable-scene` (warning): no path from an entry point (the initial controller or any
///   controller with a storyboard identifier) through relationships, embeds and segues.
/// - `R2.12` (error): a legacy `push` segue from a scene that is inside no navigation controller
///   on any path the storyboard draws (a scene nothing leads to, other than the initial one, may
///   be pushed from code and is not judged).
/// - `missing-reference` (error): a storyboard reference to a missing file or identifier.
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
        /// An unwind action no reachable controller declares.
        case unhandledUnwindAction = "unhandled-unwind-action"
        /// A scene no entry point reaches.
        case unreachableScene = "unreachable-scene"
        /// A legacy push outside a navigation controller (UIKit rule R2.12).
        case pushOutsideNavigation = "R2.12"
        /// A storyboard reference to a missing file or identifier.
        case missingReference = "missing-reference"
    }

    /// Class name → unwind actions it declares (inherited ones included), as
    /// ``UnwindActionScanner`` produces; `nil` when the app's sources are unknown. The key
    /// `UIViewController` applies to every controller.
    public var declaredUnwindActions: [String: Set<String>]?
    /// Whether to resolve storyboard references against sibling files.
    public var checksReferences: Bool
    /// The folder references resolve in; `nil` means the storyboard file's folder.
    public var referenceDirectory: URL?

    /// Creates a lint configuration.
    /// - Parameters:
    ///   - declaredUnwindActions: Class name → declared unwind actions, or `nil` if unknown.
    ///   - checksReferences: Whether to resolve storyboard references (default `true`).
    ///   - referenceDirectory: The folder to resolve references in (default: the file's folder).
    public init(
        declaredUnwindActions: [String: Set<String>]? = nil, checksReferences: Bool = true, referenceDirectory: URL? = nil
    ) {
        self.declaredUnwindActions = declaredUnwindActions
        self.checksReferences = checksReferences
        self.referenceDirectory = referenceDirectory
    }

    /// Runs every rule.
    /// - Parameter storyboard: The storyboard.
    /// - Returns: The diagnostics, ordered by line, then column, then rule.
    public func diagnostics(for storyboard: Storyboard) -> [StoryboardDiagnostic] {
        var found: [StoryboardDiagnostic] = []
        found += Self.missingDestinations(storyboard)
        found += Self.duplicateIdentifiers(storyboard)
        found += unhandledUnwindActions(storyboard)
        found += Self.unreachableScenes(storyboard)
        found += Self.pushesOutsideNavigation(storyboard)
        if checksReferences { found += missingReferences(storyboard) }
        return found.enumerated().sorted { lhs, rhs in
            let l = (lhs.element.location?.line ?? 0, lhs.element.location?.column ?? 0)
            let r = (rhs.element.location?.line ?? 0, rhs.element.location?.column ?? 0)
            return l != r ? l < r : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Whether any diagnostic is an error.
    /// - Parameter diagnostics: Diagnostics.
    /// - Returns: `true` if one is an error.
    public static func hasErrors(_ diagnostics: [StoryboardDiagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error }
    }

    private func missingReferences(_ storyboard: Storyboard) -> [StoryboardDiagnostic] {
        var cache: [String: Storyboard] = [:]
        var found: [StoryboardDiagnostic] = []
        for scene in storyboard.references {
            do {
                _ = try StoryboardLoader.resolveReference(scene, in: storyboard, directory: referenceDirectory, cache: &cache)
            } catch {
                found.append(
                    StoryboardDiagnostic(
                        .error, ruleID: Rule.missingReference.rawValue, message: error.message,
                        location: scene.controllerLocation ?? scene.location))
            }
        }
        return found
    }
}
