// NavigationRuntime: what an app's sources say to its storyboards, Swift: switches and
// comparisons on a segue's identifier inside a hook.

extension SwiftAppSourceScanner {
    // MARK: Hooks and switches

    mutating func switchStatement() {
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
    mutating func caseLabel() {
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
    mutating func comparison(operatorStart: Int, operatorEnd: Int) {
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
}
