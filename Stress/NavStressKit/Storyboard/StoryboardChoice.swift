import Foundation
import NavigationRuntime

/// Which storyboard of an app folder `--storyboard NAME|PATH` means.
///
/// Xcode copies each target's storyboards into that target's bundle, so two targets may each
/// have a storyboard of one name (passforios: `passExtension/Base.lproj/MainInterface` and
/// `passAutoFillExtension/Base.lproj/MainInterface`), while a folder loaded as one app finds
/// storyboards by name across all of it (``StoryboardBundle``). Where a name is shared so, a
/// name alone would pick one of them silently: it is refused, and a path picks one. Localized
/// copies of one storyboard (the same file under `Base.lproj/` and `en.lproj/`) are one
/// storyboard (``StoryboardBundle/folderCopy(of:)``), not a clash.
struct StoryboardChoice {
    /// The app's storyboards.
    let bundle: StoryboardBundle
    /// The app folder, as given.
    let folder: String
    /// The directory a relative path that does not read from ``folder`` reads from.
    var currentDirectory = FileManager.default.currentDirectoryPath

    /// Whether a `--storyboard` value is a path (it has a `/`), not a name.
    static func isPath(_ value: String) -> Bool { value.contains("/") }

    /// The name a `--storyboard` value means: itself, without a `.storyboard` the user may add.
    static func name(_ value: String) -> String {
        value.hasSuffix(".storyboard") && value.count > ".storyboard".count ? String(value.dropLast(".storyboard".count)) : value
    }

    /// The storyboard of the app whose file `value` names: relative to the folder, else as given
    /// (absolute, or from the current directory). `nil` when it is none of the app's.
    func file(_ value: String) -> Storyboard? {
        let base = URL(fileURLWithPath: folder, isDirectory: true)
        // The folder's reading first (the documented one), whatever the current directory holds.
        let current = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        for candidate in [URL(fileURLWithPath: value, relativeTo: base), URL(fileURLWithPath: value, relativeTo: current)] {
            let wanted = candidate.standardizedFileURL.path
            if let found = bundle.storyboards.first(where: { $0.file.map { URL(fileURLWithPath: $0).standardizedFileURL.path == wanted } ?? false }) {
                return found
            }
        }
        return nil
    }

    /// Refuses `name` when storyboards of that name sit in more than one target of the folder.
    /// - Parameter choosable: Whether the command has `--storyboard NAME|PATH`, for the advice.
    /// - Throws: ``UsageError`` naming each target's file.
    func refuseClash(named name: String, choosable: Bool) throws(UsageError) {
        let distinct = bundle.copiesInFolders(named: name)
        guard distinct.count > 1 else { return }
        let paths = relativePaths(distinct)
        let advice =
            choosable
            ? "name one by its path, as in --storyboard \(ExploreRenderer.shellQuoted(paths[0]))"
            : "pass one FILE as --storyboard"
        throw UsageError(
            "\(folder): \(distinct.count) storyboards are named '\(name)', in different folders (\(paths.joined(separator: ", "))): \(advice)"
        )
    }

    /// One storyboard of each group of localized copies, in the order given: the copy that
    /// stands for its folder (``StoryboardBundle/folderCopy(of:)``).
    func oneCopyEach(_ storyboards: [Storyboard]) -> [Storyboard] {
        var seen = Set<String>()
        return storyboards.map(bundle.folderCopy(of:)).filter { $0.file.map { seen.insert($0).inserted } ?? true }
    }

    /// The storyboards' names, each by its path relative to the folder where two share one.
    func names(_ storyboards: [Storyboard]) -> [String] {
        let names = storyboards.map { $0.file.flatMap(StoryboardBundle.name(ofFile:)) }
        var counts: [String: Int] = [:]
        for case let name? in names { counts[name, default: 0] += 1 }
        return zip(storyboards, names).compactMap { storyboard, name in
            guard let name else { return nil }
            return counts[name, default: 0] > 1 ? relativePaths([storyboard])[0] : name
        }
    }

    /// The storyboards' files relative to the folder (as given when outside it).
    func relativePaths(_ storyboards: [Storyboard]) -> [String] {
        let paths = LintPaths(currentDirectory: URL(fileURLWithPath: folder).standardizedFileURL.path)
        return storyboards.map { $0.file.map(paths.display) ?? "<storyboard>" }
    }
}
