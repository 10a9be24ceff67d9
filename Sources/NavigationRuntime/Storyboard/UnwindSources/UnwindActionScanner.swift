// NavigationRuntime: unwind actions declared in an app's sources.

import Foundation

/// Finds the unwind actions an app declares, from its Swift and Objective-C sources, so that
/// ``StoryboardLint`` can check storyboard exits.
///
/// A method is an unwind action when it is an `@IBAction` (`IBAction`) whose one parameter is a
/// `UIStoryboardSegue` (optional or not); a method that also takes a sender is not. Its name is
/// the Objective-C selector: `func goBack(_ s: UIStoryboardSegue)` → `goBack:`; a labelled
/// parameter adds `With` and the capitalised label (`func unwindFilterChanged(segue:)` →
/// `unwindFilterChangedWithSegue:`) except after a preposition (`func unwind(to segue:)` →
/// `unwindTo:`); the internal parameter name never counts; `@objc(name:)` wins.
/// Methods belong to the innermost enclosing type by brace nesting; an `extension` applies to
/// its type, an extension of `UIViewController` to every controller; a class inherits its
/// superclass's actions (generic superclasses included). Comments and strings are ignored.
public enum UnwindActionScanner {
    /// What one or more files declare, before inheritance is applied.
    struct Declarations {
        /// Type name → selectors declared in its body or its extensions.
        var actions: [String: Set<String>] = [:]
        /// Class name → superclass name (the first inherited type).
        var superclasses: [String: String] = [:]
        /// The classes and actors declared (so that one declaring no action is still known).
        var types: Set<String> = []

        mutating func merge(_ other: Declarations) {
            actions.merge(other.actions) { $0.union($1) }
            types.formUnion(other.types)
            superclasses.merge(other.superclasses) { first, _ in first }
        }
    }

    /// Scans every `.swift`, `.m`, `.mm` and `.h` file under a folder (skipping hidden folders, `Pods`, `Carthage` and build output, as ``AppFolder`` does).
    /// - Parameter directory: The folder.
    /// - Returns: Class name → the unwind action selectors it declares, inherited ones included;
    ///   every class and actor the sources declare is a key, with an empty set when it declares
    ///   none (so that a class in the sources is told from one that is not). The key
    ///   `UIViewController` holds the actions of extensions of `UIViewController`, which
    ///   are also in every class's set.
    public static func scan(directory: URL) -> [String: Set<String>] {
        var swift: [String] = []
        var objectiveC: [String] = []
        // The same files every tool reads (``AppFolder``: no Pods, build output or hidden folders).
        for url in AppFolder.files(under: directory, extensions: ["swift", "m", "mm", "h"]) {
            guard let data = try? Data(contentsOf: url) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if url.pathExtension == "swift" { swift.append(text) } else { objectiveC.append(text) }
        }
        return scan(swift: swift, objectiveC: objectiveC)
    }

    /// Scans source texts.
    /// - Parameters:
    ///   - swift: Swift source files' contents.
    ///   - objectiveC: Objective-C source and header files' contents.
    /// - Returns: Class name → unwind action selectors, as ``scan(directory:)``.
    public static func scan(swift: [String] = [], objectiveC: [String] = []) -> [String: Set<String>] {
        var declarations = Declarations()
        for text in swift { declarations.merge(scanSwift(text)) }
        for text in objectiveC { declarations.merge(scanObjectiveC(text)) }
        return resolve(declarations)
    }

    /// Applies inheritance and `UIViewController` extensions.
    static func resolve(_ declarations: Declarations) -> [String: Set<String>] {
        let universal = declarations.actions["UIViewController"] ?? []
        var result: [String: Set<String>] = [:]
        let names = Set(declarations.actions.keys).union(declarations.superclasses.keys).union(declarations.types)
        for name in names {
            var actions = universal
            var current: String? = name
            var visited = Set<String>()
            while let type = current, visited.insert(type).inserted {
                actions.formUnion(declarations.actions[type] ?? [])
                current = declarations.superclasses[type]
            }
            result[name] = actions
        }
        if !universal.isEmpty { result["UIViewController"] = universal }
        return result
    }

    /// Whether the first camel-case word of a label is a preposition (no `With` before it).
    static func startsWithPreposition(_ label: String) -> Bool {
        let firstWord = String(label.prefix { !$0.isUppercase }).lowercased()
        return prepositions.contains(firstWord)
    }

    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to",
        "until", "using", "via", "when", "with", "within", "without",
    ]
}
