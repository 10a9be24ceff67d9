// NavigationRuntime: the one limit on how deep a window's tree may be.

extension Window {
    /// How deep a window's tree may be: the controllers on the path from the root to any
    /// controller, the root counting 1, a child and a presented controller each one more. A
    /// classic split view controller's secondary counts one more again, wherever it is: that is
    /// where collapsing puts it (on top of the primary's stack, R5.6), so turning the device never
    /// takes a tree over the limit.
    ///
    /// The one limit of the runtime, enforced where depth is created and honoured wherever a tree
    /// is read back:
    /// - every change that brings controllers into the tree (set the root, push, present,
    ///   embed or add a child, replace a stack or a secondary, a deep link, a restoration) is
    ///   refused with ``NavigationError/Code/treeTooDeep`` before anything is applied when the
    ///   tree would be deeper;
    /// - a storyboard scene whose containment (relationship and embed segues, followed through
    ///   storyboard references) is deeper is never instantiated
    ///   (``StoryboardError/Code/containmentTooDeep``);
    /// - ``ControllerSnapshot`` encodes and decodes trees up to this depth and throws beyond it;
    /// - ``Application/restore(_:catalog:configuration:)`` refuses a deeper snapshot
    ///   (``RestorationProblem/Reason/tooDeep``).
    ///
    /// So whatever a window commits, it can snapshot, encode, decode and restore. 200 leaves room
    /// under the JSON nesting limit of Foundation's encoder and decoder (512 arrays and objects:
    /// a tree of depth `d` nests at most `2d + 3` of them, with a level or two to spare for a
    /// document that embeds a snapshot). UIKit has no such limit; no real app comes near it.
    public static let maximumDepth = 200

    /// The depth of a controller in its tree (the root is 1), as ``maximumDepth`` counts it.
    static func depth(of controller: any ViewController) -> Int {
        depth(of: controller, seen: 0, below: 0)
    }

    /// ``depth(of:)`` walked up from `node`, the walk's `seen`th controller, with `below`
    /// counted for the controllers under it so far; stops past ``maximumDepth`` + 2 controllers.
    //
    // Recursive rather than a loop over a `var`: each controller is passed on borrowed, not
    // copied into a variable, which saved a retain and a release of each on every push.
    private static func depth(of node: any ViewController, seen: Int, below: Int) -> Int {
        guard seen <= maximumDepth + 1 else { return below }
        let context = node.context
        var depth = below + 1
        if let parent = context.parent {
            if parent.kind == .split, parent.context.splitColumns == nil, !parent.context.isCollapsed,
                parent.context.children.count > 1, parent.context.children[1] === node
            {
                depth += 1
            }
            return Self.depth(of: parent, seen: seen + 1, below: depth)
        }
        if let presenting = context.presenting { return Self.depth(of: presenting, seen: seen + 1, below: depth) }
        return depth
    }

    /// The depth of the deepest controller under `controller` (children it has or will adopt,
    /// what it presents) when `controller` sits at depth `start`, if it is deeper than `limit`;
    /// `nil` when the whole subtree fits. Stops at the first controller past the limit, and
    /// visits a controller once (a cycle is for the other checks to name).
    static func height(of controller: any ViewController, startingAt start: Int, limit: Int) -> Int? {
        // A leaf (the usual pushed or presented controller): the walk below would visit it
        // alone, so answer without its array and set.
        let context = controller.context
        if context.presented == nil, context.didAdoptInitialChildren ? context.children.isEmpty : controller.initialChildren.isEmpty {
            return start > limit ? start : nil
        }
        var pending: [(controller: any ViewController, depth: Int)] = [(controller, start)]
        var seen = SeenControllers()
        while let (node, depth) = pending.popLast() {
            if depth > limit { return depth }
            guard seen.insert(ObjectIdentifier(node)) else { continue }
            let context = node.context
            let children = context.didAdoptInitialChildren ? context.children : node.initialChildren
            let secondaryExtra = node.kind == .split && context.splitColumns == nil && !context.isCollapsed ? 1 : 0
            for (index, child) in children.enumerated() {
                pending.append((child, depth + 1 + (index == 1 ? secondaryExtra : 0)))
            }
            if let presented = context.presented { pending.append((presented, depth + 1)) }
        }
        return nil
    }
}

extension ControllerSnapshot {
    /// How deep a controller sits under the coding path of an encoder or decoder: one level per
    /// `children` and `presented` key above it, plus itself.
    static func codingDepth(_ path: [any CodingKey]) -> Int {
        var depth = 1
        for key in path where key.intValue == nil && (key.stringValue == "children" || key.stringValue == "presented") {
            depth += 1
        }
        return depth
    }

    /// The error ``ControllerSnapshot`` throws when encoding or decoding a tree deeper than
    /// ``Window/maximumDepth``.
    public struct TooDeep: Error, Hashable, Sendable, CustomStringConvertible {
        /// Where in the document the limit was passed, as a dotted path.
        public var path: String

        /// Creates the error.
        public init(path: String) { self.path = path }

        public var description: String {
            "the tree is deeper than Window.maximumDepth (\(Window.maximumDepth)) controllers at \(path)"
        }
    }

    static func tooDeep(_ path: [any CodingKey]) -> TooDeep {
        TooDeep(path: path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined())
    }
}

extension WindowSnapshot {
    /// Whether a JSON document nests arrays and objects deeper than a snapshot of a tree within
    /// ``Window/maximumDepth`` can (with a wrapping object or two): what tells "too deep" apart
    /// from "invalid JSON" when decoding fails. Counts brackets without parsing; O(n).
    /// - Parameter json: The document's bytes.
    /// - Returns: `true` when it nests too deep.
    public static func nestsTooDeep(_ json: some Sequence<UInt8>) -> Bool {
        JSONNesting.exceeds(json, limit: JSONNesting.snapshotLimit) != nil
    }
}

/// The nesting of a JSON document (arrays and objects), counted without parsing: what tells
/// a document too deep for the runtime apart from one that is not JSON.
enum JSONNesting {
    /// The deepest nesting of `[` and `{` outside strings, or `nil` when it passes `limit`
    /// (the scan stops there).
    static func exceeds<Bytes: Sequence<UInt8>>(_ bytes: Bytes, limit: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return depth }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }

    /// The deepest JSON nesting a snapshot of a tree within ``Window/maximumDepth`` needs, with
    /// a wrapping object or two.
    static let snapshotLimit = 2 * Window.maximumDepth + 8
}
