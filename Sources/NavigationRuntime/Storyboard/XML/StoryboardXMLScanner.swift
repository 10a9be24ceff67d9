// NavigationRuntime: Interface Builder loader, XML scanner.

/// A small, strict XML scanner over a storyboard's UTF-8 bytes: one forward pass, pulled one
/// event at a time with ``next()``.
///
/// It reports start tags (name, attributes, the offset of the `<`) and end tags, and checks
/// everything a well-formed storyboard must satisfy: matched start and end tags, one root
/// element, quoted attribute values without `<`, no duplicate attributes, known entities only,
/// legal characters (no NUL or other C0 control byte), no truncation. Comments, processing
/// instructions, CDATA and character data are checked and skipped.
///
/// Entities are never expanded beyond the five predefined ones (`&amp;` `&lt;` `&gt;` `&quot;`
/// `&apos;`) and character references (`&#10;` `&#x41;`), and a `<!DOCTYPE` is refused, so
/// external entities and entity expansion bombs are impossible by construction.
///
/// Every index is bounds-checked (safe `Array` indexing), every loop advances, and the open
/// tags live on an explicit stack, so hostile input ends in a ``StoryboardError``
/// (`.malformedXML` with file, line and column): never a crash, never a hang, never a deep
/// recursion. Lines are counted by `\n`; columns are 1-based byte offsets within the line.
///
/// The scanner does not validate UTF-8 itself: ``StoryboardDocumentGuard`` does that first.
/// On invalid UTF-8 it still never crashes (names and values decode with U+FFFD).
struct StoryboardXMLScanner {
    /// What ``next()`` found.
    enum Event {
        /// A start tag (or the start of a self-closing tag, which is followed by an `.end`).
        case start(StoryboardXMLElement)
        /// The end of the innermost open element (already matched to its start tag).
        case end
    }

    /// An element that is open: its name's bytes and its start tag's `<`.
    private struct OpenTag {
        var name: Range<Int>
        var offset: Int
    }

    let bytes: [UInt8]
    let file: String
    /// The offset of the next byte to read (internal for the +Markup extension).
    var index = 0
    private var open: [OpenTag] = []
    private var sawRoot = false
    private var pendingEnd = false
    private var attributes: [StoryboardXMLAttributes.Entry] = []
    /// The names of the current tag's attributes once there are many (duplicate checks stay linear).
    private var manyAttributeNames = Set<ArraySlice<UInt8>>()
    // The line of `index` and the offset where it starts, updated at each "\n" passed, so that
    // each start tag gets its position for free.
    var line = 1
    var lineStart = 0
    // A second, lazy cursor for any other offset (errors): lines counted up to `countedOffset`.
    private var countedOffset = 0
    private var countedLine = 1
    private var countedLineStart = 0

    /// Up to this many attributes, duplicates are found by comparing names pairwise; beyond, with a set.
    private static let linearDuplicateCheckLimit = 16

    /// Creates a scanner.
    /// - Parameters:
    ///   - bytes: The document's bytes (UTF-8).
    ///   - file: The path to report in errors and locations.
    init(_ bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        open.reserveCapacity(64)
        attributes.reserveCapacity(16)
        // A UTF-8 byte order mark is skipped (columns still count its bytes).
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// The next start or end tag, or `nil` at the end of a well-formed document.
    /// - Throws: ``StoryboardError`` (`.malformedXML`, `.forbiddenDocumentType`).
    mutating func next() throws(StoryboardError) -> Event? {
        if pendingEnd {
            pendingEnd = false
            open.removeLast()
            return .end
        }
        while true {
            try skipCharacterData()
            guard index < bytes.count else {
                try finishDocument()
                return nil
            }
            // bytes[index] is "<".
            guard index + 1 < bytes.count else { throw malformed("unexpected end of file after '<'", at: index) }
            switch bytes[index + 1] {
            case XMLByte.slash:
                try endTag()
                return .end
            case XMLByte.exclamation:
                try markupDeclaration()
            case XMLByte.question:
                try processingInstruction()
            default:
                return .start(try startTag())
            }
        }
    }

    /// Notes the "\n" just passed (at `index - 1`).
    mutating func passedNewline() {
        line += 1
        lineStart = index
    }

    /// The 1-based line and column of a byte offset.
    /// - Parameter offset: A byte offset (clamped to the document).
    /// - Returns: The location.
    mutating func location(of offset: Int) -> StoryboardSourceLocation {
        let target = min(max(offset, 0), bytes.count)
        if target < countedOffset {
            countedOffset = 0
            countedLine = 1
            countedLineStart = 0
        }
        var position = countedOffset
        while position < target {
            if bytes[position] == XMLByte.newline {
                countedLine += 1
                countedLineStart = position + 1
            }
            position += 1
        }
        countedOffset = target
        return StoryboardSourceLocation(file: file, line: countedLine, column: target - countedLineStart + 1)
    }

    /// Whether an element is open.
    var isInsideRoot: Bool { !open.isEmpty }

    /// Whether the root element has started.
    var hasSeenRoot: Bool { sawRoot }

    // MARK: - Errors

    mutating func malformed(_ message: String, at offset: Int) -> StoryboardError {
        StoryboardError(.malformedXML, message, at: location(of: offset))
    }

    mutating func truncated(_ what: String, startingAt offset: Int) -> StoryboardError {
        let start = location(of: offset)
        return StoryboardError(
            .malformedXML, "unexpected end of file inside \(what) (opened at \(start.line):\(start.column))",
            at: location(of: bytes.count))
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    // MARK: - Document

    private mutating func finishDocument() throws(StoryboardError) {
        guard sawRoot else { throw malformed("no root element (empty document)", at: bytes.count) }
        guard let innermost = open.last else { return }
        let start = location(of: innermost.offset)
        throw StoryboardError(
            .malformedXML,
            "unexpected end of file: <\(text(innermost.name))> (opened at \(start.line):\(start.column)) is not closed (truncated file?)",
            at: location(of: bytes.count))
    }

    /// Skips character data up to the next `<` (or the end), checking references and characters;
    /// outside the root element only whitespace is allowed.
    private mutating func skipCharacterData() throws(StoryboardError) {
        let count = bytes.count
        let inside = !open.isEmpty
        while index < count {
            let byte = bytes[index]
            if byte == XMLByte.space || byte == XMLByte.tab || byte == XMLByte.carriageReturn {
                index += 1
                continue
            }
            if byte == XMLByte.newline {
                index += 1
                passedNewline()
                continue
            }
            if byte == XMLByte.lessThan { return }
            guard inside else {
                throw malformed(
                    sawRoot ? "content after the root element" : "content before the root element", at: index)
            }
            if byte == XMLByte.ampersand {
                index = try reference(at: index).end
                continue
            }
            if byte == XMLByte.closeBracket, index + 2 < count, bytes[index + 1] == XMLByte.closeBracket,
                bytes[index + 2] == XMLByte.greaterThan
            {
                throw malformed("']]>' in character data", at: index)
            }
            if byte < 0x20 { throw illegalByte(byte, at: index) }
            index += 1
        }
    }

    mutating func illegalByte(_ byte: UInt8, at offset: Int) -> StoryboardError {
        let hex = String(byte, radix: 16, uppercase: true)
        return malformed(byte == 0 ? "NUL byte in the document" : "illegal control character 0x\(hex)", at: offset)
    }

    // MARK: - Tags

    /// A start tag at `index` (a `<` followed by something other than `/`, `!`, `?`).
    private mutating func startTag() throws(StoryboardError) -> StoryboardXMLElement {
        let start = index
        let startLine = line
        let startColumn = start - lineStart + 1
        index += 1
        if open.isEmpty, sawRoot { throw malformed("a second root element", at: start) }
        let nameRange = try name(what: "an element name")
        attributes.removeAll(keepingCapacity: true)
        if !manyAttributeNames.isEmpty { manyAttributeNames.removeAll(keepingCapacity: true) }
        let count = bytes.count
        while true {
            let hadSpace = skipWhitespace()
            guard index < count else { throw truncated("the start tag <\(text(nameRange))>", startingAt: start) }
            let byte = bytes[index]
            if byte == XMLByte.greaterThan {
                index += 1
                break
            }
            if byte == XMLByte.slash {
                guard index + 1 < count else { throw truncated("the start tag <\(text(nameRange))>", startingAt: start) }
                guard bytes[index + 1] == XMLByte.greaterThan else { throw malformed("expected '>' after '/'", at: index + 1) }
                index += 2
                pendingEnd = true
                break
            }
            guard hadSpace else { throw malformed("expected whitespace before an attribute", at: index) }
            try attribute(in: nameRange, tagStart: start)
        }
        open.append(OpenTag(name: nameRange, offset: start))
        sawRoot = true
        return StoryboardXMLElement(
            name: text(nameRange), offset: start, line: startLine, column: startColumn,
            attributes: StoryboardXMLAttributes(bytes: bytes, entries: attributes))
    }

    /// One `name = "value"` pair at `index`.
    private mutating func attribute(in element: Range<Int>, tagStart: Int) throws(StoryboardError) {
        let count = bytes.count
        let nameStart = index
        let nameRange = try name(what: "an attribute name")
        skipWhitespace()
        guard index < count else { throw truncated("the start tag <\(text(element))>", startingAt: tagStart) }
        guard bytes[index] == XMLByte.equals else { throw malformed("expected '=' after attribute '\(text(nameRange))'", at: index) }
        index += 1
        skipWhitespace()
        guard index < count else { throw truncated("the start tag <\(text(element))>", startingAt: tagStart) }
        let quote = bytes[index]
        guard quote == XMLByte.doubleQuote || quote == XMLByte.singleQuote else {
            throw malformed("attribute '\(text(nameRange))' has an unquoted value", at: index)
        }
        index += 1
        let valueStart = index
        var needsDecoding = false
        while true {
            guard index < count else { throw truncated("the value of attribute '\(text(nameRange))'", startingAt: valueStart - 1) }
            let byte = bytes[index]
            // Most bytes are above '<', and every byte with a meaning here is at or below it.
            if byte > XMLByte.lessThan {
                index += 1
                continue
            }
            if byte == quote { break }
            if byte == XMLByte.lessThan { throw malformed("'<' in the value of attribute '\(text(nameRange))'", at: index) }
            if byte == XMLByte.ampersand {
                needsDecoding = true
                index = try reference(at: index).end
                continue
            }
            if byte < 0x20 {
                guard byte == XMLByte.tab || byte == XMLByte.newline || byte == XMLByte.carriageReturn else {
                    throw illegalByte(byte, at: index)
                }
                needsDecoding = true
                if byte == XMLByte.newline {
                    index += 1
                    passedNewline()
                    continue
                }
            }
            index += 1
        }
        let entry = StoryboardXMLAttributes.Entry(name: nameRange, value: valueStart..<index, needsDecoding: needsDecoding)
        index += 1
        if attributes.count < Self.linearDuplicateCheckLimit {
            for other in attributes where bytes[other.name] == bytes[nameRange] {
                throw malformed("attribute '\(text(nameRange))' appears twice", at: nameStart)
            }
        } else {
            if manyAttributeNames.isEmpty { manyAttributeNames = Set(attributes.map { bytes[$0.name] }) }
            guard manyAttributeNames.insert(bytes[nameRange]).inserted else {
                throw malformed("attribute '\(text(nameRange))' appears twice", at: nameStart)
            }
        }
        attributes.append(entry)
    }

    /// An end tag at `index` (`</`), matched against the innermost open element.
    private mutating func endTag() throws(StoryboardError) {
        let start = index
        index += 2
        let nameRange = try name(what: "an element name")
        skipWhitespace()
        guard index < bytes.count else { throw truncated("the end tag </\(text(nameRange))>", startingAt: start) }
        guard bytes[index] == XMLByte.greaterThan else { throw malformed("expected '>' to close the end tag </\(text(nameRange))>", at: index) }
        index += 1
        guard let innermost = open.last else { throw malformed("end tag </\(text(nameRange))> without a start tag", at: start) }
        guard bytes[innermost.name] == bytes[nameRange] else {
            let opened = location(of: innermost.offset)
            throw malformed(
                "mismatched end tag </\(text(nameRange))>: <\(text(innermost.name))> (opened at \(opened.line):\(opened.column)) is still open",
                at: start)
        }
        open.removeLast()
    }

    /// A name at `index`: an ASCII letter, `_`, `:` or a non-ASCII byte, then those, digits,
    /// `-` and `.`.
    @inline(__always)
    mutating func name(what: StaticString) throws(StoryboardError) -> Range<Int> {
        let start = index
        let count = bytes.count
        guard index < count, Self.isNameStart(bytes[index]) else { throw notAName(what) }
        index += 1
        while index < count, Self.isNameByte(bytes[index]) { index += 1 }
        return start..<index
    }

    /// The error for a missing name at `index` (kept out of line: the fast path stays small).
    @inline(never)
    private mutating func notAName(_ what: StaticString) -> StoryboardError {
        guard index < bytes.count else { return truncated("a tag", startingAt: index) }
        return malformed("expected \(what)", at: index)
    }

    /// Skips XML whitespace; returns whether there was any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == XMLByte.space || byte == XMLByte.newline || byte == XMLByte.tab || byte == XMLByte.carriageReturn else { break }
            index += 1
            if byte == XMLByte.newline { passedNewline() }
        }
        return index > start
    }

    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= XMLByte.lowerA && byte | 0x20 <= XMLByte.lowerZ) || byte == XMLByte.underscore || byte == XMLByte.colon
            || byte >= 0x80
    }

    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= XMLByte.zero && byte <= XMLByte.nine) || byte == XMLByte.hyphen || byte == XMLByte.period
    }
}
