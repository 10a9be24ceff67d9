/// What kind of controller a node of the hierarchy is, as snapshots report it.
public enum ControllerKind: String, Sendable, Hashable, Codable {
    /// A content controller: one screen (it may still embed children).
    case content
    /// A ``NavigationController``: a stack of children.
    case navigation
    /// A tab bar controller: children, one selected.
    case tabBar
    /// A split view controller: primary and secondary columns.
    case split
}
