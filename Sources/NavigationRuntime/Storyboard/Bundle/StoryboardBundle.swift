// NavigationRuntime: an app's storyboards as one bundle.

import Foundation

/// The storyboards of one app, as Xcode puts them into the app's bundle.
///
/// Xcode compiles every `.storyboard` of a target into the bundle's top level, whatever folder
/// it sits in, so UIKit finds a storyboard by name alone: `UIStoryboard(name: "Settings",
/// bundle: nil)` and a storyboard reference to `Settings` both resolve from anywhere in the app.
/// A bundle does the same: references resolve by storyboard name across every storyboard it
/// holds, and localized copies of one storyboard (`Base.lproj/Main.storyboard`,
/// `en.lproj/Main.storyboard`) are one storyboard for resolution (the `Base.lproj` copy, else
/// the one outside any `.lproj` folder, else the first by path).
///
/// ```swift
/// let app = try StoryboardBundle.load([URL(fileURLWithPath: "MyApp")])
/// for storyboard in app.storyboards { ... }
/// let settings = app.storyboard(named: "Settings")
/// ```
public struct StoryboardBundle: Sendable {
    /// The storyboards the bundle was made for (lint, graph and drive look at these), in the
    /// order they were given, each folder's files sorted by path.
    public let storyboards: [Storyboard]
    /// Storyboards that only resolve references and names (`--bundle DIR`): never linted.
    public let supporting: [Storyboard]
    /// The entries of the folders loaded (``load(_:supporting:)``) that are named like
    /// storyboards but are not regular files (broken links, FIFOs, folders), never read: for
    /// the caller to name (`navstress: warning: PATH: skipped: why`).
    public internal(set) var skippedEntries: [AppFolder.SkippedEntry] = []
    /// The storyboard the app starts from (`drive --storyboard`), if one is chosen: where
    /// folders equally near a reference hold storyboards of its name, the one nearest this
    /// file is taken (the started target's copy, as a shared storyboard loaded in that
    /// target's bundle finds it). `nil`: the first in resolution order.
    public var startFile: String?
    /// Storyboard name → index into ``all``, the copy that resolution uses.
    private let byName: [String: Int]
    /// For a name that storyboards in several folders share (an app and its extensions, each
    /// with a `MainInterface`), each folder's copy (its localized copies are one), in
    /// resolution order, with its folder: see ``storyboard(named:from:)``.
    private let byNameAndFolder: [String: [(folder: [Substring], index: Int)]]
    /// File → index into ``all`` (the first storyboard of that file).
    private let byFile: [String: Int]
    /// Per storyboard of ``all``: its scenes' positions by controller id and by storyboard
    /// identifier (the first scene of each), built once with the bundle, so following a
    /// reference costs one lookup, not a scan of its storyboard (issue 18).
    private let sceneIndex: [SceneIndex]

    /// A storyboard's scenes' positions by controller id and storyboard identifier.
    struct SceneIndex: Sendable {
        var byControllerID: [String: Int] = [:]
        var byStoryboardIdentifier: [String: Int] = [:]

        init(_ storyboard: Storyboard) {
            for (position, scene) in storyboard.scenes.enumerated() {
                if byControllerID[scene.controllerID] == nil { byControllerID[scene.controllerID] = position }
                if let identifier = scene.storyboardIdentifier, byStoryboardIdentifier[identifier] == nil {
                    byStoryboardIdentifier[identifier] = position
                }
            }
        }
    }

    /// Every storyboard: ``storyboards``, then ``supporting``.
    public var all: [Storyboard] { storyboards + supporting }

    /// Makes a bundle of storyboards already loaded.
    ///
    /// A storyboard's name is its file's name without `.storyboard`; one with no file (built in
    /// Swift) cannot be found by name.
    /// - Parameters:
    ///   - storyboards: The storyboards of the app.
    ///   - supporting: Storyboards that only resolve references.
    public init(storyboards: [Storyboard], supporting: [Storyboard] = []) {
        self.storyboards = storyboards
        self.supporting = supporting
        var byName: [String: (index: Int, rank: Int, path: String)] = [:]
        for (index, storyboard) in (storyboards + supporting).enumerated() {
            guard let file = storyboard.file, let name = Self.name(ofFile: file) else { continue }
            let rank = Self.localizationRank(file)
            if let current = byName[name], (current.rank, current.path) <= (rank, file) { continue }
            byName[name] = (index, rank, file)
        }
        self.byName = byName.mapValues(\.index)
        // Each folder's best copy of each name (localized copies are one folder's).
        var perFolder: [String: [[Substring]: (index: Int, rank: Int, path: String)]] = [:]
        for (index, storyboard) in (storyboards + supporting).enumerated() {
            guard let file = storyboard.file, let name = Self.name(ofFile: file) else { continue }
            let rank = Self.localizationRank(file)
            let folder = Self.folder(of: file)
            if let current = perFolder[name]?[folder], (current.rank, current.path) <= (rank, file) { continue }
            perFolder[name, default: [:]][folder] = (index, rank, file)
        }
        self.byNameAndFolder = perFolder.filter { $0.value.count > 1 }.mapValues { copies in
            copies.sorted { ($0.value.rank, $0.value.path) < ($1.value.rank, $1.value.path) }.map { (folder: $0.key, index: $0.value.index) }
        }
        var byFile: [String: Int] = [:]
        for (index, storyboard) in (storyboards + supporting).enumerated() {
            if let file = storyboard.file, byFile[file] == nil { byFile[file] = index }
        }
        self.byFile = byFile
        self.sceneIndex = (storyboards + supporting).map(SceneIndex.init)
    }

    /// The scene of `storyboard` whose controller has this element id, found through the
    /// bundle's index when `storyboard` is one of its own (by file), else by a scan.
    /// - Parameters:
    ///   - controllerID: A controller's element id.
    ///   - storyboard: The storyboard to look in.
    /// - Returns: The scene, or `nil`.
    public func scene(controllerID: String, in storyboard: Storyboard) -> StoryboardScene? {
        var work = 0
        return scene(in: storyboard, work: &work, indexed: { $0.byControllerID[controllerID] }) { $0.controllerID == controllerID }
    }

    /// The first scene of `storyboard` whose controller has this storyboard identifier, found
    /// through the bundle's index when `storyboard` is one of its own, else by a scan.
    /// - Parameters:
    ///   - storyboardIdentifier: A storyboard identifier.
    ///   - storyboard: The storyboard to look in.
    /// - Returns: The scene, or `nil`.
    public func scene(storyboardIdentifier: String, in storyboard: Storyboard) -> StoryboardScene? {
        var work = 0
        return scene(storyboardIdentifier: storyboardIdentifier, in: storyboard, work: &work)
    }

    func scene(storyboardIdentifier: String, in storyboard: Storyboard, work: inout Int) -> StoryboardScene? {
        scene(in: storyboard, work: &work, indexed: { $0.byStoryboardIdentifier[storyboardIdentifier] }) {
            $0.storyboardIdentifier == storyboardIdentifier
        }
    }

    /// A lookup through the index of the bundle's storyboard of the same file when `storyboard`
    /// is that storyboard (a storyboard that is not the bundle's copy is scanned). `work`
    /// counts the scenes looked at: one for an indexed lookup.
    func scene(
        in storyboard: Storyboard, work: inout Int, indexed: (SceneIndex) -> Int?, matches: (StoryboardScene) -> Bool
    ) -> StoryboardScene? {
        // The index holds for `storyboard` when its scenes are the bundle's copy's (the same
        // storage: a copy of the bundle's value, not one changed since).
        if let file = storyboard.file, let index = byFile[file] {
            let own = index < storyboards.count ? storyboards[index] : supporting[index - storyboards.count]
            let same = own.scenes.withUnsafeBufferPointer { mine in
                storyboard.scenes.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress && mine.count == $0.count }
            }
            if same {
                work += 1
                return indexed(sceneIndex[index]).map { storyboard.scenes[$0] }
            }
        }
        for scene in storyboard.scenes {
            work += 1
            if matches(scene) { return scene }
        }
        return nil
    }

    /// The storyboard UIKit finds by this name (`UIStoryboard(name:bundle:)`, a reference's
    /// `storyboardName`), or `nil`.
    /// - Parameter name: The name, without `.storyboard`.
    /// - Returns: The storyboard.
    public func storyboard(named name: String) -> Storyboard? {
        byName[name].map { all[$0] }
    }

    /// The storyboard a reference from `file` finds by this name: ``storyboard(named:)``, or,
    /// when storyboards in several folders have the name, the one nearest `file` (the most
    /// folders in common with it; the first in resolution order among the nearest). Xcode puts
    /// each target's storyboards in that target's bundle, so a reference in an extension's
    /// storyboard finds the extension's copy, not the app's: the nearest folder stands for the
    /// target, which a folder of files does not record.
    /// - Parameters:
    ///   - name: The name, without `.storyboard`.
    ///   - file: The referencing storyboard's file, if any.
    /// - Returns: The storyboard.
    public func storyboard(named name: String, from file: String?) -> Storyboard? {
        guard let file, byNameAndFolder[name] != nil else { return storyboard(named: name) }
        return nearest(named: name, from: file).first
    }

    /// The copies of `name` nearest `file` (each folder's, in resolution order), the ties
    /// narrowed to those nearest ``startFile`` when it is set: one, unless that leaves several,
    /// which leaves the target to the app's targets, which a folder of files does not record
    /// (lint's `ambiguous-reference`). Empty when storyboards of the name are in one folder
    /// only, or none.
    func nearest(named name: String, from file: String) -> [Storyboard] {
        guard let copies = byNameAndFolder[name] else { return [] }
        var tied = Self.nearest(copies, to: Self.folder(of: file))
        if tied.count > 1, let startFile { tied = Self.nearest(tied, to: Self.folder(of: startFile)) }
        return tied.map { all[$0.index] }
    }

    /// The copies whose folders share the most leading folders with `folder`, in order.
    private static func nearest(_ copies: [(folder: [Substring], index: Int)], to folder: [Substring]) -> [(folder: [Substring], index: Int)] {
        let shared = copies.map { copy in zip(folder, copy.folder).prefix { $0 == $1 }.count }
        let most = shared.max() ?? 0
        return zip(copies, shared).filter { $0.1 == most }.map(\.0)
    }

    /// The copy of `storyboard`'s name that stands for its folder: of its localized copies, the
    /// one resolution reads (`Base.lproj`, else outside any `.lproj` folder, else the first by
    /// path). `storyboard` itself when it has no file.
    package func folderCopy(of storyboard: Storyboard) -> Storyboard {
        guard let file = storyboard.file, let name = Self.name(ofFile: file) else { return storyboard }
        guard let copies = byNameAndFolder[name] else { return self.storyboard(named: name) ?? storyboard }
        let folder = Self.folder(of: file)
        return copies.first { $0.folder == folder }.map { all[$0.index] } ?? storyboard
    }

    /// Each folder's copy of `name` (``folderCopy(of:)``), in resolution order, when storyboards
    /// of that name are in several folders (an app's extensions, each with a `MainInterface`);
    /// else empty.
    package func copiesInFolders(named name: String) -> [Storyboard] {
        (byNameAndFolder[name] ?? []).map { all[$0.index] }
    }

    /// A file's folders, `.lproj` folders left out (localized copies are in one folder).
    static func folder(of file: String) -> [Substring] {
        file.split(separator: "/").dropLast().filter { !$0.hasSuffix(".lproj") }
    }

    /// The names of every storyboard the bundle can find, sorted.
    public var names: [String] { byName.keys.sorted() }

    /// Every scene of the app whose controller has this storyboard identifier, with its
    /// storyboard, in bundle order.
    /// - Parameter identifier: A storyboard identifier (`storyboardIdentifier`).
    /// - Returns: The matches; usually one.
    public func scenes(storyboardIdentifier identifier: String) -> [(storyboard: Storyboard, scene: StoryboardScene)] {
        var found: [(storyboard: Storyboard, scene: StoryboardScene)] = []
        for storyboard in all {
            for scene in storyboard.scenes where scene.storyboardIdentifier == identifier {
                found.append((storyboard, scene))
            }
        }
        return found
    }

    /// The storyboard name of a file: its last path component without `.storyboard`.
    /// - Parameter file: A path.
    /// - Returns: The name, or `nil` when the file does not end in `.storyboard`.
    public static func name(ofFile file: String) -> String? {
        let last = URL(fileURLWithPath: file).lastPathComponent
        guard last.hasSuffix(".storyboard"), last.count > ".storyboard".count else { return nil }
        return String(last.dropLast(".storyboard".count))
    }

    /// 0 for `Base.lproj`, 1 outside any `.lproj` folder, 2 for another localization.
    static func localizationRank(_ file: String) -> Int {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent
        if folder == "Base.lproj" { return 0 }
        return folder.hasSuffix(".lproj") ? 2 : 1
    }
}
