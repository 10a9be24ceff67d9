// NavigationRuntime: what an app's sources say to its storyboards, Swift.

/// One linear pass over the tokens of one Swift file (see ``AppSourceIndex``).
///
/// Scopes follow brace nesting. A `{` opens the scope announced by what came before it (a type
/// header, a function header, a `switch`); anything else (closures, accessors, `if` blocks) is an
/// ordinary scope whose `let`s and parameters shadow outer constants.
struct SwiftAppSourceScanner {
    enum ScopeKind {
        /// The body of a type or extension; `path` is the qualified name, `name` its last component.
        case type(keyword: String, name: String, path: [String], stringEnum: Bool)
        case function(Hook?)
        /// A `switch` body; `true` when the subject is the segue's identifier in a hook.
        case switchBody(Bool)
        case other
    }

    /// A segue hook being read: its selector and the names that hold the segue or its identifier.
    struct Hook {
        var selector: String
        var segueName: String?
        var identifierNames: Set<String>
    }

    struct Scope {
        var kind: ScopeKind
        /// Local names: a constant's value, or `nil` for a name that is not a constant.
        var locals: [String: String?] = [:]
        /// Local `let`s bound to `UIStoryboard(name:bundle:)`.
        var storyboards: [String: AppSourceIndex.StoryboardReceiver] = [:]
    }

    let tokens: [SourceToken]
    let file: String
    var index = AppSourceIndex()
    var scopes: [Scope] = []
    var pendingScope: ScopeKind?
    var pendingLocals: [String] = []
    var position = 0

    /// Scans one file.
    static func scan(_ text: String, file: String) -> AppSourceIndex {
        var scanner = SwiftAppSourceScanner(tokens: UnwindSourceTokenizer.positionedTokens(text, objectiveC: false), file: file)
        scanner.run()
        scanner.index.files = [file]
        scanner.index.unwindDeclarations = UnwindActionScanner.scanSwift(
            tokens: scanner.tokens.compactMap { $0.kind == .string || $0.kind == .opaqueString ? nil : $0.text })
        scanner.index.unwindDeclarations.merge(scanner.runtimeUnwindActions)
        return scanner.index
    }

    var runtimeUnwindActions = UnwindActionScanner.Declarations()

    private init(tokens: [SourceToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    // MARK: Token access

    func token(_ at: Int) -> SourceToken? { at >= 0 && at < tokens.count ? tokens[at] : nil }
    func isWord(_ at: Int, _ word: String) -> Bool { token(at)?.isWord(word) ?? false }
    func isPunct(_ at: Int, _ character: String) -> Bool { token(at)?.isPunctuation(character) ?? false }
    func word(_ at: Int) -> String? { token(at).flatMap { $0.kind == .word ? $0.text : nil } }
    func location(_ at: Int) -> AppSourceIndex.Location {
        let token = token(at)
        return AppSourceIndex.Location(file: file, line: token?.line ?? 1, column: token?.column ?? 1)
    }

    /// The innermost enclosing type scope.
    var enclosingType: (keyword: String, name: String, path: [String], stringEnum: Bool)? {
        for scope in scopes.reversed() {
            if case .type(let keyword, let name, let path, let stringEnum) = scope.kind { return (keyword, name, path, stringEnum) }
        }
        return nil
    }

    var typePath: [String] { enclosingType?.path ?? [] }

    /// The hook of the nearest enclosing function, and that function's scope index.
    var currentHook: (Hook, Int)? {
        for scopeIndex in scopes.indices.reversed() {
            switch scopes[scopeIndex].kind {
            case .function(let hook): return hook.map { ($0, scopeIndex) }
            case .type: return nil
            case .switchBody, .other: continue
            }
        }
        return nil
    }

    static let declarationKeywords: Set<String> = [
        "func", "var", "let", "subscript", "init", "typealias", "case", "override", "public", "private", "fileprivate",
        "internal", "open", "final", "static", "dynamic", "required", "convenience", "nonisolated", "package", "where",
    ]

    // MARK: The pass

    private mutating func run() {
        while position < tokens.count {
            let current = tokens[position]
            switch current.kind {
            case .punctuation:
                punctuation(current.text)
            case .word:
                word(current.text)
            case .string, .opaqueString:
                break
            }
            position += 1
        }
    }

    private mutating func punctuation(_ text: String) {
        switch text {
        case "{":
            var scope = Scope(kind: pendingScope ?? .other)
            for name in pendingLocals { scope.locals[name] = .some(nil) }
            if pendingScope == nil { for name in closureParameters(after: position) { scope.locals[name] = .some(nil) } }
            scopes.append(scope)
            pendingScope = nil
            pendingLocals = []
        case "}":
            if !scopes.isEmpty { scopes.removeLast() }
            pendingScope = nil
            pendingLocals = []
        case "=":
            if isPunct(position + 1, "="), !isPunct(position + 2, "="), !isPunct(position - 1, "="), !isPunct(position - 1, "!") {
                comparison(operatorStart: position, operatorEnd: position + 1)
            } else if isPunct(position - 1, "!"), !isPunct(position + 1, "=") {
                comparison(operatorStart: position - 1, operatorEnd: position)
            }
        default:
            break
        }
    }

    private mutating func word(_ text: String) {
        switch text {
        case "import":
            let line = tokens[position].line
            while let next = token(position + 1), next.line == line { position += 1 }
        case "class", "struct", "enum", "actor", "extension", "protocol":
            typeDeclaration(keyword: text)
        case "func", "init":
            if !isPunct(position - 1, ".") { functionDeclaration(isInit: text == "init") }
        case "var", "let":
            variableDeclaration(isLet: text == "let")
        case "case":
            caseLabel()
        case "switch":
            switchStatement()
        case "for":
            // `for name in` shadows `name` in the enclosing scope (conservative).
            if let name = word(position + 1), isWord(position + 2, "in") { shadow(name) }
        case "performSegue":
            if isPunct(position + 1, "("), isWord(position + 2, "withIdentifier"), isPunct(position + 3, ":"),
                !isWord(position - 1, "func")
            {
                let (identifier, at) = argument(from: position + 4)
                index.segueCalls.append(
                    .init(identifier: identifier, receiver: receiver(before: position), enclosingType: enclosingType?.name, location: location(at)))
            }
        case "instantiateViewController":
            if isPunct(position + 1, "("), isWord(position + 2, "withIdentifier") || isWord(position + 2, "identifier"),
                isPunct(position + 3, ":"), !isWord(position - 1, "func")
            {
                let (identifier, at) = argument(from: position + 4)
                index.instantiations.append(
                    .init(identifier: identifier, receiver: storyboardReceiver(before: position), enclosingType: enclosingType?.name, location: location(at)))
            }
        case "UIStoryboard":
            if let (name, mainBundle, at, _) = storyboardInitializer(at: position) {
                index.storyboardLookups.append(.init(name: name, mainBundle: mainBundle, location: location(at)))
            }
        default:
            break
        }
    }
}
