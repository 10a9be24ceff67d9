// A page view controller's change family: the pages it shows (R5.10, R5.11).

/// The structural change of a ``PageViewController``: its shown pages.
enum PageChange: ChangeFamily {
    /// The page view controller shows these pages, with its callbacks in `order` (R5.12).
    case setPages(PageViewController, [any ViewController], order: AppearanceOrder)

    /// What a page change did.
    enum Undo: ChangeRecord {
        case pages(PageViewController, old: [any ViewController])

        /// The page view controller whose pages changed.
        var page: PageViewController {
            switch self {
            case .pages(let page, _): page
            }
        }

        func undo(_ applied: AppliedChange, in tree: WindowTree) {
            switch self {
            case .pages(let page, let old): tree.restoreChildren(of: page, to: old, moves: applied.moves)
            }
        }

        func entered(_ applied: AppliedChange, in tree: WindowTree) -> [any ViewController] { applied.arrivals }

        func record(in tree: WindowTree) -> CommittedChange {
            switch self {
            case .pages(let page, _): .setPages(page: page.id, pages: page.context.children.map(\.id))
            }
        }
    }

    @inline(__always)
    func forEachEntering(_ body: (Entering) throws -> Void) rethrows {
        switch self {
        case .setPages(let page, let pages, _):
            for controller in pages { try body(Entering(controller: controller, parent: page)) }
        }
    }

    @inline(__always)
    func apply(to tree: WindowTree) -> AppliedChange {
        switch self {
        case .setPages(let page, let pages, let order):
            var applied = AppliedChange(undo: .page(.pages(page, old: page.context.children)))
            applied.order = order
            tree.replaceChildren(of: page, with: pages, into: &applied)
            return applied
        }
    }
}
