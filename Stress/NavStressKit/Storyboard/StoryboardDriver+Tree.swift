// NavStressKit: what a `drive` step names, found in the window's tree: a controller by element
// id, storyboard ID or class; the innermost container on the top path; the top path itself.

import NavigationRuntime
import NavigationRuntimeTesting

extension StoryboardDriver {
    /// The controller SOURCE names, currently in the tree: an element id of a scene of the app,
    /// else a storyboard identifier (any storyboard of the app), else a custom class name that
    /// only one scene in the tree has. Among instances of one scene, the most recent wins.
    func controller(_ name: String) async throws -> any ViewController {
        let snapshot = await window.snapshot()
        let all = snapshot.allControllers
        var sceneIDs: Set<String> = [name]
        var how = "element id"
        if app.scenesByID[name] == nil {
            let byIdentifier = app.bundle.scenes(storyboardIdentifier: name).map(\.scene.controllerID)
            if !byIdentifier.isEmpty {
                sceneIDs = Set(byIdentifier)
                how = "storyboard ID"
            } else {
                // A class: the scenes in the tree whose custom class it is.
                let inTree = Set(all.compactMap(\.scene))
                let candidates = inTree.filter { id in app.scenesByID[id]?.contains { $0.scene.customClass == name } ?? false }
                if candidates.count > 1 {
                    let listed = candidates.sorted().map { id in all.last(where: { $0.scene == id }).map(describe) ?? id }
                    throw DriveFailure(reason: "class '\(DriveStep.echo(name))' is ambiguous: \(candidates.count) scenes in the window's tree have it (\(listed.joined(separator: ", "))); name one by element id or storyboard ID")
                }
                if !candidates.isEmpty {
                    sceneIDs = candidates
                    how = "class"
                }
            }
        }
        guard let match = all.filter({ $0.scene.map(sceneIDs.contains) ?? false }).max(by: { $0.id < $1.id }),
            let controller = await find(match.id)
        else {
            if app.scenesByID[name] != nil || how != "element id" {
                throw DriveFailure(reason: "no controller '\(DriveStep.echo(name))' (\(how)) in the window's tree")
            }
            // Not an element id or storyboard ID, and no scene in the tree has it as its class:
            // say whether some scene of the app has that class (not instantiated now) or none.
            let withClass = app.controllerScenesByID.filter { $0.value.contains { $0.customClass == name } }.map(\.key).sorted()
            guard !withClass.isEmpty else {
                throw DriveFailure(reason: "no controller '\(DriveStep.echo(name))' in the window's tree (no scene of the app has that element id, storyboard ID or class)")
            }
            let listed = withClass.prefix(5).joined(separator: ", ") + (withClass.count > 5 ? " +\(withClass.count - 5) more" : "")
            throw DriveFailure(
                reason: "class '\(DriveStep.echo(name))' is the class of scene\(withClass.count == 1 ? "" : "s") \(listed), but none is in the window's tree now"
            )
        }
        return controller
    }

    func find(_ id: ControllerID) async -> (any ViewController)? {
        await window.controller(id)
    }

    /// The navigation controller `back` pops: ``WindowSnapshot/poppableNavigation`` (the
    /// definition `explore` plans its `back` actions with), found in the window.
    func innermostPoppableNavigation() async -> NavigationController? {
        guard let id = await window.snapshot().poppableNavigation?.id else { return nil }
        return await find(id) as? NavigationController
    }

    /// The innermost container of a type on the path `top` follows.
    func innermost<C: ViewController>(_ type: C.Type) async -> C? {
        var found: C?
        for id in Self.topPath(await window.snapshot()) {
            if let container = await find(id) as? C { found = container }
        }
        return found
    }

    /// The last presented controller of the presentation chain, if any.
    static func lastPresented(_ snapshot: WindowSnapshot) -> ControllerID? {
        snapshot.lastPresented?.id
    }

    /// The path from the root to the top-most visible content controller (DESIGN §12):
    /// ``WindowSnapshot/topPath``, shared with `explore`.
    static func topPath(_ snapshot: WindowSnapshot) -> [ControllerID] {
        snapshot.topPath.map(\.id)
    }

    /// The element id of the top-most visible content controller.
    static func top(of snapshot: WindowSnapshot) -> String? {
        guard let id = topPath(snapshot).last else { return nil }
        return snapshot.controller(id)?.scene
    }
}
