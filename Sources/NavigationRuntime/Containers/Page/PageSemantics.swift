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
