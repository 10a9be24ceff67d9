@testable import NavigationRuntime
import Synchronization

/// Every field the tree records about some controllers, by id, and the tree's root and traits:
/// what "the exact prior tree" means for undo (``WindowTreeTests``) and for a checkpoint's
/// rewind (``WindowCheckpointTests``).
struct TreeFields: Equatable {
    struct Fields: Equatable {
        var id: ControllerID
        var parent: ControllerID?
        var children: [ControllerID]
        var presented: ControllerID?
        var presenting: ControllerID?
        var style: PresentationStyle?
        var transitionStyle: TransitionStyle?
        var attached: Bool
        var viewLoaded: Bool
        var adopted: Bool
        var appearance: AppearanceState
        var claim: UInt64
        var hasContainerState: Bool
        var collapsed: Bool
        var selected: Int
        var columns: [SplitColumn]?
        var stash: ControllerID?
        var stashDepth: Int?
    }

    var root: ControllerID?
    var traits: Traits
    var fields: [Fields]

    /// The fields of `controllers` in `tree`.
    ///
    /// - Parameter asUndoLeavesThem: Leave out what a tree-level undo does not give back and
    ///   nothing can observe: the callbacks' fields (view loaded, appearance, transition style:
    ///   a transition's, not the tree's), whether container state was ever allocated, and
    ///   adoption by a controller with no initial children (`attach` marks it on its first
    ///   entry, and its children read the same either way).
    init(_ tree: WindowTree, _ controllers: [any ViewController], asUndoLeavesThem: Bool = false) {
        root = tree.root?.id
        traits = tree.traits
        fields = controllers.map { controller in
            let context = controller.context
            return Fields(
                id: controller.id, parent: context.parent?.id, children: context.children.map(\.id),
                presented: context.presented?.id, presenting: context.presenting?.id, style: context.presentationStyle,
                transitionStyle: asUndoLeavesThem ? nil : context.presentationTransitionStyle, attached: context.isAttached,
                viewLoaded: asUndoLeavesThem ? false : context.isViewLoaded,
                adopted: context.didAdoptInitialChildren && !(asUndoLeavesThem && controller.initialChildren.isEmpty),
                appearance: asUndoLeavesThem ? .disappeared : context.appearance,
                claim: context.claim.load(ordering: .relaxed),
                hasContainerState: asUndoLeavesThem ? false : context.containerFields != nil,
                collapsed: context.isCollapsed, selected: context.selectedIndex, columns: context.splitColumns,
                stash: context.splitStash?.secondary.id, stashDepth: context.splitStash?.primaryDepth
            )
        }
    }
}
