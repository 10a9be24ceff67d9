// The change vocabulary: a structural change to a window's tree (`Change`) and what applying it did (`AppliedChange`).

/// A structural change to a window's tree, applied at the begin phase of a transition: one
/// change of a container's family (see ``ChangeFamily``; each lives beside its container), or
/// several as one transition. The static constructors keep the vocabulary's names
/// (`.push(navigation, controller)`, `.present(presenter:presented:style:)`, ...).
enum Change {
    case navigation(NavigationChange)
    case tabBar(TabBarChange)
    case split(SplitChange)
    case page(PageChange)
    case containment(ContainmentChange)
    case presentation(PresentationChange)
    case window(WindowChange)
    /// Several changes as one transition (an unwind: dismissals, then containers outermost inward).
    case composite([Change])

    static func setRoot(_ controller: (any ViewController)?) -> Change { .window(.setRoot(controller)) }
    /// Set the window's traits.
    static func traits(_ traits: Traits) -> Change { .window(.traits(traits)) }
    static func push(_ navigation: NavigationController, _ controller: any ViewController) -> Change {
        .navigation(.push(navigation, controller))
    }
    /// Pop every controller above the first `keeping` ones.
    static func pop(_ navigation: NavigationController, keeping: Int) -> Change {
        .navigation(.pop(navigation, keeping: keeping))
    }
    static func setStack(_ navigation: NavigationController, _ stack: [any ViewController]) -> Change {
        .navigation(.setStack(navigation, stack))
    }
    static func present(presenter: any ViewController, presented: any ViewController, style: PresentationStyle) -> Change {
        .presentation(.present(presenter: presenter, presented: presented, style: style))
    }
    static func dismiss(presenter: any ViewController) -> Change { .presentation(.dismiss(presenter: presenter)) }
    static func selectTab(_ tabBar: TabBarController, _ index: Int) -> Change { .tabBar(.selectTab(tabBar, index)) }
    /// Replace a split view controller's secondary column (expanded show-detail, R5.8).
    static func replaceSecondary(_ split: SplitViewController, _ controller: any ViewController) -> Change {
        .split(.replaceSecondary(split, controller))
    }
    /// Collapse (`true`) or expand a split view controller (R5.6); a column-style split
    /// collapsing shows `topColumn` (R5.7).
    static func setCollapsed(
        _ split: SplitViewController, _ collapse: Bool, discardSecondary: Bool, topColumn: SplitColumn? = nil
    ) -> Change {
        .split(.setCollapsed(split, collapse, discardSecondary: discardSecondary, topColumn: topColumn))
    }
    /// A page view controller shows these pages (R5.10, R5.11), with its callbacks in `order`.
    static func setPages(_ page: PageViewController, _ pages: [any ViewController], order: AppearanceOrder) -> Change {
        .page(.setPages(page, pages, order: order))
    }
    /// A custom container adds a child (see ``ContainmentChange/addChild(_:to:completesMove:)``).
    static func addChild(_ child: any ViewController, to parent: any ViewController, completesMove: Bool = false) -> Change {
        .containment(.addChild(child, to: parent, completesMove: completesMove))
    }
    /// A child leaves its container (see ``ContainmentChange/removeFromParent(_:completesMove:)``).
    static func removeFromParent(_ child: any ViewController, completesMove: Bool = false) -> Change {
        .containment(.removeFromParent(child, completesMove: completesMove))
    }

    /// Calls `body` with each subtree the change brings into the tree (see
    /// ``ChangeFamily/forEachEntering(_:)``), the parts of a composite in order.
    @inline(__always)
    func forEachEntering(_ body: (Entering) throws -> Void) rethrows {
        switch self {
        case .navigation(let change): try change.forEachEntering(body)
        case .tabBar(let change): try change.forEachEntering(body)
        case .split(let change): try change.forEachEntering(body)
        case .page(let change): try change.forEachEntering(body)
        case .containment(let change): try change.forEachEntering(body)
        case .presentation(let change): try change.forEachEntering(body)
        case .window(let change): try change.forEachEntering(body)
        case .composite(let changes): for change in changes { try change.forEachEntering(body) }
        }
    }
}

/// What applying a ``Change`` did, so that it can be committed or undone.
struct AppliedChange {
    /// The undo record of the change's family (see ``ChangeRecord``), or of each part.
    enum Undo {
        case navigation(NavigationChange.Undo)
        case tabBar(TabBarChange.Undo)
        case split(SplitState)
        case page(PageChange.Undo)
        case containment(ContainmentChange.Undo)
        case presentation(PresentationChange.Undo)
        case window(WindowChange.Undo)
        case composite([AppliedChange])

        /// The family's record; `nil` for a composite.
        var record: (any ChangeRecord)? {
            switch self {
            case .navigation(let undo): undo
            case .tabBar(let undo): undo
            case .split(let undo): undo
            case .page(let undo): undo
            case .containment(let undo): undo
            case .presentation(let undo): undo
            case .window(let undo): undo
            case .composite: nil
            }
        }
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

    /// Whether a navigation controller whose stack changes had a delegate when the change was
    /// applied (noted then by its family, so that the synchronous path asks without a walk).
    var hasNavigationDelegate = false

    private func forEachNavigation(_ body: (NavigationController) -> Void) {
        switch undo {
        case .navigation(.push(let navigation)), .navigation(.pop(let navigation, _)), .navigation(.stack(let navigation, _)):
            body(navigation)
        case .composite(let parts): for part in parts { part.forEachNavigation(body) }
        case .tabBar, .split, .page, .containment, .presentation, .window: break
        }
    }
    /// Containers that adopted their initial children in this change (undone on rollback).
    var adopted: [any ViewController] = []

    /// The controllers a change of a container's children brought in, adoptions aside (what a
    /// new stack or new pages journal as entering).
    var arrivals: [any ViewController] {
        moves.filter { $0.to != nil && !$0.isAdoption }.map(\.controller)
    }
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
