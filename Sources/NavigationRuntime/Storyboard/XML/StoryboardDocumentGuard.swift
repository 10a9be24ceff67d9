// NavigationRuntime: Interface Builder loader.

import Foundation

/// Checks raw bytes before ``StoryboardXMLScanner`` sees them: storyboards are UTF-8 and never
/// have a document type declaration, so anything declaring a DTD or entities is refused (no XXE,
/// no billion laughs; the scanner refuses them too and never expands entities), as is any
/// encoding other than UTF-8 (which could hide a declaration from this byte scan). The scan
/// also validates UTF-8 (no overlong forms, no surrogates), which the scanner relies on, and
/// reports the first bad byte's line and column.
enum StoryboardDocumentGuard {
    private static let doctype = Array("<!DOCTYPE".utf8)
    private static let entity = Array("<!ENTITY".utf8)

    /// Throws when the document must not be parsed.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The file path, for the error.
    static func check(_ data: Data, file: String) throws(StoryboardError) {
        var failure: StoryboardError?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            failure = scan(bytes, file: file)
        }
        if let failure { throw failure }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> StoryboardError? {
        let count = bytes.count
        // UTF-16/32 byte order marks or NUL bytes: not UTF-8.
        if count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return StoryboardError(.notAStoryboard, "only UTF-8 storyboards are read (found a UTF-16 byte order mark)", file: file, line: 1, column: 1)
        }
        for index in 0..<min(count, 4) where bytes[index] == 0 {
            return StoryboardError(.notAStoryboard, "only UTF-8 storyboards are read (found a NUL byte)", file: file, line: 1, column: 1)
        }
        if let encodingError = checkDeclaredEncoding(bytes, file: file) { return encodingError }
        // Fast path: the standard library's validator. Slow path only to locate the bad byte.
        if String(validating: bytes, as: UTF8.self) == nil, let bad = firstInvalidUTF8(bytes) {
            let (line, column) = position(of: bad, in: bytes)
            return StoryboardError(
                .malformedXML, "invalid UTF-8 byte 0x\(String(bytes[bad], radix: 16, uppercase: true))",
                file: file, line: line, column: column)
        }
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index < count, let found = memchr(base + index, 0x3C, count - index) {  // "<"
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            defer { index += 1 }
            guard index + 1 < count, bytes[index + 1] == 0x21 else { continue }  // "<!"
            if matches(entity, in: bytes, at: index) {
                let (line, column) = position(of: index, in: bytes)
                return StoryboardError(
                    .forbiddenEntity, "entity declarations are refused (no external or expanding entities)",
                    file: file, line: line, column: column)
            }
            if matches(doctype, in: bytes, at: index) {
                let (line, column) = position(of: index, in: bytes)
                let declaresEntities = contains(entity, in: bytes, from: index)
                return StoryboardError(
                    declaresEntities ? .forbiddenEntity : .forbiddenDocumentType,
                    declaresEntities
                        ? "document type declaration with entity declarations is refused"
                        : "document type declarations are refused in storyboards",
                    file: file, line: line, column: column)
            }
        }
        return nil
    }

    /// The 1-based line and column (in bytes) of an offset.
    private static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence.
    private static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = validSequenceLength(bytes, at: index) else { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence that starts at `index` (a byte >= 0x80),
    /// or `nil`: no overlong forms, no surrogates, nothing above U+10FFFF.
    private static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        let minimum: UInt32
        if lead & 0xE0 == 0xC0 {
            (length, scalar, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        } else if lead & 0xF0 == 0xE0 {
            (length, scalar, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        } else if lead & 0xF8 == 0xF0 {
            (length, scalar, minimum) = (4, UInt32(lead & 0x07), 0x1_0000)
        } else {
            return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10_FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return length
    }

    private static func matches(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private static func contains(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x3C, matches(pattern, in: bytes, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Refuses an XML declaration that names an encoding other than UTF-8.
    private static func checkDeclaredEncoding(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> StoryboardError? {
        let prefixLength = min(bytes.count, 200)
        guard prefixLength > 5 else { return nil }
        let head = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<prefixLength]), as: UTF8.self)
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>") else { return nil }
        let declaration = head[head.startIndex..<end.lowerBound]
        guard let key = declaration.range(of: "encoding=") else { return nil }
        let rest = declaration[key.upperBound...].dropFirst()
        let value = rest.prefix { $0 != "\"" && $0 != "'" }.lowercased()
        if value == "utf-8" || value == "utf8" { return nil }
        return StoryboardError(.notAStoryboard, "only UTF-8 storyboards are read (declared encoding '\(value)')", file: file, line: 1, column: 1)
    }
}
