import Synchronization

// A page view controller's requests: setViewControllers (R5.10) and a gesture-driven turn
// (R5.11), each one transition with the page callbacks in UIKit's order (R5.12).

extension Window {
    /// The change that shows `pages` on `page` (R5.10), or `nil` when they are shown already.
    /// Checks the number of pages for the style and spine (R5.9) and that each new page is free.
    func pagesChange(_ page: PageViewController, pages: [any ViewController], animated: Bool) throws -> Change? {
        try tree.checkAttached(page)
        let current = page.context.children
        let shown = try page.pagesToShow(pages, animated: animated, showing: current.count)
        try tree.checkPages(shown, for: page)
        if current.count == shown.count && zip(current, shown).allSatisfy({ $0 === $1 }) { return nil }
        let turnAnimates = animated && !current.isEmpty
        return .setPages(page, shown, order: Self.pageOrder(page.transitionStyle, animated: turnAnimates))
    }

    /// A turn as a user's swipe makes it (R5.11): the data source gives the next page(s), the
    /// delegate hears `willTransitionTo`, the pages change (animated), and the delegate hears
    /// `didFinishAnimating`, with `transitionCompleted: false` after a cancelled turn.
    func turnPage(
        _ page: PageViewController,
        direction: PageViewController.NavigationDirection,
        id: RequestID,
        cancellable: Bool
    ) async throws -> TransitionOutcome {
        try tree.checkAttached(page)
        guard page.dataSource != nil else {
            throw NavigationError(
                .invalidRequest,
                "\(describe(page)) has no data source: gesture-driven navigation is disabled (UIKit's dataSource documentation).",
                window: self.id, controllers: [page.id]
            )
        }
        let current = page.context.children
        guard let first = current.first, let last = current.last else { return .noChange }
        var pending: [any ViewController] = []
        var edge = direction == .forward ? last : first
        while pending.count < page.pagesShownAtOnce {
            let neighbour: (any ViewController)?
            switch direction {
            case .forward:
                neighbour = try await userCode(.named("pageViewController(_:viewControllerAfter:)"), on: page.id) {
                    await page.pageAfter(edge)
                }
            case .reverse:
                neighbour = try await userCode(.named("pageViewController(_:viewControllerBefore:)"), on: page.id) {
                    await page.pageBefore(edge)
                }
            }
            // No page there: the turn does not happen (R5.11).
            guard let neighbour else { return .noChange }
            try checkpoint(cancellable: cancellable)
            if direction == .forward { pending.append(neighbour) } else { pending.insert(neighbour, at: 0) }
            edge = neighbour
        }
        if let shown = pending.first(where: { controller in current.contains { $0 === controller } }) {
            throw NavigationError(
                .invalidRequest,
                "The data source of \(describe(page)) gave \(describe(shown)), a page shown already, as the next page.",
                window: self.id, controllers: [page.id, shown.id]
            )
        }
        try tree.checkPages(pending, for: page)
        try await userCode(.named("pageViewController(_:willTransitionTo:)"), on: page.id) {
            await page.willTransition(to: pending)
        }
        let outcome: TransitionOutcome
        // Until the turn commits, `viewControllers` answers the old pages (see `finishPageTurn`).
        page.pagesBeforeTurn.withLock { $0 = current }
        defer { page.pagesBeforeTurn.withLock { $0 = nil } }
        do {
            outcome = try await runChange(
                .setPages(page, pending, order: Self.pageOrder(page.transitionStyle, animated: true)),
                request: id, animated: true, cancellable: cancellable
            )
        } catch is CancellationError {
            // The user let go early: the old pages stay (R5.11).
            try await userCode(.named("pageViewController(_:didFinishAnimating:previousViewControllers:transitionCompleted:)"), on: page.id) {
                await page.didFinishAnimating(previous: current, completed: false)
            }
            throw CancellationError()
        }
        if !isClosed {
            try await userCode(.named("pageViewController(_:didFinishAnimating:previousViewControllers:transitionCompleted:)"), on: page.id) {
                await page.didFinishAnimating(previous: current, completed: true)
            }
        }
        return outcome
    }

    /// The order of a page change's callbacks (R5.12; see ``PageViewController``).
    static func pageOrder(_ style: PageViewController.TransitionStyle, animated: Bool) -> AppearanceOrder {
        switch (style, animated) {
        case (.scroll, true):
            AppearanceOrder(willAppearFirst: true, didAppearFirst: true, rollbackLeavingFirst: true)
        case (.scroll, false):
            AppearanceOrder(willAppearFirst: true, didAppearFirst: false)
        case (.pageCurl, true):
            AppearanceOrder(willAppearFirst: true, didAppearFirst: false, rollbackWillsFirst: true)
        case (.pageCurl, false):
            AppearanceOrder(didAppearFirst: false, appearsAfterDisappearing: true)
        }
    }

    /// A committed change of pages is what `viewControllers` answers from now on (UIKit updates
    /// it when a gesture-driven turn commits).
    func finishPageTurn(_ applied: AppliedChange) {
        if case .page(let undo) = applied.undo { undo.page.pagesBeforeTurn.withLock { $0 = nil } }
    }
}
