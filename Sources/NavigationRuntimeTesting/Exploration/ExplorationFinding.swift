// NavigationRuntimeTesting: a problem an exploration found, with the shortest way to it.

import NavigationRuntime

/// A problem that some reachable navigation state shows, with the shortest action sequence
/// that reaches it (``reproductions``), ready to be written as a `navstress drive` steps file.
public struct ExplorationFinding: Sendable, Hashable {
    /// What kind of problem.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        /// An unwind exit of a visible controller finds no destination in some reachable state.
        case unwindNoDestination = "unwind-no-destination"
        /// An action fails with a `NavigationError` in some reachable state.
        case segueFailed = "segue-failed"
        /// A segue puts its destination in different places depending on the path (pushes in
        /// one reachable state, presents in another).
        case pathDependentSegue = "path-dependent-segue"
        /// A presented state from which no storyboard action (segue, unwind exit, back, tab, or
        /// a sheet's swipe down) leads to a shorter presentation chain: only code can dismiss.
        ///
        /// Every state a storyboard action leads to counts, pushes behind the presentation
        /// included (a `show` from a presented controller with no navigation controller of its
        /// own pushes onto the one behind it, R2.2, and the screen stays presented). A state
        /// left unexpanded at the depth bound counts as the first expanded state that looks the
        /// same from the screen (the same presented subtree and chain length, the same scenes
        /// in the tree, the same traits): its actions are the same, so a search that stopped
        /// there does not hide the finding.
        case noWayBack = "no-way-back"
        /// A loop of actions that grows a navigation stack, a presentation chain or a nesting of
        /// containers without bound: a stack or chain that ends in the same block of scenes
        /// twice, or a controller whose containers, from the root of its tree down, end in the
        /// same block of scenes twice (a tab bar controller pushed inside one of its own tabs).
        case unboundedGrowth = "unbounded-growth"
        /// A scene counted for coverage that no explored state shows.
        case unreachedScene = "unreached-scene"
        /// A segue or unwind exit counted for coverage that never completed.
        case unreachedSegue = "unreached-segue"

        /// The order of `allCases`.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
        }

        /// The kind's severity: errors fail a CI run.
        public var severity: Severity {
            switch self {
            case .unwindNoDestination, .segueFailed: .error
            case .pathDependentSegue, .noWayBack, .unboundedGrowth: .warning
            case .unreachedScene, .unreachedSegue: .note
            }
        }
    }

    /// How serious a finding is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// A user can reach a broken action.
        case error
        /// Worth a look: it may be meant, or handled in code.
        case warning
        /// Coverage: what the exploration did not reach.
        case note

        /// Errors first.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.error, .warning, .note]
            return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
        }
    }

    /// A shortest action sequence that shows the finding, and what holds after its last step.
    public struct Reproduction: Sendable, Hashable {
        /// What to check after a step (the `expect` lines of a steps file).
        public enum Expectation: Sendable, Hashable {
            /// The step ended so (`completed`, `vetoed`, `noDestination`, `failed`).
            case outcome(String)
            /// The top-most visible content controller is this scene.
            case top(String)
            /// The innermost navigation stack on the top path holds these scenes, bottom to top.
            case stack([String])

            /// The `expect` line.
            public var line: String {
                switch self {
                case .outcome(let name): "expect outcome \(name)"
                case .top(let scene): "expect top \(ExplorationAction.quoted(scene))"
                case .stack(let scenes): "expect stack \(scenes.map(ExplorationAction.quoted).joined(separator: " "))"
                }
            }
        }

        /// What the reproduction shows, in a few words (a comment line of the steps file).
        public let title: String
        /// The actions, each after the one before, from the initial state.
        public let actions: [ExplorationAction]
        /// What holds after each action: its outcome, and the top controller when it has a scene.
        public let expectations: [[Expectation]]

        /// The reproduction as the steps of a `navstress drive` steps file, `expect` lines included.
        public var steps: String {
            var text = "# \(title)\n"
            for (action, expected) in zip(actions, expectations) {
                text += action.step + "\n"
                for expectation in expected { text += expectation.line + "\n" }
            }
            return text
        }
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// What it is about: a scene identifier, or `SCENE/SEGUE` for a segue or an exit.
    public let subject: String
    /// One line saying what was found.
    public let message: String
    /// The state that shows it (the shortest), if one does.
    public let state: Int?
    /// Action sequences that show it, shortest first (a path-dependent segue has one per
    /// effect; an unwind exit with no destination in some state also has one where it finds one).
    public let reproductions: [Reproduction]

    /// The finding's severity: its kind's, or ``Severity/note`` when the finding rests on an
    /// ``assumption``.
    public let severity: Severity
    /// What the finding rests on that the runtime could not know, if anything: a storyboard
    /// `custom` segue with no registered performer (`SegueDefinition.customClassWithoutPerformer`)
    /// that the finding's presentation or failure came from. The runtime presents such a
    /// segue's destination modally, full screen, but in UIKit the class's `perform()` decides
    /// what happens (R2.13): it may set a container's children, present over the current
    /// context, or push. Such a finding is a note, whatever its kind: it is worth a look, but
    /// it is not evidence of a problem, and a warning or an error on it would be a false alarm
    /// whenever `perform()` does something else. (It is kept rather than left out: when
    /// `perform()` does present full screen, the finding is real.)
    public let assumption: String?

    /// Creates a finding: its severity is its kind's, or a note when it rests on an assumption.
    init(kind: Kind, subject: String, message: String, state: Int?, reproductions: [Reproduction], assumption: String? = nil) {
        self.kind = kind
        self.subject = subject
        self.message = assumption.map { message + "; " + $0 } ?? message
        self.state = state
        self.reproductions = reproductions
        self.assumption = assumption
        self.severity = assumption == nil ? kind.severity : .note
    }
}

extension ExplorationAction {
    /// A drive field, double-quoted when it holds a space, a tab or `#`.
    static func quoted(_ text: String) -> String {
        text.contains(where: { $0 == " " || $0 == "\t" || $0 == "#" }) || text.isEmpty ? "\"\(text)\"" : text
    }
}
