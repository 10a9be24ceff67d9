import Foundation

extension Storyboard {
    /// The storyboard as a ``SceneCatalog`` the runtime instantiates: one scene per controller
    /// (identified by its element id), containers built from their relationships, embedded
    /// children from embed segues, each scene's segues as its segue table.
    ///
    /// Storyboard references resolve against the sibling files in `directory` (the storyboard's
    /// folder by default), each read once, now: the storyboard and those files are one
    /// ``StoryboardBundle`` (see ``catalog(registry:bundle:)``). One that cannot be resolved
    /// becomes a generic controller named `StoryboardReference`; a scene whose containment
    /// closes a cycle through references, or is deeper than ``Window/maximumDepth``, is never
    /// instantiated (``SceneCatalog/refusal(of:)``).
    ///
    /// A split view controller scene with a `compactViewController` relationship becomes a
    /// column-style split (``SplitViewController/init(context:primaryColumn:secondaryColumn:compactColumn:modalPresentationStyle:definesPresentationContext:delegate:)``,
    /// R5.7): `masterViewController` is the primary column, `detailViewController` the
    /// secondary, `compactViewController` the compact one. Without it, the split is classic.
    /// Relationships the runtime does not model (`supplementaryViewController`) are not
    /// instantiated; ``StoryboardLint`` reports them (`unsupported-relationship`).
    public func catalog(registry: ClassRegistry = ClassRegistry(), directory: URL? = nil) -> SceneCatalog {
        let supporting = StoryboardLint.referencedSiblings(of: self, in: directory)
        return catalog(registry: registry, bundle: StoryboardBundle(storyboards: [self], supporting: supporting))
    }

    /// The storyboard as a ``SceneCatalog`` whose storyboard references resolve in an app's
    /// bundle, by storyboard name, as UIKit resolves them (``StoryboardBundle/resolve(_:in:)``).
    ///
    /// Every storyboard of the bundle is parsed once, before: instantiating a referenced scene
    /// reads no file. A reference that cannot be resolved becomes a generic controller named
    /// `StoryboardReference`; check ``StoryboardBundle/unresolvedReferences()`` first to refuse
    /// such an app loudly. A scene whose containment closes a cycle through references or is
    /// deeper than ``Window/maximumDepth`` is never instantiated: ``SceneCatalog/refusal(of:)``
    /// says why (``StoryboardBundle/containmentProblems()`` lists them first).
    /// - Parameters:
    ///   - registry: Factories, performers and unwind declarations.
    ///   - bundle: The app's storyboards.
    /// - Returns: The catalog.
    public func catalog(registry: ClassRegistry = ClassRegistry(), bundle: StoryboardBundle) -> SceneCatalog {
        bundle.catalogs(registry: registry).catalog(for: self)
    }
}

/// Builds a ``SceneCatalog`` from a ``Storyboard``.
struct StoryboardCatalogBuilder: Sendable {
    let storyboard: Storyboard
    let registry: ClassRegistry
    /// References resolve here.
    let bundle: StoryboardBundle.Catalogs

    /// The catalog; the scenes of `refused` (controller id → why) are never instantiated.
    func catalog(refusing refused: [String: String]) -> SceneCatalog {
        SceneCatalog(
            storyboard.scenes.map(scene(for:)),
            initialScene: storyboard.initialViewControllerID,
            identifiersAreStoryboardIDs: false,
            refused: refused
        )
    }

    /// The storyboard's scenes as the catalog holds them.
    var scenes: [Scene] { storyboard.scenes.map(scene(for:)) }

    private func scene(for scene: StoryboardScene) -> Scene {
        let segues = scene.segues.compactMap(definition(for:))
        let builder = self
        // Worked out once per scene, not at every instantiation (a computed property).
        let relationships = scene.relationships
        var made = Scene(
            scene.controllerID,
            // The one class-name rule (`ControllerSnapshot.className(of:)`); a reference's
            // controller is named by what it resolves to ("StoryboardReference" if nothing).
            className: scene.kind == .viewControllerPlaceholder ? nil : scene.className,
            storyboardIdentifier: scene.storyboardIdentifier,
            segues: segues
        ) { context in
            builder.make(scene, relationships: relationships, context: context)
        }
        made.pageStyle = scene.pageStyle
        // The kinds `make` builds without a registered class's factory (see its switch).
        switch scene.kind {
        case .navigationController: made.madeKind = .navigation
        case .tabBarController: made.madeKind = .tabBar
        case .splitViewController: made.madeKind = .split
        default: break
        }
        return made
    }

    /// One segue of a scene as the runtime performs it (R2.1–R2.13).
    private func definition(for segue: StoryboardSegue) -> SegueDefinition? {
        let kind: SegueKind
        switch segue.kind {
        case .show: kind = .show
        case .showDetail: kind = .showDetail
        case .replace: kind = .replace
        case .presentation, .modal:
            if let performer = registry.performer(for: segue) {
                kind = .custom(performer)
            } else {
                kind = .presentModally(segue.modalPresentationStyle.flatMap(PresentationStyle.init(storyboardName:)))
            }
        case .popoverPresentation, .popover: kind = .presentAsPopover
        case .push: kind = .push
        case .unwind:
            guard let action = segue.unwindAction else { return nil }
            // A custom unwind segue class (iOS 9+) performs the unwind's visual part through its
            // registered performer (R7.7). With no registered performer it is the standard
            // unwind, as an unregistered forward custom segue falls back to a modal (DESIGN §12).
            var definition = SegueDefinition(
                unwind: action,
                identifier: segue.identifier,
                performer: registry.performer(for: segue),
                animates: segue.animates ?? true,
                elementID: segue.id,
                triggerID: segue.trigger.elementID
            )
            definition.destination = segue.destinationID
            return definition
        case .custom:
            // No registered performer: present modally, full screen (DESIGN §12).
            kind = registry.performer(for: segue).map(SegueKind.custom) ?? .presentModally(.fullScreen)
        default:
            return nil  // relationship and embed segues are containment, not segues
        }
        var definition = SegueDefinition(
            identifier: segue.identifier,
            kind: kind,
            destination: segue.destinationID,
            animates: segue.animates ?? true,
            elementID: segue.id,
            triggerID: segue.trigger.elementID
        )
        if segue.kind == .custom, kind.performer == nil {
            definition.customClassWithoutPerformer = segue.customClass ?? "UIStoryboardSegue"
        }
        return definition
    }

    /// Makes a scene's controller and, first, the children its relationships name.
    private func make(
        _ scene: StoryboardScene, relationships: [StoryboardRelationship], context: ControllerContext
    ) -> any ViewController {
        let window = context.window
        func child(_ id: String) -> (any ViewController)? { context.catalog?.instantiate(id, in: window) }
        func children(_ kind: StoryboardRelationship.Kind) -> [any ViewController] {
            relationships.filter { $0.kind == kind }.compactMap { child($0.destinationID) }
        }
        if scene.kind == .viewControllerPlaceholder {
            return reference(scene, context: context)
        }
        switch scene.kind {
        case .navigationController:
            return NavigationController(context: context, viewControllers: children(.rootViewController))
        case .tabBarController:
            return TabBarController(context: context, viewControllers: children(.viewControllers))
        case .pageViewController:
            // A registered class makes its own (with its data source); otherwise the scene's
            // style, and no pages: a storyboard has none, the app sets them in code (R5.13).
            if let factory = registry.factory(for: scene) { return factory(context, children(.embed)) }
            return PageViewController(context: context, storyboardStyle: scene.pageStyle)
        case .splitViewController:
            let primary = children(.masterViewController).first ?? GenericViewController(context: context.makeContext())
            if relationships.contains(where: { $0.kind == .compactViewController }) {
                // Column style (iOS 14, R5.7); see `StoryboardRelationship.Kind.compactViewController`.
                return SplitViewController(
                    context: context,
                    primaryColumn: primary,
                    secondaryColumn: children(.detailViewController).first,
                    compactColumn: children(.compactViewController).first
                )
            }
            let secondary = children(.detailViewController).first ?? GenericViewController(context: context.makeContext())
            return SplitViewController(context: context, primary: primary, secondary: secondary)
        default:
            let embedded = children(.embed)
            if let factory = registry.factory(for: scene) {
                return factory(context, embedded)
            }
            return GenericViewController(
                context: context,
                className: scene.className,
                declarations: registry.declarations,
                children: embedded
            )
        }
    }

    /// A storyboard reference, resolved in the bundle when it is instantiated.
    private func reference(_ scene: StoryboardScene, context: ControllerContext) -> any ViewController {
        guard let resolved = try? bundle.bundle.resolve(scene, in: storyboard) else {
            return GenericViewController(context: context, className: "StoryboardReference")
        }
        return bundle.catalog(for: resolved.storyboard).instantiate(resolved.scene.controllerID, in: context.window)
            ?? GenericViewController(context: context, className: "StoryboardReference")
    }
}

extension PresentationStyle {
    /// The style a storyboard's `modalPresentationStyle` attribute names, if it names one.
    init?(storyboardName name: String) {
        switch name {
        case "fullScreen": self = .fullScreen
        case "overFullScreen": self = .overFullScreen
        case "currentContext": self = .currentContext
        case "overCurrentContext": self = .overCurrentContext
        case "pageSheet": self = .pageSheet
        case "formSheet": self = .formSheet
        case "popover": self = .popover
        case "automatic": self = .automatic
        default: return nil
        }
    }
}
