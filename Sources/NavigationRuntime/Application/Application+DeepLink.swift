import Foundation

extension Application {
    /// Sets the route table ``open(url:in:animated:policy:)`` consults (replacing any before).
    public func register(deepLinks router: DeepLinkRouter) {
        deepLinkRouter = router
    }

    /// Opens a deep link: finds its route, then runs the route's steps in a window as ONE
    /// transition (one commit), like a URL handed to a scene (R8.2).
    ///
    /// The link joins the window's transition queue like any request: one that arrives while
    /// a transition runs waits its turn (first in, first out), and its steps are resolved
    /// against the tree as it is then, not as it was when the URL arrived. If any step cannot
    /// apply, none does: the tree is unchanged and the outcome names the step.
    ///
    /// See <doc:RequestContract>. Cancelled before the commit point it returns
    /// ``DeepLinkOutcome/cancelled`` (it never throws) and no step is applied.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - window: The window to navigate; the key window when `nil`.
    ///   - animated: Whether the transition animates.
    ///   - policy: What to do if the window is busy. Defaults to ``BusyPolicy/enqueue``.
    /// - Returns: ``DeepLinkOutcome/opened(_:_:)``, `.unroutable` (no route matches; nothing
    ///   queued), `.noWindow`, `.stepFailed` (tree unchanged), `.failed` (e.g. the window
    ///   closed) or `.cancelled` (the calling task was cancelled before the commit point).
    public func open(
        url: URL,
        in window: WindowID? = nil,
        animated: Bool = false,
        policy: BusyPolicy = .enqueue
    ) async -> DeepLinkOutcome {
        guard let router = deepLinkRouter, let (link, route) = router.match(url) else { return .unroutable(url) }
        guard let id = window ?? keyWindow, let target = self.window(id) else { return .noWindow(url) }
        let steps = route.handler(link)
        let box = DeepLinkFailureBox()
        do {
            let outcome = try await target.openDeepLink(
                link, steps: steps, catalog: router.catalog, failure: box, animated: animated, policy: policy
            )
            return .opened(id, outcome)
        } catch let error as NavigationError {
            if let failure = box.value { return .stepFailed(failure) }
            return .failed(error)
        } catch {
            return .cancelled
        }
    }
}
