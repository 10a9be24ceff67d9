/// How ``Application/restore(_:catalog:configuration:)`` ended (UIKit's state restoration,
/// R8.5).
///
/// Restoration is all or nothing: either the whole snapshot is rebuilt in a new open window,
/// or no window is opened and every problem found is listed. A window is never left
/// half-built, and nothing a snapshot (or its JSON) contains can crash the process.
public enum RestorationOutcome: Sendable {
    /// The whole tree was rebuilt and installed in one transition in this new, open window.
    case restored(Window)
    /// Nothing was opened. The problems are listed in depth-first order of the snapshot
    /// (a node, its children, then what it presents); every invalid node is named, not only
    /// the first.
    case failed([RestorationProblem])

    /// The restored window, if restoration succeeded.
    public var window: Window? {
        if case .restored(let window) = self { return window }
        return nil
    }

    /// The problems, if restoration failed (empty otherwise).
    public var problems: [RestorationProblem] {
        if case .failed(let problems) = self { return problems }
        return []
    }
}

/// One thing that kept a snapshot from being restored.
public struct RestorationProblem: Sendable, Hashable, CustomStringConvertible {
    /// Why a node (or the whole snapshot) cannot be restored.
    public enum Reason: Sendable, Hashable {
        /// The data is not a snapshot's JSON (truncated, wrong types, unknown enum values...),
        /// with the decoder's explanation.
        case malformedJSON(String)
        /// The tree is deeper than ``RestorationProblem/maximumDepth`` controllers (or its JSON
        /// nests deeper than such a tree's can): valid, but not a tree a window can hold.
        case tooDeep
        /// Another node of the snapshot already has this id (a duplicated subtree, or a cycle
        /// written out as a copy); the path of the first one is given.
        case duplicateID(firstAt: String)
        /// A content controller with no scene identifier: there is no way to make it.
        case missingScene
        /// The catalog has no scene with this identifier.
        case unknownScene(String)
        /// A controller kind this runtime does not know (``ControllerKind`` decodes any name).
        case unknownKind(ControllerKind)
        /// The scene's factory makes a controller of another kind than the snapshot's.
        case kindMismatch(snapshot: ControllerKind, scene: ControllerKind)
        /// A content controller whose factory makes other embedded children than the snapshot
        /// records (its container views' subtree changed since, or the factory makes children
        /// the snapshot lacks, or the other way round): the factory's children are the
        /// controller's own, so the snapshot's cannot be rebuilt. The number is how many the
        /// factory makes.
        case embeddedChildren(Int)
        /// A navigation controller inside a navigation stack (R4.3).
        case navigationInStack
        /// A tab bar controller with no `selectedIndex`.
        case missingSelectedIndex
        /// A tab bar controller whose `selectedIndex` is not one of its children's.
        case selectedIndexOutOfRange(Int, count: Int)
        /// A `selectedIndex` on a controller that is not a tab bar controller.
        case unexpectedSelectedIndex(Int)
        /// A split view controller with the wrong children: two when expanded (regular width);
        /// collapsed (compact width), one navigation primary whose stack ends with the secondary.
        case splitChildren(Int, collapsed: Bool)
        /// A column-style split view controller (R5.7) whose columns are not a primary, then
        /// optionally a secondary and a compact column, one child each; or, collapsed (compact
        /// width), whose `selectedIndex` does not name the compact column when it has one (else
        /// the primary or the secondary); or, expanded, that has a `selectedIndex`.
        case splitColumns([SplitColumn], collapsed: Bool)
        /// A page view controller showing more than two pages (R5.9: one, or two with a page
        /// curl's spine in the middle).
        case pageCount(Int)
        /// Split columns on a controller that is not a split view controller.
        case unexpectedColumns
        /// A tab bar controller's More navigation controller (R5.2) is not as the runtime
        /// makes it: with more than ``TabBarController/maximumVisibleTabs`` tabs the last child
        /// must be a navigation controller with no scene whose stack is the More list alone (a
        /// content controller with no scene, children or presentation); a tab bar with exactly
        /// one child more than fit on the bar is either case and neither.
        case invalidMoreNavigation
        /// A presentation from a controller that is not on its layer's visible path (a
        /// navigation controller's non-top child, an unselected tab, ...), R3.3.
        case presentationNotAllowedHere
        /// A presented controller without a presentation style.
        case missingPresentationStyle
        /// A presentation style on a controller that is not presented (a child or the root).
        case unexpectedPresentationStyle(PresentationStyle)
        /// The transition that installs the tree failed (e.g. the window closed).
        case installFailed(NavigationError)
        /// The calling task was cancelled before the tree was installed.
        case cancelled
    }

    /// How deep a snapshot's tree may be (controllers from the root, presentations included):
    /// ``Window/maximumDepth``, the depth a window can commit.
    public static let maximumDepth = Window.maximumDepth

    /// Where the node is in the snapshot: `root`, then `.children[i]` and `.presented` steps,
    /// e.g. `root.children[1].presented`; empty for a problem of the whole snapshot.
    public var path: String
    /// The node's id in the snapshot, if the problem is about one node.
    public var controller: ControllerID?
    /// What is wrong.
    public var reason: Reason

    /// Creates a problem.
    public init(path: String, controller: ControllerID?, reason: Reason) {
        self.path = path
        self.controller = controller
        self.reason = reason
    }

    /// The path, the node's id and the reason, as `root.children[0] (#2): unknownScene("ghost")`.
    /// A step the path repeats 3 times or more in a row is written once with its count
    /// (`root(.children[0])×194.presented`): a problem deep in a tree of ``maximumDepth``
    /// controllers is not a line of 2,000 characters (``path`` keeps every step).
    /// A text that came from the snapshot (a scene identifier, a kind's name, the decoder's
    /// explanation, which quotes the value it refused) is cut to its first
    /// ``maximumEchoedCharacters`` characters and its length: a snapshot is input, and a
    /// 5 MB scene name must not become a 5 MB line in a log.
    public var description: String {
        let node = controller.map { " (\($0))" } ?? ""
        let why: String =
            switch reason {
            case .duplicateID(let first): "duplicateID(firstAt: \"\(Self.shortened(first))\")"
            case .unknownScene(let scene): "unknownScene(\(EchoedText.shown(scene)))"
            case .unknownKind(let kind): "unknownKind(\(EchoedText.shown(kind.rawValue)))"
            case .malformedJSON(let explanation): "malformedJSON(\(EchoedText.shown(explanation)))"
            default: "\(reason)"
            }
        return (path.isEmpty ? "snapshot" : Self.shortened(path)) + node + ": " + why
    }

    /// A path as ``description`` writes it: a step repeated 3 times or more in a row written
    /// once with its count.
    static func shortened(_ path: String) -> String {
        let steps = path.split(separator: ".", omittingEmptySubsequences: false)
        guard steps.count > 3 else { return path }
        var shortened = String(steps[0])
        var index = 1
        while index < steps.count {
            var end = index + 1
            while end < steps.count, steps[end] == steps[index] { end += 1 }
            let count = end - index
            shortened += count >= 3 ? "(.\(steps[index]))×\(count)" : String(repeating: "." + steps[index], count: count)
            index = end
        }
        return shortened
    }

    /// How many characters of a text from the snapshot ``description`` shows; a longer one
    /// is cut there, and its length given.
    public static let maximumEchoedCharacters = EchoedText.limit
}
