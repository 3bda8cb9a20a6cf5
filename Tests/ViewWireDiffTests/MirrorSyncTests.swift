import Testing
import ViewWireClient
import ViewWireProtocol

/// How a client gets back in step after its mirror disagrees with the server (PROTOCOL.md
/// section 7): one `resync` per mismatch, frame lines skipped until the full frame that answers
/// it, and that full frame taken whatever its number.
@Suite struct MirrorSyncTests {
  /// The hash of section 7 from fact strings written here, apart from the mirror's own code.
  static func hash(_ facts: [String]) -> String {
    FNV1a.hex(facts.reduce(UInt64(0)) { $0 &+ FNV1a.hash($1) })
  }

  static let window = ["s 1 Window - -", "l 1 0 0 390 844"]
  static func full(_ sequence: Int, hash: String? = nil) -> [String] {
    [
      "frame \(sequence) begin full", "create 1 Window - 0", "layout 1 0 0 390 844",
      "frame \(sequence) end hash=\(hash ?? Self.hash(window)) views=1",
    ]
  }
  static func tint(_ sequence: Int, _ colour: String, hash: String? = nil) -> [String] {
    [
      "frame \(sequence) begin", "render 1 bg=\(colour)",
      "frame \(sequence) end hash=\(hash ?? Self.hash(window + ["p 1 bg=\(colour)"])) views=1",
    ]
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let lines: [String]
    /// The events of the lines that are not `.buffered`, in order.
    let events: [String]
    let resyncs: Int
    /// The mirror's `bg` at the end, or nil when it has none.
    let background: String?
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "frames in step apply", lines: full(1) + tint(2, "#ff0000ff"),
      events: ["applied 1", "applied 2"], resyncs: 0, background: "#ff0000ff"),
    Case(
      name: "a wrong hash asks once; the frames after it wait for the full frame",
      lines: full(1) + tint(2, "#ff0000ff", hash: "0123456789abcdef") + tint(3, "#00ff00ff")
        + ["ok tap view=1"] + full(7) + ["ok resync"] + tint(8, "#0000ffff"),
      events: [
        "applied 1", "resync", "skipped", "skipped", "skipped", "other", "applied 7", "other", "applied 8",
      ],
      resyncs: 1, background: "#0000ffff"),
    Case(
      name: "a gap in the numbers asks once; a full frame numbered lower still answers it",
      lines: full(5) + tint(7, "#ff0000ff") + full(3),
      events: ["applied 5", "resync", "skipped", "skipped", "applied 3"], resyncs: 1, background: nil),
    Case(
      name: "a full frame that does not check out after a resync is not asked for again",
      lines: full(1) + tint(2, "#ff0000ff", hash: "0000000000000001") + full(3, hash: "0000000000000002")
        + tint(4, "#00ff00ff") + full(5),
      events: ["applied 1", "resync", "unrecoverable", "skipped", "skipped", "skipped", "applied 5"],
      resyncs: 1, background: nil),
    Case(
      name: "a shift past the children (a count that would overflow) asks once, never traps",
      lines: full(1) + [
        "frame 2 begin", "shift 1 1 9223372036854775807 0 1", "frame 2 end hash=0000000000000000 views=1",
      ]
        + full(3),
      events: ["applied 1", "resync", "applied 3"], resyncs: 1, background: nil),
    Case(
      name: "a frame that begins inside another asks once",
      lines: ["frame 1 begin full", "create 1 Window - 0", "frame 2 begin"] + full(3),
      events: ["resync", "applied 3"], resyncs: 1, background: nil),
  ]

  @Test(arguments: cases) func recovers(_ example: Case) {
    var sync = MirrorSync()
    var events: [String] = []
    for line in example.lines {
      switch sync.consume(ServerLine.parse(line)) {
      case .buffered: break
      case .other: events.append("other")
      case .skipped: events.append("skipped")
      case .applied(let sequence, _): events.append("applied \(sequence)")
      case .resyncNeeded: events.append("resync")
      case .unrecoverable: events.append("unrecoverable")
      }
    }
    #expect(events == example.events)
    #expect(sync.resyncCount == example.resyncs)
    #expect(!sync.isAwaitingFullFrame)
    #expect(sync.mirror.nodes[1]?.properties["bg"] == example.background)
    #expect(sync.mirror.nodes.count == 1)
  }

  /// The stall farewell may follow an unfinished frame (PROTOCOL.md section 4): the frame is
  /// dropped, the mirror stays as the last whole frame left it, and `bye` is the caller's line.
  @Test func aByeInsideAFrameDropsTheUnfinishedFrame() {
    var sync = MirrorSync()
    for line in Self.full(1) + Self.tint(2, "#ff0000ff").dropLast() {
      _ = sync.consume(ServerLine.parse(line))
    }
    let before = sync.mirror.hash
    #expect(sync.mirror.isInFrame)
    let event = sync.consume(ServerLine.parse(#"bye "stalled: output unread for more than 1 s""#))
    #expect(event == .other)
    #expect(!sync.mirror.isInFrame)
    #expect(sync.mirror.sequence == 1)
    #expect(sync.mirror.hash == before)
    #expect(sync.mirror.nodes[1]?.properties["bg"] == nil)
  }
}
