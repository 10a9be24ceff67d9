// The one entry point of the Swift runtime (libswiftCore, which every Swift program links) that
// NavigationRuntime calls directly: a retain that fails on an object whose deinit has begun,
// what loading a weak reference does. See `Claimant` (Controllers/Claimant.swift) for its one use
// and the proof that it is safe there.
#ifndef NAVIGATIONRUNTIME_CSWIFTRUNTIME_H
#define NAVIGATIONRUNTIME_CSWIFTRUNTIME_H

/// Retains `object` (a native Swift object) unless its deinit has begun: returns `object`,
/// retained once, or NULL. Declared in the Swift runtime's HeapObject.h with C linkage.
void *_Nullable swift_tryRetain(void *_Nonnull object);

#endif
