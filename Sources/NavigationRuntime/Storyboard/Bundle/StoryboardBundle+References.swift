// NavigationRuntime: storyboard references resolved across an app.

extension StoryboardBundle {
    /// Where a storyboard reference leads: the storyboard and the scene that stand in for it.
    public struct ResolvedReference: Sendable {
        /// The storyboard that holds the target.
        public var storyboard: Storyboard
        /// The target scene: never a placeholder (chains of references are followed).
        public var scene: StoryboardScene
    }

    /// Resolves a storyboard reference as UIKit does: by storyboard name anywhere in the app
    /// (a reference with no name points into `storyboard` itself; of two storyboards of that
    /// name in different folders, the nearest: ``storyboard(named:from:)``), to the scene with
    /// the `referencedIdentifier`, or to that storyboard's initial controller.
    ///
    /// A target that is itself a reference is followed, and a chain that comes back to a
    /// placeholder it passed is a cycle (UIKit would recurse until the process crashes).
    /// - Parameters:
    ///   - placeholder: A scene whose ``StoryboardScene/reference`` is set.
    ///   - storyboard: The storyboard that holds it.
    /// - Returns: The target.
    /// - Throws: ``StoryboardError``: `.invalidReferenceName`, `.referencedFileNotFound` (no
    ///   storyboard of that name in the app), `.referencedIdentifierNotFound`, or
    ///   `.referenceCycle` naming the chain (`A -> B -> A`; a placeholder reached by
    ///   identifier as `A:identifier`, e.g. `Main:X -> Main:Y -> Main:X`), at the
    ///   placeholder's location.
    public func resolve(_ placeholder: StoryboardScene, in storyboard: Storyboard) throws(StoryboardError) -> ResolvedReference {
        var work = 0
        return try resolve(placeholder, in: storyboard, work: &work)
    }

    /// ``resolve(_:in:)``, counting in `work` the scenes looked at to find each target: one per
    /// reference followed through the bundle's index (issue 18: each step scanned its target
    /// storyboard's scenes, so a chain of references was quadratic).
    func resolve(_ placeholder: StoryboardScene, in storyboard: Storyboard, work: inout Int) throws(StoryboardError) -> ResolvedReference {
        let origin = placeholder.controllerLocation ?? placeholder.location
        var current = (storyboard: storyboard, scene: placeholder)
        var visited: [String] = []
        var passed: Set<[String]> = []
        // How the chain names the placeholder it is on: `Name` when reached as the initial
        // controller, `Name:identifier` when reached by identifier (the origin by its own
        // storyboard identifier, if it has one), so a cycle inside one storyboard names
        // its placeholders (`Main:X -> Main:Y -> Main:X`), not `Main -> Main -> Main`.
        var identifier = placeholder.storyboardIdentifier
        while let reference = current.scene.reference {
            let file = current.storyboard.file ?? "<memory>"
            let name = (current.storyboard.file.flatMap(Self.name(ofFile:)) ?? "(this)") + (identifier.map { ":" + $0 } ?? "")
            guard passed.insert([file, current.scene.controllerID]).inserted else {
                let chain = (visited + [name]).joined(separator: " -> ")
                throw StoryboardError(.referenceCycle, "storyboard reference cycle \(chain)", at: origin)
            }
            visited.append(name)
            current = try step(reference, from: current.scene, in: current.storyboard, work: &work)
            identifier = reference.referencedIdentifier
        }
        return ResolvedReference(storyboard: current.storyboard, scene: current.scene)
    }

    /// One reference, one level.
    private func step(
        _ reference: StoryboardReference, from placeholder: StoryboardScene, in storyboard: Storyboard, work: inout Int
    ) throws(StoryboardError) -> (storyboard: Storyboard, scene: StoryboardScene) {
        let location = placeholder.controllerLocation ?? placeholder.location
        let target: Storyboard
        if let name = reference.storyboardName {
            guard StoryboardLoader.isValidReferenceName(name) else {
                throw StoryboardError(.invalidReferenceName, "storyboard reference name '\(name)' must be a plain storyboard name", at: location)
            }
            guard let found = self.storyboard(named: name, from: storyboard.file) else {
                throw StoryboardError(.referencedFileNotFound, "the app has no storyboard named '\(name)' (\(name).storyboard)", at: location)
            }
            target = found
        } else {
            target = storyboard
        }
        let label = reference.storyboardName ?? "(this)"
        if let identifier = reference.referencedIdentifier {
            guard let scene = scene(storyboardIdentifier: identifier, in: target, work: &work),
                scene.controllerID != placeholder.controllerID || reference.storyboardName != nil
            else {
                throw StoryboardError(.referencedIdentifierNotFound, "storyboard '\(label)' has no controller with identifier '\(identifier)'", at: location)
            }
            return (target, scene)
        }
        guard reference.storyboardName != nil, let id = target.initialViewControllerID,
            let scene = scene(in: target, work: &work, indexed: { $0.byControllerID[id] }, matches: { $0.controllerID == id })
        else {
            throw StoryboardError(.referencedIdentifierNotFound, "storyboard '\(label)' has no initial view controller to reference", at: location)
        }
        return (target, scene)
    }
}
