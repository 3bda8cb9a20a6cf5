import Testing
import ViewWireWeb

/// The opening handshake, the Origin check, UTF-8 validation and static paths, as tables.
@Suite struct HandshakeTests {
  static func request(_ extra: [(String, String)] = [], drop: Set<String> = [], method: String = "GET")
    -> HTTPRequestHead
  {
    let base: [(name: String, value: String)] = [
      ("Host", "127.0.0.1:7421"), ("Upgrade", "websocket"), ("Connection", "keep-alive, Upgrade"),
      ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "13"),
    ]
    return HTTPRequestHead(
      method: method, target: "/wire",
      fields: base.filter { !drop.contains($0.name) } + extra.map { (name: $0.0, value: $0.1) })
  }

  @Test func acceptValueIsRFC6455sExample() {
    #expect(
      WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let request: HTTPRequestHead
    let policy: WebSocketHandshake.OriginPolicy
    let status: HTTPStatus
    var testDescription: String { name }
  }

  static let same = WebSocketHandshake.OriginPolicy.sameOrigin(alsoAllowed: [])
  static let cases: [Case] = [
    Case(name: "a good handshake", request: request(), policy: same, status: .switchingProtocols),
    Case(
      name: "same origin", request: request([("Origin", "http://127.0.0.1:7421")]), policy: same,
      status: .switchingProtocols),
    Case(
      name: "same origin, other case", request: request([("Origin", "HTTP://127.0.0.1:7421")]), policy: same,
      status: .switchingProtocols),
    Case(
      name: "other origin", request: request([("Origin", "http://evil.example")]), policy: same,
      status: .forbidden),
    Case(
      name: "other origin, other port", request: request([("Origin", "http://127.0.0.1:8000")]), policy: same,
      status: .forbidden),
    Case(
      name: "allowed origin", request: request([("Origin", "http://127.0.0.1:8000")]),
      policy: .sameOrigin(alsoAllowed: ["http://127.0.0.1:8000"]), status: .switchingProtocols),
    Case(
      name: "any origin", request: request([("Origin", "http://evil.example")]), policy: .any,
      status: .switchingProtocols),
    Case(name: "POST", request: request(method: "POST"), policy: same, status: .methodNotAllowed),
    Case(name: "no Upgrade", request: request(drop: ["Upgrade"]), policy: same, status: .badRequest),
    Case(
      name: "no Connection upgrade", request: request(drop: ["Connection"]), policy: same, status: .badRequest
    ),
    Case(name: "no key", request: request(drop: ["Sec-WebSocket-Key"]), policy: same, status: .badRequest),
    Case(
      name: "key of 15 bytes",
      request: request(
        [("Sec-WebSocket-Key", "AAAAAAAAAAAAAAAAAAAA")],
        drop: ["Sec-WebSocket-Key"]), policy: same, status: .badRequest),
    Case(
      name: "key not base64", request: request([("Sec-WebSocket-Key", "!!!!")], drop: ["Sec-WebSocket-Key"]),
      policy: same, status: .badRequest),
    Case(
      name: "version 8", request: request([("Sec-WebSocket-Version", "8")], drop: ["Sec-WebSocket-Version"]),
      policy: same, status: .upgradeRequired),
    Case(
      name: "no version", request: request(drop: ["Sec-WebSocket-Version"]), policy: same,
      status: .upgradeRequired),
  ]

  @Test(arguments: cases)
  func handshake(_ example: Case) {
    let (response, upgraded) = WebSocketHandshake.respond(to: example.request, origins: example.policy)
    #expect(response.status == example.status)
    #expect(upgraded == (example.status == .switchingProtocols))
  }

  @Test func theUpgradeResponseOnTheWire() {
    let (response, _) = WebSocketHandshake.respond(to: Self.request(), origins: Self.same)
    #expect(
      String(decoding: response.encoded, as: UTF8.self)
        == "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n")
  }

  @Test func versionErrorNamesTheVersion() {
    let (response, _) = WebSocketHandshake.respond(
      to: Self.request([("Sec-WebSocket-Version", "8")], drop: ["Sec-WebSocket-Version"]), origins: Self.same)
    #expect(String(decoding: response.encoded, as: UTF8.self).contains("Sec-WebSocket-Version: 13\r\n"))
  }

  @Test(arguments: [
    ("/", "index.html"), ("/app.js", "app.js"), ("/app.js?v=2", "app.js"), ("/a%20b.css", "a b.css"),
    ("/js/mirror.js", "js/mirror.js"),
  ])
  func staticPathsResolve(_ target: String, _ name: String) {
    #expect(StaticFileTable.resolve(target: target) == .success(name))
  }

  @Test(arguments: [
    "/../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd", "/a/./b", "/a/..", "/%00", "/%zz",
    "/%2", "http://host/index.html", "*", "/..%5cwin.ini", "/%ff",
  ])
  func traversalAndMalformedTargetsAreRefused(_ target: String) {
    #expect(StaticFileTable.resolve(target: target) == .failure(.badRequest))
  }

  @Test func staticFilesAnswerWithTypeLengthAndMethods() {
    let table = StaticFileTable(files: ["index.html": Array("<p>hi</p>".utf8), "app.js": Array("1".utf8)])
    func answer(_ method: String, _ target: String) -> String {
      String(
        decoding: table.respond(to: HTTPRequestHead(method: method, target: target, fields: [("Host", "a")]))
          .encoded,
        as: UTF8.self)
    }
    #expect(answer("GET", "/").hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"))
    #expect(
      answer("GET", "/").hasSuffix(
        "Content-Length: 9\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n<p>hi</p>"))
    #expect(
      answer("HEAD", "/").hasSuffix(
        "Content-Length: 9\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n"))
    #expect(answer("GET", "/app.js").contains("Content-Type: text/javascript; charset=utf-8\r\n"))
    #expect(answer("POST", "/app.js").hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
    #expect(answer("POST", "/app.js").contains("Allow: GET, HEAD\r\n"))
    #expect(answer("GET", "/missing.js").hasPrefix("HTTP/1.1 404 Not Found\r\n"))
    #expect(answer("GET", "/%2e%2e/x").hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
  }

  @Test(arguments: [
    ([UInt8](), true), (Array("abc".utf8), true), ([0xC2, 0xA9], true), ([0xEF, 0xBF, 0xBF], true),
    ([0xF4, 0x8F, 0xBF, 0xBF], true), ([0x80], false), ([0xC1, 0xBF], false), ([0xE0, 0x9F, 0x80], false),
    ([0xED, 0xBF, 0xBF], false), ([0xF0, 0x8F, 0xBF, 0xBF], false), ([0xF5, 0x80, 0x80, 0x80], false),
    ([0xFE], false),
  ])
  func utf8Validation(_ bytes: [UInt8], _ valid: Bool) {
    var validator = UTF8Validator()
    #expect((validator.feed(bytes) && validator.isComplete) == valid)
    // The same verdict byte by byte.
    var single = UTF8Validator()
    var ok = true
    for byte in bytes where ok { ok = single.feed([byte]) }
    #expect((ok && single.isComplete) == valid)
  }
}
