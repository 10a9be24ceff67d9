// NavigationRuntime: storyboard inspection, text and JSON output.

extension StoryboardInspection {
    /// The JSON object `navstress inspect --json` prints: every key present, the top-level keys
    /// in a fixed order, the keys of nested objects sorted, arrays sorted. Stable byte for byte.
    public var json: String {
        var out = "{"
        out += "\"file\": \(Self.quoted(file)), "
        out += "\"initial_view_controller\": \(initialViewController.map(Self.quoted) ?? "null"), "
        out += "\"scenes\": \(scenes), "
        out += "\"view_controllers_by_type\": \(Self.object(viewControllersByType)), "
        out += "\"segues_total\": \(seguesTotal), "
        out += "\"segues_by_kind\": \(Self.object(seguesByKind)), "
        out += "\"relationships\": \(Self.object(relationships)), "
        out += "\"unwind_actions\": \(Self.array(unwindActions)), "
        out += "\"custom_segue_classes\": \(Self.object(customSegueClasses)), "
        out += "\"storyboard_identifiers\": \(Self.array(storyboardIdentifiers)), "
        out += "\"storyboard_references\": \(storyboardReferences)"
        return out + "}"
    }

    /// A JSON list of inspections (the output for several files), one object per line.
    /// - Parameter inspections: The inspections.
    /// - Returns: The JSON text.
    public static func jsonList(_ inspections: [StoryboardInspection]) -> String {
        "[\n" + inspections.map { "  " + $0.json }.joined(separator: ",\n") + "\n]"
    }

    /// A human-readable report, one fact per line.
    public var text: String {
        func counts(_ dictionary: [String: Int]) -> String {
            dictionary.isEmpty ? "-" : dictionary.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        func list(_ array: [String]) -> String { array.isEmpty ? "-" : array.joined(separator: ", ") }
        return """
            file: \(file)
            initial view controller: \(initialViewController ?? "-")
            scenes: \(scenes)
            view controllers by type: \(counts(viewControllersByType))
            segues: \(seguesTotal)
            segues by kind: \(counts(seguesByKind))
            relationships: \(counts(relationships))
            unwind actions: \(list(unwindActions))
            custom segue classes: \(counts(customSegueClasses))
            storyboard identifiers: \(list(storyboardIdentifiers))
            storyboard references: \(storyboardReferences)
            """
    }

    static func quoted(_ string: String) -> String { JSONStringLiteral.quoted(string) }

    private static func object(_ dictionary: [String: Int]) -> String {
        "{" + dictionary.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
    }

    private static func array(_ strings: [String]) -> String {
        "[" + strings.map(quoted).joined(separator: ", ") + "]"
    }
}
