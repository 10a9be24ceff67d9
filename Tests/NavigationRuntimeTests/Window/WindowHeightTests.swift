@testable import NavigationRuntime
import Synchronization
import Testing

/// `Window.height(of:startingAt:limit:)`, the depth check of a subtree entering a window: the
/// deepest controller past the limit, else `nil`, each controller visited once (a scan of the
/// few seen while the walk is small, a set once it passes 32 controllers).
@Suite struct WindowHeightTests {
    /// Tab bars nested `levels` deep over a content controller, built in code.
    static func chain(_ levels: Int, in window: Window) -> any ViewController {
        var inner: any ViewController = GenericViewController(context: window.makeContext())
        for _ in 0..<levels { inner = TabBarController(context: window.makeContext(), viewControllers: [inner]) }
        return inner
    }

    @Test(arguments: [1, 10, 31, 32, 33, 100])
    func aChainOfContainers_fitsUpToTheLimit_andNamesTheFirstDepthPast(levels: Int) async {
        let window = Window(configuration: .immediate)
        let root = Self.chain(levels, in: window)
        // levels containers and the content controller: the content sits at levels + 1.
        #expect(Window.height(of: root, startingAt: 1, limit: levels + 1) == nil)
        #expect(Window.height(of: root, startingAt: 1, limit: levels) == levels + 1)
        #expect(Window.height(of: root, startingAt: 1, limit: 0) == 1)
        await window.close()
    }

    /// Many tabs that are each a navigation controller over a content controller (more than 32
    /// controllers in all), and tabs that are the same controller over and over (each visited
    /// once): the deepest depth is found either way.
    @Test(arguments: [3, 20, 40])
    func wideContainers_andSharedChildren_areMeasuredOnce(tabs: Int) async {
        let window = Window(configuration: .immediate)
        let stacks = (0..<tabs).map { _ in
            NavigationController(context: window.makeContext(), rootViewController: GenericViewController(context: window.makeContext()))
                as any ViewController
        }
        let wide = TabBarController(context: window.makeContext(), viewControllers: stacks)
        #expect(Window.height(of: wide, startingAt: 1, limit: 3) == nil)
        #expect(Window.height(of: wide, startingAt: 1, limit: 2) == 3)
        let shared = Self.chain(2, in: window)
        let repeated = TabBarController(context: window.makeContext(), viewControllers: Array(repeating: shared, count: tabs))
        #expect(Window.height(of: repeated, startingAt: 1, limit: 4) == nil)
        #expect(Window.height(of: repeated, startingAt: 1, limit: 3) == 4)
        await window.close()
    }

    /// A container whose initial children are whatever it is given after its init: two of them
    /// given each other make a cycle of claims, which a walk must not go round.
    actor Looping: ViewController {
        nonisolated let context: ControllerContext
        nonisolated let other = Mutex<(any ViewController)?>(nil)
        nonisolated var kind: ControllerKind { .tabBar }
        nonisolated var initialChildren: [any ViewController] { other.withLock { $0.map { [$0] } ?? [] } }
        init(context: ControllerContext) { self.context = context }
    }

    @Test func aCycleOfInitialChildren_isWalkedOnce() async {
        let window = Window(configuration: .immediate)
        let first = Looping(context: window.makeContext())
        let second = Looping(context: window.makeContext())
        first.other.withLock { $0 = second }
        second.other.withLock { $0 = first }
        #expect(Window.height(of: first, startingAt: 1, limit: 10) == nil)
        #expect(Window.height(of: first, startingAt: 1, limit: 1) == 2)
        // Reached after more than 32 others (the walk takes the last child first): the set
        // has taken over from the scan.
        let wide = TabBarController(
            context: window.makeContext(),
            viewControllers: [first] + (0..<40).map { _ in GenericViewController(context: window.makeContext()) })
        #expect(Window.height(of: wide, startingAt: 1, limit: 10) == nil)
        first.other.withLock { $0 = nil }
        second.other.withLock { $0 = nil }
        await window.close()
    }
}
