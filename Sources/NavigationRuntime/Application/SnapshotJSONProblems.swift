// What Foundation's JSON decoder leaves out of a snapshot's problem: which field, and where
// in the data. Worked out only after decoding failed with "not valid JSON" at no field.

import Foundation

/// Where and why a snapshot's JSON that Foundation's decoder refused at no field (its words:
/// "The given data was not valid JSON.", seen with this toolchain's Foundation for truncated
/// data, a syntax error, a number no type holds, and a number its field cannot hold) is wrong.
enum SnapshotJSONProblems {
    /// The snapshot's fields that hold a `UInt64` (ids and the sequence number).
    private static let unsigned: Set<String> = ["id", "window", "sequence"]

    /// The first problem of `json`, as `.root.children[0].id: -1 is not a whole number from 0
    /// to 18446744073709551615` or `.root.scene at byte 57: the data ends inside a string`;
    /// `nil` when none is found (the decoder's own words stand).
    ///
    /// The data must be within ``JSONNesting/snapshotLimit`` (the caller checks it first):
    /// the syntax is read by recursion.
    static func first(in json: Data) -> String? {
        if let object = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) {
            return misfit(object, at: "", key: nil)
        }
        var reader = JSONSyntaxReader(Array(json))
        return reader.firstProblem()
    }

    /// The first number (keys in sorted order) that its field cannot hold.
    private static func misfit(_ value: Any, at path: String, key: String?) -> String? {
        if let object = value as? [String: Any] {
            for name in object.keys.sorted() {
                if let found = object[name].flatMap({ misfit($0, at: path + "." + name, key: name) }) { return found }
            }
            return nil
        }
        if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                if let found = misfit(element, at: path + "[\(index)]", key: nil) { return found }
            }
            return nil
        }
        guard let number = value as? NSNumber, !(value is Bool) else { return nil }
        if let key, unsigned.contains(key) {
            return number as? UInt64 == nil ? "\(path): \(number) is not a whole number from 0 to \(UInt64.max)" : nil
        }
        return number as? Int == nil ? "\(path): \(number) is not a whole number from \(Int.min) to \(Int.max)" : nil
    }
}

/// A reader of JSON's syntax (RFC 8259) that says where the first problem is: the path of the
/// value it was reading (`.root.children[0]`), the byte's offset, and what is wrong. Only the
/// syntax is checked, and numbers no `Double` holds (`1e400`); strings' bytes are not checked
/// as UTF-8 (the caller says so when the data is not).
struct JSONSyntaxReader {
    private let bytes: [UInt8]
    private var offset = 0
    /// The path of the value being read.
    private var path = ""

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// What is wrong, and where; `nil` when the syntax holds.
    mutating func firstProblem() -> String? {
        do throws(Problem) {
            skipSpace()
            try value()
            skipSpace()
            if offset < bytes.count { throw .unexpected("after the end of the document") }
        } catch {
            return message(error)
        }
        if String(validating: bytes, as: UTF8.self) == nil { return "the data is not UTF-8 text" }
        return nil
    }

    private enum Problem: Error {
        case unexpected(String)
        case end(String)
        case number(String)
        /// A `\u` escape of half a surrogate pair with no other half (no character).
        case surrogate(UInt32)
    }

    private func message(_ problem: Problem) -> String {
        let place = (path.isEmpty ? "" : path + " ") + "at byte \(offset)"
        switch problem {
        case .end(let inside): return "\(place): the data ends \(inside)"
        case .surrogate(let unit): return "\(place): \\u\(String(unit, radix: 16)) is half a surrogate pair, with no other half"
        case .number(let literal): return "\(path.isEmpty ? "at byte \(offset)" : path): the number \(EchoedText.shown(literal, quoted: false)) is beyond any number type"
        case .unexpected(let context):
            let byte = bytes[offset]
            let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
            return "\(place): unexpected \(shown) \(context)"
        }
    }

    private mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private mutating func value() throws(Problem) {
        guard offset < bytes.count else { throw .end("where a value should be") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw .unexpected("where a value should be")
        }
    }

    private mutating func object() throws(Problem) {
        let outer = path
        if try opens(closing: UInt8(ascii: "}")) { return }
        repeat {
            guard offset < bytes.count else { throw .end("inside an object, where a key should be") }
            guard bytes[offset] == UInt8(ascii: "\"") else { throw .unexpected("where a key should be") }
            let key = try string()
            skipSpace()
            guard offset < bytes.count else { throw .end("after the key \"\(key)\"") }
            guard bytes[offset] == UInt8(ascii: ":") else { throw .unexpected("after the key \"\(key)\"") }
            offset += 1
            skipSpace()
            path = outer + "." + key
            try value()
            path = outer
        } while try !closes(UInt8(ascii: "}"), inside: "an object")
    }

    private mutating func array() throws(Problem) {
        let outer = path
        if try opens(closing: UInt8(ascii: "]")) { return }
        var index = 0
        repeat {
            path = outer + "[\(index)]"
            try value()
            path = outer
            index += 1
        } while try !closes(UInt8(ascii: "]"), inside: "an array")
    }

    /// Reads an object's or an array's opening bracket: `true` when `closing` follows at once
    /// (read too: the container is empty).
    private mutating func opens(closing: UInt8) throws(Problem) -> Bool {
        offset += 1
        skipSpace()
        guard offset < bytes.count, bytes[offset] == closing else { return false }
        offset += 1
        return true
    }

    /// After a member or an element: `true` at the container's closing bracket (read), `false`
    /// after a comma (read, and the space after it).
    private mutating func closes(_ closing: UInt8, inside container: String) throws(Problem) -> Bool {
        skipSpace()
        guard offset < bytes.count else { throw .end("inside \(container)") }
        if bytes[offset] == closing {
            offset += 1
            return true
        }
        guard bytes[offset] == UInt8(ascii: ",") else {
            throw .unexpected("where ',' or '\(Character(Unicode.Scalar(closing)))' should be")
        }
        offset += 1
        skipSpace()
        return false
    }

    /// Reads a string and returns its raw text (escapes as written: for a key in a path).
    private mutating func string() throws(Problem) -> String {
        offset += 1
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                defer { offset += 1 }
                return String(decoding: bytes[start..<offset], as: UTF8.self)
            }
            if byte < 0x20 { throw .unexpected("inside a string (a control character must be escaped)") }
            if byte == UInt8(ascii: "\\") {
                offset += 1
                guard offset < bytes.count else { break }
                switch bytes[offset] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    let escape = offset - 1
                    let unit = try hexUnit()
                    if (0xDC00...0xDFFF).contains(unit) {
                        offset = escape
                        throw .surrogate(unit)
                    }
                    if (0xD800...0xDBFF).contains(unit) {
                        // A high surrogate must be followed by a low one: `\ud83d\ude00`.
                        guard offset + 2 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\\"), bytes[offset + 2] == UInt8(ascii: "u")
                        else {
                            offset = escape
                            throw .surrogate(unit)
                        }
                        offset += 2
                        guard (0xDC00...0xDFFF).contains(try hexUnit()) else {
                            offset = escape
                            throw .surrogate(unit)
                        }
                    }
                default: throw .unexpected("after '\\' in a string")
                }
            }
            offset += 1
        }
        throw .end("inside a string")
    }

    /// Reads the four hex digits after `\u` (the `u` is at `offset`), leaving `offset` at the
    /// last one, and returns their UTF-16 code unit.
    private mutating func hexUnit() throws(Problem) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            offset += 1
            guard offset < bytes.count else { throw .end("inside a string") }
            guard let digit = Character(Unicode.Scalar(bytes[offset])).hexDigitValue else { throw .unexpected("in a \\u escape") }
            unit = unit << 4 | UInt32(digit)
        }
        return unit
    }

    private mutating func literal(_ word: String) throws(Problem) {
        for expected in word.utf8 {
            guard offset < bytes.count else { throw .end("inside '\(word)'") }
            guard bytes[offset] == expected else { throw .unexpected("in what should be '\(word)'") }
            offset += 1
        }
    }

    private mutating func number() throws(Problem) {
        let start = offset
        func digits(_ reader: inout JSONSyntaxReader) -> Int {
            let first = reader.offset
            while reader.offset < reader.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.offset]) {
                reader.offset += 1
            }
            return reader.offset - first
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count else { throw .end("inside a number") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else if digits(&self) == 0 {
            throw .unexpected("in a number")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count else { throw .end("inside a number") }
            if digits(&self) == 0 { throw .unexpected("in a number's fraction") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count else { throw .end("inside a number") }
            if digits(&self) == 0 { throw .unexpected("in a number's exponent") }
        }
        let literal = String(decoding: bytes[start..<offset], as: UTF8.self)
        if let value = Double(literal), !value.isFinite {
            offset = start
            throw .number(literal)
        }
    }
}
