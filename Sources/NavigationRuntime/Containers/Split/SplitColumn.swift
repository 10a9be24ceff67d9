/// A column of a column-style split view controller (UIKit's `UISplitViewController.Column`,
/// iOS 14, R5.7).
public enum SplitColumn: String, Sendable, Hashable, Codable {
    /// The primary column (the list).
    case primary
    /// The secondary column (the detail).
    case secondary
    /// The controller shown instead of the others while the split is collapsed (compact width).
    case compact
}

extension SplitColumn: CustomStringConvertible {
    /// The case's name (its `rawValue`), also where a change, an outcome or an event that holds it
    /// is printed (not the module-qualified `NavigationRuntime.…`).
    public var description: String { rawValue }
}
