/// One scene: how to make its controller, and its segue table.
///
/// Scenes are built in Swift (here) or from a storyboard. A controller instantiated from a
/// scene keeps it in its ``ControllerContext/scene``;
/// ``ViewController/performSegue(withIdentifier:sender:animated:policy:)`` looks identifiers up
/// in it (R1.3).
public struct Scene: Sendable {
    /// The scene's identifier in its catalog (a storyboard identifier or element id).
    public var identifier: String
    /// The controller's class name, for reports (`customClass` in a storyboard).
    public var className: String?
    /// The storyboard identifier (`storyboardIdentifier`), if the scene has one.
    public var storyboardIdentifier: String?
    /// The segues that start in this scene.
    public var segues: [SegueDefinition]
    /// Makes the scene's controller with the context it is given.
    public var make: @Sendable (ControllerContext) -> any ViewController
    /// A storyboard `<pageViewController>`'s style (R5.13): what a registered page view
    /// controller class's factory reads to make one as the storyboard configures it
    /// (``PageViewController/init(context:storyboardStyle:viewControllers:dataSource:delegate:)``).
    public var pageStyle: StoryboardPageStyle?
    /// The kind of every controller ``make`` makes, when the catalog knows it without making
    /// one (a storyboard's navigation, tab bar and split view controller scenes, which no
    /// registered class replaces), else `nil`. Restoration reads it to check a container's
    /// kind instead of making the scene's controller (and its whole relationship subtree) to
    /// look at it and throw it away.
    var madeKind: ControllerKind?

    /// Creates a scene.
    public init(
        _ identifier: String,
        className: String? = nil,
        storyboardIdentifier: String? = nil,
        segues: [SegueDefinition] = [],
        make: @escaping @Sendable (ControllerContext) -> any ViewController
    ) {
        self.identifier = identifier
        self.className = className
        self.storyboardIdentifier = storyboardIdentifier
        self.segues = segues
        self.make = make
    }

    /// The segue with this identifier, or (for storyboards) this element or trigger id.
    public func segue(named name: String) -> SegueDefinition? {
        segueIndex(named: name).map { segues[$0] }
    }

    /// The index in ``segues`` of the segue ``segue(named:)`` returns: the first with this
    /// identifier, else the first with this element or trigger id. The one rule for both.
    func segueIndex(named name: String) -> Int? {
        segues.firstIndex { $0.identifier == name } ?? segues.firstIndex { $0.elementID == name || $0.triggerID == name }
    }
}

/// A segue as a scene declares it: the template the runtime makes a ``Segue`` from.
public struct SegueDefinition: Sendable {
    /// The storyboard identifier, if it has one.
    public var identifier: String?
    /// The storyboard element id, if loaded from a storyboard.
    public var elementID: String?
    /// The id of the element that triggers it (a button, a cell), if any.
    public var triggerID: String?
    /// What the segue does.
    public var kind: SegueKind
    /// The identifier of the destination scene in the same catalog (unused, and empty, for an
    /// unwind segue: its destination is found at run time, R7.4).
    public var destination: String
    /// Whether it animates (`animates="NO"` in a storyboard turns it off).
    public var animates: Bool
    /// An unwind segue's custom class (a `customClass` on `<segue kind="unwind">`, iOS 9+):
    /// it performs the unwind's visual part. `nil` for the standard unwind and for every other
    /// kind (a custom forward segue carries its performer in ``SegueKind/custom(_:)``). A
    /// controller on the unwind path that answers ``ViewController/segueForUnwinding(to:from:identifier:)``
    /// takes precedence over it (R7.7).
    public var unwindPerformer: (any SeguePerformer)? {
        get { unwindPerformerBox?.performer }
        set { unwindPerformerBox = newValue.map(SeguePerformerBox.init) }
    }
    /// ``unwindPerformer``, boxed: a stored `(any SeguePerformer)?` (an opaque existential)
    /// would make the definition address-only, so that reading one of its fields in the scene's
    /// array copied the whole definition through its value witnesses. `nil` when there is none.
    private var unwindPerformerBox: SeguePerformerBox?
    /// The class of a storyboard `custom` segue that no performer is registered for, else
    /// `nil`. The runtime cannot run the class's `perform()`, so it presents the destination
    /// modally, full screen, in its place (``kind`` says so); in UIKit `perform()`
    /// decides what happens (R2.13: it may set a container's children, present over the current
    /// context, push). What follows from such a segue is an assumption, and the findings of
    /// `NavigationExplorer` (in NavigationRuntimeTesting) say so.
    public var customClassWithoutPerformer: String?

    /// Creates a segue definition.
    public init(
        identifier: String?,
        kind: SegueKind,
        destination: String,
        animates: Bool = true,
        elementID: String? = nil,
        triggerID: String? = nil
    ) {
        self.identifier = identifier
        self.kind = kind
        self.destination = destination
        self.animates = animates
        self.elementID = elementID
        self.triggerID = triggerID
    }

    /// Creates an unwind segue definition (§7): no destination scene, since an unwind finds
    /// its destination at run time (R7.4).
    ///
    /// ```swift
    /// SegueDefinition(unwind: "unwindToFirst:", identifier: "back", performer: SlideDownUnwind())
    /// ```
    ///
    /// - Parameters:
    ///   - action: The unwind action as Interface Builder writes it (`unwindToMain:`).
    ///   - identifier: The storyboard identifier, if any (R7.11).
    ///   - performer: The custom unwind segue, if any (see ``unwindPerformer``).
    ///   - animates: Whether it animates.
    ///   - elementID: The storyboard element id, if any.
    ///   - triggerID: The id of the element that triggers it, if any.
    public init(
        unwind action: String,
        identifier: String? = nil,
        performer: (any SeguePerformer)? = nil,
        animates: Bool = true,
        elementID: String? = nil,
        triggerID: String? = nil
    ) {
        self.init(
            identifier: identifier, kind: .unwind(action: action), destination: "", animates: animates,
            elementID: elementID, triggerID: triggerID
        )
        self.unwindPerformer = performer
    }
}

/// A segue performer in a box: a single reference, where `any SeguePerformer` (not class-bound)
/// is an opaque existential that makes any value holding it address-only.
final class SeguePerformerBox: Sendable {
    /// The performer.
    let performer: any SeguePerformer

    init(_ performer: any SeguePerformer) { self.performer = performer }
}

/// The scenes of one storyboard (or one flow built in code), by identifier.
///
/// ```swift
/// let catalog = SceneCatalog([
///     Scene("nav") { context in
///         NavigationController(context: context, rootViewController: context.instantiate("home")!)
///     },
///     Scene("home", segues: [SegueDefinition(identifier: "detail", kind: .show, destination: "detail")]) {
///         GenericViewController(context: $0)
///     },
///     Scene("detail") { GenericViewController(context: $0) },
/// ])
/// ```
public final class SceneCatalog: Sendable {
    /// The scenes by identifier.
    public let scenes: [String: Scene]
    /// The same scenes, each stored once and shared by the contexts of its instances.
    private let storage: [String: SceneStorage]
    /// The stored scenes by ``SceneStorage/slot``: a segue's destination is found by its
    /// position (``SceneStorage/destinationSlots``), not by hashing its identifier.
    private let slots: [SceneStorage]
    /// The identifier of the initial scene (a storyboard's initial view controller), if any:
    /// what ``instantiateInitialViewController(in:)`` makes.
    public let initialSceneIdentifier: String?
    /// Storyboard ID → scene identifier, for ``instantiateViewController(withIdentifier:in:)``.
    let storyboardIdentifiers: [String: String]
    /// Scene identifier → why a storyboard's scene is never instantiated.
    private let refused: [String: String]

    /// Creates a catalog. When two scenes share an identifier, the last one wins.
    ///
    /// - Parameters:
    ///   - scenes: The scenes.
    ///   - initialScene: The identifier of the initial scene, if the flow has one.
    ///
    /// A scene is found by storyboard ID (``instantiateViewController(withIdentifier:in:)``) by
    /// its ``Scene/storyboardIdentifier``, or, when it has none, by its ``Scene/identifier``: a
    /// scene built in Swift is named by its identifier.
    public convenience init(_ scenes: [Scene], initialScene: String? = nil) {
        self.init(scenes, initialScene: initialScene, identifiersAreStoryboardIDs: true)
    }

    /// Creates a catalog; `identifiersAreStoryboardIDs` is `false` for a storyboard's catalog,
    /// whose scene identifiers are Interface Builder element ids, never storyboard IDs (UIKit).
    init(_ scenes: [Scene], initialScene: String?, identifiersAreStoryboardIDs: Bool, refused: [String: String] = [:]) {
        self.refused = refused
        var byIdentifier: [String: Scene] = [:]
        for scene in scenes { byIdentifier[scene.identifier] = scene }
        self.scenes = byIdentifier
        let entries = Array(byIdentifier)
        var positions: [String: Int] = [:]
        for (position, entry) in entries.enumerated() { positions[entry.key] = position }
        let slots = entries.enumerated().map { position, entry in
            SceneStorage(
                entry.value, slot: position,
                destinationSlots: entry.value.segues.map { positions[$0.destination] ?? -1 },
                isRefused: refused[entry.key] != nil
            )
        }
        self.slots = slots
        self.storage = Dictionary(uniqueKeysWithValues: zip(entries.map(\.key), slots))
        self.initialSceneIdentifier = initialScene
        var storyboardIdentifiers: [String: String] = [:]
        for scene in scenes {
            if let storyboardIdentifier = scene.storyboardIdentifier, storyboardIdentifiers[storyboardIdentifier] == nil {
                storyboardIdentifiers[storyboardIdentifier] = scene.identifier
            }
        }
        if identifiersAreStoryboardIDs {
            for scene in scenes where scene.storyboardIdentifier == nil && storyboardIdentifiers[scene.identifier] == nil {
                storyboardIdentifiers[scene.identifier] = scene.identifier
            }
        }
        self.storyboardIdentifiers = storyboardIdentifiers
    }

    /// Makes the controller of the scene with this identifier in `window`, or `nil` if there
    /// is no such scene or the catalog refuses to make it (``refusal(of:)``).
    public func instantiate(_ identifier: String, in window: Window) -> (any ViewController)? {
        guard let stored = storage[identifier], !stored.isRefused else { return nil }
        return stored.scene.make(window.makeContext(sharing: stored, catalog: self))
    }

    /// Makes the destination of the segue at `index` in `source`'s scene, as
    /// ``instantiate(_:in:)`` makes it by the segue's ``SegueDefinition/destination``: through
    /// the slot worked out with the catalog when `source` is one of its stored scenes (no
    /// hashing of the identifier on a segue's way), else by name.
    func instantiateDestination(ofSegue index: Int, in source: SceneStorage, window: Window) -> (any ViewController)? {
        guard source.slot >= 0, source.slot < slots.count, slots[source.slot] === source else {
            return instantiate(source.scene.segues[index].destination, in: window)
        }
        let slot = source.destinationSlots[index]
        guard slot >= 0, !slots[slot].isRefused else { return nil }
        return slots[slot].scene.make(window.makeContext(sharing: slots[slot], catalog: self))
    }
}

extension SceneCatalog {
    /// The identifier of the scene a deep link names: its ``Scene/identifier`` (a storyboard
    /// scene's element id), or else its Storyboard ID (as
    /// ``instantiateViewController(withIdentifier:in:)`` finds it); `nil` if neither names one.
    func sceneIdentifier(named name: String) -> String? {
        storage[name] != nil ? name : storyboardIdentifiers[name]
    }

    /// Why the scene with this identifier is never instantiated, if it is refused: a storyboard
    /// scene whose containment closes a cycle through storyboard references or is deeper than
    /// ``Window/maximumDepth`` (see ``StoryboardBundle/containmentProblems()``).
    /// - Parameter identifier: A scene identifier.
    /// - Returns: The reason, or `nil` when the scene is not refused (or does not exist).
    public func refusal(of identifier: String) -> String? { refused[identifier] }

    /// What a failed ``instantiate(_:in:)`` of this scene means, for messages.
    func failure(instantiating identifier: String) -> String {
        refusal(of: identifier).map { "which cannot be instantiated: \($0)" } ?? "which does not exist"
    }
}

/// A scene stored once, by reference: every context of the scene's instances points at it.
final class SceneStorage: Sendable {
    let scene: Scene
    /// ``TreeHasher/word(for:)`` of the scene's identifier, worked out once: what a
    /// ``Window/TreeDigest`` hashes for each controller of the scene, instead of its bytes.
    let identifierWord: UInt64
    /// The scene's position in its catalog's stored scenes, or -1 outside a catalog (a
    /// context made with a scene of its own, ``Window/makeContext(scene:catalog:)``).
    let slot: Int
    /// Per segue of the scene, the slot of its destination in the same catalog, or -1 when
    /// the catalog has no such scene (or outside a catalog: empty).
    let destinationSlots: [Int]
    /// Whether the catalog refuses to make the scene (``SceneCatalog/refusal(of:)``).
    let isRefused: Bool

    /// A scene stored outside a catalog.
    convenience init(_ scene: Scene) {
        self.init(scene, slot: -1, destinationSlots: [], isRefused: false)
    }

    init(_ scene: Scene, slot: Int, destinationSlots: [Int], isRefused: Bool) {
        self.scene = scene
        self.identifierWord = TreeHasher.word(for: scene.identifier)
        self.slot = slot
        self.destinationSlots = destinationSlots
        self.isRefused = isRefused
    }

    /// The scene's segue with this identifier (see ``Scene/segue(named:)``), read in place.
    func segue(named name: String) -> SegueDefinition? {
        scene.segue(named: name)
    }

    /// The index in the scene's `segues` of the segue with this identifier (the one
    /// ``Scene/segue(named:)`` returns), for a caller that reads a few of its fields in place
    /// (`scene.segues[index].kind`) instead of copying the whole definition (a retain and a
    /// release for each of its strings).
    func segueIndex(named name: String) -> Int? {
        scene.segueIndex(named: name)
    }
}
