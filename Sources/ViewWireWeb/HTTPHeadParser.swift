/// Reads an HTTP/1.x request head from bytes as they arrive, within fixed limits.
///
/// Holds at most `maximumHeadBytes`: a client that sends 1 MB of header fields gets `431`
/// after the first 8 KiB, and nothing more of it is kept. The head ends at the first empty
/// line; CRLF and a bare LF both end a line (RFC 9112 section 2.2 lets a server accept LF).
/// Empty lines before the request line are skipped, as RFC 9112 section 2.2 recommends.
/// Bytes after the head (the start of WebSocket frames, say) are handed back untouched.
public struct HTTPHeadParser: Sendable {
  /// The outcome of feeding bytes.
  public enum Outcome: Sendable, Equatable {
    /// More bytes are needed.
    case incomplete
    /// The head is complete; `rest` is what followed it in the input.
    case complete(HTTPRequestHead, rest: [UInt8])
    /// The head is malformed or too large; answer with this status and close.
    case failed(HTTPStatus)
  }

  /// The largest head accepted, request line, fields and empty line included.
  public let maximumHeadBytes: Int
  /// The most header fields accepted.
  public let maximumFields: Int
  private var buffer: [UInt8] = []
  /// Where the search for the end of the head resumes, so each byte is scanned once.
  private var scanned = 0
  private var finished = false

  /// A parser with PROTOCOL.md section 13's limits unless told otherwise.
  public init(maximumHeadBytes: Int = 8192, maximumFields: Int = 100) {
    self.maximumHeadBytes = maximumHeadBytes
    self.maximumFields = maximumFields
  }

  /// Feeds bytes; after a `complete` or `failed` outcome the parser takes nothing more.
  public mutating func append(_ bytes: some Collection<UInt8>) -> Outcome {
    guard !finished else { return .incomplete }
    var input = bytes[...]
    // Leading empty lines are skipped before they are counted.
    if buffer.isEmpty {
      while let first = input.first, first == 0x0D || first == 0x0A { input = input.dropFirst() }
      if input.isEmpty { return .incomplete }
    }
    let room = maximumHeadBytes - buffer.count
    buffer.append(contentsOf: input.prefix(room))
    let overflow = input.count > room
    // The head ends at LF, optional CR, LF.
    var index = max(scanned, 1)
    while index < buffer.count {
      if buffer[index] == 0x0A {
        if buffer[index - 1] == 0x0A
          || (index >= 2 && buffer[index - 1] == 0x0D && buffer[index - 2] == 0x0A)
        {
          finished = true
          let rest = Array(buffer[(index + 1)...]) + Array(input.dropFirst(room))
          return parse(Array(buffer[..<(index + 1)]), rest: rest)
        }
      }
      index += 1
    }
    scanned = index
    if overflow || buffer.count >= maximumHeadBytes {
      finished = true
      buffer = []
      return .failed(.requestHeaderFieldsTooLarge)
    }
    return .incomplete
  }

  private func parse(_ head: [UInt8], rest: [UInt8]) -> Outcome {
    var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      line.last == 0x0D ? line.dropLast() : line
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { return .failed(.badRequest) }
    // Control characters other than TAB have no place in a head (a bare CR included).
    for line in lines where line.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
      return .failed(.badRequest)
    }
    let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].allSatisfy(Self.isTokenByte), !parts[0].isEmpty, !parts[1].isEmpty,
      !parts[1].contains(0x09)
    else { return .failed(.badRequest) }
    let version = Array(parts[2])
    guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), version[6] == UInt8(ascii: "."),
      Self.isDigit(version[5]), Self.isDigit(version[7])
    else { return .failed(.badRequest) }
    guard version[5] == UInt8(ascii: "1"), version[7] == UInt8(ascii: "0") || version[7] == UInt8(ascii: "1")
    else { return .failed(.httpVersionNotSupported) }
    var fields: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      // obs-fold: a field continued on the next line (RFC 9112 section 5.2 lets a server refuse it).
      if line.first == 0x20 || line.first == 0x09 { return .failed(.badRequest) }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .failed(.badRequest) }
      let name = line[..<colon]
      guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else { return .failed(.badRequest) }
      fields.append(
        (
          String(decoding: name, as: UTF8.self),
          String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingBlanks()
        ))
      if fields.count > maximumFields { return .failed(.requestHeaderFieldsTooLarge) }
    }
    let request = HTTPRequestHead(
      method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
      minorVersion: version[7] == UInt8(ascii: "1") ? 1 : 0, fields: fields)
    // HTTP/1.1 requires exactly one Host (RFC 9112 section 3.2).
    let hosts = request.count(of: "Host")
    if hosts > 1 || (hosts == 0 && request.minorVersion == 1) { return .failed(.badRequest) }
    return .complete(request, rest: rest)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  /// RFC 9110's `tchar`: the bytes a method or a field name may hold.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return true
    default:
      return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}
