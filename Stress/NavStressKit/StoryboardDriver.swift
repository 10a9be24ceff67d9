import Foundation
import NavigationRuntime

/// One parsed step of a `drive` script.
enum DriveStep {
    /// Removes a `#` comment that is not inside double quotes.
    static func stripComment(_ line: String) -> String {
        var inQuotes = false
        for index in line.indices {
            if line[index] == "\"" { inQuotes.toggle() }
            if line[index] == "#" && !inQuotes { return String(line[..<index]) }
        }
        return line
    }

    /// Splits a line into `count` fields: the first `count - 1` by white space (or quotes),
    /// the last the rest of the line, trimmed (unquoted if quoted).
    static func fields(_ line: String, count: Int) -> [String]? {
        var fields: [String] = []
        var rest = Substring(line)
        while fields.count < count - 1 {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { return nil }
            if rest.first == "\"" {
                let body = rest.dropFirst()
                guard let end = body.firstIndex(of: "\"") else { return nil }
                fields.append(String(body[..<end]))
                rest = body[body.index(after: end)...]
            } else {
                let end = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
                fields.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        var last = rest.trimmingCharacters(in: .whitespaces)
        if last.count >= 2, last.hasPrefix("\""), last.hasSuffix("\"") { last = String(last.dropFirst().dropLast()) }
        guard count == 1 || !last.isEmpty else { return nil }
        fields.append(last)
        return fields
    }

    /// Splits the rest of a line into words by white space, a double-quoted word kept whole.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { return words }
            if rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") {
                words.append(String(rest[rest.index(after: rest.startIndex)..<end]))
                rest = rest[rest.index(after: end)...]
            } else {
                let end = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
                words.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
    }

    /// The verbs a steps file may use, with what follows each (for messages).
    static let verbs: KeyValuePairs<String, String> = [
        "segue": "SOURCE SEGUE", "perform": "SOURCE SEGUE", "unwind": "SOURCE ACTION", "back": "",
        "dismiss": "", "select-tab": "INDEX", "traits": "compact|regular", "handles": "CLASS-OR-ID ACTION",
        "expect": "top ID-OR-CLASS | outcome OUTCOME | stack ID-OR-CLASS...",
    ]

    /// What is wrong with a step line as written, or `nil` when it is a step `drive` can run:
    /// a known verb, its arguments (count, quotes closed, the words a verb takes). `drive`
    /// checks every line of a steps file with this before it runs any step, so a typo in a
    /// step or an expectation is a usage error (exit 2), never a step that silently fails.
    /// - Parameter line: A step line, comment stripped and trimmed.
    static func problem(_ line: String) -> String? {
        if line.filter({ $0 == "\"" }).count % 2 != 0 {
            return "unclosed quote in '\(line)' (a quoted field ends with a double quote)"
        }
        let words = words(line)
        guard let verb = words.first else { return "empty step" }
        guard let form = verbs.first(where: { $0.key == verb })?.value else {
            return "unknown step '\(verb)' (steps: \(verbs.map(\.key).joined(separator: ", ")))"
        }
        let arguments = words.dropFirst()
        func usage() -> String { "'\(verb)' takes \(form.isEmpty ? "no arguments" : form), not '\(line)'" }
        switch verb {
        case "back", "dismiss":
            return arguments.isEmpty ? nil : usage()
        case "select-tab":
            return arguments.count == 1 && Int(arguments[arguments.startIndex]).map({ $0 >= 0 }) == true ? nil : usage()
        case "traits":
            return arguments.count == 1 && ["compact", "regular"].contains(arguments[arguments.startIndex]) ? nil : usage()
        case "expect":
            guard let fields = fields(line, count: 3), ["top", "outcome", "stack"].contains(fields[1]) else { return usage() }
            if fields[1] == "outcome" && !["completed", "vetoed", "noDestination", "failed"].contains(fields[2]) {
                return "'expect outcome' takes completed, vetoed, noDestination or failed, not '\(fields[2])'"
            }
            return nil
        default:
            return fields(line, count: 3) == nil ? usage() : nil
        }
    }

    /// The step lines of a steps file, with their line numbers (from 1): a UTF-8 byte order
    /// mark is dropped, and LF, CRLF and CR all end a line (a CRLF is one `Character` in
    /// Swift, so splitting on `"\n"` alone would read a Windows file as one line).
    static func lines(_ script: String) -> [(number: Int, text: String)] {
        var text = Substring(script)
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        var lines: [(number: Int, text: String)] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = stripComment(String(raw)).trimmingCharacters(in: .whitespaces)
            if !line.isEmpty { lines.append((index + 1, line)) }
        }
        return lines
    }
}

/// What one step did.
struct DriveResult {
    /// `completed`, `vetoed`, `noDestination` or `failed`.
    var outcome: String
    /// Why it failed.
    var error: String?
    /// The element id of the top-most visible content controller after the step.
    var top: String?
    /// Why a step that did not fail ended as it did, when the cause may be the drive's set-up
    /// rather than the app (an unwind that found no destination while no sources were read).
    var reason: String?
    /// Whether the step was an `expect` step (a failed one fails the run, `--keep-going` or not).
    var isExpectation = false

    init(outcome: String, error: String? = nil, reason: String? = nil, top: String? = nil, isExpectation: Bool = false) {
        self.outcome = outcome
        self.error = error
        self.reason = reason
        self.top = top
        self.isExpectation = isExpectation
    }

    /// The error, else the reason: what the text output shows in parentheses.
    var explanation: String? { error ?? reason }

    func jsonLine(step: Int, line: String, snapshot: WindowSnapshot) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let snapshotJSON = (try? encoder.encode(snapshot)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        var object = "{\"step\": \(step), \"line\": \(quote(line)), \"outcome\": \(quote(outcome)), "
        object += "\"top\": \(top.map(quote) ?? "null"), "
        if let error { object += "\"error\": \(quote(error)), " }
        if let reason { object += "\"reason\": \(quote(reason)), " }
        return object + "\"snapshot\": \(snapshotJSON)}"
    }

    private func quote(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Runs `drive` steps against one window built from an app's storyboards.
struct StoryboardDriver {
    let app: StoryboardApp
    let registry: ClassRegistry
    let window: Window
    /// Why no source was read for unwind declarations (`--no-sources`, a storyboard FILE
    /// without `--sources`, a folder with no Swift or Objective-C file), or `nil` when sources
    /// were read: an unwind that finds no destination says so, since without sources no
    /// controller declares an unwind action unless a `handles` step does.
    var unreadSources: String?

    /// A driver of one storyboard, its references resolved beside its file.
    init(storyboard: Storyboard, registry: ClassRegistry, traits: Traits) {
        var scenesByID: [String: [(storyboard: Storyboard, scene: StoryboardScene)]] = [:]
        for scene in storyboard.scenes { scenesByID[scene.controllerID, default: []].append((storyboard, scene)) }
        let app = StoryboardApp(bundle: StoryboardBundle(storyboards: [storyboard]), main: storyboard, scenesByID: scenesByID)
        self.init(app: app, registry: registry, traits: traits)
    }

    /// A driver of an app (``StoryboardApp``): SOURCE names any scene of any of its storyboards.
    init(app: StoryboardApp, registry: ClassRegistry, traits: Traits) {
        self.app = app
        self.registry = registry
        self.window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
    }

    /// Instantiates the initial scene (an element id or a storyboard identifier of the main
    /// storyboard, else of any storyboard of the app; `nil`: the main storyboard's initial
    /// controller) as the root.
    func start(initial: String?) async throws {
        let start = try app.initialScene(initial)
        let catalog = app.catalog(for: start.storyboard, registry: registry)
        guard let root = catalog.instantiate(start.scene.controllerID, in: window) else {
            throw UsageError("no scene '\(initial ?? start.scene.controllerID)' in \(start.storyboard.file ?? "the storyboard")")
        }
        try await window.setRootViewController(root, animated: false)
    }

    /// Runs one step line; `previous` is the outcome of the last step that was not an `expect`.
    func run(_ line: String, previous: (step: Int, outcome: String)? = nil) async -> DriveResult {
        var result: DriveResult
        do {
            result = try await execute(line, previous: previous)
        } catch let error as NavigationError {
            result = DriveResult(outcome: "failed", error: error.message)
        } catch let error as DriveFailure {
            result = DriveResult(outcome: "failed", error: error.reason)
        } catch {
            result = DriveResult(outcome: "failed", error: "\(error)")
        }
        result.top = await Self.top(of: window.snapshot())
        return result
    }

    private struct DriveFailure: Error {
        let reason: String
    }

    private func execute(_ line: String, previous: (step: Int, outcome: String)?) async throws -> DriveResult {
        let verb = line.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        func args(_ count: Int) throws -> [String] {
            guard let fields = DriveStep.fields(line, count: count + 1) else {
                throw DriveFailure(reason: "'\(verb)' takes \(count) argument\(count == 1 ? "" : "s")")
            }
            return Array(fields.dropFirst())
        }
        switch verb {
        case "segue", "perform":
            let fields = try args(2)
            let source = try await controller(fields[0])
            guard source.context.scene?.segue(named: fields[1]) != nil else {
                throw DriveFailure(reason: "scene '\(fields[0])' has no segue '\(fields[1])' (R1.3)")
            }
            let outcome =
                verb == "segue"
                ? try await source.triggerSegue(withIdentifier: fields[1], animated: false)
                : try await source.performSegue(withIdentifier: fields[1], animated: false)
            return DriveResult(outcome: Self.name(outcome))
        case "unwind":
            let fields = try args(2)
            let source = try await controller(fields[0])
            let outcome = try await source.performUnwind(action: fields[1], animated: false)
            guard case .noDestination = outcome, let unreadSources else { return DriveResult(outcome: Self.name(outcome)) }
            return DriveResult(
                outcome: "noDestination",
                reason: "no controller declares \(fields[1]), but no sources were read (\(unreadSources)): give --sources DIR or a 'handles CLASS \(fields[1])' step"
            )
        case "back":
            // The innermost navigation controller on the top path, except one nested whole on
            // a collapsed split's primary with its root alone: UIKit shows the primary's back
            // button there, which pops the nested navigation controller (R2.6, R5.6).
            guard let navigation = await innermostPoppableNavigation() else {
                throw DriveFailure(reason: "no navigation controller with more than one controller on the top path")
            }
            return DriveResult(outcome: Self.name(try await navigation.pop(animated: false).outcome))
        case "dismiss":
            let snapshot = await window.snapshot()
            guard let last = Self.lastPresented(snapshot), let presented = await find(last) else {
                throw DriveFailure(reason: "nothing is presented")
            }
            return DriveResult(outcome: Self.name(try await presented.dismiss(animated: false)))
        case "select-tab":
            let fields = try args(1)
            guard let index = Int(fields[0]) else { throw DriveFailure(reason: "select-tab takes an index, not '\(fields[0])'") }
            guard let tabBar = await innermost(TabBarController.self) else {
                throw DriveFailure(reason: "no tab bar controller on the top path")
            }
            return DriveResult(outcome: Self.name(try await tabBar.selectTab(at: index, animated: false)))
        case "traits":
            let fields = try args(1)
            guard let traits = ["compact": Traits.compact, "regular": Traits.regular][fields[0]] else {
                throw DriveFailure(reason: "traits takes compact or regular, not '\(fields[0])'")
            }
            return DriveResult(outcome: Self.name(try await window.setTraits(traits)))
        case "handles":
            let fields = try args(2)
            if app.scenesByID[fields[0]] != nil {
                registry.declare(unwindActions: [fields[1]], forScene: fields[0])
            } else {
                registry.declare(unwindActions: [fields[1]], forClass: fields[0])
            }
            return DriveResult(outcome: "completed")
        case "expect":
            var result = DriveResult(outcome: "completed", isExpectation: true)
            if let reason = try await expectation(line, previous: previous) {
                result.outcome = "failed"
                result.error = reason
            }
            return result
        default:
            throw DriveFailure(reason: "unknown step '\(verb)'")
        }
    }

    /// Checks an `expect` step: `nil` when it holds, else what was found instead.
    private func expectation(_ line: String, previous: (step: Int, outcome: String)?) async throws -> String? {
        guard let fields = DriveStep.fields(line, count: 3) else {
            throw DriveFailure(reason: "expect takes top ID-OR-CLASS, outcome OUTCOME or stack ID-OR-CLASS...")
        }
        let snapshot = await window.snapshot()
        switch fields[1] {
        case "top":
            let expected = fields[2]
            guard let id = Self.topPath(snapshot).last, let node = snapshot.controller(id) else {
                return "expected top \(expected), the window has no root"
            }
            return matches(node, expected) ? nil : "expected top \(expected), top is \(describe(node))"
        case "outcome":
            let names = ["completed", "vetoed", "noDestination", "failed"]
            guard names.contains(fields[2]) else {
                throw DriveFailure(reason: "expect outcome takes \(names.joined(separator: ", ")), not '\(fields[2])'")
            }
            guard let previous else { return "expected outcome \(fields[2]), but no step ran before" }
            return previous.outcome == fields[2] ? nil : "expected outcome \(fields[2]), step \(previous.step) was \(previous.outcome)"
        case "stack":
            let expected = DriveStep.words(fields[2])
            var navigation: ControllerSnapshot?
            for id in Self.topPath(snapshot) where snapshot.controller(id)?.kind == .navigation {
                navigation = snapshot.controller(id)
            }
            guard let navigation else {
                return "expected stack \(expected.joined(separator: " ")), no navigation controller on the top path"
            }
            let stack = navigation.children
            let holds = stack.count == expected.count && zip(stack, expected).allSatisfy { matches($0, $1) }
            return holds ? nil : "expected stack \(expected.joined(separator: " ")), the stack is \(stack.map(describe).joined(separator: " "))"
        default:
            throw DriveFailure(reason: "expect takes top, outcome or stack, not '\(fields[1])'")
        }
    }

    /// Whether a controller is the one `name` names: its scene's element id, storyboard ID or
    /// custom class (or, without one, its class name).
    private func matches(_ node: ControllerSnapshot, _ name: String) -> Bool {
        if node.scene == name || node.className == name { return true }
        guard let scene = node.scene, let scenes = app.scenesByID[scene] else { return false }
        return scenes.contains { $0.scene.storyboardIdentifier == name || $0.scene.customClass == name }
    }

    /// `id (Class)` for messages.
    private func describe(_ node: ControllerSnapshot) -> String {
        let scene = node.scene.flatMap { app.scenesByID[$0]?.first?.scene }
        let name = scene?.customClass ?? node.className
        var text = node.scene ?? "\(node.id)"
        if let identifier = scene?.storyboardIdentifier { text += " '\(identifier)'" }
        return text + " (\(name))"
    }

    static func name(_ outcome: TransitionOutcome) -> String {
        switch outcome {
        case .vetoed: "vetoed"
        case .noDestination: "noDestination"
        case .hookTimedOut: "hookTimedOut"
        default: "completed"
        }
    }

    /// The controller SOURCE names, currently in the tree: an element id of a scene of the app,
    /// else a storyboard identifier (any storyboard of the app), else a custom class name that
    /// only one scene in the tree has. Among instances of one scene, the most recent wins.
    private func controller(_ name: String) async throws -> any ViewController {
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
                    throw DriveFailure(reason: "class '\(name)' is ambiguous: \(candidates.count) scenes in the window's tree have it (\(listed.joined(separator: ", "))); name one by element id or storyboard ID")
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
                throw DriveFailure(reason: "no controller '\(name)' (\(how)) in the window's tree")
            }
            // Not an element id or storyboard ID, and no scene in the tree has it as its class:
            // say whether some scene of the app has that class (not instantiated now) or none.
            let withClass = app.controllerScenesByID.filter { $0.value.contains { $0.customClass == name } }.map(\.key).sorted()
            guard !withClass.isEmpty else {
                throw DriveFailure(reason: "no controller '\(name)' in the window's tree (no scene of the app has that element id, storyboard ID or class)")
            }
            let listed = withClass.prefix(5).joined(separator: ", ") + (withClass.count > 5 ? " +\(withClass.count - 5) more" : "")
            throw DriveFailure(
                reason: "class '\(name)' is the class of scene\(withClass.count == 1 ? "" : "s") \(listed), but none is in the window's tree now"
            )
        }
        return controller
    }

    private func find(_ id: ControllerID) async -> (any ViewController)? {
        await window.controller(id)
    }

    /// The innermost navigation controller on the path `top` follows that `back` pops: nested
    /// navigation controllers holding only their root are skipped for the one they are on.
    private func innermostPoppableNavigation() async -> NavigationController? {
        var path: [NavigationController] = []
        for id in Self.topPath(await window.snapshot()) {
            if let navigation = await find(id) as? NavigationController { path.append(navigation) }
        }
        for navigation in path.reversed() {
            let count = await navigation.viewControllers.count
            if count > 1 { return navigation }
            guard await navigation.parent is NavigationController else { return nil }
        }
        return nil
    }

    /// The innermost container of a type on the path `top` follows.
    private func innermost<C: ViewController>(_ type: C.Type) async -> C? {
        var found: C?
        for id in Self.topPath(await window.snapshot()) {
            if let container = await find(id) as? C { found = container }
        }
        return found
    }

    /// The last presented controller of the presentation chain, if any.
    static func lastPresented(_ snapshot: WindowSnapshot) -> ControllerID? {
        var last: ControllerID?
        for node in snapshot.allControllers where node.presented != nil { last = node.presented?.id }
        return last
    }

    /// The path from the root to the top-most visible content controller (DESIGN §12).
    static func topPath(_ snapshot: WindowSnapshot) -> [ControllerID] {
        guard var node = snapshot.root else { return [] }
        var path: [ControllerSnapshot] = [node]
        while true {
            if let jump = path.first(where: { $0.presented != nil })?.presented {
                node = jump
                path = [jump]
                continue
            }
            let next: ControllerSnapshot?
            switch node.kind {
            case .navigation: next = node.children.last
            case .tabBar: next = node.selectedIndex.flatMap { node.children.indices.contains($0) ? node.children[$0] : nil }
            case .split: next = node.children.count > 1 ? node.children[1] : node.children.first
            case .content: next = nil
            }
            guard let next else { return path.map(\.id) }
            node = next
            path.append(next)
        }
    }

    /// The element id of the top-most visible content controller.
    static func top(of snapshot: WindowSnapshot) -> String? {
        guard let id = topPath(snapshot).last else { return nil }
        return snapshot.controller(id)?.scene
    }
}

/// Renders a snapshot as an indented tree for people.
enum SnapshotRenderer {
    static func text(_ snapshot: WindowSnapshot) -> String {
        var out = ""
        func visit(_ node: ControllerSnapshot, depth: Int, prefix: String) {
            let indent = String(repeating: "  ", count: depth)
            out += "\(indent)\(prefix)\(node.className) \(node.id)"
            if let scene = node.scene { out += " [\(scene)]" }
            out += " \(node.appearance.rawValue)"
            if let style = node.presentationStyle { out += " (\(style.rawValue))" }
            if let selected = node.selectedIndex { out += " selected \(selected)" }
            out += "\n"
            for child in node.children { visit(child, depth: depth + 1, prefix: "") }
            if let presented = node.presented { visit(presented, depth: depth + 1, prefix: "presents ") }
        }
        if let root = snapshot.root { visit(root, depth: 1, prefix: "") }
        return out
    }
}
