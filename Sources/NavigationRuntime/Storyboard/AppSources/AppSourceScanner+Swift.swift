// NavigationRuntime: what an app's sources say to its storyboards, Swift.

/// One linear pass over the tokens of one Swift file (see ``AppSourceIndex``).
///
/// Scopes follow brace nesting. A `{` opens the scope announced by what came before it (a type
/// header, a function header, a `switch`); anything else (closures, accessors, `if` blocks) is an
/// ordinary scope whose `let`s and parameters shadow outer constants.
struct SwiftAppSourceScanner {
    private enum ScopeKind {
        /// The body of a type or extension; `path` is the qualified name, `name` its last component.
        case type(keyword: String, name: String, path: [String], stringEnum: Bool)
        case function(Hook?)
        /// A `switch` body; `true` when the subject is the segue's identifier in a hook.
        case switchBody(Bool)
        case other
    }

    /// A segue hook being read: its selector and the names that hold the segue or its identifier.
    private struct Hook {
        var selector: String
        var segueName: String?
        var identifierNames: Set<String>
    }

    private struct Scope {
        var kind: ScopeKind
        /// Local names: a constant's value, or `nil` for a name that is not a constant.
        var locals: [String: String?] = [:]
        /// Local `let`s bound to `UIStoryboard(name:bundle:)`.
        var storyboards: [String: AppSourceIndex.StoryboardReceiver] = [:]
    }

    private let tokens: [SourceToken]
    private let file: String
    private var index = AppSourceIndex()
    private var scopes: [Scope] = []
    private var pendingScope: ScopeKind?
    private var pendingLocals: [String] = []
    private var position = 0

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

    private var runtimeUnwindActions = UnwindActionScanner.Declarations()

    private init(tokens: [SourceToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    // MARK: Token access

    private func token(_ at: Int) -> SourceToken? { at >= 0 && at < tokens.count ? tokens[at] : nil }
    private func isWord(_ at: Int, _ word: String) -> Bool { token(at)?.isWord(word) ?? false }
    private func isPunct(_ at: Int, _ character: String) -> Bool { token(at)?.isPunctuation(character) ?? false }
    private func word(_ at: Int) -> String? { token(at).flatMap { $0.kind == .word ? $0.text : nil } }
    private func location(_ at: Int) -> AppSourceIndex.Location {
        let token = token(at)
        return AppSourceIndex.Location(file: file, line: token?.line ?? 1, column: token?.column ?? 1)
    }

    /// The innermost enclosing type scope.
    private var enclosingType: (keyword: String, name: String, path: [String], stringEnum: Bool)? {
        for scope in scopes.reversed() {
            if case .type(let keyword, let name, let path, let stringEnum) = scope.kind { return (keyword, name, path, stringEnum) }
        }
        return nil
    }

    private var typePath: [String] { enclosingType?.path ?? [] }

    /// The hook of the nearest enclosing function, and that function's scope index.
    private var currentHook: (Hook, Int)? {
        for scopeIndex in scopes.indices.reversed() {
            switch scopes[scopeIndex].kind {
            case .function(let hook): return hook.map { ($0, scopeIndex) }
            case .type: return nil
            case .switchBody, .other: continue
            }
        }
        return nil
    }

    private static let declarationKeywords: Set<String> = [
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

    // MARK: Declarations

    /// Reads `keyword Name<…>: A, B<…>, C.D where … {` and announces the type's scope.
    private mutating func typeDeclaration(keyword: String) {
        guard let first = word(position + 1), !Self.declarationKeywords.contains(first), !isPunct(position - 1, ".") else { return }
        let start = position
        var cursor = position + 1
        var components: [String] = []
        while let name = word(cursor) {
            components.append(name)
            cursor += 1
            if isPunct(cursor, "."), word(cursor + 1) != nil { cursor += 1 } else { break }
        }
        cursor = skipGenerics(from: cursor)
        var inherited: [String] = []
        if isPunct(cursor, ":") {
            cursor += 1
            var currentName: String?
            while let current = token(cursor), !current.isPunctuation("{"), !current.isWord("where") {
                if current.isPunctuation("}") || current.isPunctuation(";") { break }
                if current.isPunctuation("<") {
                    cursor = skipGenerics(from: cursor)
                    continue
                }
                if current.isPunctuation(",") {
                    if let name = currentName { inherited.append(name) }
                    currentName = nil
                } else if current.kind == .word, current.text != "any", current.text != "some" {
                    currentName = current.text  // the last dotted component wins: `UIKit.UIViewController`
                }
                cursor += 1
            }
            if let name = currentName { inherited.append(name) }
        }
        while let current = token(cursor), !current.isPunctuation("{"), !current.isPunctuation("}") { cursor += 1 }
        let name = components.last ?? first
        index.types.append(.init(keyword: keyword, name: name, inherited: inherited, location: location(start)))
        let qualified = keyword == "extension" ? [components.joined(separator: ".")] : typePath + [name]
        pendingScope = .type(keyword: keyword, name: name, path: qualified, stringEnum: keyword == "enum" && inherited.first == "String")
        pendingLocals = []
        position = cursor - 1  // the `{` is handled by the main loop
    }

    private func skipGenerics(from start: Int) -> Int {
        guard isPunct(start, "<") else { return start }
        var depth = 0
        var cursor = start
        while let current = token(cursor) {
            if current.isPunctuation("<") { depth += 1 }
            if current.isPunctuation(">") { depth -= 1 }
            cursor += 1
            if depth == 0 || current.isPunctuation("{") { break }
        }
        return cursor
    }

    /// A parameter: its labels and names before the `:`, and its type's tokens.
    private struct Parameter {
        var names: [String]
        var type: [SourceToken]
        var label: String { names.first ?? "_" }
        var internalName: String { names.last ?? "_" }
        var typeText: String { type.map(\.text).joined() }
    }

    /// Reads a function or initializer header and announces its body.
    private mutating func functionDeclaration(isInit: Bool) {
        let start = position
        var cursor = position + 1
        var name = "init"
        if !isInit {
            guard let declared = word(cursor) else { return }
            name = declared
            cursor += 1
        } else if isPunct(cursor, "?") || isPunct(cursor, "!") {
            cursor += 1
        }
        cursor = skipGenerics(from: cursor)
        guard isPunct(cursor, "(") else { return }
        let (parameters, end) = parameterList(from: cursor)
        position = end
        let labels = parameters.map(\.label)
        let typeInfo = enclosingType
        if name == "performSegue", labels.first == "withIdentifier", let type = typeInfo?.name {
            index.typesOverridingPerformSegue.insert(type)
        }
        var hook: Hook?
        // Swift 2's names (`prepareForSegue(_:sender:)`, `shouldPerformSegueWithIdentifier(_:sender:)`)
        // read like the hooks they were, for the comparisons in their bodies.
        if name == "prepare" && labels == ["for", "sender"] || name == "prepareForSegue" && parameters.count == 2 {
            hook = Hook(selector: "prepareForSegue:sender:", segueName: parameters[0].internalName, identifierNames: [])
        } else if name == "shouldPerformSegue" && labels == ["withIdentifier", "sender"]
            || name == "shouldPerformSegueWithIdentifier" && parameters.count == 2
        {
            hook = Hook(selector: "shouldPerformSegueWithIdentifier:sender:", segueName: nil, identifierNames: [parameters[0].internalName])
        }
        if !isInit, let type = typeInfo, case .type? = scopes.last?.kind, type.keyword != "protocol" {
            if hook != nil {
                nearMiss(name: name, parameters: parameters, type: type.name, at: start + 1)
            } else {
                unwindMethod(name: name, parameters: parameters, type: type.name, at: start + 1)
            }
        }
        if typeInfo?.keyword == "protocol", case .type? = scopes.last?.kind {
            return  // a requirement: no body
        }
        pendingScope = .function(hook)
        pendingLocals = parameters.map(\.internalName).filter { $0 != "_" }
    }

    /// Reads `( … )` into parameters; returns them and the index of the `)`.
    private func parameterList(from open: Int) -> ([Parameter], Int) {
        var parameters: [Parameter] = []
        var current = Parameter(names: [], type: [])
        var seenColon = false
        var depth = 0
        var cursor = open + 1
        while let token = token(cursor) {
            if depth == 0, token.isPunctuation(")") { break }
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("<") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation(">") { depth -= 1 }
            if token.isPunctuation("{") || token.isPunctuation("}") { break }  // malformed
            if depth == 0, token.isPunctuation(",") {
                parameters.append(current)
                current = Parameter(names: [], type: [])
                seenColon = false
            } else if depth == 0, token.isPunctuation(":"), !seenColon {
                seenColon = true
            } else if !seenColon {
                if token.kind == .word, !token.text.hasPrefix("@") { current.names.append(token.text) }
            } else if depth == 0, token.isPunctuation("=") {
                seenColon = true
                current.type.append(SourceToken(kind: .punctuation, text: "=", line: token.line, column: token.column))
            } else {
                current.type.append(token)
            }
            cursor += 1
        }
        if !current.names.isEmpty { parameters.append(current) }
        for parameterIndex in parameters.indices {
            if let defaultValue = parameters[parameterIndex].type.firstIndex(where: { $0.isPunctuation("=") }) {
                parameters[parameterIndex].type.removeSubrange(defaultValue...)
            }
        }
        return (parameters, cursor)
    }

    /// Records a segue hook whose signature the runtime does not call, in a type that may
    /// conform to this library's ``ViewController`` (``AppSourceIndex/nearMissHooks`` keeps only
    /// the conforming). The protocol requires both `sender: (any Sendable)?` and UIKit's
    /// `sender: Any?` (the runtime calls either), so those are not near misses; Swift 2's names,
    /// an `AnyObject?` sender (Swift 2's, and Objective-C's `id`), a non-optional sender or
    /// another segue type are.
    private mutating func nearMiss(name: String, parameters: [Parameter], type: String, at: Int) {
        let accepted: Set<String> = ["(anySendable)?", "(Sendable)?", "Sendable?", "(any Sendable)?", "Any?", "(Any)?"]
        let sender = parameters[1].typeText
        let hook: String
        var differences: [String] = []
        if name == "prepare" || name == "prepareForSegue" {
            guard let segueType = parameters[0].type.last(where: { $0.kind == .word })?.text,
                segueType == "Segue" || segueType == "UIStoryboardSegue"
            else { return }
            hook = "prepare(for segue: Segue, sender: Any?) async throws"
            if name == "prepareForSegue" {
                differences.append("'prepareForSegue(_:sender:)' is Swift 2's name, renamed 'prepare(for:sender:)' in Swift 3")
            }
            if segueType != "Segue" { differences.append("the segue is '\(parameters[0].typeText)', not 'Segue'") }
        } else {
            hook = "shouldPerformSegue(withIdentifier identifier: String, sender: Any?) async -> Bool"
            if name == "shouldPerformSegueWithIdentifier" {
                differences.append(
                    "'shouldPerformSegueWithIdentifier(_:sender:)' is Swift 2's name, renamed 'shouldPerformSegue(withIdentifier:sender:)' in Swift 3"
                )
            }
            if parameters[0].typeText != "String" { differences.append("the identifier is '\(parameters[0].typeText)', not 'String'") }
        }
        if !accepted.contains(sender) { differences.append("the sender is '\(sender)', not 'Any?' or '(any Sendable)?'") }
        guard !differences.isEmpty else { return }
        index.hookCandidates.append(
            .init(enclosingType: type, hook: hook, difference: differences.joined(separator: "; "), location: location(at)))
    }

    /// Records a method that takes one segue (`func unwindToList(_ sender: Segue)`): in a
    /// ``ViewController`` actor, a ported `@IBAction` unwind action, which the runtime runs only
    /// through `unwindActions` and `performUnwindAction(_:segue:)`. Its selector follows the
    /// `@IBAction` rule of ``UnwindActionScanner`` (`_` → `name:`, a label `sender` →
    /// `nameWithSender:`).
    private mutating func unwindMethod(name: String, parameters: [Parameter], type: String, at: Int) {
        guard parameters.count == 1, let parameter = parameters.first,
            let segueType = parameter.type.last(where: { $0.kind == .word })?.text,
            segueType == "Segue" || segueType == "UIStoryboardSegue"
        else { return }
        let label = parameter.label
        let selector: String
        if label == "_" {
            selector = name + ":"
        } else {
            let capitalized = label.prefix(1).uppercased() + label.dropFirst()
            selector = name + (UnwindActionScanner.startsWithPreposition(label) ? "" : "With") + capitalized + ":"
        }
        index.unwindMethodCandidates.append(.init(enclosingType: type, name: name, selector: selector, location: location(at)))
    }

    /// Reads `let name = …` / `var name …`: a constant, a shadowing local, a storyboard binding,
    /// an alias of the segue's identifier, or this library's `unwindActions`.
    private mutating func variableDeclaration(isLet: Bool) {
        guard let name = word(position + 1), !isWord(position - 1, "case") else { return }
        var cursor = position + 2
        if isPunct(cursor, ":") {  // a type annotation
            cursor += 1
            while let token = token(cursor), token.line == tokens[position].line,
                token.kind == .word || [".", "?", "!", "<", ">", "[", "]", "(", ")", ","].contains(token.text)
            {
                cursor += 1
            }
        }
        if name == "unwindActions", case .type(_, let typeName, _, _)? = scopes.last?.kind {
            if !runtimeUnwindActions(from: cursor, type: typeName) { index.typesWithComputedUnwindActions.insert(typeName) }
        }
        var value: String?
        if isLet, isPunct(cursor, "="), let literal = token(cursor + 1), literal.kind == .string, endsExpression(after: cursor + 1) {
            value = literal.text
        }
        let inType: Bool
        if case .type? = scopes.last?.kind { inType = true } else { inType = false }
        if inType || scopes.isEmpty {
            index.constants[(typePath + [name]).joined(separator: "."), default: []].append(.init(file: file, value: value))
            return
        }
        scopes[scopes.count - 1].locals[name] = .some(value)
        // `let sb = UIStoryboard(name: …, bundle: …)`
        if isLet, isPunct(cursor, "="), isWord(cursor + 1, "UIStoryboard"), let (identifier, mainBundle, _, end) = storyboardInitializer(at: cursor + 1),
            endsExpression(after: end)
        {
            scopes[scopes.count - 1].storyboards[name] = .named(identifier, mainBundle: mainBundle)
        } else {
            scopes[scopes.count - 1].storyboards[name] = .unknown
        }
        // `let id = segue.identifier` (also `if let`, `guard let`)
        if isLet, isPunct(cursor, "="), let (hook, scopeIndex) = currentHook, let segueName = hook.segueName,
            isWord(cursor + 1, segueName), isPunct(cursor + 2, "."), isWord(cursor + 3, "identifier")
        {
            if case .function(var updated?) = scopes[scopeIndex].kind {
                updated.identifierNames.insert(name)
                scopes[scopeIndex].kind = .function(updated)
            }
        }
    }

    /// Reads `{ ["a:", "b:"] }`, `{ return [...] }` or `= [...]` after `var unwindActions: Set<String>`;
    /// `false` when it is not such a literal set (its actions cannot be known).
    private mutating func runtimeUnwindActions(from start: Int, type: String) -> Bool {
        var cursor = start
        let closing: String
        if isPunct(cursor, "{") {
            closing = "}"
            cursor += 1
            if isWord(cursor, "return") { cursor += 1 }
        } else if isPunct(cursor, "=") {
            closing = ""
            cursor += 1
        } else {
            return false
        }
        guard isPunct(cursor, "[") else { return false }
        cursor += 1
        var actions: Set<String> = []
        while let token = token(cursor), !token.isPunctuation("]") {
            if token.kind == .string {
                actions.insert(token.text)
            } else if !token.isPunctuation(",") {
                return false  // not a plain literal set
            }
            cursor += 1
        }
        guard closing.isEmpty || isPunct(cursor + 1, closing) else { return false }
        runtimeUnwindActions.actions[type, default: []].formUnion(actions)
        return true
    }

    /// Whether the expression ending at `end` ends there: the next token is on a later line, or
    /// closes a statement or a list.
    private func endsExpression(after end: Int) -> Bool {
        guard let next = token(end + 1), let last = token(end) else { return true }
        if next.line > last.line { return !(next.kind == .punctuation && [".", "+", "?", "("].contains(next.text)) }
        return next.kind == .punctuation && [";", "}", ")", ",", "{", ":", "&", "|", "]"].contains(next.text)
            || next.isWord("else")
    }

    private mutating func shadow(_ name: String) {
        guard !scopes.isEmpty else { return }
        if case .type? = scopes.last?.kind { return }
        scopes[scopes.count - 1].locals[name] = .some(nil)
        scopes[scopes.count - 1].storyboards[name] = .unknown
    }

    /// `{ a, b in`, `{ (a, b) in`, `{ [weak self] a in`: the closure's parameter names.
    private func closureParameters(after open: Int) -> [String] {
        var cursor = open + 1
        if isPunct(cursor, "[") {
            while let token = token(cursor), !token.isPunctuation("]"), cursor < open + 12 { cursor += 1 }
            cursor += 1
        }
        var names: [String] = []
        while let token = token(cursor), cursor < open + 24 {
            if token.isWord("in") { return names }
            if token.kind == .word {
                names.append(token.text)
            } else if !["(", ")", ",", ":", "?", "!", "_", "<", ">", "."].contains(token.text) {
                return []
            }
            cursor += 1
        }
        return []
    }

    // MARK: Hooks and switches

    private mutating func switchStatement() {
        var cursor = position + 1
        var subject: [SourceToken] = []
        while let token = token(cursor), !token.isPunctuation("{"), cursor < position + 16 {
            subject.append(token)
            cursor += 1
        }
        guard isPunct(cursor, "{") else { return }
        while let last = subject.last, last.isPunctuation("!") || last.isPunctuation("?") { subject.removeLast() }
        pendingScope = .switchBody(isIdentifierExpression(subject))
        pendingLocals = []
        position = cursor - 1
    }

    /// Whether tokens are `segue.identifier` or an identifier name of the current hook.
    private func isIdentifierExpression(_ expression: [SourceToken]) -> Bool {
        guard let (hook, _) = currentHook else { return false }
        if expression.count == 1, expression[0].kind == .word { return hook.identifierNames.contains(expression[0].text) }
        if expression.count == 3, let segueName = hook.segueName {
            return expression[0].isWord(segueName) && expression[1].isPunctuation(".") && expression[2].isWord("identifier")
        }
        return false
    }

    /// `case A, B:` in a `switch` on the segue's identifier, or `case a, b = "x"` in a `String` enum.
    private mutating func caseLabel() {
        guard let scope = scopes.last else { return }
        switch scope.kind {
        case .type(_, _, let path, true):
            var cursor = position + 1
            while let name = word(cursor) {
                var value = name
                cursor += 1
                if isPunct(cursor, "(") { return }  // associated values: not a raw-value enum
                if isPunct(cursor, "="), let literal = token(cursor + 1) {
                    guard literal.kind == .string else { return }
                    value = literal.text
                    cursor += 2
                }
                index.rawValues[(path + [name]).joined(separator: "."), default: []].append(.init(file: file, value: value))
                guard isPunct(cursor, ",") else { break }
                cursor += 1
            }
        case .switchBody(true):
            guard let (hook, _) = currentHook else { return }
            var cursor = position + 1
            while token(cursor) != nil {
                var end = cursor
                while let token = token(end), !token.isPunctuation(","), !token.isPunctuation(":") { end += 1 }
                var pattern = Array(tokens[cursor..<min(end, tokens.count)])
                if pattern.last?.isPunctuation("?") == true { pattern.removeLast() }
                // `case .some("x"):`
                if pattern.count >= 5, pattern[0].isPunctuation("."), pattern[1].isWord("some"), pattern[2].isPunctuation("("),
                    pattern[pattern.count - 1].isPunctuation(")")
                {
                    pattern = Array(pattern[3..<(pattern.count - 1)])
                    cursor += 3
                }
                if let identifier = expression(pattern), !pattern.isEmpty {
                    index.segueComparisons.append(
                        .init(identifier: identifier, hook: hook.selector, enclosingType: enclosingType?.name, location: location(cursor)))
                }
                guard isPunct(end, ",") else { break }
                cursor = end + 1
            }
        default:
            break
        }
    }

    /// `segue.identifier == X`, `X == segue.identifier`, `identifier != X` in a hook.
    private mutating func comparison(operatorStart: Int, operatorEnd: Int) {
        guard let (hook, _) = currentHook else { return }
        // Left: the segue's identifier?
        var left = operatorStart - 1
        while isPunct(left, "!") || isPunct(left, "?") { left -= 1 }
        let leftIsIdentifier: Bool
        if let segueName = hook.segueName, isWord(left, "identifier"), isPunct(left - 1, "."), isWord(left - 2, segueName),
            !isPunct(left - 3, ".")
        {
            leftIsIdentifier = true
        } else if let name = word(left), hook.identifierNames.contains(name), !isPunct(left - 1, ".") {
            leftIsIdentifier = true
        } else {
            leftIsIdentifier = false
        }
        if leftIsIdentifier {
            var end = operatorEnd + 1
            if token(end)?.kind == .string {
                end += 1
            } else {
                while word(end) != nil {
                    end += 1
                    if isPunct(end, "."), word(end + 1) != nil { end += 1 } else { break }
                }
            }
            guard end > operatorEnd + 1, endsExpression(after: end - 1),
                let identifier = expression(Array(tokens[(operatorEnd + 1)..<end]))
            else { return }
            index.segueComparisons.append(
                .init(identifier: identifier, hook: hook.selector, enclosingType: enclosingType?.name, location: location(operatorEnd + 1)))
            return
        }
        // Right: `"x" == segue.identifier`.
        guard let literal = token(operatorStart - 1), literal.kind == .string,
            !(token(operatorStart - 2).map { $0.isPunctuation("+") || $0.isPunctuation(".") } ?? false)
        else { return }
        let right = operatorEnd + 1
        var isIdentifier = false
        if let segueName = hook.segueName, isWord(right, segueName), isPunct(right + 1, "."), isWord(right + 2, "identifier") {
            isIdentifier = endsExpression(after: right + 2) || isPunct(right + 3, "!")
        } else if let name = word(right), hook.identifierNames.contains(name) {
            isIdentifier = endsExpression(after: right)
        }
        guard isIdentifier else { return }
        index.segueComparisons.append(
            .init(identifier: .literal(literal.text), hook: hook.selector, enclosingType: enclosingType?.name, location: location(operatorStart - 1)))
    }

    // MARK: Expressions and receivers

    /// The argument starting at `start`, up to the `,` or `)` that ends it, and where it starts.
    private func argument(from start: Int) -> (SourceIdentifier, Int) {
        var depth = 0
        var cursor = start
        while let token = token(cursor) {
            if depth == 0, token.isPunctuation(",") || token.isPunctuation(")") { break }
            if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") { depth -= 1 }
            if token.isPunctuation("{") || token.isPunctuation("}") || cursor > start + 32 { return (.unresolvable, start) }
            cursor += 1
        }
        return (expression(Array(tokens[start..<min(cursor, tokens.count)])) ?? .unresolvable, start)
    }

    /// A literal or a dotted name (`A.B.c`, `A.b.rawValue`, `self.x`); `nil` for anything else.
    private func expression(_ tokens: [SourceToken]) -> SourceIdentifier? {
        if tokens.count == 1, tokens[0].kind == .string { return .literal(tokens[0].text) }
        guard tokens.count % 2 == 1 else { return nil }
        var path: [String] = []
        for (offset, token) in tokens.enumerated() {
            if offset % 2 == 1 {
                guard token.isPunctuation(".") else { return nil }
            } else {
                guard token.kind == .word, !token.text.hasPrefix("@") else { return nil }
                path.append(token.text)
            }
        }
        guard let first = path.first else { return nil }
        var isRawValue = false
        if path.count >= 2, path.last == "rawValue" {
            path.removeLast()
            isRawValue = true
        }
        if first == "self" || first == "Self" {
            path.removeFirst()
            guard !path.isEmpty else { return nil }
        } else if let local = localValue(first) {
            guard path.count == 1, !isRawValue, let value = local else { return .unresolvable }
            return .literal(value)
        }
        return SourceIdentifier(storage: .reference(path: path, rawValue: isRawValue, scope: typePath, file: file))
    }

    /// A local name's value: `nil` when not local, `.some(nil)` when local but not a constant.
    private func localValue(_ name: String) -> String?? {
        for scope in scopes.reversed() {
            if case .type = scope.kind { return nil }
            if let value = scope.locals[name] { return value }
        }
        return nil
    }

    /// `self.`, `self?.`, `self!.` or nothing before `at` (a `.` after anything else is another receiver).
    private func receiver(before at: Int) -> AppSourceIndex.Receiver {
        guard isPunct(at - 1, ".") else { return .self }
        var cursor = at - 2
        if isPunct(cursor, "?") || isPunct(cursor, "!") { cursor -= 1 }
        return isWord(cursor, "self") && !isPunct(cursor - 1, ".") ? .self : .other
    }

    /// The storyboard before `.instantiateViewController` at `at`.
    private func storyboardReceiver(before at: Int) -> AppSourceIndex.StoryboardReceiver {
        guard isPunct(at - 1, ".") else { return .unknown }
        var cursor = at - 2
        if isPunct(cursor, "?") || isPunct(cursor, "!") { cursor -= 1 }
        if isPunct(cursor, ")") {
            // `UIStoryboard(name: …, bundle: …)` ending here?
            var depth = 0
            var open = cursor
            while let token = token(open), open > cursor - 48 {
                if token.isPunctuation(")") { depth += 1 }
                if token.isPunctuation("(") {
                    depth -= 1
                    if depth == 0 { break }
                }
                open -= 1
            }
            if isWord(open - 1, "UIStoryboard"), !isPunct(open - 2, "."), let (name, mainBundle, _, end) = storyboardInitializer(at: open - 1),
                end == cursor
            {
                return .named(name, mainBundle: mainBundle)
            }
            return .unknown
        }
        guard let name = word(cursor) else { return .unknown }
        let dotted = isPunct(cursor - 1, ".")
        if !dotted {
            for scope in scopes.reversed() {
                if case .type = scope.kind { break }
                if let bound = scope.storyboards[name] { return bound }
            }
        }
        if name == "storyboard" {
            if !dotted { return localValue(name) == nil ? .enclosingControllersStoryboard : .unknown }
            if isWord(cursor - 2, "self"), !isPunct(cursor - 3, ".") { return .enclosingControllersStoryboard }
        }
        return .unknown
    }

    /// `UIStoryboard(name: N, bundle: B)` at `at`: the name, whether B is the main bundle, where
    /// the name starts, and the index of the closing `)`.
    private func storyboardInitializer(at: Int) -> (SourceIdentifier, Bool, Int, Int)? {
        guard isWord(at, "UIStoryboard"), isPunct(at + 1, "("), isWord(at + 2, "name"), isPunct(at + 3, ":") else { return nil }
        let (name, nameStart) = argument(from: at + 4)
        var cursor = nameStart
        var depth = 0
        while let token = token(cursor) {
            if depth == 0, token.isPunctuation(",") || token.isPunctuation(")") { break }
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") { depth -= 1 }
            cursor += 1
        }
        guard isPunct(cursor, ","), isWord(cursor + 1, "bundle"), isPunct(cursor + 2, ":") else { return nil }
        var end = cursor + 3
        depth = 0
        while let token = token(end) {
            if depth == 0, token.isPunctuation(")") { break }
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") { depth -= 1 }
            end += 1
        }
        let bundle = tokens[(cursor + 3)..<min(end, tokens.count)].map(\.text).joined()
        let mainBundle = ["nil", ".main", "Bundle.main", "Foundation.Bundle.main"].contains(bundle)
        return (name, mainBundle, nameStart, end)
    }
}
