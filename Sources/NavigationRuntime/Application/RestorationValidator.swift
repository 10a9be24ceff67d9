/// Checks a snapshot's tree before anything is built: every rule that needs no controller
/// (the scene factories' kinds are checked while building, see `Window+Restore.swift`).
///
/// Pure and sequential; it collects every problem rather than stopping at the first.
struct RestorationValidator {
    let catalog: SceneCatalog
    let collapsed: Bool
    private(set) var problems: [RestorationProblem] = []
    /// Where each id was first seen (a place in ``places``).
    private var seen: [ControllerID: Int] = [:]
    private var places = RestorationPlaces()

    init(catalog: SceneCatalog, traits: Traits) {
        self.catalog = catalog
        self.collapsed = traits.horizontalSizeClass == .compact
    }

    /// Validates the tree under `root` (the window's root: not presented, on screen).
    mutating func validate(_ root: ControllerSnapshot) {
        let place = RestorationPlaces.root
        if let style = root.presentationStyle {
            report(place, root, .unexpectedPresentationStyle(style))
        }
        visit(root, at: place, depth: 1, onVisiblePath: true, inStack: false)
    }

    private mutating func report(_ place: Int, _ node: ControllerSnapshot, _ reason: RestorationProblem.Reason) {
        problems.append(RestorationProblem(path: places.path(place), controller: node.id, reason: reason))
    }

    private mutating func visit(
        _ node: ControllerSnapshot,
        at place: Int,
        depth: Int,
        onVisiblePath: Bool,
        inStack: Bool,
        nestsSecondary: Bool = false,
        embedded: Bool = false
    ) {
        guard depth <= RestorationProblem.maximumDepth else {
            report(place, node, .tooDeep)
            return
        }
        if let first = seen[node.id] {
            report(place, node, .duplicateID(firstAt: places.path(first)))
        } else {
            seen[node.id] = place
        }
        if !ControllerKind.builtIn.contains(node.kind) { report(place, node, .unknownKind(node.kind)) }
        checkScene(node, at: place, embedded: embedded)
        if inStack && node.kind == .navigation { report(place, node, .navigationInStack) }
        checkSelection(node, at: place)
        if node.kind == .split { checkSplit(node, at: place) }
        if node.kind == .page, node.children.count > 2 { report(place, node, .pageCount(node.children.count)) }

        var children = node.children[...]
        if node.kind == .tabBar && node.children.count == TabBarController.maximumVisibleTabs + 1 {
            report(place, node, .invalidMoreNavigation)
        }
        if node.kind == .tabBar, let more = Self.moreNavigation(of: node) {
            // The tab bar makes its own More navigation controller (R5.2): checked, not rebuilt.
            children = children.dropLast()
            let morePlace = places.child(node.children.count - 1, of: place)
            if !Self.isMoreNavigation(more) {
                report(morePlace, more, .invalidMoreNavigation)
            }
            if seen[more.id] == nil { seen[more.id] = morePlace }
        }
        // A collapsed classic split's navigation primary may hold the secondary navigation
        // controller, nested, on top (R5.6, R2.6): the one navigation controller a stack may hold.
        let holdsNestedSecondary = collapsed && node.kind == .split && node.columns == nil
        for (index, child) in children.enumerated() {
            let childPlace = places.child(index, of: place)
            if let style = child.presentationStyle { report(childPlace, child, .unexpectedPresentationStyle(style)) }
            visit(
                child,
                at: childPlace,
                depth: depth + 1,
                onVisiblePath: onVisiblePath && isVisible(child: index, of: node),
                inStack: node.kind == .navigation && !(nestsSecondary && index == children.count - 1),
                nestsSecondary: holdsNestedSecondary && index == 0,
                embedded: embedded || node.kind == .content
            )
        }
        if let presented = node.presented {
            let presentedPlace = places.presented(of: place)
            if !onVisiblePath { report(presentedPlace, presented, .presentationNotAllowedHere) }
            if presented.presentationStyle == nil { report(presentedPlace, presented, .missingPresentationStyle) }
            visit(presented, at: presentedPlace, depth: depth + 1, onVisiblePath: true, inStack: false)
        }
    }

    /// The More navigation controller of a tab bar node: its last child when it has more
    /// tabs than fit on the bar (R5.2).
    static func moreNavigation(of node: ControllerSnapshot) -> ControllerSnapshot? {
        node.children.count > TabBarController.maximumVisibleTabs + 1 ? node.children.last : nil
    }

    /// Whether a node is a More navigation controller as a tab bar makes it.
    private static func isMoreNavigation(_ node: ControllerSnapshot) -> Bool {
        guard node.kind == .navigation, node.scene == nil, node.presented == nil, node.presentationStyle == nil,
            node.selectedIndex == nil, node.children.count == 1
        else { return false }
        let list = node.children[0]
        return list.kind == .content && list.scene == nil && list.children.isEmpty && list.presented == nil
            && list.presentationStyle == nil && list.selectedIndex == nil
    }

    /// A node outside an embedded subtree needs a scene to be made from (a content controller;
    /// a container may be made by its kind alone). Inside one (under a content controller) the
    /// embedding scene's factory makes the controllers: the builder compares what it makes with
    /// the snapshot's (see `Window.buildRestoration`), so a missing scene is no problem here.
    private mutating func checkScene(_ node: ControllerSnapshot, at place: Int, embedded: Bool) {
        if let scene = node.scene {
            if !embedded, catalog.scenes[scene] == nil { report(place, node, .unknownScene(scene)) }
        } else if node.kind == .content, !embedded {
            report(place, node, .missingScene)
        }
    }

    private mutating func checkSelection(_ node: ControllerSnapshot, at place: Int) {
        if node.kind != .split, node.columns != nil { report(place, node, .unexpectedColumns) }
        if node.kind == .split && node.columns != nil { return }  // checked with the columns
        guard node.kind == .tabBar else {
            if let index = node.selectedIndex { report(place, node, .unexpectedSelectedIndex(index)) }
            return
        }
        guard let index = node.selectedIndex else {
            report(place, node, .missingSelectedIndex)
            return
        }
        // An empty tab bar reports index 0 (nothing to select).
        let valid = node.children.indices.contains(index) || (node.children.isEmpty && index == 0)
        if !valid { report(place, node, .selectedIndexOutOfRange(index, count: node.children.count)) }
    }

    private mutating func checkSplit(_ node: ControllerSnapshot, at place: Int) {
        let children = node.children
        let valid: Bool
        if let columns = node.columns {
            // Column-style (R5.7): a primary, then optionally a secondary and a compact column,
            // one child each; collapsed, `selectedIndex` names the compact column if there is
            // one, else the primary or the secondary; expanded, none.
            let shapes: [[SplitColumn]] = [[.primary], [.primary, .secondary], [.primary, .compact], [.primary, .secondary, .compact]]
            let top = node.selectedIndex
            let topValid: Bool
            if collapsed, let top, columns.indices.contains(top) {
                topValid = columns.contains(.compact) ? columns[top] == .compact : columns[top] != .compact
            } else {
                topValid = !collapsed && top == nil
            }
            valid = shapes.contains(columns) && columns.count == children.count && topValid
            if !valid { report(place, node, .splitColumns(columns, collapsed: collapsed)) }
            return
        }
        if collapsed {
            // Collapsing put the secondary (a navigation secondary nested whole) onto the
            // navigation primary (R5.6); restoring takes the stack's top back as the secondary
            // and lets the window collapse the split again.
            // A primary alone on a collapsed split is one whose secondary was discarded or
            // never set (R5.6, a split with no secondary yet): it restores as such.
            valid = children.count == 1 && (children[0].kind != .navigation || !children[0].children.isEmpty)
        } else {
            valid = children.count == 1 || children.count == 2
        }
        if !valid { report(place, node, .splitChildren(children.count, collapsed: collapsed)) }
    }

    /// Whether a child is on screen when its parent is: what a presentation may start from.
    private func isVisible(child index: Int, of node: ControllerSnapshot) -> Bool {
        node.kind.semantics.shows(
            child: index,
            in: ContainerLayout(
                count: node.children.count, selectedIndex: node.selectedIndex ?? 0, isCollapsed: collapsed,
                columns: node.columns
            )
        )
    }
}

/// The places of a snapshot's tree that restoration visits, by number, each as its parent's
/// place and its step from there: a problem's path (`root.children[1].presented`) is spelled
/// only when a problem names it (a string built per node was most of a valid snapshot's
/// check, and a tenth of its build).
struct RestorationPlaces {
    /// The root's place.
    static let root = -1
    private var places: [(parent: Int, step: Int)] = []

    /// The place of child `index` of the node at `parent`.
    mutating func child(_ index: Int, of parent: Int) -> Int {
        places.append((parent, index))
        return places.count - 1
    }

    /// The place of what the node at `parent` presents.
    mutating func presented(of parent: Int) -> Int {
        places.append((parent, -1))
        return places.count - 1
    }

    /// The path of a place, from the root.
    func path(_ place: Int) -> String {
        var steps: [Int] = []
        var current = place
        while current != Self.root {
            steps.append(places[current].step)
            current = places[current].parent
        }
        return steps.reversed().reduce(into: "root") { path, step in path += step < 0 ? ".presented" : ".children[\(step)]" }
    }
}
