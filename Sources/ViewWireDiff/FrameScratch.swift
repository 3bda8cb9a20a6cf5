import Foundation

/// The memory frames are written in, kept per thread from one frame to the next.
///
/// Each frame allocated it anew: the changed views' render-line buffer (an object and its
/// memory) and the body array, then freed all three once the frame was sent: about 1,000
/// instructions of a tap's 19,000 went to `malloc`, `free` and the releases that led to them
/// (issue 14, stop 16). A loop's thread makes one frame at a time, so one scratch per thread
/// serves every session of the loop; kept per engine instead, it would add its room to every
/// idle session's memory.
///
/// The body array is shared with the frame it went out in: the next frame empties it in place
/// once that frame is gone (sent and dropped), and gets new memory, as before, while someone
/// still holds it. Memory grown past `keptCapacity` (a large full frame) is given back at once.
final class FrameScratch {
  /// The render lines of views changed (not created) in a frame.
  @exclusivity(unchecked) var changedRenders = TextBuffer(capacity: 1024)
  /// The render lines of views created in a frame.
  @exclusivity(unchecked) var createdRenders = TextBuffer(capacity: 1024)
  /// The last frame's body, kept for its memory.
  @exclusivity(unchecked) private var body: [UInt8] = []
  /// Whether a builder holds this scratch: a frame made while another is being made (not done
  /// today: the builder calls no app code) gets a scratch of its own rather than sharing.
  @exclusivity(unchecked) private var isLent = false

  /// The most memory kept per buffer between frames: a tap's frame is a hundred bytes, a
  /// session's first frame a few kilobytes; past this, a frame is rare enough to allocate for.
  static let keptCapacity = 16 * 1024

  /// Runs `body` with this thread's scratch, borrowed without a retain; its buffers are empty.
  ///
  /// The accesses are unchecked for exclusivity: only this thread reaches its scratch, and a
  /// nested borrow (see `isLent`) gets another object.
  @inline(__always)
  static func borrow<Result>(_ body: (FrameScratch) -> Result) -> Result {
    let scratch = Unmanaged<FrameScratch>.fromOpaque(pthread_getspecific(slot) ?? made())
    return scratch._withUnsafeGuaranteedRef { scratch in
      if scratch.isLent { return body(FrameScratch()) }
      scratch.isLent = true
      defer {
        scratch.isLent = false
        scratch.trim()
      }
      return body(scratch)
    }
  }

  /// Takes the kept body array, emptied: in place when the frame it went out in is gone.
  func takeBody() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &body)
    if !taken.isEmpty { taken.removeAll(keepingCapacity: true) }
    return taken
  }

  /// Keeps `body`, a frame's body, for its memory, unless it grew large.
  func keep(body: [UInt8]) {
    if body.capacity <= Self.keptCapacity { self.body = body }
  }

  /// Empties the buffers for the next frame, giving back memory a large frame made them grow.
  private func trim() {
    changedRenders.removeAll()
    createdRenders.removeAll()
    if changedRenders.reservedCapacity > Self.keptCapacity { changedRenders = TextBuffer(capacity: 1024) }
    if createdRenders.reservedCapacity > Self.keptCapacity { createdRenders = TextBuffer(capacity: 1024) }
  }

  /// The thread-specific slot that holds each thread's scratch.
  private static let slot: pthread_key_t = {
    var slot = pthread_key_t()
    let status = pthread_key_create(&slot) { scratch in
      guard let scratch else { return }
      Unmanaged<FrameScratch>.fromOpaque(scratch).release()
    }
    precondition(status == 0, "no thread-specific slot for the frame scratch")
    return slot
  }()

  /// Makes this thread's scratch, held by its slot until the thread exits.
  private static func made() -> UnsafeMutableRawPointer {
    let scratch = Unmanaged.passRetained(FrameScratch()).toOpaque()
    pthread_setspecific(slot, scratch)
    return scratch
  }
}
