import NavigationRuntime

/// Reads the event lines of a recording (`{"event":{...JournalEvent...}}`) byte by byte,
/// without `JSONDecoder`, for exactly the shape ``JournalRecording/jsonLines()`` writes them in.
///
/// `JSONDecoder` spent three quarters of a `replay` decoding these lines through the
/// generated `Codable` (issue 13: a 100,000-request recording took 6.5 s). This reader knows
/// the one spelling the writer's `JSONEncoder` produces (sorted keys, no whitespace, the
/// generated `Codable` shape of enums with associated values, optional values left out, ids as
/// bare integers) and takes nothing else: a line it does not recognise byte for byte (another
/// key order, whitespace, `null`, an escaped or invalid UTF-8 string, a number with a sign, a
/// fraction, a leading zero or too many digits, nesting deeper than ``depthLimit``, an unknown
/// case or raw value, anything after the closing brace) gives `nil`, and the caller decodes it
/// with `JSONDecoder` as before. So a line means what `JSONDecoder` says it means, errors keep
/// their wording, and recordings written by older versions still read.
///
/// Never traps on any bytes: every index is checked against the line's end before it is read,
/// integers are built with overflow checks, and recursion (composite changes, snapshot trees)
/// stops at ``depthLimit``.
struct EventLineReader {
    /// The deepest nesting of composite changes and snapshot subtrees read here; deeper lines
    /// go to `JSONDecoder` (which itself refuses more than 512 levels).
    static let depthLimit = 200

    private let bytes: [UInt8]
    private var index: Int
    private let end: Int
    private var depth = 0

    private init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.index = range.lowerBound
        self.end = range.upperBound
    }

    /// The event of the line `bytes[range]` (no newline), or `nil` if the line is not an event
    /// line spelled exactly as the writer spells it.
    static func event(in bytes: [UInt8], _ range: Range<Int>) -> JournalEvent? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        var reader = EventLineReader(bytes: bytes, range: range)
        guard reader.literal(#"{"event":"#), let event = reader.event(), reader.literal("}"), reader.index == reader.end else {
            return nil
        }
        return event
    }

    // MARK: - Lexing

    /// Consumes `text` if the bytes at the cursor are exactly it.
    private mutating func literal(_ text: String) -> Bool {
        var position = index
        for byte in text.utf8 {
            guard position < end, bytes[position] == byte else { return false }
            position += 1
        }
        index = position
        return true
    }

    /// The byte at the cursor, if any.
    private var peek: UInt8? { index < end ? bytes[index] : nil }

    /// A non-negative integer without sign, fraction, exponent or leading zero.
    private mutating func unsigned() -> UInt64? {
        guard let first = peek, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        index += 1
        var value = UInt64(first - UInt8(ascii: "0"))
        if first == UInt8(ascii: "0") {
            // JSON has no leading zeros: `0` stands alone.
            if let next = peek, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") { return nil }
            return 0
        }
        while let digit = peek, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return value
    }

    /// A non-negative `Int` (negative ones go to `JSONDecoder`).
    private mutating func int() -> Int? {
        guard let value = unsigned(), value <= UInt64(Int.max) else { return nil }
        return Int(value)
    }

    private mutating func id<Tag: IdentifierTag>(_: Tag.Type = Tag.self) -> Identifier<Tag>? {
        unsigned().map(Identifier<Tag>.init)
    }

    private mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// A string with no escapes and no control characters, valid UTF-8.
    private mutating func string() -> String? {
        guard literal("\"") else { return nil }
        let start = index
        while let byte = peek {
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            // Escapes and raw control characters are left to JSONDecoder.
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { return nil }
            index += 1
        }
        return nil
    }

    /// A JSON array of `element`s, `[]` included.
    private mutating func array<Element>(_ element: (inout EventLineReader) -> Element?) -> [Element]? {
        guard literal("[") else { return nil }
        var elements: [Element] = []
        if literal("]") { return elements }
        repeat {
            guard let next = element(&self) else { return nil }
            elements.append(next)
        } while literal(",")
        return literal("]") ? elements : nil
    }

    /// A case name of the generated `Codable` shape `{"name":{...}}`, up to and including `:`.
    private mutating func caseName() -> String? {
        guard literal("{"), let name = string(), literal(":") else { return nil }
        return name
    }

    // MARK: - Events

    /// `{"kind":KIND[,"request":N],"sequence":N,"window":N}`
    private mutating func event() -> JournalEvent? {
        guard literal(#"{"kind":"#), let kind = kind() else { return nil }
        var request: RequestID?
        if literal(#","request":"#) {
            guard let id: RequestID = id() else { return nil }
            request = id
        }
        guard literal(#","sequence":"#), let sequence = unsigned(), literal(#","window":"#), let window: WindowID = id(),
            literal("}")
        else { return nil }
        return JournalEvent(window: window, sequence: sequence, request: request, kind: kind)
    }

    /// `{"case":{}}`, `{"case":{"_0":VALUE}}` or `{"callback":{"_0":ID,"_1":CALLBACK}}`.
    private mutating func kind() -> JournalEvent.Kind? {
        guard let name = caseName() else { return nil }
        let kind: JournalEvent.Kind
        switch name {
        case "began": kind = .began
        case "cancelled": kind = .cancelled
        case "vetoed": kind = .vetoed
        case "noChange": kind = .noChange
        case "dropped": kind = .dropped
        case "superseded": kind = .superseded
        case "deferred": kind = .deferred
        case "windowClosed": kind = .windowClosed
        default:
            guard literal(#"{"_0":"#) else { return nil }
            switch name {
            case "accepted":
                guard let text = string() else { return nil }
                kind = .accepted(text)
            case "failed":
                guard let text = string() else { return nil }
                kind = .failed(text)
            case "noDestination":
                guard let text = string() else { return nil }
                kind = .noDestination(text)
            case "warning":
                guard let text = string() else { return nil }
                kind = .warning(text)
            case "committed":
                guard let change = change() else { return nil }
                kind = .committed(change)
            case "entered":
                guard let snapshot = controller() else { return nil }
                kind = .entered(snapshot)
            case "callback":
                guard let controller: ControllerID = id(), literal(#","_1":"#), let callback = callback() else { return nil }
                kind = .callback(controller, callback)
            default:
                return nil
            }
            guard literal("}") else { return nil }
            return literal("}") ? kind : nil
        }
        return literal("{}}") ? kind : nil
    }

    /// `{"viewDidLoad":{}}`, `{"viewWillAppear":{"animated":B}}`, `{"willMove":{["toParent":ID]}}`...
    private mutating func callback() -> ControllerCallback? {
        guard let name = caseName() else { return nil }
        let callback: ControllerCallback
        switch name {
        case "viewDidLoad":
            guard literal("{}") else { return nil }
            callback = .viewDidLoad
        case "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear":
            guard literal(#"{"animated":"#), let animated = bool(), literal("}") else { return nil }
            switch name {
            case "viewWillAppear": callback = .viewWillAppear(animated: animated)
            case "viewDidAppear": callback = .viewDidAppear(animated: animated)
            case "viewWillDisappear": callback = .viewWillDisappear(animated: animated)
            default: callback = .viewDidDisappear(animated: animated)
            }
        case "willMove", "didMove":
            var parent: ControllerID?
            if literal(#"{"toParent":"#) {
                guard let id: ControllerID = id(), literal("}") else { return nil }
                parent = id
            } else if !literal("{}") {
                return nil
            }
            callback = name == "willMove" ? .willMove(toParent: parent) : .didMove(toParent: parent)
        default:
            return nil
        }
        return literal("}") ? callback : nil
    }

    // MARK: - Changes

    /// One ``CommittedChange`` in its generated `Codable` shape (labels sorted).
    private mutating func change() -> CommittedChange? {
        guard let name = caseName() else { return nil }
        let change: CommittedChange
        switch name {
        case "setRoot":
            guard literal(#"{"_0":"#), let root: ControllerID = id() else { return nil }
            change = .setRoot(root)
        case "removeRoot":
            guard literal("{") else { return nil }
            change = .removeRoot
        case "push":
            guard literal(#"{"navigation":"#), let navigation: ControllerID = id(),
                literal(#","pushed":"#), let pushed: ControllerID = id()
            else { return nil }
            change = .push(navigation: navigation, pushed: pushed)
        case "pop":
            guard literal(#"{"navigation":"#), let navigation: ControllerID = id(),
                literal(#","removed":"#), let removed = array({ $0.id(ControllerTag.self) })
            else { return nil }
            change = .pop(navigation: navigation, removed: removed)
        case "setStack":
            guard literal(#"{"navigation":"#), let navigation: ControllerID = id(),
                literal(#","stack":"#), let stack = array({ $0.id(ControllerTag.self) })
            else { return nil }
            change = .setStack(navigation: navigation, stack: stack)
        case "setPages":
            guard literal(#"{"page":"#), let page: ControllerID = id(),
                literal(#","pages":"#), let pages = array({ $0.id(ControllerTag.self) })
            else { return nil }
            change = .setPages(page: page, pages: pages)
        case "present":
            guard literal(#"{"presented":"#), let presented: ControllerID = id(),
                literal(#","presenter":"#), let presenter: ControllerID = id(),
                literal(#","style":"#), let style = string().flatMap(PresentationStyle.init(rawValue:))
            else { return nil }
            change = .present(presenter: presenter, presented: presented, style: style)
        case "dismiss":
            guard literal(#"{"presenter":"#), let presenter: ControllerID = id(),
                literal(#","removed":"#), let removed = array({ $0.id(ControllerTag.self) })
            else { return nil }
            change = .dismiss(presenter: presenter, removed: removed)
        case "selectTab":
            guard literal(#"{"index":"#), let index = int(), literal(#","tabBar":"#), let tabBar: ControllerID = id() else {
                return nil
            }
            change = .selectTab(tabBar: tabBar, index: index)
        case "replaceSecondary":
            var secondary: ControllerID?
            if literal(#"{"secondary":"#) {
                guard let id: ControllerID = id(), literal(#","split":"#) else { return nil }
                secondary = id
            } else if !literal(#"{"split":"#) {
                return nil
            }
            guard let split: ControllerID = id() else { return nil }
            change = .replaceSecondary(split: split, secondary: secondary)
        case "setCollapsed", "setColumns":
            guard literal(#"{"collapsed":"#), let collapsed = bool(), literal(#","split":"#), let split: ControllerID = id() else {
                return nil
            }
            change = name == "setCollapsed" ? .setCollapsed(split: split, collapsed: collapsed) : .setColumns(split: split, collapsed: collapsed)
        case "setTraits":
            guard literal(#"{"_0":"#), let traits = traits() else { return nil }
            change = .setTraits(traits)
        case "addChild", "removeFromParent":
            guard literal(#"{"child":"#), let child: ControllerID = id(), literal(#","parent":"#), let parent: ControllerID = id() else {
                return nil
            }
            change = name == "addChild" ? .addChild(parent: parent, child: child) : .removeFromParent(parent: parent, child: child)
        case "composite":
            guard depth < Self.depthLimit, literal(#"{"_0":"#) else { return nil }
            depth += 1
            defer { depth -= 1 }
            guard let changes = array({ $0.change() }) else { return nil }
            change = .composite(changes)
        default:
            return nil
        }
        return literal("}}") ? change : nil
    }

    /// `{"horizontalSizeClass":"...","verticalSizeClass":"..."}`
    private mutating func traits() -> Traits? {
        guard literal(#"{"horizontalSizeClass":"#), let horizontal = string().flatMap(Traits.SizeClass.init(rawValue:)),
            literal(#","verticalSizeClass":"#), let vertical = string().flatMap(Traits.SizeClass.init(rawValue:)),
            literal("}")
        else { return nil }
        return Traits(horizontalSizeClass: horizontal, verticalSizeClass: vertical)
    }

    // MARK: - Snapshots

    /// A ``ControllerSnapshot`` as its `encode(to:)` writes it, keys sorted:
    /// `appearance, children, className, [columns], id, kind, [presentationStyle], [presented],
    /// [scene], [selectedIndex]`.
    private mutating func controller() -> ControllerSnapshot? {
        guard depth < Self.depthLimit else { return nil }
        depth += 1
        defer { depth -= 1 }
        guard literal(#"{"appearance":"#), let appearance = string().flatMap(AppearanceState.init(rawValue:)),
            literal(#","children":"#), let children = array({ $0.controller() }),
            literal(#","className":"#), let className = string()
        else { return nil }
        var columns: [SplitColumn]?
        if literal(#","columns":"#) {
            guard let read = array({ $0.string().flatMap(SplitColumn.init(rawValue:)) }) else { return nil }
            columns = read
        }
        guard literal(#","id":"#), let id: ControllerID = id(),
            literal(#","kind":"#), let kind = string().flatMap(ControllerKind.init(rawValue:))
        else { return nil }
        var style: PresentationStyle?
        if literal(#","presentationStyle":"#) {
            guard let read = string().flatMap(PresentationStyle.init(rawValue:)) else { return nil }
            style = read
        }
        var presented: ControllerSnapshot?
        if literal(#","presented":"#) {
            guard let read = controller() else { return nil }
            presented = read
        }
        var scene: String?
        if literal(#","scene":"#) {
            guard let read = string() else { return nil }
            scene = read
        }
        var selectedIndex: Int?
        if literal(#","selectedIndex":"#) {
            guard let read = int() else { return nil }
            selectedIndex = read
        }
        guard literal("}") else { return nil }
        return ControllerSnapshot(
            id: id, scene: scene, className: className, kind: kind, appearance: appearance, children: children,
            selectedIndex: selectedIndex, presentationStyle: style, presented: presented, columns: columns
        )
    }
}
