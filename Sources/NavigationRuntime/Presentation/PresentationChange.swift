// Presentation's change family: presenting a controller and dismissing a presented chain
// (R3.1-R3.12).

/// The structural changes of presentation.
enum PresentationChange: ChangeFamily {
    case present(presenter: any ViewController, presented: any ViewController, style: PresentationStyle)
    case dismiss(presenter: any ViewController)

    /// What a presentation change did.
    enum Undo: ChangeRecord {
        case present(presenter: any ViewController)
        case dismiss(presenter: any ViewController, chain: [any ViewController], styles: [PresentationStyle?])

        func undo(_ applied: AppliedChange, in tree: WindowTree) {
            switch self {
            case .present(let presenter):
                if let presented = presenter.context.presented {
                    tree.detach(presented)
                    presented.context.presenting = nil
                    presented.context.presentationStyle = nil
                }
                presenter.context.presented = nil
            case .dismiss(let presenter, let chain, let styles):
                tree.departing.removeAll()
                var previous = presenter
                for (controller, style) in zip(chain, styles) {
                    previous.context.presented = controller
                    controller.context.presenting = previous
                    controller.context.presentationStyle = style
                    previous = controller
                }
                if presenter.context.isAttached, let first = chain.first {
                    tree.reattach(first)
                }
            }
        }

        func entered(_ applied: AppliedChange, in tree: WindowTree) -> [any ViewController] {
            switch self {
            case .present(let presenter): presenter.context.presented.map { [$0] } ?? []
            case .dismiss: []
            }
        }

        func record(in tree: WindowTree) -> CommittedChange {
            switch self {
            case .present(let presenter):
                let presented = presenter.context.presented
                return .present(
                    presenter: presenter.id,
                    presented: presented?.id ?? ControllerID(0),
                    style: presented?.context.presentationStyle ?? .fullScreen
                )
            case .dismiss(let presenter, let chain, _):
                return .dismiss(presenter: presenter.id, removed: chain.map(\.id))
            }
        }
    }

    @inline(__always)
    func forEachEntering(_ body: (Entering) throws -> Void) rethrows {
        switch self {
        case .present(let presenter, let controller, _): try body(Entering(controller: controller, parent: presenter))
        case .dismiss: break
        }
    }

    @inline(__always)
    func apply(to tree: WindowTree) -> AppliedChange {
        switch self {
        case .present(let presenter, let presented, let style):
            presenter.context.presented = presented
            presented.context.presenting = presenter
            presented.context.presentationStyle = style
            var applied = AppliedChange(undo: .presentation(.present(presenter: presenter)), presented: [presented])
            tree.attach(presented, into: &applied)
            return applied

        case .dismiss(let presenter):
            var chain: [any ViewController] = []
            var next = presenter.context.presented
            while let controller = next {
                chain.append(controller)
                next = controller.context.presented
            }
            let styles = chain.map(\.context.presentationStyle)
            // The chain leaves the tree now (R4.1), but its upward links (`presenting`, and the
            // parents inside it) and styles stay until the end phase, and the cut links are
            // remembered: until then the relations still hold (R3.1, R6.6). `finishDismissals`
            // cuts them for good; `undo` restores them.
            var previous = presenter
            for controller in chain {
                tree.departing.append((previous, controller))
                previous.context.presented = nil
                tree.markDetached(controller)
                previous = controller
            }
            return AppliedChange(
                undo: .presentation(.dismiss(presenter: presenter, chain: chain, styles: styles)),
                dismissed: chain
            )
        }
    }
}
