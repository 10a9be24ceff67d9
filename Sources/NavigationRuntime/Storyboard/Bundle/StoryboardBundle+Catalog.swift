// NavigationRuntime: scene catalogs of an app's storyboards.

import Synchronization

extension StoryboardBundle {
    /// The scene catalogs of a bundle's storyboards, each built once, on first use.
    final class Catalogs: Sendable {
        let bundle: StoryboardBundle
        let registry: ClassRegistry
        /// Containment across the bundle: the scenes no catalog instantiates.
        let containment: StoryboardContainmentAnalysis
        private let built = Locked<[String: SceneCatalog]>([:])

        init(bundle: StoryboardBundle, registry: ClassRegistry) {
            self.bundle = bundle
            self.registry = registry
            self.containment = StoryboardContainmentAnalysis(bundle)
        }

        func catalog(for storyboard: Storyboard) -> SceneCatalog {
            let key = storyboard.file ?? "<memory>"
            if let found = built.withLock({ $0[key] }) { return found }
            let made = StoryboardCatalogBuilder(storyboard: storyboard, registry: registry, bundle: self)
                .catalog(refusing: containment.refused[key] ?? [:])
            return built.withLock { table in
                if let raced = table[key] { return raced }
                table[key] = made
                return made
            }
        }
    }

    func catalogs(registry: ClassRegistry) -> Catalogs { Catalogs(bundle: self, registry: registry) }

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
