// NavigationRuntime: unwind actions declared in Swift sources.

extension UnwindActionScanner {
    private enum Scope {
        /// The body of a class, struct, enum, actor or extension of the named type.
        case type(String)
        /// Anything else: function bodies, closures, protocols, accessors.
        case other
    }

    /// The unwind actions declared directly in one Swift file, by type.
    static func scanSwift(_ text: String) -> Declarations {
        scanSwift(tokens: UnwindSourceTokenizer.tokens(text, objectiveC: false))
    }

    /// The unwind actions declared directly in one Swift file, from its tokens.
    static func scanSwift(tokens: [String]) -> Declarations {
        var declarations = Declarations()
        var scopes: [Scope] = []
        var pendingScope: Scope?
        var isIBAction = false
        var objcName: String?
        var index = 0
        func token(_ offset: Int) -> String? { index + offset < tokens.count ? tokens[index + offset] : nil }
        while index < tokens.count {
            let current = tokens[index]
            switch current {
            case "@IBAction":
                isIBAction = true
            case "@objc":
                if token(1) == "(" {
                    var name = ""
                    var cursor = index + 2
                    while cursor < tokens.count, tokens[cursor] != ")" {
                        name += tokens[cursor]
                        cursor += 1
                    }
                    objcName = name
                    index = cursor
                }
            case "class", "struct", "enum", "actor", "extension", "protocol":
                // `class func` / `class var` are modifiers, not declarations.
                guard let next = token(1), isIdentifier(next), !declarationKeywords.contains(next) else { break }
                let (name, superclass, end) = typeHeader(tokens, from: index + 1)
                if current == "protocol" {
                    pendingScope = .other
                } else {
                    pendingScope = .type(name)
                    if current == "class", let superclass { declarations.superclasses[name] = superclass }
                    if current == "class" || current == "actor" { declarations.types.insert(name) }
                }
                isIBAction = false
                objcName = nil
                index = end
                continue
            case "func":
                if isIBAction, case .type(let owner)? = scopes.last,
                    let selector = swiftUnwindSelector(tokens, from: index + 1, objcName: objcName)
                {
                    declarations.actions[owner, default: []].insert(selector)
                }
                isIBAction = false
                objcName = nil
            case "var", "let", "init", "subscript", "case", "typealias", "import", "deinit":
                isIBAction = false
                objcName = nil
            case "{":
                scopes.append(pendingScope ?? .other)
                pendingScope = nil
            case "}":
                if !scopes.isEmpty { scopes.removeLast() }
            default:
                break
            }
            index += 1
        }
        return declarations
    }

    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "subscript", "init", "typealias", "case", "override", "public", "private", "fileprivate",
        "internal", "open", "final", "static", "dynamic", "required", "convenience", "nonisolated", "package",
    ]

    static func isIdentifier(_ token: String) -> Bool {
        guard let first = token.unicodeScalars.first else { return false }
        return first == "_" || first.properties.isAlphabetic
    }

    /// Reads `Name<...>: Super<...>, Protocol where ...` up to (not including) `{`.
    /// Returns the last component of the name, the first inherited type (generic arguments and
    /// module prefix dropped) and the index of the `{` (or of the end).
    private static func typeHeader(_ tokens: [String], from start: Int) -> (String, String?, Int) {
        var index = start
        var name = ""
        while index < tokens.count, isIdentifier(tokens[index]) {
            name = tokens[index]
            index += 1
            if index < tokens.count, tokens[index] == ".", index + 1 < tokens.count { index += 1 } else { break }
        }
        index = skipGenerics(tokens, from: index)
        var superclass: String?
        if index < tokens.count, tokens[index] == ":" {
            index += 1
            while index < tokens.count, isIdentifier(tokens[index]) {
                superclass = tokens[index]
                index += 1
                if index < tokens.count, tokens[index] == ".", index + 1 < tokens.count { index += 1 } else { break }
            }
        }
        while index < tokens.count, tokens[index] != "{", tokens[index] != "}" { index += 1 }
        return (name, superclass, index)
    }

    private static func skipGenerics(_ tokens: [String], from start: Int) -> Int {
        guard start < tokens.count, tokens[start] == "<" else { return start }
        var depth = 0
        var index = start
        while index < tokens.count {
            if tokens[index] == "<" { depth += 1 }
            if tokens[index] == ">" { depth -= 1 }
            index += 1
            if depth == 0 { break }
        }
        return index
    }

    /// The selector of `name(params)` when it has exactly one parameter of type
    /// `UIStoryboardSegue` (optional or not), else `nil`.
    private static func swiftUnwindSelector(_ tokens: [String], from start: Int, objcName: String?) -> String? {
        guard start < tokens.count, isIdentifier(tokens[start]) else { return nil }
        let name = tokens[start]
        var index = skipGenerics(tokens, from: start + 1)
        guard index < tokens.count, tokens[index] == "(" else { return nil }
        index += 1
        var parameters: [[String]] = [[]]
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if depth == 0, token == ")" { break }
            if token == "(" || token == "[" || token == "<" { depth += 1 }
            if token == ")" || token == "]" || token == ">" { depth -= 1 }
            if depth == 0, token == "," {
                parameters.append([])
            } else {
                parameters[parameters.count - 1].append(token)
            }
            index += 1
        }
        guard parameters.count == 1, let colon = parameters[0].firstIndex(of: ":") else { return nil }
        let names = parameters[0][..<colon].filter(isIdentifier)
        var type = Array(parameters[0][(colon + 1)...])
        if let defaultValue = type.firstIndex(of: "=") { type = Array(type[..<defaultValue]) }
        let typeNames = type.filter { isIdentifier($0) && !["inout", "__owned", "__shared", "borrowing", "consuming"].contains($0) }
        guard typeNames.last == "UIStoryboardSegue", names.count >= 1 else { return nil }
        if let objcName, !objcName.isEmpty { return objcName }
        let label = names[0]
        if label == "_" { return name + ":" }
        let capitalized = label.prefix(1).uppercased() + label.dropFirst()
        return name + (startsWithPreposition(label) ? "" : "With") + capitalized + ":"
    }
}
