/// The headless stand-in for a controller's view (UIKit's `view`): what a navigation runtime
/// without views can say about it, as a value.
///
/// Reading ``ViewController/view`` loads the controller first, as UIKit's `view` getter does
/// (R6.1: `viewDidLoad` exactly once); ``ViewController/viewIfLoaded`` and
/// ``ViewController/isViewLoaded`` never load.
///
/// What differs from UIKit: there is no view object (no frame, no subviews, no `loadView()`
/// to override: `viewDidLoad` is the loading hook); the value is a copy of the controller's
/// state when read, not a live object.
public struct ControllerView: Sendable, Hashable {
    /// The controller whose view this stands for.
    public let controller: ControllerID
    /// The controller's appearance state when the value was read.
    public let appearance: AppearanceState
    /// Whether the view is in its window's view hierarchy, UIKit's `view.window != nil`: from
    /// `viewWillAppear` to `viewDidDisappear` (a presenter under a sheet or an over-full-screen
    /// presentation stays in it, R6.5; a controller covered by a push or a full-screen
    /// presentation leaves it, R2.10).
    public var isInWindow: Bool { appearance != .disappeared }
}
