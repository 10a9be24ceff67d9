// NavigationRuntime: UIKit's view-controller navigation as a headless, actor-concurrent runtime.
