// NavigationRuntime: what an app's sources say to its storyboards, Objective-C.

/// One linear pass over the tokens of one Objective-C file (`.m`, `.mm`, `.h`; see
/// ``AppSourceIndex``).
///
/// A class scope runs from `@interface` / `@implementation` to `@end`; a method body is the
/// brace block after `- (…)selector…` at depth 0. A message send's receiver is the tokens between
/// its `[` and the selector part.
struct ObjectiveCAppSourceScanner {
    private struct Method {
        var selector: String
        var parameters: [String]
        var hook: String?
        var segueName: String?
        var identifierNames: Set<String>
    }

    private let tokens: [SourceToken]
    private let file: String
    private var index = AppSourceIndex()
    private var currentClass: String?
    private var depth = 0
    private var pendingMethod: Method?
    private var method: Method?
    /// Names assigned in the current method: bound to a storyboard, or not resolvable.
    private var locals: [String: AppSourceIndex.StoryboardReceiver] = [:]
    /// Open `[` token indices.
    private var brackets: [Int] = []
    /// `[` index of a `[UIStoryboard storyboardWithName:… bundle:…]` send → its storyboard.
    private var storyboardSends: [Int: AppSourceIndex.StoryboardReceiver] = [:]
    private var position = 0

    /// Scans one file.
    static func scan(_ text: String, file: String) -> AppSourceIndex {
        var scanner = ObjectiveCAppSourceScanner(tokens: UnwindSourceTokenizer.positionedTokens(text, objectiveC: true), file: file)
        scanner.run()
        scanner.index.files = [file]
        scanner.index.unwindDeclarations = UnwindActionScanner.scanObjectiveC(
            tokens: scanner.tokens.compactMap { $0.kind == .string || $0.kind == .opaqueString ? nil : $0.text })
        return scanner.index
    }

    private init(tokens: [SourceToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    private func token(_ at: Int) -> SourceToken? { at >= 0 && at < tokens.count ? tokens[at] : nil }
    private func isWord(_ at: Int, _ word: String) -> Bool { token(at)?.isWord(word) ?? false }
    private func isPunct(_ at: Int, _ character: String) -> Bool { token(at)?.isPunctuation(character) ?? false }
    private func word(_ at: Int) -> String? { token(at).flatMap { $0.kind == .word ? $0.text : nil } }
    private func location(_ at: Int) -> AppSourceIndex.Location {
        let token = token(at)
        return AppSourceIndex.Location(file: file, line: token?.line ?? 1, column: token?.column ?? 1)
    }

    private mutating func run() {
        while position < tokens.count {
            let current = tokens[position]
            if current.kind == .word {
                word(current.text)
            } else if current.kind == .punctuation {
                punctuation(current.text)
            }
            position += 1
        }
    }

    private mutating func punctuation(_ text: String) {
        switch text {
        case "{":
            if depth == 0, let pending = pendingMethod {
                method = pending
                locals = [:]
                for name in pending.parameters { locals[name] = .unknown }
            }
            pendingMethod = nil
            depth += 1
        case "}":
            depth = max(0, depth - 1)
            if depth == 0 {
                method = nil
                locals = [:]
            }
        case "[":
            brackets.append(position)
        case "]":
            if !brackets.isEmpty { brackets.removeLast() }
        case "-", "+":
            if depth == 0, currentClass != nil, isPunct(position + 1, "(") { methodHeader() }
        case "#":
            // `#define NAME @"value"` on one line.
            if isWord(position + 1, "define"), let name = word(position + 2), let value = token(position + 3),
                value.kind == .string, value.line == tokens[position].line,
                token(position + 4).map({ $0.line > value.line }) ?? true
            {
                index.constants[name, default: []].append(.init(file: file, value: value.text))
            }
        case "=":
            // `NSString *const NAME = @"value";` at file scope.
            if depth == 0, method == nil, isWord(position - 2, "const"), let name = word(position - 1),
                let value = token(position + 1), value.kind == .string, isPunct(position + 2, ";")
            {
                index.constants[name, default: []].append(.init(file: file, value: value.text))
            } else if method != nil, let name = word(position - 1), !isPunct(position + 1, "="), !isPunct(position - 2, ".") {
                // A local assignment: bound to a storyboard when it is `[UIStoryboard storyboardWithName:…]`
                // (recorded when the send is read), otherwise not resolvable.
                locals[name] = .unknown
            }
        default:
            break
        }
    }

    private mutating func word(_ text: String) {
        switch text {
        case "@interface", "@implementation":
            guard let name = word(position + 1) else { return }
            currentClass = name
            depth = 0
            var inherited: [String] = []
            var keyword = text == "@interface" ? "class" : "extension"
            if isPunct(position + 2, ":"), let superclass = word(position + 3) {
                inherited.append(superclass)
            } else if isPunct(position + 2, "(") {
                keyword = "extension"
            }
            index.types.append(.init(keyword: keyword, name: name, inherited: inherited, location: location(position)))
        case "@protocol":
            if word(position + 1) != nil, !isPunct(position + 2, ";"), !isPunct(position + 2, ",") { currentClass = nil }
        case "@end":
            currentClass = nil
            depth = 0
            method = nil
        case "performSegueWithIdentifier":
            guard isPunct(position + 1, ":"), let open = brackets.last, method != nil else { return }
            let receiver = tokens[(open + 1)..<position]
            let isSelf = receiver.count == 1 && receiver.first?.isWord("self") == true
            let (identifier, at) = argument(from: position + 2)
            index.segueCalls.append(.init(identifier: identifier, receiver: isSelf ? .self : .other, enclosingType: currentClass, location: location(at)))
        case "instantiateViewControllerWithIdentifier":
            guard isPunct(position + 1, ":"), let open = brackets.last else { return }
            let (identifier, at) = argument(from: position + 2)
            index.instantiations.append(
                .init(identifier: identifier, receiver: storyboardReceiver(open: open), enclosingType: currentClass, location: location(at)))
        case "storyboardWithName":
            guard isPunct(position + 1, ":"), let open = brackets.last, isWord(open + 1, "UIStoryboard"), open + 2 == position else { return }
            let (name, at) = argument(from: position + 2)
            var cursor = at
            while let token = token(cursor), !token.isPunctuation("]"), !token.isWord("bundle") { cursor += 1 }
            var mainBundle = false
            if isWord(cursor, "bundle"), isPunct(cursor + 1, ":") {
                let bundle = tokens[(cursor + 2)..<min(cursor + 6, tokens.count)].map(\.text).joined()
                mainBundle = bundle.hasPrefix("nil]") || bundle.hasPrefix("[NSBundlemainBundle]") || bundle.hasPrefix("NSBundle.mainBundle]")
            }
            index.storyboardLookups.append(.init(name: name, mainBundle: mainBundle, location: location(at)))
            let receiver = AppSourceIndex.StoryboardReceiver.named(name, mainBundle: mainBundle)
            storyboardSends[open] = receiver
            if method != nil, isPunct(open - 1, "="), let bound = word(open - 2) { locals[bound] = receiver }
        case "isEqualToString":
            guard isPunct(position + 1, ":"), let open = brackets.last, let method, let hook = method.hook else { return }
            let receiver = Array(tokens[(open + 1)..<position])
            let (argument, at) = argument(from: position + 2)
            if isIdentifierExpression(receiver, in: method) {
                index.segueComparisons.append(.init(identifier: argument, hook: hook, enclosingType: currentClass, location: location(at)))
            } else if receiver.count == 1, receiver[0].kind == .string, isIdentifierExpression(argumentTokens(from: position + 2), in: method) {
                index.segueComparisons.append(
                    .init(identifier: .literal(receiver[0].text), hook: hook, enclosingType: currentClass, location: location(open + 1)))
            }
        default:
            break
        }
    }

    /// `- (ReturnType)part:(Type)name part:(Type)name … {` at depth 0.
    private mutating func methodHeader() {
        var cursor = position + 2
        var parenthesisDepth = 1
        while let token = token(cursor), parenthesisDepth > 0 {
            if token.isPunctuation("(") { parenthesisDepth += 1 }
            if token.isPunctuation(")") { parenthesisDepth -= 1 }
            cursor += 1
        }
        var selector = ""
        var parameters: [String] = []
        while let part = word(cursor) {
            if !isPunct(cursor + 1, ":") {
                if selector.isEmpty { selector = part }
                cursor += 1
                break
            }
            selector += part + ":"
            cursor += 2
            if isPunct(cursor, "(") {
                var typeDepth = 0
                while let token = token(cursor) {
                    if token.isPunctuation("(") { typeDepth += 1 }
                    if token.isPunctuation(")") {
                        typeDepth -= 1
                        if typeDepth == 0 { break }
                    }
                    cursor += 1
                }
                cursor += 1
            }
            guard let name = word(cursor) else { break }
            parameters.append(name)
            cursor += 1
        }
        if selector == "performSegueWithIdentifier:sender:", let currentClass { index.typesOverridingPerformSegue.insert(currentClass) }
        var method = Method(selector: selector, parameters: parameters, hook: nil, segueName: nil, identifierNames: [])
        if selector == "prepareForSegue:sender:", let segue = parameters.first {
            method.hook = selector
            method.segueName = segue
        } else if selector == "shouldPerformSegueWithIdentifier:sender:", let identifier = parameters.first {
            method.hook = selector
            method.identifierNames = [identifier]
        }
        pendingMethod = isPunct(cursor, "{") ? method : nil
        position = cursor - 1
    }

    /// `segue.identifier`, `[segue identifier]` or the identifier parameter.
    private func isIdentifierExpression(_ expression: [SourceToken], in method: Method) -> Bool {
        if expression.count == 1, expression[0].kind == .word { return method.identifierNames.contains(expression[0].text) }
        guard let segue = method.segueName, expression.count >= 3 else { return false }
        if expression.count == 3 {
            return expression[0].isWord(segue) && expression[1].isPunctuation(".") && expression[2].isWord("identifier")
        }
        return expression.count == 4 && expression[0].isPunctuation("[") && expression[1].isWord(segue)
            && expression[2].isWord("identifier") && expression[3].isPunctuation("]")
    }

    /// The tokens of a message argument: up to the next `part:` or the closing `]` at depth 0.
    private func argumentTokens(from start: Int) -> [SourceToken] {
        var cursor = start
        var nesting = 0
        while let token = token(cursor), cursor < start + 32 {
            if nesting == 0, token.isPunctuation("]") || token.isPunctuation(";") { break }
            if nesting == 0, token.kind == .word, isPunct(cursor + 1, ":"), cursor > start { break }
            if token.isPunctuation("[") || token.isPunctuation("(") { nesting += 1 }
            if token.isPunctuation("]") || token.isPunctuation(")") { nesting -= 1 }
            cursor += 1
        }
        return Array(tokens[start..<min(cursor, tokens.count)])
    }

    /// A literal, or a name (a `#define` or a `const`) that is not a local or parameter.
    private func argument(from start: Int) -> (SourceIdentifier, Int) {
        let argument = argumentTokens(from: start)
        guard argument.count == 1 else { return (.unresolvable, start) }
        switch argument[0].kind {
        case .string:
            return (.literal(argument[0].text), start)
        case .word where locals[argument[0].text] == nil && argument[0].text != "self":
            return (SourceIdentifier(storage: .reference(path: [argument[0].text], rawValue: false, scope: [], file: file)), start)
        default:
            return (.unresolvable, start)
        }
    }

    /// The storyboard of `[RECEIVER instantiateViewControllerWithIdentifier:…]`.
    private func storyboardReceiver(open: Int) -> AppSourceIndex.StoryboardReceiver {
        let receiver = Array(tokens[(open + 1)..<position])
        if receiver.count == 3, receiver[0].isWord("self"), receiver[1].isPunctuation("."), receiver[2].isWord("storyboard") {
            return .enclosingControllersStoryboard
        }
        if receiver.count == 4, receiver[0].isPunctuation("["), receiver[1].isWord("self"), receiver[2].isWord("storyboard") {
            return .enclosingControllersStoryboard
        }
        if let first = receiver.first, first.isPunctuation("["), let named = storyboardSends[open + 1] { return named }
        if receiver.count == 1, receiver[0].kind == .word { return locals[receiver[0].text] ?? .unknown }
        return .unknown
    }
}
