// NavigationRuntime: what an app's sources say to its storyboards.

import Foundation

/// What an app's Swift and Objective-C sources pass to the storyboard API, read in one linear
/// pass per file: the identifiers of `performSegue(withIdentifier:sender:)`,
/// `instantiateViewController(withIdentifier:)` and `UIStoryboard(name:bundle:)`, the
/// identifiers compared in `prepare(for:sender:)` / `shouldPerformSegue(withIdentifier:sender:)`,
/// the class hierarchy, simple string constants, and the unwind actions declared.
///
/// ``AppLint`` checks it against the app's storyboards. Every use carries the source file's
/// path, 1-based line and column (UTF-8 bytes) and the enclosing type by brace nesting (members
/// of an `extension` belong to the extended type). An identifier is kept as written
/// (``SourceIdentifier``) and resolved against the constants of the whole app by
/// ``resolve(_:)``: `static let`, `let` in a type or at file scope, a function's local `let`,
/// `#define`, `NSString *const`, and raw values of `String` enums (`Segue.showDetail.rawValue`).
/// What is not that simple (a parameter, a `var`, a call, a concatenation) resolves to `nil`,
/// and the rules then say nothing.
public struct AppSourceIndex: Sendable {
    /// A source position: file path, 1-based line, 1-based column in UTF-8 bytes.
    public typealias Location = StoryboardSourceLocation

    /// Who receives a message.
    public enum Receiver: Hashable, Sendable {
        /// `self`, written (`self.performSegue`, `self?.`, `[self …]`) or implicit.
        case `self`
        /// Anything else (`other.performSegue`, `[self.parentViewController …]`).
        case other
    }

    /// The storyboard an `instantiateViewController` call is sent to.
    public enum StoryboardReceiver: Hashable, Sendable {
        /// `UIStoryboard(name: N, bundle: …)` directly, or a local `let` bound to one.
        case named(SourceIdentifier, mainBundle: Bool)
        /// `self.storyboard`, `storyboard?`, `[self storyboard]`: the storyboard of the enclosing
        /// class's scene.
        case enclosingControllersStoryboard
        /// Not resolvable from the source text.
        case unknown
    }

    /// `performSegue(withIdentifier: X, sender:)` / `[… performSegueWithIdentifier:X sender:]`.
    public struct SegueCall: Hashable, Sendable {
        /// The identifier argument.
        public var identifier: SourceIdentifier
        /// The receiver; only a `self` receiver is attributable to ``enclosingType``.
        public var receiver: Receiver
        /// The innermost enclosing type (class, extension's type), if any.
        public var enclosingType: String?
        /// Where the identifier argument starts.
        public var location: Location
    }

    /// `instantiateViewController(withIdentifier: Y)` (or `identifier:`, `identifier:creator:`,
    /// `instantiateViewControllerWithIdentifier:`).
    public struct Instantiation: Hashable, Sendable {
        /// The identifier argument.
        public var identifier: SourceIdentifier
        /// The storyboard it is sent to.
        public var receiver: StoryboardReceiver
        /// The innermost enclosing type, if any.
        public var enclosingType: String?
        /// Where the identifier argument starts.
        public var location: Location
    }

    /// `UIStoryboard(name: Z, bundle: B)` / `[UIStoryboard storyboardWithName:Z bundle:B]`.
    public struct StoryboardLookup: Hashable, Sendable {
        /// The name argument.
        public var name: SourceIdentifier
        /// Whether the bundle is the main bundle (`nil`, `.main`, `Bundle.main`, `[NSBundle mainBundle]`).
        public var mainBundle: Bool
        /// Where the name argument starts.
        public var location: Location
    }

    /// An identifier compared with the segue's identifier in `prepare(for:sender:)` or
    /// `shouldPerformSegue(withIdentifier:sender:)` (`==`, `!=`, a `switch` case, `isEqualToString:`).
    public struct SegueComparison: Hashable, Sendable {
        /// The identifier compared with.
        public var identifier: SourceIdentifier
        /// The hook's selector (`prepareForSegue:sender:` or `shouldPerformSegueWithIdentifier:sender:`).
        public var hook: String
        /// The type that declares the hook.
        public var enclosingType: String?
        /// Where the compared identifier starts.
        public var location: Location
    }

    /// A type declaration or extension.
    public struct TypeDeclaration: Hashable, Sendable {
        /// `class`, `struct`, `enum`, `actor`, `protocol` or `extension` (Objective-C `@interface`
        /// and `@implementation` are `class`).
        public var keyword: String
        /// The type's name (the last component of a dotted extension name).
        public var name: String
        /// The inherited types as written, generic arguments and module prefixes dropped; for a
        /// class the first is its superclass when it has one.
        public var inherited: [String]
        /// Where the keyword is.
        public var location: Location
    }

    /// A method in a type conforming to this library's ``ViewController`` whose signature
    /// almost matches a hook: an overload the runtime never calls.
    public struct NearMissHook: Hashable, Sendable {
        /// The type that declares it.
        public var enclosingType: String
        /// The hook it resembles, as the protocol declares it.
        public var hook: String
        /// What differs.
        public var difference: String
        /// Where the method's name is.
        public var location: Location
    }

    /// A method of a ``ViewController`` actor that takes one segue
    /// (`func unwindToMealList(_ sender: Segue)`), the shape of a ported `@IBAction` unwind
    /// action, whose selector the actor's `unwindActions` does not list: the runtime never calls it.
    public struct UnlistedUnwindMethod: Hashable, Sendable {
        /// The type that declares it.
        public var enclosingType: String
        /// The method's name.
        public var name: String
        /// Its Objective-C selector, as Interface Builder writes an exit's action
        /// (`unwindToMealList:`, `unwindToMealListWithSender:`).
        public var selector: String
        /// Where the method's name is.
        public var location: Location
    }

    /// The files scanned, in order.
    public internal(set) var files: [String] = []
    /// Every `performSegue` call.
    public internal(set) var segueCalls: [SegueCall] = []
    /// Every `instantiateViewController` call with an identifier.
    public internal(set) var instantiations: [Instantiation] = []
    /// Every `UIStoryboard(name:bundle:)`.
    public internal(set) var storyboardLookups: [StoryboardLookup] = []
    /// Every identifier compared in a segue hook.
    public internal(set) var segueComparisons: [SegueComparison] = []
    /// Every type declaration and extension.
    public internal(set) var types: [TypeDeclaration] = []
    /// Methods of ``ViewController`` actors that almost match a hook (filtered by conformance in
    /// ``nearMissHooks``).
    var hookCandidates: [NearMissHook] = []
    /// Methods taking one segue, in any type (filtered in ``unlistedUnwindMethods``).
    var unwindMethodCandidates: [UnlistedUnwindMethod] = []
    /// Types whose `unwindActions` is not a literal set: their actions cannot be known.
    var typesWithComputedUnwindActions: Set<String> = []
    /// Types that override or redeclare `performSegue(withIdentifier:sender:)`.
    public internal(set) var typesOverridingPerformSegue: Set<String> = []
    /// Unwind actions by type before inheritance: `@IBAction` methods (``UnwindActionScanner``)
    /// and this library's `unwindActions` properties.
    var unwindDeclarations = UnwindActionScanner.Declarations()
    /// Qualified constant name → its definitions (file, value; `nil` value: declared but not a
    /// constant, which hides outer names).
    var constants: [String: [ConstantDefinition]] = [:]
    /// Qualified `String` enum case (`Segue.showDetail`) → its definitions.
    var rawValues: [String: [ConstantDefinition]] = [:]

    struct ConstantDefinition: Hashable, Sendable {
        var file: String
        var value: String?
    }

    /// An empty index.
    public init() {}

    /// Class name → superclass name, for every class declared in the sources.
    public var superclasses: [String: String] {
        var result: [String: String] = [:]
        for type in types where type.keyword == "class" {
            if let first = type.inherited.first, result[type.name] == nil { result[type.name] = first }
        }
        return result
    }

    /// The names of the classes declared in the sources (extensions alone do not count).
    public var declaredClasses: Set<String> { Set(types.lazy.filter { $0.keyword == "class" }.map(\.name)) }

    /// Class name → the unwind actions it declares (inherited and `UIViewController` extension
    /// ones included), in the form ``StoryboardLint/declaredUnwindActions`` takes: `@IBAction`
    /// methods taking a `UIStoryboardSegue`, and the literal sets of this library's
    /// `unwindActions` property (`nonisolated var unwindActions: Set<String> { ["unwindToList:"] }`).
    ///
    /// Every class and actor of the sources is a key (an empty set: it declares none), except an
    /// actor whose `unwindActions` is computed: its actions cannot be known, so it is left out
    /// like a class the sources do not declare.
    public var unwindActions: [String: Set<String>] {
        var table = UnwindActionScanner.resolve(unwindDeclarations)
        for type in typesWithComputedUnwindActions { table[type] = nil }
        return table
    }

    /// The near-miss hooks of actors that conform to ``ViewController`` (directly, in an
    /// extension, or through a protocol declared in the sources that refines it).
    public var nearMissHooks: [NearMissHook] {
        let conforming = viewControllerActors()
        return hookCandidates.filter { conforming.contains($0.enclosingType) }
    }

    /// The methods of actors conforming to ``ViewController`` that take one `Segue` (a ported
    /// unwind action) and whose name the actor's literal `unwindActions` does not list under any
    /// label (`unwindToList:` and `unwindToListWithSender:` both list `unwindToList`). An actor
    /// whose `unwindActions` is computed is not judged.
    public var unlistedUnwindMethods: [UnlistedUnwindMethod] {
        let conforming = viewControllerActors()
        let declared = unwindDeclarations.actions
        return unwindMethodCandidates.filter { method in
            conforming.contains(method.enclosingType) && !typesWithComputedUnwindActions.contains(method.enclosingType)
                && !(declared[method.enclosingType] ?? []).contains { AppLint.sameMethod($0, method.name) }
        }
    }

    private func viewControllerActors() -> Set<String> {
        var protocols: Set<String> = ["ViewController"]
        var changed = true
        let declaredProtocols = types.filter { $0.keyword == "protocol" }
        while changed {
            changed = false
            for declaration in declaredProtocols where !protocols.contains(declaration.name) {
                if declaration.inherited.contains(where: protocols.contains) {
                    protocols.insert(declaration.name)
                    changed = true
                }
            }
        }
        let actors = Set(types.filter { $0.keyword == "actor" }.map(\.name))
        var result = Set<String>()
        for type in types where actors.contains(type.name) && type.inherited.contains(where: protocols.contains) {
            result.insert(type.name)
        }
        return result
    }

    /// The value of an identifier, or `nil` when it is not a literal or a simple constant the
    /// sources define unambiguously.
    ///
    /// A reference is looked up from the innermost enclosing type outwards (`Constants.x` inside
    /// `HomeController` tries `HomeController.Constants.x`, then `Constants.x`); a definition in
    /// the reference's own file wins, otherwise all definitions of the name must agree.
    /// - Parameter identifier: An identifier from this index.
    /// - Returns: The string, or `nil`.
    public func resolve(_ identifier: SourceIdentifier) -> String? {
        switch identifier.storage {
        case .literal(let value):
            return value
        case .unresolvable:
            return nil
        case .reference(let path, let isRawValue, let scope, let file):
            let table = isRawValue ? rawValues : constants
            let name = path.joined(separator: ".")
            for depth in stride(from: scope.count, through: 0, by: -1) {
                let key = (scope.prefix(depth) + [name]).joined(separator: ".")
                guard let definitions = table[key] else { continue }
                return Self.unique(definitions, preferring: file)
            }
            return nil
        }
    }

    private static func unique(_ definitions: [ConstantDefinition], preferring file: String) -> String? {
        let local = definitions.filter { $0.file == file }
        let chosen = local.isEmpty ? definitions : local
        guard let first = chosen.first?.value else { return nil }
        return chosen.allSatisfy({ $0.value == first }) ? first : nil
    }

    mutating func merge(_ other: AppSourceIndex) {
        files += other.files
        segueCalls += other.segueCalls
        instantiations += other.instantiations
        storyboardLookups += other.storyboardLookups
        segueComparisons += other.segueComparisons
        types += other.types
        hookCandidates += other.hookCandidates
        unwindMethodCandidates += other.unwindMethodCandidates
        typesWithComputedUnwindActions.formUnion(other.typesWithComputedUnwindActions)
        typesOverridingPerformSegue.formUnion(other.typesOverridingPerformSegue)
        unwindDeclarations.merge(other.unwindDeclarations)
        constants.merge(other.constants) { $0 + $1 }
        rawValues.merge(other.rawValues) { $0 + $1 }
    }
}

/// An identifier argument as written in the source: a literal, a reference to a constant, or
/// something the index does not try to evaluate. ``AppSourceIndex/resolve(_:)`` gives its value.
public struct SourceIdentifier: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case literal(String)
        /// A dotted name (`Constants.showDetail`), optionally `.rawValue` of an enum case, seen
        /// inside the given type path of the given file.
        case reference(path: [String], rawValue: Bool, scope: [String], file: String)
        case unresolvable
    }

    var storage: Storage

    /// A string literal.
    /// - Parameter value: The literal's value.
    /// - Returns: The identifier.
    public static func literal(_ value: String) -> SourceIdentifier { SourceIdentifier(storage: .literal(value)) }

    /// An expression the index does not evaluate.
    public static let unresolvable = SourceIdentifier(storage: .unresolvable)
}
