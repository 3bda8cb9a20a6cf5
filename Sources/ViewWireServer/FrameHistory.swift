/// The most recent frames a resumable session sent, as the bytes sent, so a client that lost
/// them with its connection gets them again on `resume` (PROTOCOL.md section 15).
///
/// Bounded by bytes: a frame that does not fit pushes the oldest out, and a frame larger than the
/// whole bound empties the history (a resume before it then gets a full frame instead).
struct FrameHistory {
  /// The most bytes held.
  let limit: Int
  private var frames: [(sequence: Int, bytes: [UInt8])] = []
  private var head = 0
  /// Bytes held now.
  private(set) var byteCount = 0

  init(limit: Int) {
    self.limit = limit
  }

  /// Keeps frame `sequence`, its whole wire text.
  mutating func record(sequence: Int, bytes: ArraySlice<UInt8>) {
    guard bytes.count <= limit else {
      removeAll()
      return
    }
    frames.append((sequence, Array(bytes)))
    byteCount += bytes.count
    while byteCount > limit {
      byteCount -= frames[head].bytes.count
      frames[head].bytes = []
      head += 1
    }
    if head > 64 && head * 2 > frames.count {
      frames.removeFirst(head)
      head = 0
    }
  }

  /// The frames after `sequence` up to `last`, when every one of them is held; nil otherwise.
  /// An empty list when `sequence` is `last`.
  func frames(after sequence: Int, through last: Int) -> [[UInt8]]? {
    if sequence == last { return [] }
    guard let first = frames[head...].firstIndex(where: { $0.sequence == sequence + 1 }) else { return nil }
    let held = frames[first...]
    // Frame numbers go up by one, so the held run is whole when it ends at `last` and is as long
    // as the gap.
    guard held.count == last - sequence, held.last?.sequence == last else { return nil }
    return held.map(\.bytes)
  }

  mutating func removeAll() {
    frames = []
    head = 0
    byteCount = 0
  }
}
