import Synchronization

/// The running transition, as a controller sees it from its callbacks (UIKit's
/// `UIViewControllerTransitionCoordinator`, R3.14).
///
/// ``ViewController/transitionCoordinator`` is non-`nil` only while a transition with hooks is
/// between its begin and its end. Blocks given to ``animate(alongsideTransition:completion:)``
/// run during the transition (after the `will…` callbacks, before the animation ends), and the
/// completions at its end (after the `did…` callbacks), with ``isCancelled`` set when it rolled
/// back (a cancelled interactive pop, or a cancelled task).
public final class TransitionCoordinator: Sendable {
    /// Whether the transition animates.
    public let isAnimated: Bool
    /// Whether a gesture drives it (``NavigationController/beginInteractivePop()``).
    public let isInteractive: Bool

    private struct State {
        var alongside: [@Sendable () async -> Void] = []
        var completions: [@Sendable (_ isCancelled: Bool) async -> Void] = []
        var isCancelled = false
    }

    private let state = Locked(State())

    init(isAnimated: Bool, isInteractive: Bool) {
        self.isAnimated = isAnimated
        self.isInteractive = isInteractive
    }

    /// Whether the transition was cancelled (meaningful in completions).
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Runs `animation` during the transition and `completion` at its end.
    public func animate(
        alongsideTransition animation: (@Sendable () async -> Void)?,
        completion: (@Sendable (_ isCancelled: Bool) async -> Void)? = nil
    ) {
        state.withLock { state in
            if let animation { state.alongside.append(animation) }
            if let completion { state.completions.append(completion) }
        }
    }

    func runAlongside() async {
        let blocks = state.withLock { state in
            defer { state.alongside.removeAll() }
            return state.alongside
        }
        for block in blocks { await block() }
    }

    func complete(cancelled: Bool) async {
        let blocks = state.withLock { state in
            state.isCancelled = cancelled
            defer { state.completions.removeAll() }
            return state.completions
        }
        for block in blocks { await block(cancelled) }
    }
}

extension ViewController {
    /// The coordinator of the transition in flight in this controller's window, while this
    /// controller is in the window's tree (or leaving it in that transition); `nil` otherwise
    /// (R3.14).
    public var transitionCoordinator: TransitionCoordinator? {
        guard context.isAttached || context.isBeingDismissed || context.isMovingFromParent else { return nil }
        return context.window.tree.coordinator
    }
}
