// NavigationRuntime: Interface Builder loader, XML scanner: comments, CDATA, processing
// instructions, document type declarations and references.

extension StoryboardXMLScanner {
    private static let commentOpen: [UInt8] = Array("<!--".utf8)
    private static let cdataOpen: [UInt8] = Array("<![CDATA[".utf8)
    private static let doctypeOpen: [UInt8] = Array("<!DOCTYPE".utf8)
    private static let entityOpen: [UInt8] = Array("<!ENTITY".utf8)

    /// `<!--`, `<![CDATA[` or a refused `<!DOCTYPE` / `<!ENTITY` at `index`.
    mutating func markupDeclaration() throws(StoryboardError) {
        let start = index
        if hasPrefix(Self.commentOpen, at: start) {
            index += Self.commentOpen.count
            try skip(until: XMLByte.hyphen, XMLByte.hyphen, what: "a comment", startingAt: start)
            // "--" may only end a comment.
            guard index < bytes.count else { throw truncated("a comment", startingAt: start) }
            guard bytes[index] == XMLByte.greaterThan else { throw malformed("'--' inside a comment", at: index - 2) }
            index += 1
        } else if hasPrefix(Self.cdataOpen, at: start) {
            guard isInsideRoot else { throw malformed("CDATA section outside the root element", at: start) }
            index += Self.cdataOpen.count
            try skip(until: XMLByte.closeBracket, XMLByte.closeBracket, XMLByte.greaterThan, what: "a CDATA section", startingAt: start)
        } else if hasPrefix(Self.doctypeOpen, at: start) {
            throw StoryboardError(.forbiddenDocumentType, "document type declarations are refused in storyboards", at: location(of: start))
        } else if hasPrefix(Self.entityOpen, at: start) {
            throw StoryboardError(
                .forbiddenEntity, "entity declarations are refused (no external or expanding entities)", at: location(of: start))
        } else {
            throw malformed("unknown markup declaration after '<!'", at: start)
        }
    }

    /// `<?target ...?>` at `index`; `<?xml ...?>` only as the document's first bytes.
    mutating func processingInstruction() throws(StoryboardError) {
        let start = index
        index += 2
        let target = try name(what: "a processing instruction target")
        let isXML = target.count == 3 && bytes[target].map { $0 | 0x20 } == Array("xml".utf8)
        if isXML {
            let atStart = start == 0 || (start == 3 && bytes[0] == 0xEF)
            guard atStart, !isInsideRoot, !hasSeenRoot else {
                throw malformed("XML declaration (or a processing instruction named 'xml') not at the start of the document", at: start)
            }
            return try xmlDeclaration(startingAt: start)
        }
        guard index < bytes.count else { throw truncated("a processing instruction", startingAt: start) }
        let byte = bytes[index]
        let followsTarget = byte == XMLByte.space || byte == XMLByte.newline || byte == XMLByte.tab || byte == XMLByte.carriageReturn
        let endsHere = byte == XMLByte.question
        guard followsTarget || endsHere else { throw malformed("expected whitespace after the processing instruction target", at: index) }
        try skip(until: XMLByte.question, XMLByte.greaterThan, what: "a processing instruction", startingAt: start)
    }

    private static let declarationNames: [[UInt8]] = [Array("version".utf8), Array("encoding".utf8), Array("standalone".utf8)]

    /// The rest of `<?xml version="1.0" encoding="UTF-8" standalone="no"?>` after `xml`:
    /// `version` first, then optionally `encoding` and `standalone`, in that order.
    private mutating func xmlDeclaration(startingAt start: Int) throws(StoryboardError) {
        var next = 0
        while true {
            let hadSpace = skipWhitespace()
            guard index + 1 < bytes.count else { throw truncated("the XML declaration", startingAt: start) }
            if bytes[index] == XMLByte.question {
                guard bytes[index + 1] == XMLByte.greaterThan else { throw malformed("expected '?>' to end the XML declaration", at: index) }
                guard next > 0 else { throw malformed("XML declaration without a version", at: start) }
                index += 2
                return
            }
            guard hadSpace else { throw malformed("expected whitespace in the XML declaration", at: index) }
            let nameStart = index
            let nameRange = try name(what: "'version', 'encoding' or 'standalone'")
            guard let kind = Self.declarationNames.firstIndex(where: { bytes[nameRange].elementsEqual($0) }), kind >= next,
                next > 0 || kind == 0
            else {
                throw malformed("unexpected '\(text(nameRange))' in the XML declaration", at: nameStart)
            }
            skipWhitespace()
            guard index < bytes.count else { throw truncated("the XML declaration", startingAt: start) }
            guard bytes[index] == XMLByte.equals else { throw malformed("expected '=' in the XML declaration", at: index) }
            index += 1
            skipWhitespace()
            guard index < bytes.count else { throw truncated("the XML declaration", startingAt: start) }
            let quote = bytes[index]
            guard quote == XMLByte.doubleQuote || quote == XMLByte.singleQuote else {
                throw malformed("unquoted value in the XML declaration", at: index)
            }
            let valueStart = index + 1
            var valueEnd = valueStart
            while valueEnd < bytes.count, bytes[valueEnd] != quote, valueEnd - valueStart < 64 { valueEnd += 1 }
            guard valueEnd < bytes.count, bytes[valueEnd] == quote else {
                throw malformed("unterminated value in the XML declaration", at: index)
            }
            guard Self.isValidDeclarationValue(Array(bytes[valueStart..<valueEnd]), kind: kind) else {
                throw malformed("invalid \(text(nameRange)) '\(text(valueStart..<valueEnd))' in the XML declaration", at: valueStart)
            }
            index = valueEnd + 1
            next = kind + 1
        }
    }

    /// `1.` and digits; an encoding name; `yes` or `no`.
    private static func isValidDeclarationValue(_ value: [UInt8], kind: Int) -> Bool {
        let isDigit = { (byte: UInt8) in byte >= XMLByte.zero && byte <= XMLByte.nine }
        let isLetter = { (byte: UInt8) in byte | 0x20 >= XMLByte.lowerA && byte | 0x20 <= XMLByte.lowerZ }
        switch kind {
        case 0:
            return value.count > 2 && value[0] == XMLByte.zero + 1 && value[1] == XMLByte.period && value.dropFirst(2).allSatisfy(isDigit)
        case 1:
            guard let first = value.first, isLetter(first) else { return false }
            return value.allSatisfy { isLetter($0) || isDigit($0) || $0 == XMLByte.period || $0 == XMLByte.underscore || $0 == XMLByte.hyphen }
        default:
            return value == Array("yes".utf8) || value == Array("no".utf8)
        }
    }

    /// Moves `index` past the first occurrence of the terminator, checking characters on the way.
    private mutating func skip(
        until first: UInt8, _ second: UInt8, _ third: UInt8? = nil, what: String, startingAt start: Int
    ) throws(StoryboardError) {
        let length = third == nil ? 2 : 3
        let count = bytes.count
        while true {
            guard index + length <= count else { throw truncated(what, startingAt: start) }
            let byte = bytes[index]
            if byte == first, bytes[index + 1] == second, third.map({ bytes[index + 2] == $0 }) ?? true {
                index += length
                return
            }
            if byte < 0x20, byte != XMLByte.tab, byte != XMLByte.carriageReturn {
                guard byte == XMLByte.newline else { throw illegalByte(byte, at: index) }
                index += 1
                passedNewline()
                continue
            }
            index += 1
        }
    }

    private func hasPrefix(_ prefix: [UInt8], at offset: Int) -> Bool {
        guard offset + prefix.count <= bytes.count else { return false }
        return bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
    }

    /// Checks the reference (`&...;`) at `offset` (a `&`).
    /// - Returns: Its Unicode scalar value and the offset just past its `;`.
    /// - Throws: ``StoryboardError`` `.malformedXML` for an unknown entity or a bad character reference.
    mutating func reference(at offset: Int) throws(StoryboardError) -> (scalar: UInt32, end: Int) {
        if let found = Self.decodeReference(bytes, at: offset) { return found }
        // Name the culprit (at most 32 bytes of it) in the message.
        var end = offset + 1
        while end < bytes.count, end - offset < 32, Self.isNameByte(bytes[end]) || bytes[end] == XMLByte.hash { end += 1 }
        let written = text(offset..<end)
        guard end < bytes.count, bytes[end] == XMLByte.semicolon else {
            throw malformed("'&' not followed by a reference ('\(written)...'; write '&amp;')", at: offset)
        }
        if end > offset + 1, bytes[offset + 1] == XMLByte.hash {
            throw malformed("invalid character reference '\(written);'", at: offset)
        }
        throw malformed("unknown entity '\(written);' (only &amp; &lt; &gt; &quot; &apos; are defined)", at: offset)
    }

    /// The value of the predefined entity or character reference at `offset` (a `&`) and the
    /// offset past its `;`, or `nil` if it is not one (or names an illegal XML character).
    static func decodeReference(_ bytes: [UInt8], at offset: Int) -> (scalar: UInt32, end: Int)? {
        var position = offset + 1
        guard position < bytes.count else { return nil }
        if bytes[position] == XMLByte.hash {
            position += 1
            var radix: UInt32 = 10
            if position < bytes.count, bytes[position] == XMLByte.lowerX {
                radix = 16
                position += 1
            }
            let digitsStart = position
            var value: UInt32 = 0
            while position < bytes.count, let digit = digitValue(bytes[position], radix: radix) {
                value = value * radix + digit
                guard value <= 0x10_FFFF else { return nil }
                position += 1
            }
            guard position > digitsStart, position < bytes.count, bytes[position] == XMLByte.semicolon else { return nil }
            guard isXMLCharacter(value) else { return nil }
            return (value, position + 1)
        }
        for (name, value) in predefined {
            let end = position + name.count
            guard end < bytes.count, bytes[end] == XMLByte.semicolon, bytes[position..<end].elementsEqual(name) else { continue }
            return (value, end + 1)
        }
        return nil
    }

    private static let predefined: [([UInt8], UInt32)] = [
        (Array("amp".utf8), 0x26), (Array("lt".utf8), 0x3C), (Array("gt".utf8), 0x3E),
        (Array("quot".utf8), 0x22), (Array("apos".utf8), 0x27),
    ]

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        if byte >= XMLByte.zero, byte <= XMLByte.nine { return UInt32(byte - XMLByte.zero) }
        guard radix == 16 else { return nil }
        let lower = byte | 0x20
        if lower >= XMLByte.lowerA, lower <= XMLByte.lowerF { return UInt32(lower - XMLByte.lowerA) + 10 }
        return nil
    }

    /// XML 1.0 `Char`: tab, LF, CR, and U+0020...U+10FFFF without surrogates, U+FFFE and U+FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x1_0000...0x10_FFFF).contains(value)
    }
}

/// The ASCII bytes the scanner looks for.
enum XMLByte {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21
    static let doubleQuote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let ampersand: UInt8 = 0x26
    static let singleQuote: UInt8 = 0x27
    static let hyphen: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let lessThan: UInt8 = 0x3C
    static let equals: UInt8 = 0x3D
    static let greaterThan: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let closeBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let lowerA: UInt8 = 0x61
    static let lowerF: UInt8 = 0x66
    static let lowerX: UInt8 = 0x78
    static let lowerZ: UInt8 = 0x7A
}
