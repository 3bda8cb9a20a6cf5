import ViewWireClient
import ViewWireProtocol
import ViewWireTerminal

/// Builds a mirror from a full frame's diff lines, as the server would send them.
///
/// The mirror checks every frame's hash, so the fixture first learns the hash the lines make
/// (from the mismatch a wrong one reports) and then sends the frame with it: the tests write only
/// the lines that matter to them.
enum MirrorFixture {
  static func mirror(_ lines: [String]) -> Mirror {
    func attempt(hash: UInt64) throws(Mirror.Failure) -> Mirror {
      var mirror = Mirror()
      try mirror.consume(ServerLine.parse("frame 1 begin full"))
      for line in lines { try mirror.consume(ServerLine.parse(line)) }
      let views = lines.filter { $0.hasPrefix("create ") }.count
      try mirror.consume(ServerLine.parse("frame 1 end hash=\(FNV1a.hex(hash)) views=\(views)"))
      return mirror
    }
    do {
      return try attempt(hash: 0)
    } catch .hashMismatch(_, _, let computed) {
      return (try? attempt(hash: computed)) ?? Mirror()
    } catch {
      preconditionFailure("bad fixture: \(error)")
    }
  }

  /// A grid's cells as one character each for a property: `bg` gives each background's key in
  /// `legend` (`?` for others).
  static func backgrounds(_ grid: CellGrid, _ legend: [String: Character]) -> String {
    (0..<grid.height).map { row in
      String((0..<grid.width).map { legend[grid[$0, row].background.description] ?? "?" })
    }.joined(separator: "\n")
  }
}
