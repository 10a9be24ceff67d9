/// The rules of a ``PageViewController`` (R5.9, R5.13): its children are the pages it shows,
/// so every child is on screen with it; a path follows the first shown page; an unwind searches
/// the shown pages in order, then the page view controller (R7.4); `show` and `showDetail` pass
/// up the chain (UIKit's `UIPageViewController` overrides neither).
enum PageSemantics: ContainerSemantics {
    static func shows(child index: Int, in layout: ContainerLayout) -> Bool { true }
    static func followedChild(in layout: ContainerLayout) -> Int? { layout.count > 0 ? 0 : nil }
    static func unwindOrder(in layout: ContainerLayout) -> [Int] { Array(0..<layout.count) }
    static func overrides(_ action: ShowAction) -> Bool { false }
}

extension PageSemantics {
    static func rebuild(_ rebuild: inout ContainerRebuild) throws(RebuildRefusal) -> any ViewController {
        // The shown pages (R5.13); the style is the scene's when there is one, else a scroll for
        // one page and a page curl with its spine in the middle for two. The scene's controller
        // also lends its data source and delegate: what its factory set, as UIKit's decoded page
        // view controller keeps what `viewDidLoad` sets.
        let children = rebuild.children
        if let style = rebuild.probe as? PageViewController {
            return PageViewController(
                context: rebuild.context, transitionStyle: style.transitionStyle,
                navigationOrientation: style.navigationOrientation, spineLocation: style.spineLocation,
                isDoubleSided: style.isDoubleSided, viewControllers: children,
                dataSource: style.dataSource, delegate: style.delegate
            )
        }
        return children.count == 2
            ? PageViewController(context: rebuild.context, transitionStyle: .pageCurl, spineLocation: .mid, viewControllers: children)
            : PageViewController(context: rebuild.context, viewControllers: children)
    }
}
