// NavigationRuntime: storyboard value model.

/// The `kind` attribute of a storyboard segue.
///
/// An open set, so that a storyboard written by a newer Interface Builder still loads;
/// ``isKnown`` tells whether the runtime knows the kind.
public struct StoryboardSegueKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The attribute value as Interface Builder writes it.
    public var rawValue: String

    /// Creates a kind from its attribute value.
    /// - Parameter rawValue: The attribute value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a kind from its attribute value.
    /// - Parameter rawValue: The attribute value.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `show`: push onto the nearest navigation stack, else present.
    public static let show = Self("show")
    /// `showDetail`: replace a split view's secondary.
    public static let showDetail = Self("showDetail")
    /// `presentation`: present modally.
    public static let presentation = Self("presentation")
    /// `popoverPresentation`: present as a popover (adapts in compact width).
    public static let popoverPresentation = Self("popoverPresentation")
    /// `custom`: a `UIStoryboardSegue` subclass performs the transition.
    public static let custom = Self("custom")
    /// `unwind`: an exit; its action names the unwind method.
    public static let unwind = Self("unwind")
    /// `relationship`: a container's child (root, tabs, split columns).
    public static let relationship = Self("relationship")
    /// `embed`: a container view's child.
    public static let embed = Self("embed")
    /// Legacy `push` (iOS 5–7): requires a navigation controller (rule R2.12).
    public static let push = Self("push")
    /// Legacy `modal`.
    public static let modal = Self("modal")
    /// Legacy `replace` (split view detail).
    public static let replace = Self("replace")
    /// Legacy `popover`.
    public static let popover = Self("popover")

    /// Every kind the runtime knows, in a stable order.
    public static let allKnown: [Self] = [
        .show, .showDetail, .presentation, .popoverPresentation, .custom, .unwind,
        .relationship, .embed, .push, .modal, .replace, .popover,
    ]

    /// Whether the runtime knows this kind.
    public var isKnown: Bool { Self.allKnown.contains(self) }

    /// Whether this kind is one of the pre-iOS 8 kinds (`push`, `modal`, `replace`, `popover`).
    public var isLegacy: Bool { self == .push || self == .modal || self == .replace || self == .popover }

    /// Whether the segue builds containment (`relationship` or `embed`) instead of navigating.
    public var isContainment: Bool { self == .relationship || self == .embed }

    /// The attribute value.
    public var description: String { rawValue }
}
