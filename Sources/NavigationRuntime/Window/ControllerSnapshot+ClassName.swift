// One rule for the class names snapshots, reports and drive output show.

extension ControllerSnapshot {
    /// The class name a snapshot reports for `controller`: one rule for every way a controller
    /// is made.
    ///
    /// 1. The class its scene names: a storyboard scene's `customClass`, else UIKit's class for
    ///    the scene's element (``StoryboardControllerKind/uiKitClassName``: a
    ///    `<navigationController>` without a custom class is `UINavigationController`); a scene
    ///    built in Swift, its ``Scene/className`` when given.
    /// 2. The class name a ``GenericViewController`` was made with.
    /// 3. UIKit's class for a built-in controller made in code: `UINavigationController`,
    ///    `UITabBarController`, `UISplitViewController`, `UIPageViewController`, and
    ///    `UIViewController` for a
    ///    ``GenericViewController`` with no class name.
    /// 4. Otherwise the Swift type's name (`InboxController`), as a UIKit subclass reports its
    ///    own class.
    ///
    /// So the same kind of controller has the same name whether it came from a storyboard, the
    /// DSL or code: a navigation controller without a custom class is always
    /// `UINavigationController`, as `NSStringFromClass(type(of:))` prints it on iOS.
    public static func className(of controller: any ViewController) -> String {
        if let named = controller.context.scene?.className { return named }
        switch controller {
        case let generic as GenericViewController: return generic.className ?? "UIViewController"
        case is NavigationController: return "UINavigationController"
        case is TabBarController: return "UITabBarController"
        case is SplitViewController: return "UISplitViewController"
        case is PageViewController: return "UIPageViewController"
        default: return String(describing: type(of: controller))
        }
    }
}

extension StoryboardControllerKind {
    /// UIKit's class for a scene of this kind without a `customClass`: what Interface Builder
    /// instantiates (`viewController` → `UIViewController`, `navigationController` →
    /// `UINavigationController`, `hostingController` → `UIHostingController`, …). An element
    /// name the runtime does not know becomes `UI` + the name capitalised.
    public var uiKitClassName: String {
        switch self {
        case .hostingController: return "UIHostingController"
        case .viewControllerPlaceholder: return "UIViewController"
        default:
            if rawValue == "avPlayerViewController" { return "AVPlayerViewController" }
            if rawValue == "glkViewController" { return "GLKViewController" }
            guard let first = rawValue.first else { return "UIViewController" }
            return "UI" + first.uppercased() + rawValue.dropFirst()
        }
    }
}
