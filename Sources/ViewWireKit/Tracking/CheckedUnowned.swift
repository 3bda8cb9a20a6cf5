// References that do not keep their object alive and read nil once its deinit began, as weak
// ones do, without giving the object a side table.
//
// Why: the first weak reference ever made to an object moves its reference count into a side
// table for the rest of its life, and from then on every retain and release of it takes the
// runtime's slow path (`incrementSlow`/`doDecrementSlow`, about 165 instructions a pair instead
// of 40). The kit's weak references to a session's window (from every view, each touch, the
// controllers), to a touched view (the touch's `view`) and to a control's or recognizer's
// target (the controller, usually) put those objects on the slow path for every input: about
// a fifth of a tap's user-space instructions were the slow path (issue 14, "Cheaper per input").
//
// The references here hold the object's *unowned* count instead (swift_unownedRetain), as Swift's
// own `unowned` does: that count lives in the object's inline reference count, so the object's
// strong retains stay on the fast path. An unowned reference keeps the object's memory (not its
// contents: its deinit runs as usual, releasing what it holds) until the reference goes, so
// asking whether the object is being or has been deinitialised (swift_isDeallocating) is always
// safe, and a dead object reads nil instead of trapping as Swift's `unowned` does. What it costs
// over `weak`: a dead object's own allocation (not what it referred to) lives until the last
// such reference to it goes; every holder here is short-lived or owned by what it refers to.
//
// The three runtime entry points are exported by libswiftCore (they back `unowned` and
// Objective-C's `_isDeallocating`) and declared for Swift by the CSwiftRuntime shim, which
// gives them their C calling convention.

internal import CSwiftRuntime

/// A checked unowned reference kept in a raw pointer field: the holder stores what `retain`
/// returns, reads it with `load`, replaces it with `replace` and gives it back with `release` in
/// its `deinit`. A field of a class rather than a struct of its own, so it costs the holder
/// 8 bytes, as the `weak var` it replaces did, and nothing to copy.
package enum CheckedUnowned {
  /// Takes an unowned reference to `object`: the pointer to store, nil for nil.
  @inline(__always)
  package static func retain(_ object: AnyObject?) -> UnsafeMutableRawPointer? {
    guard let object else { return nil }
    return swift_unownedRetain(Unmanaged.passUnretained(object).toOpaque())
  }

  /// Gives back a reference `retain` returned.
  @inline(__always)
  package static func release(_ pointer: UnsafeMutableRawPointer?) {
    if let pointer { swift_unownedRelease(pointer) }
  }

  /// The object `pointer` refers to while it lives; nil once its deinit began, as a weak
  /// reference reads then.
  @inline(__always)
  package static func load<Object: AnyObject>(_ pointer: UnsafeMutableRawPointer?, as _: Object.Type)
    -> Object?
  {
    guard let pointer, !swift_isDeallocating(pointer) else { return nil }
    return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Whether `pointer` refers to `object` (dead or alive), without loading it.
  @inline(__always)
  package static func refers(_ pointer: UnsafeMutableRawPointer?, to object: AnyObject?) -> Bool {
    pointer == object.map { Unmanaged.passUnretained($0).toOpaque() }
  }

  /// Makes `pointer` refer to `object` instead, giving back the old reference.
  @inline(__always)
  package static func replace(_ pointer: inout UnsafeMutableRawPointer?, with object: AnyObject?) {
    let old = pointer
    pointer = retain(object)
    release(old)
  }
}

/// A checked unowned reference in an object of its own, for closures and arrays to share: a
/// control's or recognizer's target (UIKit does not retain targets), work queued after the
/// next layout pass that must not keep its controller alive.
package final class UnownedBox<Object: AnyObject> {
  private let pointer: UnsafeMutableRawPointer?

  /// Refers to `object` without keeping it alive.
  package init(_ object: Object?) { pointer = CheckedUnowned.retain(object) }

  deinit { CheckedUnowned.release(pointer) }

  /// The object while it lives; nil once its deinit began.
  package var object: Object? { CheckedUnowned.load(pointer, as: Object.self) }

  /// Whether this refers to `object`, alive or not (for `removeTarget` and duplicate checks).
  package func refers(to object: AnyObject?) -> Bool { CheckedUnowned.refers(pointer, to: object) }
}
