/// A text that came from input (a snapshot's scene identifier, a deep link's parameter, the
/// decoder's explanation, which quotes the value it refused) as a problem's description shows
/// it: whole up to ``limit`` characters, else its start and its length, so that a hostile
/// input does not become a log line of its size.
enum EchoedText {
    /// How many characters of an input's text a description shows.
    static let limit = 200

    /// `text`, quoted as a string's debug description quotes it when `quoted`, or, when
    /// longer than ``limit``, its first ``limit`` characters (quoted alike) and its length:
    /// `"abc…"… (10000 characters)`.
    static func shown(_ text: String, quoted: Bool = true) -> String {
        // At most limit + 1 characters are looked at to decide: a long text is counted only
        // when it is cut.
        guard text.prefix(limit + 1).count > limit else { return quoted ? String(reflecting: text) : text }
        let start = String(text.prefix(limit))
        return (quoted ? String(reflecting: start) : start) + "… (\(text.count) characters)"
    }
}
