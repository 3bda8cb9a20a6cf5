import Testing

@testable import ViewWireTerminal

/// Terminal bytes to events, whole and split at every byte, as a terminal's reads may split them.
struct InputDecoderTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let events: [InputEvent]
    var testDescription: String { String(decoding: bytes, as: UTF8.self).debugDescription }
    init(_ text: String, _ events: [InputEvent]) {
      bytes = Array(text.utf8)
      self.events = events
    }
  }

  static let cases: [Case] = [
    Case("alice", [.text("alice")]),
    Case("é日😀", [.text("é日😀")]),
    Case("ab\rc", [.text("ab"), .key(.enter), .text("c")]),
    Case("\r\n", [.key(.enter)]),
    Case("\u{7F}\u{8}\t", [.key(.backspace), .key(.backspace), .key(.tab)]),
    Case("\u{3}\u{11}\u{7}", [.control("c"), .control("q"), .control("g")]),
    Case("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.key(.up), .key(.down), .key(.right), .key(.left)]),
    Case("\u{1B}OA\u{1B}OP", [.key(.up), .key(.function(1))]),
    Case("\u{1B}[11~\u{1B}[24~\u{1B}[3~", [.key(.function(1)), .key(.function(12)), .key(.delete)]),
    Case("\u{1B}[1;5A", [.key(.up)]),
    Case(
      "\u{1B}[<0;10;20M", [.mouse(MouseReport(kind: .press, button: 0, column: 9, row: 19))]),
    Case(
      "\u{1B}[<32;11;20M", [.mouse(MouseReport(kind: .motion, button: 0, column: 10, row: 19))]),
    Case(
      "\u{1B}[<0;11;21m", [.mouse(MouseReport(kind: .release, button: 0, column: 10, row: 20))]),
    Case("\u{1B}[<2;1;1M", [.mouse(MouseReport(kind: .press, button: 2, column: 0, row: 0))]),
    Case("\u{1B}[<64;5;5M", [.mouse(MouseReport(kind: .wheel(up: true), button: 0, column: 4, row: 4))]),
    Case("\u{1B}[<65;5;5M", [.mouse(MouseReport(kind: .wheel(up: false), button: 1, column: 4, row: 4))]),
    // The X10 encoding: button + 32, column + 33, row + 33; a release is button 3.
    Case("\u{1B}[M *4", [.mouse(MouseReport(kind: .press, button: 0, column: 9, row: 19))]),
    Case("\u{1B}[M@+4", [.mouse(MouseReport(kind: .motion, button: 0, column: 10, row: 19))]),
    Case("\u{1B}[M#+5", [.mouse(MouseReport(kind: .release, button: 0, column: 10, row: 20))]),
    Case("\u{1B}[<0;0;5M", []),  // a report outside the screen is dropped
    Case("\u{1B}[Zx", [.text("x")]),  // a sequence this decoder does not know is skipped whole
    Case("\u{1B}x", [.key(.escape), .text("x")]),
  ]

  @Test(arguments: cases) func wholeInput(_ example: Case) {
    var decoder = InputDecoder()
    #expect(decoder.feed(example.bytes) == example.events)
    #expect(!decoder.hasPending)
  }

  /// Split into two reads at every byte, the events are the same once text runs are joined.
  @Test(arguments: cases) func inputSplitAtEveryByte(_ example: Case) {
    for split in 0...example.bytes.count {
      var decoder = InputDecoder()
      let events = decoder.feed(example.bytes[..<split]) + decoder.feed(example.bytes[split...])
      #expect(Self.joined(events) == Self.joined(example.events), "split at \(split)")
    }
  }

  @Test func aLoneEscapeIsTheEscapeKeyOnceFlushed() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(!decoder.hasPending)
  }

  static func joined(_ events: [InputEvent]) -> [InputEvent] {
    var result: [InputEvent] = []
    for event in events {
      if case .text(let more) = event, case .text(let text)? = result.last {
        result[result.count - 1] = .text(text + more)
      } else {
        result.append(event)
      }
    }
    return result
  }
}
