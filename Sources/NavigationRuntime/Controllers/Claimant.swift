// Who claimed a controller at its init: a built-in container unretained, a custom one weakly.

import CSwiftRuntime

/// The container that claimed a controller at its init (see ``ControllerContext/claimant``): one
/// word in every context (both cases are references, whose spare bits hold the case), and no
/// weak reference to a built-in container.
///
/// A weak reference gives the object it names a side table for its reference counts, and from
/// then on each of that object's retains and releases takes the runtime's slow path. A
/// navigation, tab bar or split view controller claims its initial children at its init, so a
/// weak claimant put every such container on the slow path for its whole life: about 8% of a
/// push and of a show segue, and 10% of an exploration (callgrind, weak claimant -> this: push
/// 8,862 -> 8,175, show 10,978 -> 10,113, GoMap explored to depth 12 1,353M -> 1,227M
/// instructions).
/// A built-in container is named unretained instead, and a custom container (the public
/// ``ControllerContext/claim(_:for:)``, whose deinit the runtime does not write) weakly.
enum Claimant: Sendable {
    /// A container of the runtime's own kinds, unretained.
    ///
    /// Why reading it is safe (an unretained reference, retained through the runtime's C entry
    /// point before it is used):
    /// - It is written (at the container's init, after the container is fully initialized),
    ///   read (`container`) and cleared (the container's deinit,
    ///   ``ControllerContext/releaseClaims(on:by:)``, for every child it claimed, `let
    ///   initialChildren`) only under the child's claimant lock.
    /// - A reader takes its own reference with `swift_tryRetain`, which fails once the
    ///   container's strong count reached zero: the runtime marks the object as deinitializing
    ///   in the same atomic operation that drops the last strong reference, before it calls the
    ///   deinit.
    /// - The object's memory lasts until its deinit returns, and the deinit must take this
    ///   lock to clear the field: so while a reader holds the lock with the field set, the
    ///   object is either alive (the retain succeeds and keeps it so) or deinitializing with
    ///   its memory intact (the retain fails and nothing else is touched). Once the deinit has
    ///   cleared the field, no reader sees the address.
    /// - A later claim of the same child (after the first one was given up) overwrites the
    ///   field; the earlier container's deinit clears only its own address.
    case builtIn(UnretainedContainer)
    /// A custom container, weakly.
    case custom(WeakContainer)

    /// The container, retained, or `nil` once it is being deinitialized. Read under the lock,
    /// and cast by the caller after it: nothing here may release the container, whose deinit
    /// takes this lock.
    var container: AnyObject? {
        switch self {
        case .builtIn(let unretained):
            guard let retained = swift_tryRetain(unretained.reference.toOpaque()) else { return nil }
            return Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
        case .custom(let weak):
            return weak.container
        }
    }
}

// Why `@unchecked Sendable` is safe: the reference is never used as one without the retain
// that ``Claimant/container`` takes under the claimant's lock (whose proof is on
// ``Claimant/builtIn(_:)``); across threads only its bits travel, and the deinit compares them.
/// A built-in container that claimed a controller, unretained (see ``Claimant/builtIn(_:)``).
struct UnretainedContainer: @unchecked Sendable {  // safe: see the proof above
    let reference: Unmanaged<AnyObject>
}

/// A custom container that claimed a controller, weakly (see ``Claimant``).
final class WeakContainer: Sendable {
    /// Weak: the container holds its children, so a strong link back would keep both alive.
    weak let container: (any ViewController)?

    init(_ container: any ViewController) { self.container = container }
}
