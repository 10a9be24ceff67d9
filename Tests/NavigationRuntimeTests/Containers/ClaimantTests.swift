import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization
import Testing

/// A child's `parent` before its container enters a window names the container that claimed it
/// at its init (issue 17, item 4). A built-in container is named unretained (no weak reference,
/// whose side table put every such container's reference counting on the runtime's slow path):
/// its deinit makes its children forget it, and a read racing with its last release either
/// retains it or finds it gone. These check that no child outlives its container's name: every
/// kind of built-in container is freed when nothing holds it, and its children's `parent` is
/// then `nil`, however the release and the reads interleave.
@Suite struct ClaimantTests {
    /// The kinds of container, by name.
    private static let kinds = ["navigation", "tab bar", "classic split", "column split", "page", "generic", "custom"]

    /// A container of the named kind holding `child` (a column split also holds a secondary).
    private static func container(_ kind: String, of child: any ViewController, in f: Fixture) -> any ViewController {
        let context = f.window.makeContext()
        switch kind {
        case "navigation": return NavigationController(context: context, rootViewController: child)
        case "tab bar": return TabBarController(context: context, viewControllers: [child])
        case "classic split": return SplitViewController(context: context, primary: child)
        case "column split":
            return SplitViewController(context: context, primaryColumn: child, secondaryColumn: f.controller("S"))
        case "page": return PageViewController(context: context, viewControllers: [child])
        case "generic": return GenericViewController(context: context, children: [child])
        default: return ClaimingContainer(context: context, children: [child])
        }
    }

    @Test func everyContainerKind_isFreedWhenNothingHoldsIt_andItsChildForgetsIt() async throws {
        let f = Fixture()
        for kind in Self.kinds {
            let child = f.controller("A")
            weak var released: (any ViewController)?
            do {
                let container = Self.container(kind, of: child, in: f)
                released = container
                #expect(await child.parent === container, "\(kind)")
            }
            #expect(released == nil, "\(kind): not freed")
            // New containers of the kind, likely in the freed one's memory (the allocator hands
            // a freed block of a size back first): a child still naming the freed address would
            // name one of them.
            let others = (0..<8).map { _ in Self.container(kind, of: f.controller("B"), in: f) }
            #expect(await child.parent == nil, "\(kind): the child still names it")
            #expect(others.count == 8)
        }
    }

    /// The only strong reference to a container, dropped by whichever task calls ``drop()``.
    private final class LastReference: Sendable {
        private let container: Mutex<NavigationController?>
        init(_ container: NavigationController) { self.container = Mutex(container) }
        /// Releases the container (freed here, on the caller's thread, if nothing else holds it).
        func drop() { container.withLock { $0 = nil } }
    }

    /// The container's last reference goes on one task while the child's executor reads its
    /// `parent` on another, after a different number of yields each round (so that the release
    /// lands before, among and after the reads): each read is the container or `nil`, and in the
    /// end the container is freed and forgotten (run under `Stress/tsan.sh` too).
    @Test func parentReadWhileTheContainerIsReleased_isTheContainerOrNil() async throws {
        let f = Fixture()
        for round in 0..<400 {
            let child = f.controller("A")
            weak var released: NavigationController?
            // Made in a scope of its own, so that `last` holds the only strong reference.
            let (last, identity) = { () -> (LastReference, ObjectIdentifier) in
                let navigation = NavigationController(context: f.window.makeContext(), rootViewController: child)
                released = navigation
                return (LastReference(navigation), ObjectIdentifier(navigation))
            }()
            let reads = await withTaskGroup(of: Int.self) { group -> Int in
                group.addTask {
                    var named = 0
                    for _ in 0..<20 {
                        // The container itself, or nothing: never another object.
                        if let parent = await child.parent {
                            if ObjectIdentifier(parent) == identity { named += 1 } else { return -1 }
                        }
                    }
                    return named
                }
                group.addTask {
                    for _ in 0..<(round % 16) { await Task.yield() }
                    last.drop()
                    return 0
                }
                var total = 0
                for await reads in group { total += reads }
                return total
            }
            #expect(reads >= 0, "round \(round): a read named another object")
            #expect(released == nil, "round \(round): not freed")
            #expect(await child.parent == nil, "round \(round)")
        }
    }

    /// A child claimed by a container that was freed keeps its claim (it cannot be claimed
    /// again, as before), and its `parent` stays `nil`: the freed container is not named again.
    @Test func aChildOfAFreedContainer_staysClaimed_andNamesNothing() async throws {
        let f = Fixture()
        let child = f.controller("A")
        do { _ = NavigationController(context: f.window.makeContext(), rootViewController: child) }
        let second = NavigationController(context: f.window.makeContext(), rootViewController: child)
        #expect(await child.parent == nil)
        await #expect(throws: NavigationError(.controllerInUse, "")) {
            try await f.window.setRootViewController(second)
        }
    }
}
