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
}

/// What one step did.
struct DriveResult {
    /// `completed`, `vetoed`, `noDestination` or `failed`.
    var outcome: String
    /// Why it failed.
    var error: String?
    /// The element id of the top-most visible content controller after the step.
    var top: String?

    func jsonLine(step: Int, line: String, snapshot: WindowSnapshot) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let snapshotJSON = (try? encoder.encode(snapshot)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        var object = "{\"step\": \(step), \"line\": \(quote(line)), \"outcome\": \(quote(outcome)), "
        object += "\"top\": \(top.map(quote) ?? "null"), "
        if let error { object += "\"error\": \(quote(error)), " }
        return object + "\"snapshot\": \(snapshotJSON)}"
    }

    private func quote(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Runs `drive` steps against one window built from a storyboard.
struct StoryboardDriver {
    let storyboard: Storyboard
    let registry: ClassRegistry
    let window: Window
    let catalog: SceneCatalog

    init(storyboard: Storyboard, registry: ClassRegistry, traits: Traits) {
        self.storyboard = storyboard
        self.registry = registry
        self.window = Window(configuration: Window.Configuration(transitionDuration: .zero, traits: traits))
        let directory = storyboard.file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        self.catalog = storyboard.catalog(registry: registry, directory: directory)
    }

    /// Instantiates the initial scene (an element id or a storyboard identifier) as the root.
    func start(initial: String) async throws {
        let id = storyboard.scene(controllerID: initial)?.controllerID ?? storyboard.scene(storyboardIdentifier: initial)?.controllerID
        guard let id, let root = catalog.instantiate(id, in: window) else {
            throw UsageError("no scene '\(initial)' in \(storyboard.file ?? "the storyboard")")
        }
        try await window.setRootViewController(root, animated: false)
    }

    /// Runs one step line.
    func run(_ line: String) async -> DriveResult {
        var result: DriveResult
        do {
            result = try await execute(line)
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

    private func execute(_ line: String) async throws -> DriveResult {
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
            return DriveResult(outcome: Self.name(try await source.performUnwind(action: fields[1], animated: false)))
        case "back":
            // The innermost navigation controller on the top path, except one nested whole on
            // a collapsed split's primary with its root alone: UIKit shows the primary's back
            // button there, which pops the nested navigation controller (R2.6, R5.6).
            guard let navigation = await innermostPoppableNavigation() else {
                throw DriveFailure(reason: "no navigation controller with more than one controller on the top path")
            }
            return DriveResult(outcome: Self.name(try await navigation.popViewController(animated: false)))
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
            if storyboard.scene(controllerID: fields[0]) != nil {
                registry.declare(unwindActions: [fields[1]], forScene: fields[0])
            } else {
                registry.declare(unwindActions: [fields[1]], forClass: fields[0])
            }
            return DriveResult(outcome: "completed")
        default:
            throw DriveFailure(reason: "unknown step '\(verb)'")
        }
    }

    static func name(_ outcome: TransitionOutcome) -> String {
        switch outcome {
        case .vetoed: "vetoed"
        case .noDestination: "noDestination"
        default: "completed"
        }
    }

    /// The most recent controller in the tree whose scene is `name` (element id) or whose
    /// storyboard identifier is `name`.
    private func controller(_ name: String) async throws -> any ViewController {
        let snapshot = await window.snapshot()
        let sceneIDs = Set([name] + storyboard.scenes.filter { $0.storyboardIdentifier == name }.map(\.controllerID))
        guard let match = snapshot.allControllers.filter({ $0.scene.map(sceneIDs.contains) ?? false }).max(by: { $0.id < $1.id }),
            let controller = await find(match.id)
        else {
            throw DriveFailure(reason: "no controller '\(name)' in the window's tree")
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
