/// The rules of a ``SplitViewController``.
///
/// - Classic (R5.5, R5.6): expanded, both columns are on screen and a path follows the
///   secondary; collapsed, only the primary (which holds what the secondary showed).
/// - Column-style (R5.7): expanded, every column but the compact one; collapsed, the top column
///   (``ContainerLayout/selectedIndex``). A child without a column is not on screen.
///
/// Unwind searches the columns from the last to the first (R7.6), and the split handles both
/// `show` and `showDetail` (R2.1, R2.4), asking its delegate on the way when it has one.
enum SplitSemantics: ContainerSemantics {
    static func shows(child index: Int, in layout: ContainerLayout) -> Bool {
        if let columns = layout.columns {
            if layout.isCollapsed { return index == layout.selectedIndex }
            return columns.indices.contains(index) && columns[index] != .compact
        }
        return !layout.isCollapsed || index == 0
    }

    static func followedChild(in layout: ContainerLayout) -> Int? {
        guard layout.count > 0 else { return nil }
        if let columns = layout.columns {
            // The top column collapsed, else the secondary (or the primary).
            let index = layout.isCollapsed ? layout.selectedIndex : columns.firstIndex(of: .secondary) ?? 0
            return (0..<layout.count).contains(index) ? index : 0
        }
        return layout.isCollapsed || layout.count < 2 ? 0 : 1
    }

    static func unwindOrder(in layout: ContainerLayout) -> [Int] { Array((0..<layout.count).reversed()) }
    static func overrides(_ action: ShowAction) -> Bool { true }

    static func snapshotSelection(in layout: ContainerLayout) -> Int? {
        layout.isCollapsed && layout.columns != nil ? layout.selectedIndex : nil
    }

    static func routesShowThroughUserCode(_ node: any ViewController) -> Bool {
        (node as? SplitViewController)?.hasDelegate ?? false
    }
}

extension SplitSemantics {
    static func restoredChildren(of node: ControllerSnapshot, isCompact: Bool) -> (
        nodes: ArraySlice<ControllerSnapshot>, holdSecondary: Bool
    ) {
        (node.children[...], isCompact && node.columns == nil)
    }

    static func rebuild(_ rebuild: inout ContainerRebuild) throws(RebuildRefusal) -> any ViewController {
        let children = rebuild.children
        if let columns = rebuild.node.columns {
            // Column-style (R5.7): the columns as they were; the validator checked them.
            func child(_ column: SplitColumn) -> (any ViewController)? {
                columns.firstIndex(of: column).flatMap { children.indices.contains($0) ? children[$0] : nil }
            }
            guard let primary = child(.primary) else { throw RebuildRefusal(.splitColumns(columns, collapsed: rebuild.isCompact)) }
            let split = SplitViewController(
                context: rebuild.context, primaryColumn: primary, secondaryColumn: child(.secondary),
                compactColumn: child(.compact)
            )
            if rebuild.isCompact { rebuild.preparations.append(.collapse(split, showing: rebuild.node.selectedIndex ?? 0)) }
            return split
        }
        // Classic: collapsed, the secondary comes back from the navigation primary.
        let columns = rebuild.isCompact ? children + (rebuild.held.map { [$0] } ?? []) : children
        guard columns.count == 1 || columns.count == 2 else {
            throw RebuildRefusal(.splitChildren(children.count, collapsed: rebuild.isCompact))
        }
        return columns.count > 1
            ? SplitViewController(context: rebuild.context, primary: columns[0], secondary: columns[1])
            : SplitViewController(context: rebuild.context, primary: columns[0])
    }
}
