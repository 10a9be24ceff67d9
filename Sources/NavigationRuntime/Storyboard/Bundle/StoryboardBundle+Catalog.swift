// NavigationRuntime: scene catalogs of an app's storyboards.

import Synchronization

extension StoryboardBundle {
    /// The scene catalogs of a bundle's storyboards, each built on first use and shared while
    /// it lives.
    ///
    /// The table holds its catalogs weakly: every catalog's scenes hold this object strongly
    /// (to resolve references through it), so strong entries made a cycle that kept each
    /// ``Storyboard/catalog(registry:bundle:)`` call's catalogs alive for good (about 50 KiB per
    /// call on the nRF Mesh app, found by Stress/fuzz.sh under LeakSanitizer). A catalog lives
    /// while its caller or a controller it made (``ControllerContext/catalog``) holds it; one
    /// no longer held is built again (from the parsed storyboard, reading no file) on next use.
    final class Catalogs: Sendable {
        let bundle: StoryboardBundle
        let registry: ClassRegistry
        /// Containment across the bundle: the scenes no catalog instantiates.
        let containment: StoryboardContainmentAnalysis
        private let built = Locked<[String: WeakCatalog]>([:])

        /// A catalog of the table, not kept alive by it.
        private struct WeakCatalog {
            weak var catalog: SceneCatalog?
        }

        init(bundle: StoryboardBundle, registry: ClassRegistry) {
            self.bundle = bundle
            self.registry = registry
            self.containment = StoryboardContainmentAnalysis(bundle)
        }

        func catalog(for storyboard: Storyboard) -> SceneCatalog {
            let key = storyboard.file ?? "<memory>"
            if let found = built.withLock({ $0[key]?.catalog }) { return found }
            let made = StoryboardCatalogBuilder(storyboard: storyboard, registry: registry, bundle: self)
                .catalog(refusing: containment.refused[key] ?? [:])
            return built.withLock { table in
                if let raced = table[key]?.catalog { return raced }
                table[key] = WeakCatalog(catalog: made)
                return made
            }
        }
    }

    func catalogs(registry: ClassRegistry) -> Catalogs { Catalogs(bundle: self, registry: registry) }

    /// One catalog of every scene of every storyboard of the bundle, by element id: what a
    /// window holding controllers of several storyboards is restored through
    /// (``Window/restoring(_:catalog:id:configuration:)``), since a ``WindowSnapshot`` names
    /// scenes by element id alone.
    ///
    /// Each scene is the one its storyboard's own catalog holds (its segues, its containment,
    /// its references resolved in the bundle); a controller made through this catalog looks its
    /// segues' destinations up here, where its storyboard's element ids are. When two
    /// storyboards share an element id (localized copies of one storyboard do), the copy that
    /// resolution uses wins. Refused scenes stay refused (``SceneCatalog/refusal(of:)``).
    /// - Parameters:
    ///   - registry: Factories, performers and unwind declarations.
    ///   - initial: The initial scene's element id, if any.
    /// - Returns: The catalog.
    public func mergedCatalog(registry: ClassRegistry = ClassRegistry(), initial: String? = nil) -> SceneCatalog {
        let tables = catalogs(registry: registry)
        var ordered = all
        // The copies resolution uses go last, so their scenes win an element id they share.
        let resolving = Set(names.compactMap { storyboard(named: $0)?.file })
        ordered = ordered.filter { !resolving.contains($0.file ?? "") } + ordered.filter { resolving.contains($0.file ?? "") }
        var scenes: [Scene] = []
        var refused: [String: String] = [:]
        for storyboard in ordered {
            scenes += StoryboardCatalogBuilder(storyboard: storyboard, registry: registry, bundle: tables).scenes
            refused.merge(tables.containment.refused[storyboard.file ?? "<memory>"] ?? [:]) { _, new in new }
        }
        return SceneCatalog(scenes, initialScene: initial, identifiersAreStoryboardIDs: false, refused: refused)
    }

    /// Every storyboard reference of ``storyboards`` that does not resolve, with the reason.
    /// - Returns: The errors, in bundle and document order.
    public func unresolvedReferences() -> [StoryboardError] {
        var errors: [StoryboardError] = []
        for storyboard in storyboards {
            for placeholder in storyboard.references {
                do {
                    _ = try resolve(placeholder, in: storyboard)
                } catch {
                    errors.append(error)
                }
            }
        }
        return errors
    }
}
