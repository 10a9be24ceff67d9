import Foundation
import NavigationRuntime
import NavigationRuntimeTesting

/// `navstress run --storyboard FILE|DIR`: a seeded random walk over an app's storyboards in
/// several windows at once. Each step does what a user can do on screen: triggers a random
/// segue (unwinds included) of a random controller on screen, as its control would; selects
/// a tab of the innermost tab bar on the top path; goes back; dismisses the last presented
/// controller; or turns the device (the window's horizontal size class).
enum StoryboardLoad {
    /// The app a storyboard run walks, loaded once per run: every storyboard parsed once (a
    /// referenced one is instantiated from the bundle, never read again), the root scene's
    /// catalog shared by every window, the unwind declarations of the sources.
    struct Walked: Sendable {
        let catalog: SceneCatalog
        let initial: String
        /// What coverage counts against: the scenes, segues and unwinds of the storyboards
        /// that have a scene reachable from the initial one.
        let totals: Coverage
        /// The scenes that have segues (unwinds included) a control can trigger.
        let tappable: Set<String>
        /// Coverage keys as people read them: `ID (Class)` for a scene, `SCENE/SEGUE 'identifier'`
        /// for a segue or an unwind (the identifier when it has one).
        var labels: [String: String] = [:]
        /// The storyboards (paths relative to the app folder) with no scene reachable from the
        /// initial one by segues and references (an extension's, a launch screen, one only
        /// code instantiates): left out of the totals, since no walk can reach them.
        var unreachableStoryboards: [String] = []
        /// The segues of reachable storyboards whose kind the runtime does not know, as
        /// `SCENE/SEGUE 'identifier' (kind 'KIND')`, sorted: never performed (the runtime's
        /// segue tables leave them out), so left out of the totals and listed apart.
        var unknownKindSegues: [String] = []
        /// The entries of the app folder named like storyboards, then like sources, that were
        /// not read.
        var skippedEntries: [AppFolder.SkippedEntry] = []
        /// Warnings about the app to print before the run (``StoryboardApp/warnings``).
        var warnings: [String] = []

        /// What the walk did not reach, as labels, sorted: scenes, segues, unwinds.
        func missed(_ reached: Coverage) -> (scenes: [String], segues: [String], unwinds: [String]) {
            func list(_ all: Set<String>, _ got: Set<String>) -> [String] { all.subtracting(got).map { labels[$0] ?? $0 }.sorted() }
            return (list(totals.scenes, reached.scenes), list(totals.segues, reached.segues), list(totals.unwinds, reached.unwinds))
        }
    }

    /// Scenes, segues and unwinds: each as a set of keys, so tallies merge by union.
    struct Coverage: Sendable, Hashable {
        /// Scene element ids seen in a window's tree.
        var scenes: Set<String> = []
        /// `sceneID/segueID` of segues (not unwinds) that completed.
        var segues: Set<String> = []
        /// `sceneID/segueID` of unwind segues that found a destination (completed).
        var unwinds: Set<String> = []

        mutating func merge(_ other: Coverage) {
            scenes.formUnion(other.scenes)
            segues.formUnion(other.segues)
            unwinds.formUnion(other.unwinds)
        }
    }

    /// Loads the app of a storyboard run.
    /// - Throws: ``UsageError`` (exit 2): see ``StoryboardApp/load(_:storyboardName:)``; an
    ///   unknown `--initial`; a `--sources` that is not a folder.
    static func load(_ configuration: LoadConfiguration) throws(UsageError) -> Walked? {
        guard let path = configuration.storyboard else { return nil }
        let app = try StoryboardApp.load(path, choosable: false)
        let registry = ClassRegistry()
        // The app's sources by default, as lint and drive read them (issue 13: an app is the unit).
        let sources = try DriveCommand.readSources(named: configuration.sources, none: configuration.noSources, app: path, into: registry)
        let start = try app.initialScene(configuration.initial)
        let reached = reachableStoryboards(from: start, in: app.bundle)
        let root = AppFolder.kind(of: path) == .directory ? path : URL(fileURLWithPath: path).deletingLastPathComponent().path
        let display = LintPaths(currentDirectory: root)
        var totals = Coverage()
        var tappable = Set<String>()
        var labels: [String: String] = [:]
        var unreachable: [String] = []
        var unknownKinds: [String] = []
        for storyboard in app.bundle.all {
            for scene in storyboard.scenes where scene.reference == nil {
                for segue in scene.segues where segue.kind.isKnown && !segue.kind.isContainment { tappable.insert(scene.controllerID) }
            }
            guard reached.contains(group(storyboard.file)) else {
                if let file = storyboard.file { unreachable.append(display.display(file)) }
                continue
            }
            for scene in storyboard.scenes where scene.reference == nil {
                totals.scenes.insert(scene.controllerID)
                labels[scene.controllerID] = scene.controllerID + (scene.customClass.map { " (\($0))" } ?? "")
                for segue in scene.segues where !segue.kind.isContainment {
                    let key = scene.controllerID + "/" + segue.id
                    let label = key + (segue.identifier.map { " '\($0)'" } ?? "")
                    guard segue.kind.isKnown else {
                        unknownKinds.append(label + " (kind '\(segue.kind.rawValue)')")
                        continue
                    }
                    labels[key] = label
                    if segue.kind == .unwind { totals.unwinds.insert(key) } else { totals.segues.insert(key) }
                }
            }
        }
        return Walked(
            catalog: app.catalog(for: start.storyboard, registry: registry), initial: start.scene.controllerID, totals: totals,
            tappable: tappable, labels: labels, unreachableStoryboards: unreachable.sorted(),
            unknownKindSegues: unknownKinds.sorted(), skippedEntries: app.bundle.skippedEntries + sources.skipped,
            warnings: app.warnings
        )
    }

    /// A storyboard file with its localization folder (`Base.lproj/`, `en.lproj/`) left out:
    /// localized copies of one storyboard are one storyboard for reachability.
    static func group(_ file: String?) -> String {
        (file ?? "").split(separator: "/").filter { !$0.hasSuffix(".lproj") }.joined(separator: "/")
    }

    /// The storyboards (``group(_:)`` of their files) that have a scene reachable from `start`:
    /// by segues of any kind but unwind (relationships and embeds included) and through
    /// storyboard references, resolved as UIKit resolves them.
    static func reachableStoryboards(
        from start: (storyboard: Storyboard, scene: StoryboardScene), in bundle: StoryboardBundle
    ) -> Set<String> {
        var work = 0
        return reachableStoryboards(from: start, in: bundle, work: &work)
    }

    /// ``reachableStoryboards(from:in:)``, counting its `work`: each scene visited and each
    /// segue followed adds one. Linear in the app's scenes and segues: every destination is
    /// found through the bundle's scene index (``StoryboardBundle/scene(controllerID:in:)``,
    /// built once with the bundle, the index reference resolution uses too; issue 18: a lookup
    /// that scanned its storyboard's scenes made a chain of 8,000 scenes cost 32 million
    /// comparisons, 17 s).
    static func reachableStoryboards(
        from start: (storyboard: Storyboard, scene: StoryboardScene), in bundle: StoryboardBundle, work: inout Int
    ) -> Set<String> {
        var seen: Set<String> = []
        var groups: Set<String> = []
        var pending = [start]
        while let (storyboard, scene) = pending.popLast() {
            guard seen.insert((storyboard.file ?? "") + "#" + scene.controllerID).inserted else { continue }
            work += 1
            groups.insert(group(storyboard.file))
            for segue in scene.segues where segue.kind != .unwind {
                work += 1
                guard let found = bundle.scene(controllerID: segue.destinationID, in: storyboard) else { continue }
                var destination = (storyboard, found)
                if found.reference != nil {
                    guard let resolved = try? bundle.resolve(found, in: storyboard) else { continue }
                    destination = (resolved.storyboard, resolved.scene)
                }
                pending.append(destination)
            }
        }
        return groups
    }

    static func walk(
        window: Window,
        tappable: Set<String>,
        seed: UInt64,
        count: Int,
        cancelRate: Double,
        policy: BusyPolicy,
        sequential: Bool,
        progress: Progress?
    ) async -> LoadDriver.Tally {
        var rng = SplitMix64(seed: seed)
        var tally = LoadDriver.Tally()
        let clock = ContinuousClock()
        let cancelThreshold = UInt64(cancelRate * Double(UInt64.max >> 11)) << 11
        for _ in 0..<count {
            if sequential { await LoadDriver.settle(window) }
            let roll = rng.next() % 100
            let pick = rng.next()
            let cancel = rng.next() < cancelThreshold
            let snapshot = await window.snapshot()
            for node in snapshot.allControllers { if let scene = node.scene { tally.coverage.scenes.insert(scene) } }
            let path = StoryboardDriver.topPath(snapshot)
            // Any controller on screen whose scene has segues can be tapped.
            let onScreen = snapshot.allControllers.filter { $0.appearance == .appeared && $0.scene.map(tappable.contains) ?? false }
            var tapped: (any ViewController)?
            if !onScreen.isEmpty {
                tapped = await window.controller(onScreen[Int(pick % UInt64(onScreen.count))].id)
            }
            var navigation: NavigationController?
            var tabBar: (controller: TabBarController, tabs: Int)?
            for id in path {
                guard let node = snapshot.controller(id) else { continue }
                if node.kind == .navigation, node.children.count > 1 {
                    navigation = await window.controller(id) as? NavigationController
                }
                if node.kind == .tabBar, node.children.count > 1, let found = await window.controller(id) as? TabBarController {
                    tabBar = (found, node.children.count)
                }
            }
            var presented: (any ViewController)?
            if let id = StoryboardDriver.lastPresented(snapshot) { presented = await window.controller(id) }
            let segues = tapped?.context.scene?.segues ?? []
            let segue = segues.isEmpty ? nil : segues[Int((pick >> 20) % UInt64(segues.count))]
            let otherTraits = snapshot.traits.horizontalSizeClass == .compact ? Traits.regular : Traits.compact
            // What this step does: the rolled action if it can be done, else a segue, else a turn.
            enum Action { case segue, tab, back, dismiss, traits }
            var action: Action
            switch roll {
            case ..<60: action = .segue
            case ..<70: action = .tab
            case ..<82: action = .back
            case ..<94: action = .dismiss
            default: action = .traits
            }
            switch action {
            case .segue where segue == nil, .tab where tabBar == nil, .back where navigation == nil, .dismiss where presented == nil:
                action = segue == nil ? .traits : .segue
            default: break
            }
            let tabIndex = tabBar.map { Int((pick >> 40) % UInt64($0.tabs)) } ?? 0
            // Storyboard segues are triggered by their controls (shouldPerform consulted).
            let body: @Sendable () async throws -> TransitionOutcome = { [tapped, navigation, tabBar, presented, action] in
                switch action {
                case .segue:
                    guard let tapped, let segue else { return .noChange }
                    return try await tapped.triggerSegue(withIdentifier: segue.identifier ?? segue.elementID ?? "", animated: false, policy: policy)
                case .tab:
                    return try await tabBar?.controller.selectTab(at: tabIndex, animated: false, policy: policy) ?? .noChange
                case .back:
                    return try await navigation?.pop(animated: false, policy: policy).outcome ?? .noChange
                case .dismiss:
                    return try await presented?.dismiss(animated: false, policy: policy) ?? .noChange
                case .traits:
                    return try await window.setTraits(otherTraits, policy: policy)
                }
            }
            let started = clock.now
            let result =
                cancel ? await LoadDriver.cancelled(body, sequential: sequential) : await LoadDriver.capture(body)
            tally.latency.record(clock.now - started)
            tally.resolved += 1
            tally.sent += 1
            progress?.add(1)
            LoadDriver.record(result, into: &tally)
            if action == .segue, case .success(.completed) = result, let segue, let scene = tapped?.context.scene?.identifier {
                let key = scene + "/" + (segue.elementID ?? "")
                if segue.kind.unwindAction != nil { tally.coverage.unwinds.insert(key) } else { tally.coverage.segues.insert(key) }
            }
        }
        for node in await window.snapshot().allControllers { if let scene = node.scene { tally.coverage.scenes.insert(scene) } }
        return tally
    }
}
