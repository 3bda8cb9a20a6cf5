import ViewWireDiff

extension DiffEngine {
  /// The next frame's diff lines without its `begin` and `end` lines; empty when nothing
  /// changed, so a test states exactly what a client would read.
  func nextDiffLines() -> [String] {
    guard let frame = makeFrame() else { return [] }
    return Array(frame.lines.dropFirst().dropLast())
  }
}
