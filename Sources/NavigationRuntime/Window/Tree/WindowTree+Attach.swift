// Tree primitives: attaching, detaching and reattaching subtrees, and setting parents.

import Synchronization

extension WindowTree {
    /// Marks a subtree as in the window's tree, adopting containers' initial children.
    func attach(_ controller: any ViewController, into applied: inout AppliedChange) {
        attach(controller, context: controller.context, into: &applied)
    }

    /// ``attach(_:into:)`` of a controller whose context the caller read already (each read
    /// is a witness call, a retain and a release).
    func attach(_ controller: any ViewController, context: ControllerContext, into applied: inout AppliedChange) {
        context.isAttached = true
        let firstMove = applied.moves.count
        // The kind read once: each read is a witness call and a copy of the kind.
        let isSplit = controller.kind == .split
        let collapses = isSplit && traits.horizontalSizeClass == .compact && !context.isCollapsed
        if !context.didAdoptInitialChildren {
            context.didAdoptInitialChildren = true
            var initial = controller.initialChildren
            if isSplit, let split = controller as? SplitViewController {
                context.splitColumns = split.initialColumns
                if collapses, split.initialColumns == nil, initial.count > 1,
                    entryDecisions[ObjectIdentifier(split)]?.discardSecondary == true
                {
                    // The delegate discards the secondary of a split entering a compact window
                    // (R5.6): it never enters the tree, hears nothing, and is free again.
                    initial[1].context.claim.store(0, ordering: .relaxed)
                    initial.removeLast(initial.count - 1)
                    context.isCollapsed = true
                }
            }
            if !initial.isEmpty && context.children.isEmpty {
                context.children = initial
                applied.adopted.append(controller)
                for child in initial {
                    setParent(child, controller)
                    applied.moves.append(.init(controller: child, from: nil, to: controller, isAdoption: true))
                }
            }
        }
        for child in context.children {
            child.context.parent = controller
            attach(child, into: &applied)
        }
        if let presented = context.presented {
            presented.context.presenting = controller
            attach(presented, into: &applied)
        }
        // A split that enters a compact window starts collapsed, as its delegate said (asked
        // before the change, `decideEntryCollapses`) or by default (R5.6, R5.7).
        if collapses, !context.isCollapsed, let split = controller as? SplitViewController {
            let decision = entryDecisions[ObjectIdentifier(split)]
            if context.splitColumns != nil {
                setColumnsCollapsed(split, true, top: decision?.topColumn)
            } else {
                collapseSplit(split, discardSecondary: decision?.discardSecondary ?? false)
                settleAdoptions(of: &applied, from: firstMove)
            }
        }
    }

    /// After a split collapsed as it entered the tree: each controller it adopted hears only
    /// of the parent it ends with (R6.11), and one that left the tree hears nothing. DEC: UIKit
    /// adds the columns at the split's init and moves the secondary at the collapse, which an
    /// app observes as containment callbacks before the window appears; the runtime delivers
    /// the adoption when the split enters the window (`AppliedChange.Move.isAdoption`), so it
    /// names the final parent once: `willMove(toParent:)` / `didMove(toParent:)` of the
    /// navigation primary for a secondary pushed onto it, `isMovingToParent` false.
    private func settleAdoptions(of applied: inout AppliedChange, from first: Int) {
        var index = first
        while index < applied.moves.count {
            let move = applied.moves[index]
            let parent = move.controller.context.parent
            if !move.isAdoption || parent === move.to {
                index += 1
            } else if move.controller.context.isAttached, let parent {
                applied.moves[index] = .init(controller: move.controller, from: nil, to: parent, isAdoption: true)
                index += 1
            } else {
                applied.moves.remove(at: index)
            }
        }
    }

    /// Sets a controller's parent, and its claim with it (a child is claimed by its parent).
    func setParent(_ controller: any ViewController, _ parent: (any ViewController)?) {
        setParent(of: controller.context, parent)  // read once: each read is a witness call and a retain
    }

    /// ``setParent(_:_:)`` by the controller's context.
    func setParent(of context: ControllerContext, _ parent: (any ViewController)?) {
        context.parent = parent
        context.claim.store(parent?.id.rawValue ?? 0, ordering: .relaxed)
    }

    /// Marks a subtree as in the tree again after an undo (it adopted its children before).
    func reattach(_ controller: any ViewController) {
        let context = controller.context
        context.isAttached = true
        for child in context.children {
            child.context.parent = controller
            reattach(child)
        }
        if let presented = context.presented {
            presented.context.presenting = controller
            reattach(presented)
        }
    }

    /// Marks a subtree as out of the tree. The upward links inside it (`parent`,
    /// `presenting`) are cleared so that a detached subtree holds no reference cycle; its
    /// downward links (children, presented) and claims keep its structure for a later attach.
    func detach(_ controller: any ViewController) {
        detach(controller.context)
    }

    /// ``detach(_:)`` by the controller's context: the subtree's contexts are reached through
    /// their parents' tree nodes (``ControllerContext/childNodes()``), no controller retained.
    func detach(_ context: ControllerContext) {
        context.isAttached = false
        if !context.children.isEmpty {
            let children = context.childNodes()
            for index in children.indices {
                detach(children[index].context)
                children[index].context.parent = nil
            }
        }
        if let presented = context.presented {
            let presentedContext = presented.context
            detach(presentedContext)
            presentedContext.presenting = nil
        }
    }

    /// Marks a subtree as out of the tree, keeping every link inside it (a dismissal in flight).
    func markDetached(_ controller: any ViewController) {
        let context = controller.context
        context.isAttached = false
        for child in context.children { markDetached(child) }
        if let presented = context.presented { markDetached(presented) }
    }

    /// Ends the relations of the dismissals in a change: the end phase of a dismissal, before
    /// its did-callbacks (R3.1, R6.6). The dismissed subtrees lose their upward links, so no
    /// reference cycle outlives them.
    func finishDismissals(_ applied: AppliedChange) {
        guard !departing.isEmpty else { return }
        for controller in applied.dismissed where !controller.context.isAttached {
            detach(controller)
            controller.context.presenting = nil
            controller.context.presentationStyle = nil
        }
        departing.removeAll()
    }

    /// ``finishDismissals(_:)`` of a change that dismisses nothing: any cut links left are
    /// forgotten.
    func finishDismissals() {
        if !departing.isEmpty { departing.removeAll() }
    }
}
