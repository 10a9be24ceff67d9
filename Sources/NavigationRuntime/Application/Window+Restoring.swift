// NavigationRuntime: a window made from a snapshot, outside any application.

extension Window {
    /// A new window showing the tree of `snapshot`, rebuilt through `catalog`, that no
    /// ``Application`` lists: what ``Application/restore(_:catalog:configuration:)`` does
    /// before it registers the window, for tools that put many windows back into recorded
    /// states (an exploration of an app's navigation states restores one per state it expands).
    ///
    /// The same steps as ``Application/restore(_:catalog:configuration:)``: the whole tree is
    /// validated first (every problem listed), built off-window, then installed in ONE
    /// transition (sequence number 1). The window's traits are the snapshot's (they override
    /// `configuration.traits`).
    ///
    /// - Parameters:
    ///   - snapshot: The tree to rebuild (taken between transitions, it comes back equal up to
    ///     ``WindowSnapshot/normalized()``).
    ///   - catalog: The scenes the snapshot's scene identifiers name.
    ///   - id: The new window's id.
    ///   - configuration: The window's configuration.
    /// - Returns: ``RestorationOutcome/restored(_:)`` with the window, or
    ///   ``RestorationOutcome/failed(_:)`` listing every ``RestorationProblem`` (the window made
    ///   for the attempt, if any, is closed).
    public static func restoring(
        _ snapshot: WindowSnapshot,
        catalog: SceneCatalog,
        id: WindowID = WindowID(1),
        configuration: Configuration = Configuration()
    ) async -> RestorationOutcome {
        var validator = RestorationValidator(catalog: catalog, traits: snapshot.traits)
        if let root = snapshot.root { validator.validate(root) }
        guard validator.problems.isEmpty else { return .failed(validator.problems) }

        var configuration = configuration
        configuration.traits = snapshot.traits
        let window = Window(id: id, configuration: configuration)
        if let root = snapshot.root {
            switch await window.buildRestoration(root, catalog: catalog) {
            case .failed(let problems):
                await window.close()
                return .failed(problems)
            case .built(let tree):
                do {
                    _ = try await window.installRestored(tree)
                } catch {
                    await window.close()
                    let reason: RestorationProblem.Reason =
                        (error as? NavigationError).map { .installFailed($0) } ?? .cancelled
                    return .failed([RestorationProblem(path: "", controller: nil, reason: reason)])
                }
            }
        }
        return .restored(window)
    }
}
