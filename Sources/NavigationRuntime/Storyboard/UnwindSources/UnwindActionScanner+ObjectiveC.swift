// NavigationRuntime: unwind actions declared in Objective-C sources.

extension UnwindActionScanner {
    /// The unwind actions declared in one Objective-C file (`.m`, `.mm` or `.h`), by class:
    /// `- (IBAction)name:(UIStoryboardSegue *)segue` inside `@interface` or `@implementation`
    /// (categories and class extensions apply to their class).
    static func scanObjectiveC(_ text: String) -> Declarations {
        scanObjectiveC(tokens: UnwindSourceTokenizer.tokens(text, objectiveC: true))
    }

    /// The unwind actions declared in one Objective-C file, from its tokens.
    static func scanObjectiveC(tokens: [String]) -> Declarations {
        var declarations = Declarations()
        var currentClass: String?
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token {
            case "@interface", "@implementation":
                if index + 1 < tokens.count, isIdentifier(tokens[index + 1]) {
                    let name = tokens[index + 1]
                    currentClass = name
                    if index + 3 < tokens.count, tokens[index + 2] == ":", isIdentifier(tokens[index + 3]) {
                        declarations.superclasses[name] = tokens[index + 3]
                    }
                }
                depth = 0
            case "@protocol":
                currentClass = nil
            case "@end":
                currentClass = nil
                depth = 0
            case "{":
                depth += 1
            case "}":
                depth = max(0, depth - 1)
            case "-":
                if depth == 0, let owner = currentClass, let (selector, end) = objectiveCUnwindSelector(tokens, from: index + 1) {
                    declarations.actions[owner, default: []].insert(selector)
                    index = end
                    continue
                }
            default:
                break
            }
            index += 1
        }
        return declarations
    }

    /// Reads `(IBAction)part:(Type)name ...` after a `-`; returns the selector when the method
    /// returns `IBAction` and has exactly one parameter, of type `UIStoryboardSegue *`.
    private static func objectiveCUnwindSelector(_ tokens: [String], from start: Int) -> (String, Int)? {
        var index = start
        guard index < tokens.count, tokens[index] == "(" else { return nil }
        var returnType: [String] = []
        index += 1
        while index < tokens.count, tokens[index] != ")" {
            returnType.append(tokens[index])
            index += 1
        }
        guard returnType.contains("IBAction") else { return nil }
        index += 1
        var parts: [(name: String, type: [String])] = []
        while index + 1 < tokens.count, isIdentifier(tokens[index]), tokens[index + 1] == ":" {
            let part = tokens[index]
            index += 2
            var type: [String] = []
            if index < tokens.count, tokens[index] == "(" {
                index += 1
                var depth = 1
                while index < tokens.count {
                    if tokens[index] == "(" { depth += 1 }
                    if tokens[index] == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    type.append(tokens[index])
                    index += 1
                }
                index += 1
            }
            parts.append((part, type))
            if index < tokens.count, isIdentifier(tokens[index]) { index += 1 }  // the parameter name
        }
        guard parts.count == 1, parts[0].type.contains("UIStoryboardSegue") else { return nil }
        return (parts[0].name + ":", index)
    }
}
