/// What a custom container's `show` / `showDetailViewController` override does with the
/// controller to show (``ViewController/performShow(_:action:sender:)``, R2.2–R2.4).
///
/// The answer becomes the request's change, validated like the built-in containers' (a
/// controller already in a hierarchy, a push of a navigation controller... are typed errors
/// that leave the tree as it was), and run as one transition with the usual callbacks.
public enum ShowHandling: Sendable {
    /// Embed it as this container's new last child: `willMove(toParent:)`, the appearance
    /// callbacks if the container is on screen and forwards appearance (R6.12), then
    /// `didMove(toParent:)`, all delivered by the runtime.
    case addChild
    /// Swap this child of the container for it (UIKit's `transition(from:to:…)`): the old
    /// child gets `willMove(toParent: nil)` … `didMove(toParent: nil)` and disappears, the new
    /// one is added as the last child and appears.
    case replaceChild(any ViewController)
    /// Push it onto this navigation controller (e.g. one of the container's children).
    case push(onto: NavigationController)
    /// Resolve the action at this other controller instead, as if
    /// `targetViewController(forAction:sender:)` had returned it: a navigation controller
    /// pushes, a split view controller shows (R2.3–R2.6), a custom container is asked in turn.
    case forward(to: any ViewController)
    /// Present it modally from the source, with this style (the controller's own when `nil`),
    /// as UIKit's base `show` does (R2.1).
    case present(PresentationStyle?)
    /// The container handled it without a structural change: the request ends with
    /// ``TransitionOutcome/noChange``.
    case handled
}
