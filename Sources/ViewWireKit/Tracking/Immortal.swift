// Objects made once for the whole process and shared by every window on every event loop (the
// system colours' providers, the shared one-entry colour tables) are made *immortal*: the Swift
// runtime then leaves their reference count alone, so a retain or release of one writes nothing.
//
// Why: a reference count both loop threads write moves its cache line between the two CPUs on
// (nearly) every write. With two loops, a stacks tap retained and released the default tint
// colour's provider (`.systemBlue`) 16 times and a shared colour table twice, on both threads
// (BENCHMARKS.md, "Stop 17: two loops"). These objects are held by statics and never freed
// anyway, so making them immortal gives up nothing; each is still compared by identity, and a
// shared table's storage is still copied before it is changed (an immortal object is never
// uniquely referenced), as it was while the static held it.
//
// `_swift_stdlib_immortalize` is exported by libswiftCore with Swift's calling convention (the
// standard library's own benchmarks declare it this way); it sets the count's immortal bits with
// an atomic compare-and-swap, and the objects here are made immortal before they are published.

/// The runtime's entry point: marks the object's reference count immortal.
@_silgen_name("_swift_stdlib_immortalize")
private func swiftStdlibImmortalize(_ object: AnyObject)

/// Makes `object` immortal: from now on retains and releases of it leave its count unwritten,
/// and it is never freed. Only for objects that live as long as the process already.
func makeImmortal(_ object: AnyObject) {
  swiftStdlibImmortalize(object)
}
