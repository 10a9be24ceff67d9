// NavigationRuntime: what an app's sources say to its storyboards, Swift: variables, constants
// and the names that shadow them.

extension SwiftAppSourceScanner {
    /// Reads `let name = …` / `var name …`: a constant, a shadowing local, a storyboard binding,
    /// an alias of the segue's identifier, or this library's `unwindActions`.
    mutating func variableDeclaration(isLet: Bool) {
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
    func endsExpression(after end: Int) -> Bool {
        guard let next = token(end + 1), let last = token(end) else { return true }
        if next.line > last.line { return !(next.kind == .punctuation && [".", "+", "?", "("].contains(next.text)) }
        return next.kind == .punctuation && [";", "}", ")", ",", "{", ":", "&", "|", "]"].contains(next.text)
            || next.isWord("else")
    }

    mutating func shadow(_ name: String) {
        guard !scopes.isEmpty else { return }
        if case .type? = scopes.last?.kind { return }
        scopes[scopes.count - 1].locals[name] = .some(nil)
        scopes[scopes.count - 1].storyboards[name] = .unknown
    }

    /// `{ a, b in`, `{ (a, b) in`, `{ [weak self] a in`: the closure's parameter names.
    func closureParameters(after open: Int) -> [String] {
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
}
