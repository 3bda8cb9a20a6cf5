extension Array {
  /// `init(unsafeUninitializedCapacity:initializingWith:)`, except that an empty result is `[]`
  /// without calling `body`.
  ///
  /// With capacity 0 the standard library hands `body` the storage every empty array shares and
  /// afterwards stores the count (0) into it: harmless, but a write to memory that every thread
  /// reads, which ThreadSanitizer reports as a race when windows on two threads pack or unpack
  /// their solvers at once (each event loop has its own). The solver makes empty rows and
  /// indexes often enough that it did in `make test`.
  init(
    filling count: Int, with body: (inout UnsafeMutableBufferPointer<Element>, inout Int) -> Void
  ) {
    if count == 0 {
      self = []
    } else {
      self.init(unsafeUninitializedCapacity: count, initializingWith: body)
    }
  }
}
