// NavigationRuntime: what an app's sources say to its storyboards, Swift: expressions and
// receivers.

extension SwiftAppSourceScanner {
    // MARK: Expressions and receivers

    /// The argument starting at `start`, up to the `,` or `)` that ends it, and where it starts.
    func argument(from start: Int) -> (SourceIdentifier, Int) {
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
    func expression(_ tokens: [SourceToken]) -> SourceIdentifier? {
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
    func receiver(before at: Int) -> AppSourceIndex.Receiver {
        guard isPunct(at - 1, ".") else { return .self }
        var cursor = at - 2
        if isPunct(cursor, "?") || isPunct(cursor, "!") { cursor -= 1 }
        return isWord(cursor, "self") && !isPunct(cursor - 1, ".") ? .self : .other
    }

    /// The storyboard before `.instantiateViewController` at `at`.
    func storyboardReceiver(before at: Int) -> AppSourceIndex.StoryboardReceiver {
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
    func storyboardInitializer(at: Int) -> (SourceIdentifier, Bool, Int, Int)? {
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
