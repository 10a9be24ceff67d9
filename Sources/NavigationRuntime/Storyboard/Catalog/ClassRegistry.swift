import Synchronization

/// Maps the class names a storyboard names to code: controller factories, custom segue
/// performers, and the unwind actions each controller class implements.
///
/// A class with no factory becomes a ``GenericViewController``, and a custom segue class with
/// no performer presents its destination modally, full screen, so that any real
/// storyboard can be driven.
public struct ClassRegistry: Sendable {
    /// Makes a controller for a scene: given its context (``ControllerContext/scene`` is the
    /// scene, class name included) and the controllers of its `embed` segues, already made, in
    /// the storyboard's order. A registered container class is a content scene to the
    /// storyboard: its children are the embedded ones, never relationship children.
    public typealias Factory = @Sendable (ControllerContext, [any ViewController]) -> any ViewController

    private var factories: [String: Factory] = [:]
    private var performers: [String: any SeguePerformer] = [:]
    /// The unwind actions declared per class and per scene. Shared by reference: a declaration
    /// made after a controller was created applies to it too (a `handles` step in `drive`).
    public let declarations = UnwindDeclarations()

    /// An empty registry: every class falls back to the generic controller.
    public init() {}

    /// Registers the factory for a controller class: its bare name as the scene's `customClass`
    /// writes it (`MealTableViewController`), or qualified by its module as Swift's runtime
    /// names it (`FoodTracker.MealTableViewController`, `String(reflecting:)`).
    ///
    /// A bare name matches every scene whose `customClass` is that name. A qualified name
    /// `Module.Class` matches a scene whose `customClass` is `Class` and whose `customModule`
    /// is `Module`, or that names no module, or whose `customModuleProvider` is `target`
    /// (Interface Builder's "Inherit Module From Target": the class is in whichever target
    /// builds the storyboard, whatever module name was written); a scene of another module is
    /// not matched. UIKit resolves a scene's class as `NSClassFromString("Module.Class")`, so
    /// the two spellings name the same class there. The most precise registration wins:
    /// `Module.Class` for the scene's own module, then the bare name, then a qualified one
    /// (only if exactly one module registers that class). A name no scene matches leaves its
    /// scenes generic: ``Storyboard/unusedRegistrations(in:)`` finds such names.
    public mutating func register(controller className: String, factory: @escaping Factory) {
        factories[className] = factory
    }

    /// Registers the performer of a custom segue class: bare or qualified by its module, matched
    /// against a segue's `customClass` and `customModule` as
    /// ``register(controller:factory:)`` matches scenes.
    public mutating func register(segue className: String, performer: any SeguePerformer) {
        performers[className] = performer
    }

    /// Declares that a controller class handles these unwind actions (`goBack:`).
    public func declare(unwindActions: Set<String>, forClass className: String) {
        declarations.declare(unwindActions, forClass: className)
    }

    /// Declares that every instance of one scene (its controller's element id) handles these.
    public func declare(unwindActions: Set<String>, forScene controllerID: String) {
        declarations.declare(unwindActions, forScene: controllerID)
    }

    /// Declares what a source scan found (``UnwindActionScanner``): class name → actions.
    public func declare(scanned: [String: Set<String>]) {
        for (className, actions) in scanned { declare(unwindActions: actions, forClass: className) }
    }

    /// The factory registered for a scene's class, if any.
    func factory(for scene: StoryboardScene) -> Factory? {
        Self.lookup(factories, className: scene.customClass, module: scene.customModule, provider: scene.customModuleProvider)
    }

    /// The performer registered for a segue's class, if any.
    func performer(for segue: StoryboardSegue) -> (any SeguePerformer)? {
        Self.lookup(performers, className: segue.customClass, module: segue.customModule, provider: segue.customModuleProvider)
    }

    /// The controller class names registered (as registered).
    var controllerNames: Set<String> { Set(factories.keys) }

    /// The segue class names registered (as registered).
    var segueNames: Set<String> { Set(performers.keys) }

    /// Whether a registered name (bare or `Module.Class`) names this class, as
    /// ``register(controller:factory:)`` describes.
    static func matches(_ registered: String, className: String?, module: String?, provider: String?) -> Bool {
        guard let className, !className.isEmpty else { return false }
        if registered == className { return true }
        guard let (registeredModule, registeredClass) = split(registered), registeredClass == className else { return false }
        return module == nil || module == "" || module == registeredModule || provider == "target"
    }

    /// `Module.Class` → (`Module`, `Class`); `nil` for a bare name.
    private static func split(_ name: String) -> (module: String, className: String)? {
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
            return nil
        }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    private static func lookup<Value>(_ table: [String: Value], className: String?, module: String?, provider: String?) -> Value? {
        key(in: table, className: className, module: module, provider: provider).flatMap { table[$0] }
    }

    /// The registered name a class resolves to, as ``register(controller:factory:)`` describes.
    static func key<Value>(in table: [String: Value], className: String?, module: String?, provider: String?) -> String? {
        guard let className, !className.isEmpty else { return nil }
        if let module, !module.isEmpty, table[module + "." + className] != nil { return module + "." + className }
        if table[className] != nil { return className }
        let qualified = table.keys.filter { $0 != className && matches($0, className: className, module: module, provider: provider) }
        return qualified.count == 1 ? qualified.first : nil
    }

    /// The registered names (controllers and segues) no scene or segue of these storyboards
    /// resolves to.
    func unusedNames(in storyboards: [Storyboard]) -> [String] {
        var usedControllers = Set<String>()
        var usedSegues = Set<String>()
        for storyboard in storyboards {
            for scene in storyboard.scenes {
                if let used = Self.key(
                    in: factories, className: scene.customClass, module: scene.customModule, provider: scene.customModuleProvider)
                {
                    usedControllers.insert(used)
                }
                for segue in scene.segues {
                    if let used = Self.key(
                        in: performers, className: segue.customClass, module: segue.customModule, provider: segue.customModuleProvider)
                    {
                        usedSegues.insert(used)
                    }
                }
            }
        }
        return Set(factories.keys).subtracting(usedControllers).union(Set(performers.keys).subtracting(usedSegues)).sorted()
    }
}

extension Storyboard {
    /// The names registered in `registry` (controller factories and segue performers) that no
    /// scene or segue of this storyboard resolves to: most often a typo or a module name that
    /// is not the scene's (``ClassRegistry/register(controller:factory:)``), which would
    /// otherwise leave the scene a ``GenericViewController`` silently. Check it in a test:
    ///
    /// ```swift
    /// #expect(storyboard.unusedRegistrations(in: registry) == [])
    /// ```
    ///
    /// A registry shared by several storyboards names classes of the others: ask the
    /// ``StoryboardBundle`` instead.
    /// - Parameter registry: The registry.
    /// - Returns: The unused names, sorted.
    public func unusedRegistrations(in registry: ClassRegistry) -> [String] {
        registry.unusedNames(in: [self])
    }
}

extension StoryboardBundle {
    /// The names registered in `registry` that no scene or segue of any storyboard of the app
    /// (``all``, supporting ones included) resolves to; see
    /// ``Storyboard/unusedRegistrations(in:)``.
    /// - Parameter registry: The registry.
    /// - Returns: The unused names, sorted.
    public func unusedRegistrations(in registry: ClassRegistry) -> [String] {
        registry.unusedNames(in: all)
    }
}

/// Which unwind actions each controller class and each scene handles; thread-safe, shared.
public final class UnwindDeclarations: Sendable {
    private struct Table {
        var byClass: [String: Set<String>] = [:]
        var byScene: [String: Set<String>] = [:]
    }

    private let table = Locked(Table())

    /// Creates an empty table.
    public init() {}

    /// Declares actions for a class (`customClass`, without module).
    public func declare(_ actions: Set<String>, forClass className: String) {
        table.withLock { $0.byClass[className, default: []].formUnion(actions) }
    }

    /// Declares actions for every instance of a scene (its controller's element id).
    public func declare(_ actions: Set<String>, forScene controllerID: String) {
        table.withLock { $0.byScene[controllerID, default: []].formUnion(actions) }
    }

    /// The actions a controller of this class and scene handles.
    public func actions(className: String?, controllerID: String?) -> Set<String> {
        table.withLock { table in
            let byClass = className.flatMap { table.byClass[$0] } ?? []
            let byScene = controllerID.flatMap { table.byScene[$0] } ?? []
            return byClass.union(byScene)
        }
    }
}
