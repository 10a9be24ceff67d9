/// How a presented controller covers its presenter (UIKit's `UIModalPresentationStyle`).
public enum PresentationStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// Covers the screen; the presenter's views are removed (it disappears).
    case fullScreen
    /// Covers the screen; the presenter's views stay (it does not disappear, R6.5).
    case overFullScreen
    /// Covers the presentation context (R3.4); the context's views are removed.
    case currentContext
    /// Covers the presentation context; its views stay.
    case overCurrentContext
    /// A sheet; the presenter stays (iOS 13+ sheet form, R6.5).
    case pageSheet
    /// A smaller sheet; the presenter stays.
    case formSheet
    /// A popover in regular width; adapts in compact width (R2.8).
    case popover
    /// The system default: resolves to ``pageSheet`` (iOS 17 profile, R2.11).
    case automatic
    /// Only meaningful as an adaptation result: do not adapt (R2.9).
    case none

    /// Whether the presenter's (or the context's) views are removed once the presentation
    /// completes, so that it gets disappear callbacks (R2.10, R6.4, R6.5).
    public var removesPresenterViews: Bool {
        switch self {
        case .fullScreen, .currentContext: true
        default: false
        }
    }

    /// Whether the presentation covers a presentation context rather than the screen (R3.4).
    public var usesPresentationContext: Bool {
        self == .currentContext || self == .overCurrentContext
    }

    /// The style after resolving ``automatic`` (R2.11) and adapting to the horizontal size
    /// class (R2.8: a popover in compact width behaves as a form sheet on iOS 13+).
    ///
    /// - Parameters:
    ///   - traits: The traits of the window it is presented in.
    ///   - adaptation: what an adaptation delegate returned for compact width, if
    ///     any; only `.fullScreen`, `.overFullScreen` and `.none` are honoured (R2.9).
    public func resolved(for traits: Traits, adaptation: PresentationStyle? = nil) -> PresentationStyle {
        switch self {
        case .automatic, .none:
            return .pageSheet
        case .popover where traits.horizontalSizeClass == .compact:
            switch adaptation {
            case .fullScreen?: return .fullScreen
            case .overFullScreen?: return .overFullScreen
            case .none?: return .popover
            default: return .formSheet
            }
        default:
            return self
        }
    }
}

/// How a presentation animates (UIKit's `UIModalTransitionStyle`).
public enum TransitionStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// Slides up from the bottom. The default.
    case coverVertical
    /// Flips horizontally.
    case flipHorizontal
    /// Cross-fades.
    case crossDissolve
    /// Curls up a page.
    case partialCurl
}

/// The traits of a window that drive adaptive behaviour (UIKit's trait collection).
public struct Traits: Sendable, Hashable, Codable {
    /// A size class.
    public enum SizeClass: String, Sendable, Hashable, Codable {
        /// Constrained space: a phone in portrait, a slide-over window.
        case compact
        /// Ample space.
        case regular
    }

    /// The horizontal size class.
    public var horizontalSizeClass: SizeClass
    /// The vertical size class.
    public var verticalSizeClass: SizeClass

    /// Creates traits.
    public init(horizontalSizeClass: SizeClass = .regular, verticalSizeClass: SizeClass = .regular) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }

    /// Regular width and height (an iPad window).
    public static let regular = Traits()
    /// Compact width, regular height (a phone in portrait).
    public static let compact = Traits(horizontalSizeClass: .compact)
}

extension PresentationStyle: CustomStringConvertible {
    /// The case's name (its `rawValue`), also where a change, an outcome or an event that holds it
    /// is printed (not the module-qualified `NavigationRuntime.…`).
    public var description: String { rawValue }
}

extension TransitionStyle: CustomStringConvertible {
    /// The case's name (its `rawValue`), also where a change, an outcome or an event that holds it
    /// is printed (not the module-qualified `NavigationRuntime.…`).
    public var description: String { rawValue }
}

extension Traits.SizeClass: CustomStringConvertible {
    /// The case's name (its `rawValue`), also where a change, an outcome or an event that holds it
    /// is printed (not the module-qualified `NavigationRuntime.…`).
    public var description: String { rawValue }
}
