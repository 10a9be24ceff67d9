import Synchronization

/// Maps the class names a storyboard names to code: controller factories, custom segue
/// performers, and the unwind actions each controller class implements.
///
/// A class with no factory becomes a ``GenericViewController``, and a custom segue class with
/// no performer presents its destination modally, full screen (DESIGN §12), so that any real
/// storyboard can be driven.
public struct ClassRegistry: Sendable {
    /// Makes a controller for a scene: given its context, the scene's class name and its
    /// embedded or contained children (already made).
    public typealias Factory = @Sendable (ControllerContext, [any ViewController]) -> any ViewController

    private var factories: [String: Factory] = [:]
    private var performers: [String: any SeguePerformer] = [:]
    /// The unwind actions declared per class and per scene. Shared by reference: a declaration
    /// made after a controller was created applies to it too (a `handles` step in `drive`).
    public let declarations = UnwindDeclarations()

    /// An empty registry: every class falls back to the generic controller.
    public init() {}

    /// Registers the factory for a controller class (`customClass`, without module).
    public mutating func register(controller className: String, factory: @escaping Factory) {
        factories[className] = factory
    }

    /// Registers the performer of a custom segue class.
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

    func factory(for className: String?) -> Factory? { className.flatMap { factories[$0] } }

    func performer(for className: String?) -> (any SeguePerformer)? { className.flatMap { performers[$0] } }
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
