internal import CLibUV

/// Memory the allocator holds after it was freed.
public enum FreedMemory {
  /// Returns the allocator's free memory to the kernel (glibc's `malloc_trim`).
  ///
  /// glibc keeps memory freed by closed sessions in its arenas: 1,000 login sessions opened and
  /// closed left the daemon's RSS 69 MiB above its idle size. It costs a walk of the heap, so
  /// call it once after a burst of frees, not per free. Returns whether anything was released.
  @discardableResult
  public static func release() -> Bool {
    vw_release_free_memory() == 1
  }
}
