// NavigationRuntime: unwind actions declared in an app's sources, tokenizer.

/// Splits Swift or Objective-C source into identifiers, `@`-words and punctuation, dropping
/// comments (nested block comments included), string literals (multi-line, raw, with
/// interpolation) and, in Objective-C, character literals. Never fails: unterminated
/// constructs run to the end of the text.
///
/// ``positionedTokens(_:objectiveC:)`` also keeps string literals (as ``SourceToken/Kind/string``
/// with their value, or ``SourceToken/Kind/opaqueString`` when the value is not a constant:
/// interpolation, multi-line, an unknown escape) and gives each token its 1-based line and column
/// (the column counts UTF-8 bytes, as swiftc does).
struct UnwindSourceTokenizer {
    /// A token's text: an identifier (`goBack`), an `@`-word (`@IBAction`), or one punctuation character.
    typealias Token = String

    private let scalars: [Unicode.Scalar]
    private let objectiveC: Bool
    private var index = 0
    /// The value of the string literal ``skipString()`` last read, `nil` if not a constant.
    private var lastStringValue: String?
    /// Where ``position(of:)`` last stopped: scalar index, line, column.
    private var positionIndex = 0
    private var positionLine = 1
    private var positionColumn = 1

    init(_ text: String, objectiveC: Bool) {
        scalars = Array(text.unicodeScalars)
        self.objectiveC = objectiveC
    }

    /// Every token, in order.
    static func tokens(_ text: String, objectiveC: Bool) -> [Token] {
        var tokenizer = UnwindSourceTokenizer(text, objectiveC: objectiveC)
        var tokens: [Token] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    mutating func next() -> Token? {
        while let (token, kind, _) = scan() {
            if kind != .string && kind != .opaqueString { return token }
        }
        return nil
    }

    /// Every token with its kind and position, string literals included (with their values).
    static func positionedTokens(_ text: String, objectiveC: Bool) -> [SourceToken] {
        var tokenizer = UnwindSourceTokenizer(text, objectiveC: objectiveC)
        var tokens: [SourceToken] = []
        tokens.reserveCapacity(tokenizer.scalars.count / 4)
        while let (text, kind, start) = tokenizer.scan() {
            let (line, column) = tokenizer.position(of: start)
            tokens.append(SourceToken(kind: kind, text: text, line: line, column: column))
        }
        return tokens
    }

    /// The line and column of a scalar index at or after the last one asked for (linear overall).
    private mutating func position(of target: Int) -> (Int, Int) {
        while positionIndex < target, positionIndex < scalars.count {
            let scalar = scalars[positionIndex]
            if scalar == "\n" {
                positionLine += 1
                positionColumn = 1
            } else {
                positionColumn += UTF8.width(scalar)
            }
            positionIndex += 1
        }
        return (positionLine, positionColumn)
    }

    /// The next token: its text (a string literal's value, or `""`), kind and start index.
    private mutating func scan() -> (String, SourceToken.Kind, Int)? {
        while let scalar = peek() {
            let start = index
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "/", peek(1) == "/" {
                while let c = peek(), c != "\n" { index += 1 }
            } else if scalar == "/", peek(1) == "*" {
                skipBlockComment()
            } else if scalar == "\"" || (scalar == "#" && rawStringStarts()) {
                skipString()
                return stringToken(start: start)
            } else if objectiveC, scalar == "'" {
                skipCharacterLiteral()
            } else if scalar == "@", let following = peek(1), following == "\"" {
                index += 1
                skipString()
                return stringToken(start: start)
            } else if scalar == "@", let following = peek(1), Self.isIdentifierStart(following) {
                index += 1
                return ("@" + identifier(), .word, start)
            } else if scalar == "`" {
                index += 1
                let name = identifier()
                if peek() == "`" { index += 1 }
                return (name, .word, start)
            } else if Self.isIdentifierStart(scalar) {
                return (identifier(), .word, start)
            } else {
                index += 1
                return (String(scalar), .punctuation, start)
            }
        }
        return nil
    }

    private mutating func stringToken(start: Int) -> (String, SourceToken.Kind, Int) {
        if let value = lastStringValue { return (value, .string, start) }
        return ("", .opaqueString, start)
    }

    private mutating func identifier() -> String {
        var name = String.UnicodeScalarView()
        while let c = peek(), Self.isIdentifierPart(c) {
            name.append(c)
            index += 1
        }
        return String(name)
    }

    private mutating func skipBlockComment() {
        index += 2
        var depth = 1
        while depth > 0, let c = peek() {
            if c == "/", peek(1) == "*", !objectiveC {
                depth += 1
                index += 2
            } else if c == "*", peek(1) == "/" {
                depth -= 1
                index += 2
            } else {
                index += 1
            }
        }
    }

    private func rawStringStarts() -> Bool {
        var offset = 0
        while peek(offset) == "#" { offset += 1 }
        return peek(offset) == "\""
    }

    private mutating func skipCharacterLiteral() {
        index += 1
        while let c = peek(), c != "'", c != "\n" { index += c == "\\" ? 2 : 1 }
        index += 1
    }

    /// Skips a string literal starting at `"` or at the `#`s of a raw string, leaving its value
    /// in ``lastStringValue`` (`nil` for multi-line, interpolated, unterminated or unusually
    /// escaped literals).
    private mutating func skipString() {
        var hashes = 0
        while peek() == "#" {
            hashes += 1
            index += 1
        }
        let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\"" && !objectiveC
        index += multiline ? 3 : 1
        var value: String.UnicodeScalarView? = multiline ? nil : String.UnicodeScalarView()
        while let c = peek() {
            if c == "\\" && matchesHashes(from: 1, count: hashes) {
                index += 1 + hashes
                if peek() == "(" {
                    index += 1
                    value = nil
                    skipInterpolation()
                } else {
                    switch peek() {
                    case "\""?, "\\"?, "'"?: if let escaped = peek() { value?.append(escaped) }
                    case "n"?: value?.append("\n")
                    case "t"?: value?.append("\t")
                    default: value = nil
                    }
                    index += 1
                }
            } else if c == "\"" && (!multiline || (peek(1) == "\"" && peek(2) == "\"")) {
                let quoteLength = multiline ? 3 : 1
                if matchesHashes(from: quoteLength, count: hashes) {
                    index += quoteLength + hashes
                    lastStringValue = value.map(String.init)
                    return
                }
                value?.append(c)
                index += 1
            } else if c == "\n" && !multiline && hashes == 0 {
                lastStringValue = nil
                return  // unterminated single-line string
            } else {
                value?.append(c)
                index += 1
            }
        }
        lastStringValue = nil
    }

    private func matchesHashes(from offset: Int, count: Int) -> Bool {
        for position in 0..<count where peek(offset + position) != "#" { return false }
        return true
    }

    /// Skips the code of `\( ... )` up to its closing parenthesis, strings and comments included.
    private mutating func skipInterpolation() {
        var depth = 1
        while depth > 0, let c = peek() {
            if c == "\"" || (c == "#" && rawStringStarts()) {
                skipString()
            } else if c == "/", peek(1) == "*" {
                skipBlockComment()
            } else {
                if c == "(" { depth += 1 }
                if c == ")" { depth -= 1 }
                index += 1
            }
        }
    }
}

/// One token of ``UnwindSourceTokenizer/positionedTokens(_:objectiveC:)``.
struct SourceToken: Sendable {
    /// What a token is.
    enum Kind: Sendable {
        /// An identifier or keyword (`performSegue`), or an `@`-word (`@IBAction`, `@end`).
        case word
        /// One punctuation character.
        case punctuation
        /// A string literal whose value is known (`"showDetail"`, `@"showDetail"`): the text is the value.
        case string
        /// A string literal whose value is not a constant (interpolation, multi-line, ...): the text is empty.
        case opaqueString
    }

    /// The kind.
    var kind: Kind
    /// The identifier, the punctuation character, or the string literal's value.
    var text: String
    /// The 1-based line of the token's first character.
    var line: Int
    /// The 1-based column (UTF-8 bytes) of the token's first character (the `@` or `"` of a literal).
    var column: Int

    /// Whether the token is the given word.
    func isWord(_ word: String) -> Bool { kind == .word && text == word }
    /// Whether the token is the given punctuation character.
    func isPunctuation(_ character: String) -> Bool { kind == .punctuation && text == character }
}
