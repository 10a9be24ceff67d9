// The change vocabulary: a structural change to a window's tree (`Change`) and what applying it did (`AppliedChange`).

/// A structural change to a window's tree, applied at the begin phase of a transition.
enum Change {
    case setRoot((any ViewController)?)
    case push(NavigationController, any ViewController)
    /// Pop every controller above the first `keeping` ones.
    case pop(NavigationController, keeping: Int)
    case setStack(NavigationController, [any ViewController])
    case present(presenter: any ViewController, presented: any ViewController, style: PresentationStyle)
    case dismiss(presenter: any ViewController)
    case selectTab(TabBarController, Int)
    /// Replace a split view controller's secondary column (expanded show-detail, R5.8).
    case replaceSecondary(SplitViewController, any ViewController)
    /// Collapse (`true`) or expand a split view controller (R5.6); a column-style split
    /// collapsing shows `topColumn` (R5.7).
    case setCollapsed(SplitViewController, Bool, discardSecondary: Bool, topColumn: SplitColumn? = nil)
    /// A page view controller shows these pages (R5.10, R5.11), with its callbacks in `order`.
    case setPages(PageViewController, [any ViewController], order: AppearanceOrder)
    /// Set the window's traits.
    case traits(Traits)
    /// A custom container adds a child (`addChild`, R6.11). With `completesMove` the runtime
    /// also delivers `didMove(toParent:)` (a custom container's `show` override, R2.3).
    case addChild(any ViewController, to: any ViewController, completesMove: Bool = false)
    /// A child leaves its container (`removeFromParent`, R6.11). With `completesMove` the
    /// runtime also delivers `willMove(toParent: nil)` (a custom container's `show` override).
    case removeFromParent(any ViewController, completesMove: Bool = false)
    /// Several changes as one transition (an unwind: dismissals, then containers outermost inward).
    case composite([Change])
}

/// What applying a ``Change`` did, so that it can be committed or undone.
struct AppliedChange {
    enum Undo {
        case root(old: (any ViewController)?)
        case push(NavigationController)
        case pop(NavigationController, removed: [any ViewController])
        case stack(NavigationController, old: [any ViewController])
        case present(presenter: any ViewController)
        case dismiss(presenter: any ViewController, chain: [any ViewController], styles: [PresentationStyle?])
        case selectTab(TabBarController, old: Int)
        case pages(PageViewController, old: [any ViewController])
        case split(SplitState)
        case traits(old: Traits)
        case addChild(parent: any ViewController, child: any ViewController)
        case removeFromParent(parent: any ViewController, child: any ViewController, index: Int)
        case composite([AppliedChange])
    }

    /// A controller whose parent changes: `willMove(toParent: to)` at begin, `didMove` at end.
    struct Move {
        let controller: any ViewController
        let from: (any ViewController)?
        let to: (any ViewController)?
        /// A container taking its initial children: UIKit does this at the container's init,
        /// so `isMovingToParent` stays false (R6.10).
        var isAdoption = false
        /// Which containment callbacks the runtime delivers: `addChild` calls only `willMove`
        /// and `removeFromParent` only `didMove`; the container calls the others (R6.11).
        var deliversWillMove = true
        var deliversDidMove = true
    }

    var undo: Undo
    var moves: [Move] = []
    /// Controllers being presented or dismissed (for `isBeingPresented` / `isBeingDismissed`).
    var presented: [any ViewController] = []
    var dismissed: [any ViewController] = []
    /// The navigation controllers whose stacks change (for their delegates, R4.12), read from
    /// the undo data.
    var navigations: [NavigationController] {
        var result: [NavigationController] = []
        forEachNavigation { result.append($0) }
        return result
    }

    /// Whether the end phase delivers the arriving side's `viewDidAppear` before the leaving
    /// side's `viewDidDisappear`: a change that presents or dismisses (R6.4, R6.6: a device log
    /// of a modal segue, O1, and two implementations checked on iOS, O2 and O3). A push, a pop
    /// and a tab switch finish the leaving side first (R6.2, R6.3).
    var finishesToSideFirst: Bool { order.didAppearFirst ?? (!presented.isEmpty || !dismissed.isEmpty) }

    /// The order of the callbacks where the change's kind does not imply it (a page view
    /// controller's, R5.12).
    var order = AppearanceOrder()

    /// Whether a navigation controller whose stack changes has a delegate (without an array).
    var hasNavigationDelegate: Bool {
        var found = false
        forEachNavigation { found = found || $0.context.hasDelegate }
        return found
    }

    private func forEachNavigation(_ body: (NavigationController) -> Void) {
        switch undo {
        case .push(let navigation), .pop(let navigation, _), .stack(let navigation, _): body(navigation)
        case .composite(let parts): for part in parts { part.forEachNavigation(body) }
        default: break
        }
    }
    /// Containers that adopted their initial children in this change (undone on rollback).
    var adopted: [any ViewController] = []
}

/// The order of a transition's appearance callbacks, where it is not the one the change's kind
/// implies: a page view controller's turns (R5.12; see ``PageViewController``).
struct AppearanceOrder: Hashable {
    /// The begin phase delivers `viewWillAppear` before `viewWillDisappear`.
    var willAppearFirst = false
    /// The end phase delivers `viewDidAppear` before (`true`) or after (`false`)
    /// `viewDidDisappear`; `nil`: as the change implies (see `AppliedChange.finishesToSideFirst`).
    var didAppearFirst: Bool?
    /// The arriving side hears `viewWillAppear` and `viewDidAppear` only after the leaving side's
    /// `viewDidDisappear`, in the end phase (a page curl without animation).
    var appearsAfterDisappearing = false
    /// A rollback balances the leaving side first (`viewWillAppear`, `viewDidAppear`), then the
    /// arriving side (a cancelled scroll); otherwise the arriving side's first.
    var rollbackLeavingFirst = false
    /// A rollback delivers both `will` callbacks before both `did` callbacks: arriving
    /// `viewWillDisappear`, leaving `viewWillAppear`, arriving `viewDidDisappear`, leaving
    /// `viewDidAppear` (a cancelled page curl).
    var rollbackWillsFirst = false
}
