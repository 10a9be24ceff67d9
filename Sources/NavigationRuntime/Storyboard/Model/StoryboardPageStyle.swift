// NavigationRuntime: storyboard value model.

/// How a storyboard's `<pageViewController>` is configured (R5.13): Interface Builder writes
/// `transitionStyle`, `navigationOrientation` and `spineLocation` on the element, e.g.
/// `<pageViewController transitionStyle="pageCurl" navigationOrientation="horizontal"
/// spineLocation="min" ...>` (a real storyboard's). Its pages are not in the storyboard: the
/// app sets them in code.
public struct StoryboardPageStyle: Hashable, Sendable, Codable {
    /// `transitionStyle`; absent, UIKit's `init(coder:)` decodes 0, which is `.pageCurl`.
    public var transitionStyle: PageViewController.TransitionStyle
    /// `navigationOrientation`; absent, 0: `.horizontal`.
    public var navigationOrientation: PageViewController.NavigationOrientation
    /// `spineLocation`; absent, the style's default (`.min` for a page curl).
    public var spineLocation: PageViewController.SpineLocation?
    /// `doubleSided="YES"` (the attribute named after UIKit's `UIDoubleSided` coder key; no real
    /// file with it was found). Forced on with the spine in the middle.
    public var isDoubleSided: Bool

    /// Creates a page style.
    public init(
        transitionStyle: PageViewController.TransitionStyle = .pageCurl,
        navigationOrientation: PageViewController.NavigationOrientation = .horizontal,
        spineLocation: PageViewController.SpineLocation? = nil,
        isDoubleSided: Bool = false
    ) {
        self.transitionStyle = transitionStyle
        self.navigationOrientation = navigationOrientation
        self.spineLocation = spineLocation
        self.isDoubleSided = isDoubleSided
    }
}
