// A tab bar controller's change family: selecting a tab (R5.1).

/// The structural change of a ``TabBarController``: its selection.
enum TabBarChange: ChangeFamily {
    case selectTab(TabBarController, Int)

    /// What a selection did.
    enum Undo: ChangeRecord {
        case selectTab(TabBarController, old: Int)

        func undo(_ applied: AppliedChange, in tree: WindowTree) {
            switch self {
            case .selectTab(let tabBar, let old): tabBar.context.selectedIndex = old
            }
        }

        func entered(_ applied: AppliedChange, in tree: WindowTree) -> [any ViewController] { [] }

        func record(in tree: WindowTree) -> CommittedChange {
            switch self {
            case .selectTab(let tabBar, _): .selectTab(tabBar: tabBar.id, index: tabBar.context.selectedIndex)
            }
        }
    }

    @inline(__always)
    func forEachEntering(_ body: (Entering) throws -> Void) rethrows {}

    @inline(__always)
    func apply(to tree: WindowTree) -> AppliedChange {
        switch self {
        case .selectTab(let tabBar, let index):
            let old = tabBar.context.selectedIndex
            tabBar.context.selectedIndex = index
            return AppliedChange(undo: .tabBar(.selectTab(tabBar, old: old)))
        }
    }
}
