// NavigationRuntime: what an app's sources say to its storyboards, Swift: type and function
// declarations, segue hooks and unwind methods.

extension SwiftAppSourceScanner {
    // MARK: Declarations

    /// Reads `keyword Name<…>: A, B<…>, C.D where … {` and announces the type's scope.
    mutating func typeDeclaration(keyword: String) {
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
    mutating func functionDeclaration(isInit: Bool) {
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
}
