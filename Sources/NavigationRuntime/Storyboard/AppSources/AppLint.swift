// NavigationRuntime: identifiers used in an app's code, checked against its storyboards.

import Foundation

/// Checks the identifiers an app's code passes to UIKit against the app's storyboards: the
/// crash class UIKit reports as "Receiver has no segue with identifier", "Storyboard doesn't
/// contain a view controller with identifier" and "Could not find a storyboard named".
///
/// Rules (ids in brackets), each reported at the source file's line and column, with the
/// storyboard location it relates to in the message:
/// - `missing-segue-identifier` (error): `performSegue(withIdentifier: "X")` sent to `self` in
///   class C, C maps to at least one scene, and none of those scenes has a segue "X".
///   Relationship and embed segues do not count: UIKit never performs them by identifier.
/// - `missing-storyboard-identifier` (error): `instantiateViewController(withIdentifier: "Y")`
///   where the storyboard it is sent to has no scene with storyboard ID "Y"; when the receiver
///   cannot be resolved, only when no storyboard of the app has "Y".
/// - `missing-storyboard` (error): `UIStoryboard(name: "Z", bundle: nil or .main)` with no
///   `Z.storyboard` in the app (another bundle's storyboards are not the app's to judge).
/// - `dead-segue-comparison` (warning): an identifier compared with the segue's in
///   `prepare(for:sender:)` or `shouldPerformSegue(withIdentifier:sender:)` of class C that no
///   segue of C's scenes has (embed segues count: UIKit calls `prepare` for them).
/// - `near-miss-hook` (warning): in an actor conforming to this library's ``ViewController``:
///   - a segue hook the runtime never calls: `prepare(for:sender:)` or
///     `shouldPerformSegue(withIdentifier:sender:)` with a sender other than the protocol's two
///     requirements' (`Any?`, UIKit's, and `(any Sendable)?`; e.g. Swift 2's `AnyObject?`), or
///     another segue type, or Swift 2's names `prepareForSegue(_:sender:)` and
///     `shouldPerformSegueWithIdentifier(_:sender:)`;
///   - a method taking one `Segue` (a ported `@IBAction func unwindToList(_ sender:
///     UIStoryboardSegue)`) whose selector the actor's `unwindActions` does not list: the runtime
///     runs unwind actions only through `unwindActions` and `performUnwindAction(_:segue:)`, so
///     an unwind to it finds no destination. Reported when a storyboard exit names that method
///     (its selector, or the same name with another label) or, storyboards silent, when its name
///     starts with `unwind` (Xcode's convention), so that a helper taking a segue is not judged;
///     an actor whose `unwindActions` is computed is not judged either.
///
/// **A class maps to scenes** through their `customClass`: a scene belongs to class C when its
/// custom class is C or a subclass of C declared in the sources (a `performSegue` in C runs on an
/// instance of C or of a subclass). A scene whose `customModule` names no module of the app (no
/// scene of that module has a class declared in the sources) belongs to another module and is
/// never matched. A class not declared in the sources (`UIViewController` itself, a framework's
/// class), or one that overrides `performSegue(withIdentifier:sender:)` somewhere in its
/// hierarchy, maps to nothing and is not judged.
///
/// **Precision first**: where the receiver or the identifier cannot be resolved, nothing is said.
/// UIKit behaviour relied on (Apple's documentation of `performSegue(withIdentifier:sender:)`,
/// `instantiateViewController(withIdentifier:)`, `UIStoryboard(name:bundle:)`): segues are looked
/// up in the performing controller's own scene; a storyboard is found by name in the bundle,
/// wherever its file sits in the project (Xcode flattens them), localized copies being one
/// storyboard.
public struct AppLint: Sendable {
    /// The rule ids.
    public enum Rule: String, Sendable, CaseIterable {
        /// `performSegue` with an identifier no scene of the class has.
        case missingSegueIdentifier = "missing-segue-identifier"
        /// `instantiateViewController` with a storyboard ID the storyboard does not have.
        case missingStoryboardIdentifier = "missing-storyboard-identifier"
        /// `UIStoryboard(name:)` with a name no storyboard of the app has.
        case missingStoryboard = "missing-storyboard"
        /// A segue hook comparing with an identifier no segue of the class's scenes has.
        case deadSegueComparison = "dead-segue-comparison"
        /// A runtime-native hook or unwind action with a signature the runtime never calls.
        case nearMissHook = "near-miss-hook"
    }

    /// Every storyboard of the app (localized copies of one storyboard may all be given).
    public var storyboards: [Storyboard]
    /// The app's scanned sources.
    public var sources: AppSourceIndex
    /// Whether ``storyboards`` are the whole app (an app folder was linted), so that a
    /// storyboard name or storyboard ID code uses and no storyboard has is a crash (an error).
    /// When only some storyboards are given, the missing one may be among the others: a
    /// warning. Default `true`.
    public var isWholeApp = true

    /// Creates the check.
    /// - Parameters:
    ///   - storyboards: All storyboards of the app.
    ///   - sources: The app's sources, from ``AppSourceIndex/scan(directory:)``.
    public init(storyboards: [Storyboard], sources: AppSourceIndex) {
        self.storyboards = storyboards
        self.sources = sources
    }

    /// Creates the check for an app bundle: its storyboards and the supporting ones (`--bundle`)
    /// all count when code names a storyboard or a storyboard ID.
    /// - Parameters:
    ///   - bundle: The app's storyboards.
    ///   - sources: The app's sources, from ``AppSourceIndex/scan(directory:)``.
    public init(bundle: StoryboardBundle, sources: AppSourceIndex) {
        self.init(storyboards: bundle.all, sources: sources)
    }

    /// Runs every rule.
    /// - Returns: The diagnostics, ordered by file, line, column, then rule.
    public func diagnostics() -> [StoryboardDiagnostic] {
        let model = Model(storyboards: storyboards, sources: sources)
        var found: [StoryboardDiagnostic] = []
        found += missingSegueIdentifiers(model)
        found += missingStoryboardIdentifiers(model)
        found += missingStoryboards(model)
        found += deadSegueComparisons(model)
        found += nearMissHooks()
        found += unlistedUnwindMethods(model)
        return found.sorted { lhs, rhs in
            let l = (lhs.location?.file ?? "", lhs.location?.line ?? 0, lhs.location?.column ?? 0)
            let r = (rhs.location?.file ?? "", rhs.location?.line ?? 0, rhs.location?.column ?? 0)
            return l != r ? l < r : lhs.ruleID < rhs.ruleID
        }
    }

    // MARK: Rules

    func missingSegueIdentifiers(_ model: Model) -> [StoryboardDiagnostic] {
        var found: [StoryboardDiagnostic] = []
        for call in sources.segueCalls where call.receiver == .self {
            guard let type = call.enclosingType, let identifier = sources.resolve(call.identifier) else { continue }
            let scenes = model.scenes(of: type)
            guard !scenes.isEmpty else { continue }
            let performable = scenes.flatMap { $0.scene.segues.filter { $0.kind != .relationship && $0.kind != .embed } }
            if performable.contains(where: { $0.identifier == identifier }) { continue }
            let known = Set(performable.compactMap(\.identifier))
            found.append(
                StoryboardDiagnostic(
                    .error, ruleID: Rule.missingSegueIdentifier.rawValue,
                    message: "performSegue(withIdentifier: \"\(identifier)\") in \(type): no segue '\(identifier)' in "
                        + Self.describe(scenes) + Self.suggestion(identifier, among: known)
                        + " (UIKit: 'Receiver has no segue with identifier')",
                    location: call.location))
        }
        return found
    }

    func missingStoryboardIdentifiers(_ model: Model) -> [StoryboardDiagnostic] {
        var found: [StoryboardDiagnostic] = []
        for call in sources.instantiations {
            guard let identifier = sources.resolve(call.identifier) else { continue }
            var candidates: [StoryboardFile] = []
            var what = ""
            switch call.receiver {
            case .named(let nameIdentifier, _):
                guard let name = sources.resolve(nameIdentifier), let files = model.storyboardsByName[name] else { continue }
                candidates = files
                what = "storyboard '\(name)'"
            case .enclosingControllersStoryboard:
                let scenes = call.enclosingType.map(model.scenes(of:)) ?? []
                if scenes.isEmpty {
                    candidates = model.files
                    what = "any storyboard of the app"
                } else {
                    var seen = Set<Int>()
                    candidates = scenes.compactMap { seen.insert($0.file.index).inserted ? $0.file : nil }
                    what = "the storyboard of \(call.enclosingType ?? "")'s scenes"
                }
            case .unknown:
                candidates = model.files
                what = "any storyboard of the app"
            }
            if candidates.contains(where: { $0.storyboard.scene(storyboardIdentifier: identifier) != nil }) { continue }
            let known = Set(candidates.flatMap { $0.storyboard.scenes.compactMap(\.storyboardIdentifier) })
            let files = candidates.map(\.displayName).joined(separator: ", ")
            // A named storyboard that is present is judged in full; "any storyboard" only when
            // the whole app was given.
            let certain = isWholeApp || what.hasPrefix("storyboard '")
            found.append(
                StoryboardDiagnostic(
                    certain ? .error : .warning, ruleID: Rule.missingStoryboardIdentifier.rawValue,
                    message: "instantiateViewController(withIdentifier: \"\(identifier)\"): no scene with storyboard ID '\(identifier)' in \(what)"
                        + (files.isEmpty ? "" : " (\(files))") + Self.suggestion(identifier, among: known)
                        + " (UIKit: 'Storyboard doesn't contain a view controller with identifier')",
                    location: call.location))
        }
        return found
    }

    func missingStoryboards(_ model: Model) -> [StoryboardDiagnostic] {
        var found: [StoryboardDiagnostic] = []
        for lookup in sources.storyboardLookups where lookup.mainBundle {
            guard let name = sources.resolve(lookup.name), model.storyboardsByName[name] == nil else { continue }
            found.append(
                StoryboardDiagnostic(
                    isWholeApp ? .error : .warning, ruleID: Rule.missingStoryboard.rawValue,
                    message: (isWholeApp
                        ? "UIStoryboard(name: \"\(name)\"): the app has no \(name).storyboard"
                        : "UIStoryboard(name: \"\(name)\"): no \(name).storyboard among the storyboards linted (lint the app's folder, or add its folder with --bundle DIR)")
                        + Self.suggestion(name, among: Set(model.storyboardsByName.keys))
                        + " (UIKit: 'Could not find a storyboard named')",
                    location: lookup.location))
        }
        return found
    }

    func deadSegueComparisons(_ model: Model) -> [StoryboardDiagnostic] {
        var found: [StoryboardDiagnostic] = []
        for comparison in sources.segueComparisons {
            guard let type = comparison.enclosingType, let identifier = sources.resolve(comparison.identifier) else { continue }
            let scenes = model.scenes(of: type)
            guard !scenes.isEmpty else { continue }
            let segues = scenes.flatMap { $0.scene.segues.filter { $0.kind != .relationship } }
            if segues.contains(where: { $0.identifier == identifier }) { continue }
            let hook = comparison.hook == "prepareForSegue:sender:" ? "prepare(for:sender:)" : "shouldPerformSegue(withIdentifier:sender:)"
            found.append(
                StoryboardDiagnostic(
                    .warning, ruleID: Rule.deadSegueComparison.rawValue,
                    message: "\(hook) in \(type) compares with '\(identifier)', but no segue of "
                        + Self.describe(scenes) + " has that identifier: the branch never runs"
                        + Self.suggestion(identifier, among: Set(segues.compactMap(\.identifier))),
                    location: comparison.location))
        }
        return found
    }

    func nearMissHooks() -> [StoryboardDiagnostic] {
        sources.nearMissHooks.map { hook in
            StoryboardDiagnostic(
                .warning, ruleID: Rule.nearMissHook.rawValue,
                message: "\(hook.enclosingType) conforms to ViewController, but this method is not its hook `\(hook.hook)`: "
                    + "\(hook.difference); the runtime never calls it",
                location: hook.location)
        }
    }

    func unlistedUnwindMethods(_ model: Model) -> [StoryboardDiagnostic] {
        sources.unlistedUnwindMethods.compactMap { method in
            let exact = model.exits.first { $0.action == method.selector }
            let similar = exact == nil ? model.exits.first { Self.sameMethod($0.action, method.name) } : nil
            guard exact != nil || similar != nil || method.name.lowercased().hasPrefix("unwind") else { return nil }
            let action = similar?.action ?? method.selector
            var message =
                "\(method.enclosingType) conforms to ViewController, but its unwindActions does not list '\(action)': "
                + "`\(method.name)` looks like a ported unwind action and the runtime never calls it "
                + "(add \"\(action)\" to `nonisolated var unwindActions: Set<String>` and call `\(method.name)` "
                + "from `performUnwindAction(_:segue:)`)"
            if let exit = exact ?? similar {
                message += "; the exit at \(exit.place) unwinds with '\(exit.action)'"
                if similar != nil { message += " (the method's own selector would be '\(method.selector)')" }
            }
            return StoryboardDiagnostic(.warning, ruleID: Rule.nearMissHook.rawValue, message: message, location: method.location)
        }
    }

    /// Whether an exit's action names the method `name` with another label
    /// (`unwindToMealListWithSender:` for `unwindToMealList`).
    static func sameMethod(_ action: String, _ name: String) -> Bool {
        let base = action.prefix { $0 != ":" }
        guard base.hasPrefix(name) else { return false }
        let rest = base.dropFirst(name.count)
        return rest.isEmpty || rest.first?.isUppercase == true
    }

    // MARK: Messages

    static func describe(_ scenes: [Model.SceneRef]) -> String {
        let shown = scenes.prefix(3).map { ref in
            let place = ref.scene.controllerLocation ?? ref.scene.location
            let at = place.map { "\(ref.file.displayName):\($0.line):\($0.column)" } ?? ref.file.displayName
            return "scene \(ref.scene.displayName) at \(at)"
        }
        let more = scenes.count > 3 ? " and \(scenes.count - 3) more" : ""
        return shown.joined(separator: ", ") + more
    }

    /// `; did you mean 'x'?` when one known name is within edit distance 2 (or differs only in case).
    static func suggestion(_ name: String, among known: Set<String>) -> String {
        let close = known.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
            .filter { $0.1 <= 2 && $0.0 != name }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let best = close.first else { return "" }
        return "; did you mean '\(best.0)'?"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if abs(a.count - b.count) > 2 { return 3 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

extension AppLint {
    /// One storyboard file of the app.
    struct StoryboardFile: Sendable {
        var index: Int
        var storyboard: Storyboard
        /// The name UIKit finds it by: the file name without `.storyboard`.
        var name: String
        /// The file name for messages (`Main.storyboard`).
        var displayName: String
    }

    /// The storyboards and sources, indexed for the rules.
    struct Model: Sendable {
        struct SceneRef: Sendable {
            var file: StoryboardFile
            var scene: StoryboardScene
        }

        /// An unwind segue of the app: its action and where it is.
        struct Exit: Sendable {
            var action: String
            var place: String
        }

        var files: [StoryboardFile] = []
        /// Every unwind segue of the app's storyboards, in file and document order.
        var exits: [Exit] = []
        /// Storyboard name → its files (localized copies, or same-named storyboards of several targets).
        var storyboardsByName: [String: [StoryboardFile]] = [:]
        /// Custom class → the scenes that name it (in an app module).
        var scenesByClass: [String: [SceneRef]] = [:]
        /// Class → direct subclasses declared in the sources.
        var subclasses: [String: [String]] = [:]
        var declaredClasses: Set<String>
        /// Classes whose hierarchy overrides `performSegue(withIdentifier:sender:)`.
        var overriding: Set<String>
        var superclasses: [String: String]

        init(storyboards: [Storyboard], sources: AppSourceIndex) {
            declaredClasses = sources.declaredClasses
            superclasses = sources.superclasses
            overriding = sources.typesOverridingPerformSegue
            for (offset, storyboard) in storyboards.enumerated() {
                let fileName = storyboard.file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "<storyboard \(offset)>"
                let name = storyboard.file.flatMap(StoryboardBundle.name(ofFile:)) ?? fileName
                let file = StoryboardFile(index: offset, storyboard: storyboard, name: name, displayName: fileName)
                files.append(file)
                storyboardsByName[name, default: []].append(file)
                for segue in storyboard.unwindSegues {
                    guard let action = segue.unwindAction else { continue }
                    let place = segue.location.map { "\(fileName):\($0.line):\($0.column)" } ?? fileName
                    exits.append(Exit(action: action, place: place))
                }
            }
            // A module is the app's when one of its scenes names a class declared in the sources.
            var appModules = Set<String>()
            for file in files {
                for scene in file.storyboard.scenes {
                    if let module = scene.customModule, let name = scene.customClass, declaredClasses.contains(name) {
                        appModules.insert(module)
                    }
                }
            }
            for file in files {
                for scene in file.storyboard.scenes where scene.reference == nil {
                    guard let name = scene.customClass else { continue }
                    if let module = scene.customModule, !appModules.contains(module) { continue }
                    scenesByClass[name, default: []].append(SceneRef(file: file, scene: scene))
                }
            }
            for (name, superclass) in superclasses where superclass != name { subclasses[superclass, default: []].append(name) }
        }

        /// The scenes an instance of `type` can be: those of `type` and of its subclasses
        /// declared in the sources; none when `type` is not declared in the sources or its
        /// hierarchy overrides `performSegue`.
        func scenes(of type: String) -> [SceneRef] {
            guard declaredClasses.contains(type) else { return [] }
            var family: [String] = []
            var queue = [type]
            var visited = Set<String>()
            while let next = queue.popLast() {
                guard visited.insert(next).inserted else { continue }
                family.append(next)
                queue += subclasses[next] ?? []
            }
            var ancestor = superclasses[type]
            var ancestors = Set<String>()
            while let current = ancestor, ancestors.insert(current).inserted { ancestor = superclasses[current] }
            if family.contains(where: overriding.contains) || ancestors.contains(where: overriding.contains) { return [] }
            return family.flatMap { scenesByClass[$0] ?? [] }
        }
    }
}
