import Testing
import ViewWireWeb

/// Random streams, made of real frames with random damage, must decode the same however the
/// bytes are split into reads: the property behind the named cases, checked on inputs nobody
/// wrote by hand. The same for request heads.
@Suite struct SplitInvarianceTests {
  /// A small deterministic generator (SplitMix64), so a failure names its seed and repeats.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  /// A stream of 1-6 client frames of random kinds and sizes, with a few bytes maybe changed.
  static func stream(_ random: inout Generator) -> [UInt8] {
    var bytes: [UInt8] = []
    let opcodes: [WebSocketFrameEncoder.Opcode] = [.text, .continuation, .ping, .pong, .close, .binary]
    for _ in 0..<(1 + random.below(6)) {
      let opcode = opcodes[random.below(opcodes.count)]
      let length = random.below(4) == 0 ? random.below(70_000) : random.below(130)
      let payload = (0..<length).map { _ in random.below(3) == 0 ? UInt8(random.below(256)) : UInt8(0x61) }
      let mask = random.below(10) == 0 ? nil : (0..<4).map { _ in UInt8(random.below(256)) }
      WebSocketFrameEncoder.appendFrame(
        opcode, payload: payload, final: random.below(4) != 0, mask: mask, into: &bytes)
    }
    for _ in 0..<random.below(3) where !bytes.isEmpty {
      bytes[random.below(bytes.count)] = UInt8(random.below(256))
    }
    return bytes
  }

  static func decode(_ bytes: [UInt8], cuts: [Int]) -> ([WebSocketFrameDecoder.Event], WebSocketCloseCode?) {
    var decoder = WebSocketFrameDecoder(role: .server)
    var events: [WebSocketFrameDecoder.Event] = []
    var start = 0
    for cut in cuts + [bytes.count] where cut >= start {
      let result = decoder.feed(Array(bytes[start..<cut]))
      events += result.events
      if let failure = result.failure { return (events, failure.code) }
      start = cut
    }
    return (events, nil)
  }

  @Test(arguments: 0..<300)
  func framesDecodeTheSameInAnySplit(_ seed: Int) {
    var random = Generator(state: UInt64(seed))
    let bytes = Self.stream(&random)
    let whole = Self.decode(bytes, cuts: [])
    let cuts = (0..<(1 + random.below(8))).map { _ in random.below(bytes.count + 1) }.sorted()
    let split = Self.decode(bytes, cuts: cuts)
    #expect(split.0 == whole.0, "seed \(seed), cuts \(cuts)")
    #expect(split.1 == whole.1, "seed \(seed), cuts \(cuts)")
    // Whatever came, text is valid UTF-8 and nothing passed the maximum.
    for case .text(let payload) in whole.0 {
      var validator = UTF8Validator()
      #expect(validator.feed(payload) && validator.isComplete)
      #expect(payload.count <= 64 * 1024)
    }
  }

  @Test(arguments: 0..<200)
  func headsParseTheSameInAnySplit(_ seed: Int) {
    var random = Generator(state: UInt64(seed) &+ 1_000_000)
    var text =
      ["GET", "HEAD", "POST", "G\u{1}T"][random.below(4)] + " /"
      + String(repeating: "a", count: random.below(20))
    text += [" HTTP/1.1", " HTTP/1.0", " HTTP/2.0", ""][random.below(4)] + "\r\n"
    for _ in 0..<random.below(6) {
      text +=
        [
          "Host: x", "Upgrade: websocket", "X : y", " folded", "Y: \u{7F}",
          "Z: " + String(repeating: "z", count: random.below(3000)),
        ][
          random.below(6)] + ["\r\n", "\n"][random.below(2)]
    }
    text += ["\r\n", "\n", ""][random.below(3)]
    let bytes = Array(text.utf8)
    func parse(_ cuts: [Int]) -> HTTPHeadParser.Outcome {
      var parser = HTTPHeadParser()
      var start = 0
      for cut in cuts + [bytes.count] where cut >= start {
        let outcome = parser.append(bytes[start..<cut])
        if outcome != .incomplete { return outcome }
        start = cut
      }
      return .incomplete
    }
    let cuts = (0..<(1 + random.below(6))).map { _ in random.below(bytes.count + 1) }.sorted()
    #expect(parse(cuts) == parse([]), "seed \(seed), cuts \(cuts)")
  }
}
