import Foundation
import NavigationRuntime

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

    struct DriveFailure: Error {
        let reason: String
    }

    /// Why an unwind `action` found no destination when no sources were read (`unread` says
    /// why none were).
    static func undeclared(_ action: String, _ unread: String) -> String {
        "no controller declares \(DriveStep.echo(action)), but no sources were read (\(unread)): give --sources DIR or a 'handles CLASS \(DriveStep.echo(action))' step"
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
                // The runtime's segue table leaves out a kind it does not know: say that, not
                // that the segue is missing (issue 18).
                if let kind = unknownKind(ofSegue: fields[1], from: source) {
                    throw DriveFailure(
                        reason: "segue '\(DriveStep.echo(fields[1]))' of scene '\(DriveStep.echo(fields[0]))' has unknown kind '\(kind)': the runtime cannot perform it (lint: unknown-segue-kind)")
                }
                // The segues it has, by what a step names them by (identifier, else element id).
                let names = (source.context.scene?.segues ?? []).compactMap { $0.identifier ?? $0.elementID }
                let has = names.isEmpty ? "it has none" : "it has: " + names.prefix(20).map(DriveStep.echo).joined(separator: ", ")
                throw DriveFailure(reason: "scene '\(DriveStep.echo(fields[0]))' has no segue '\(DriveStep.echo(fields[1]))' (R1.3; \(has))")
            }
            let outcome =
                verb == "segue"
                ? try await source.triggerSegue(withIdentifier: fields[1], animated: false)
                : try await source.performSegue(withIdentifier: fields[1], animated: false)
            // An exit triggered as its control would: the same reason as an `unwind` step's.
            if case .noDestination = outcome, let unreadSources, let action = source.context.scene?.segue(named: fields[1])?.kind.unwindAction {
                return DriveResult(outcome: "noDestination", reason: Self.undeclared(action, unreadSources))
            }
            return DriveResult(outcome: Self.name(outcome))
        case "unwind":
            let fields = try args(2)
            let source = try await controller(fields[0])
            let outcome = try await source.performUnwind(action: fields[1], animated: false)
            guard case .noDestination = outcome else { return DriveResult(outcome: Self.name(outcome)) }
            guard let unreadSources else {
                return DriveResult(
                    outcome: "noDestination",
                    reason: "no controller from \(DriveStep.echo(fields[0])) up the tree declares \(DriveStep.echo(fields[1])) (the sources' @IBAction methods and 'handles' steps)")
            }
            return DriveResult(outcome: "noDestination", reason: Self.undeclared(fields[1], unreadSources))
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
            guard let index = Int(fields[0]) else { throw DriveFailure(reason: "select-tab takes an index, not '\(DriveStep.echo(fields[0]))'") }
            guard let tabBar = await innermost(TabBarController.self) else {
                throw DriveFailure(reason: "no tab bar controller on the top path")
            }
            return DriveResult(outcome: Self.name(try await tabBar.selectTab(at: index, animated: false)))
        case "traits":
            let fields = try args(1)
            guard let traits = ["compact": Traits.compact, "regular": Traits.regular][fields[0]] else {
                throw DriveFailure(reason: "traits takes compact or regular, not '\(DriveStep.echo(fields[0]))'")
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

    /// The kind of the segue `name` names in `source`'s scene (by identifier, element id or
    /// triggering element id, as the runtime names segues) when the runtime does not know it.
    private func unknownKind(ofSegue name: String, from source: any ViewController) -> String? {
        guard let id = source.context.scene?.identifier, let entries = app.scenesByID[id] else { return nil }
        for entry in entries {
            let unknown = entry.scene.segues.filter { !$0.kind.isKnown }
            if let segue = unknown.first(where: { $0.identifier == name })
                ?? unknown.first(where: { $0.id == name || $0.trigger.elementID == name })
            {
                return segue.kind.rawValue
            }
        }
        return nil
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
                return "expected top \(DriveStep.echo(expected)), the window has no root"
            }
            return matches(node, expected) ? nil : "expected top \(DriveStep.echo(expected)), top is \(describe(node))" + unknown([expected])
        case "outcome":
            let names = ["completed", "vetoed", "noDestination", "failed"]
            guard names.contains(fields[2]) else {
                throw DriveFailure(reason: "expect outcome takes \(names.joined(separator: ", ")), not '\(DriveStep.echo(fields[2]))'")
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
                return "expected stack \(DriveStep.echo(expected.joined(separator: " "))), no navigation controller on the top path"
            }
            let stack = navigation.children
            let holds = stack.count == expected.count && zip(stack, expected).allSatisfy { matches($0, $1) }
            return holds
                ? nil
                : "expected stack \(DriveStep.echo(expected.joined(separator: " "))), the stack is \(stack.map(describe).joined(separator: " "))" + unknown(expected)
        default:
            throw DriveFailure(reason: "expect takes top, outcome or stack, not '\(DriveStep.echo(fields[1]))'")
        }
    }

    /// Whether a controller is the one `name` names: its scene's element id, storyboard ID or
    /// custom class (or, without one, its class name). The scene is the copy the runtime read
    /// (not a localized copy of another class: a helper's trial found `expect top` holding
    /// for an `fr.lproj` copy's class).
    private func matches(_ node: ControllerSnapshot, _ name: String) -> Bool {
        if node.scene == name || node.className == name { return true }
        guard let scene = node.scene.flatMap({ app.scenesByID[$0]?.first?.scene }) else { return false }
        return scene.storyboardIdentifier == name || scene.customClass == name
    }

    /// For an expectation that does not hold: the names it gives that no scene of the app has
    /// (by element id, storyboard ID or class), a likely typo, or "".
    private func unknown(_ names: [String]) -> String {
        let unknown = names.filter { name in
            app.scenesByID[name] == nil
                && !app.bundle.all.contains { storyboard in
                    storyboard.scenes.contains { $0.storyboardIdentifier == name || $0.customClass == name || $0.className == name }
                }
        }
        guard !unknown.isEmpty else { return "" }
        return "; no scene of the app has the id, storyboard ID or class \(unknown.map { "'\(DriveStep.echo($0))'" }.joined(separator: ", "))"
    }

    /// `id (Class)` for messages.
    func describe(_ node: ControllerSnapshot) -> String {
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
}
