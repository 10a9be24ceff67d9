// NavigationRuntime: unwind actions declared in an app's sources, tokenizer.

/// Splits Swift or Objective-C source into identifiers, `@`-words and punctuation, dropping
/// comments (nested block comments included), string literals (multi-line, raw, with
/// interpolation) and, in Objective-C, character literals. Never fails: unterminated
/// constructs run to the end of the text.
struct UnwindSourceTokenizer {
    /// A token's text: an identifier (`goBack`), an `@`-word (`@IBAction`), or one punctuation character.
    typealias Token = String

    private let scalars: [Unicode.Scalar]
    private let objectiveC: Bool
    private var index = 0

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
        while let scalar = peek() {
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "/", peek(1) == "/" {
                while let c = peek(), c != "\n" { index += 1 }
            } else if scalar == "/", peek(1) == "*" {
                skipBlockComment()
            } else if scalar == "\"" || (scalar == "#" && rawStringStarts()) {
                skipString()
            } else if objectiveC, scalar == "'" {
                skipCharacterLiteral()
            } else if scalar == "@", let following = peek(1), following == "\"" {
                index += 1
                skipString()
            } else if scalar == "@", let following = peek(1), Self.isIdentifierStart(following) {
                index += 1
                return "@" + identifier()
            } else if scalar == "`" {
                index += 1
                let name = identifier()
                if peek() == "`" { index += 1 }
                return name
            } else if Self.isIdentifierStart(scalar) {
                return identifier()
            } else {
                index += 1
                return String(scalar)
            }
        }
        return nil
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

    /// Skips a string literal starting at `"` or at the `#`s of a raw string.
    private mutating func skipString() {
        var hashes = 0
        while peek() == "#" {
            hashes += 1
            index += 1
        }
        let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\"" && !objectiveC
        index += multiline ? 3 : 1
        while let c = peek() {
            if c == "\\" && matchesHashes(from: 1, count: hashes) {
                index += 1 + hashes
                if peek() == "(" {
                    index += 1
                    skipInterpolation()
                } else {
                    index += 1
                }
            } else if c == "\"" && (!multiline || (peek(1) == "\"" && peek(2) == "\"")) {
                let quoteLength = multiline ? 3 : 1
                if matchesHashes(from: quoteLength, count: hashes) {
                    index += quoteLength + hashes
                    return
                }
                index += 1
            } else if c == "\n" && !multiline && hashes == 0 {
                return  // unterminated single-line string
            } else {
                index += 1
            }
        }
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
