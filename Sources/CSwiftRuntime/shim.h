// Three entry points of the Swift runtime (libswiftCore, which every Swift program links), seen
// only by ViewWireKit's checked unowned references (Sources/ViewWireKit/Tracking/
// CheckedUnowned.swift): a reference that neither keeps its object alive nor gives it a side
// table, and reads nil once the object's deinit began. They back Swift's own `unowned` and
// Objective-C's `_isDeallocating`, and use the C calling convention, so they are declared here
// rather than named from Swift (`@_silgen_name` of a runtime symbol assumes Swift's convention,
// which the compiler warns will become an error).
#ifndef VIEWWIRE_CSWIFTRUNTIME_SHIM_H
#define VIEWWIRE_CSWIFTRUNTIME_SHIM_H

#include <stdbool.h>

/// Adds one to the object's unowned count, which keeps its memory (not its contents) allocated;
/// returns the object.
extern void *_Nonnull swift_unownedRetain(void *_Nonnull object);
/// Takes one from the unowned count; the last one frees a deinitialised object's memory.
extern void swift_unownedRelease(void *_Nonnull object);
/// Whether the object's deinit has begun (its strong count reached zero).
extern bool swift_isDeallocating(void *_Nonnull object);

#endif
