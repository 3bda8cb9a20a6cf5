import Testing
import ViewWireWeb

/// The request-head parser: a table of heads and what each must give, fed whole, byte by byte
/// and in every two-way split.
@Suite struct HTTPHeadParserTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let input: String
    /// The method and target on success, or the status.
    let expected: Result<String, HTTPStatus>
    var testDescription: String { name }
  }

  static let upgrade =
    "GET /wire HTTP/1.1\r\nHost: 127.0.0.1:7421\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"

  static let cases: [Case] = [
    Case(name: "simple GET", input: "GET / HTTP/1.1\r\nHost: a\r\n\r\n", expected: .success("GET /")),
    Case(name: "upgrade request", input: upgrade, expected: .success("GET /wire")),
    Case(name: "bare LF line ends", input: "GET /x HTTP/1.1\nHost: a\n\n", expected: .success("GET /x")),
    Case(
      name: "leading empty lines skipped", input: "\r\n\r\nHEAD / HTTP/1.1\r\nHost: a\r\n\r\n",
      expected: .success("HEAD /")),
    Case(name: "HTTP/1.0 without Host", input: "GET / HTTP/1.0\r\n\r\n", expected: .success("GET /")),
    Case(name: "HTTP/1.1 without Host", input: "GET / HTTP/1.1\r\n\r\n", expected: .failure(.badRequest)),
    Case(
      name: "two Host fields", input: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
      expected: .failure(.badRequest)),
    Case(
      name: "HTTP/2.0", input: "GET / HTTP/2.0\r\nHost: a\r\n\r\n",
      expected: .failure(.httpVersionNotSupported)),
    Case(
      name: "HTTP/1.2", input: "GET / HTTP/1.2\r\nHost: a\r\n\r\n",
      expected: .failure(.httpVersionNotSupported)),
    Case(
      name: "garbage version", input: "GET / HTTX/1.1\r\nHost: a\r\n\r\n", expected: .failure(.badRequest)),
    Case(
      name: "two spaces in the request line", input: "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",
      expected: .failure(.badRequest)),
    Case(
      name: "request line of two parts", input: "GET /\r\nHost: a\r\n\r\n", expected: .failure(.badRequest)),
    Case(
      name: "space before the colon", input: "GET / HTTP/1.1\r\nHost : a\r\n\r\n",
      expected: .failure(.badRequest)),
    Case(
      name: "field without colon", input: "GET / HTTP/1.1\r\nHost a\r\n\r\n", expected: .failure(.badRequest)),
    Case(
      name: "obs-fold", input: "GET / HTTP/1.1\r\nHost: a\r\nX: b\r\n c\r\n\r\n",
      expected: .failure(.badRequest)),
    Case(
      name: "control character in a value", input: "GET / HTTP/1.1\r\nHost: a\u{1}b\r\n\r\n",
      expected: .failure(.badRequest)),
    Case(
      name: "bare CR inside a line", input: "GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n",
      expected: .failure(.badRequest)),
    Case(
      name: "101 fields",
      input: "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X: y\r\n", count: 100) + "\r\n",
      expected: .failure(.requestHeaderFieldsTooLarge)),
    Case(
      name: "head of 9000 bytes",
      input: "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "y", count: 9000),
      expected: .failure(.requestHeaderFieldsTooLarge)),
    Case(
      name: "request line of 9000 bytes", input: "GET /" + String(repeating: "a", count: 9000),
      expected: .failure(.requestHeaderFieldsTooLarge)),
  ]

  static func parse(_ pieces: [ArraySlice<UInt8>]) -> HTTPHeadParser.Outcome {
    var parser = HTTPHeadParser()
    for piece in pieces {
      let outcome = parser.append(piece)
      if outcome != .incomplete { return outcome }
    }
    return .incomplete
  }

  static func check(_ outcome: HTTPHeadParser.Outcome, _ expected: Result<String, HTTPStatus>) -> Bool {
    switch (outcome, expected) {
    case (.complete(let head, let rest), .success(let text)):
      "\(head.method) \(head.target)" == text && rest.isEmpty
    case (.failed(let status), .failure(let wanted)): status == wanted
    default: false
    }
  }

  @Test(arguments: cases)
  func whole(_ example: Case) {
    let outcome = Self.parse([Array(example.input.utf8)[...]])
    #expect(Self.check(outcome, example.expected), "\(outcome)")
  }

  @Test(arguments: cases.filter { $0.input.utf8.count < 1000 })
  func byteByByteAndEverySplit(_ example: Case) {
    let bytes = Array(example.input.utf8)
    let single = Self.parse(bytes.indices.map { bytes[$0...$0] })
    #expect(Self.check(single, example.expected), "byte by byte: \(single)")
    for split in 0...bytes.count {
      let outcome = Self.parse([bytes[..<split], bytes[split...]])
      #expect(Self.check(outcome, example.expected), "split at \(split): \(outcome)")
    }
  }

  @Test func bytesAfterTheHeadAreHandedBack() {
    var parser = HTTPHeadParser()
    let outcome = parser.append(Array((Self.upgrade).utf8) + [0x81, 0x85])
    guard case .complete(let head, let rest) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(rest == [0x81, 0x85])
    #expect(head.field("upgrade") == "websocket")
    #expect(head.tokens("CONNECTION") == ["Upgrade"])
  }

  @Test func aMegabyteOfHeadersIsRefusedAfterTheLimitAndNotKept() {
    var parser = HTTPHeadParser()
    var outcome = parser.append(Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8))
    let chunk = Array(String(repeating: "X-Filler: 0123456789abcdef\r\n", count: 2300).utf8)  // 64 KiB
    var fed = 0
    while outcome == .incomplete && fed < 1_000_000 {
      outcome = parser.append(chunk)
      fed += chunk.count
    }
    #expect(outcome == .failed(.requestHeaderFieldsTooLarge))
    #expect(fed <= chunk.count)
  }
}
