/// Splits a client's byte stream into lines (PROTOCOL.md section 1).
///
/// It removes telnet's IAC sequences, ends lines at LF (dropping a CR before it) or at telnet's
/// CR NUL, bounds line length, and checks UTF-8 and control characters, so everything after it
/// sees only clean text.
/// It keeps its state between reads: a line, an IAC sequence or a CRLF may be split anywhere.
public struct LineFramer: Sendable {
  /// What one complete line turned into.
  public enum Event: Equatable, Sendable {
    /// A line of text, without its terminator; never empty or only blanks.
    case line(String)
    /// A line that was refused, with the reply to send.
    case error(LineError)
  }

  private enum TelnetState: Sendable {
    case data, command, option, subnegotiation, subnegotiationCommand
  }

  /// The most bytes a line may hold before its terminator.
  public let maximumLineLength: Int
  private var line: [UInt8] = []
  private var telnet = TelnetState.data
  private var pendingCR = false
  private var isDiscarding = false

  /// A framer at the start of a stream, holding nothing.
  ///
  /// - Parameter maximumLineLength: the bytes a line may hold before its terminator; 4096 is the protocol's
  /// limit, and the server's configuration or a test may set another.
  public init(maximumLineLength: Int = 4096) {
    self.maximumLineLength = maximumLineLength
    line.reserveCapacity(256)
  }

  /// Feeds bytes as they were read; calls `handler` once per finished line, in order.
  public mutating func append(_ bytes: UnsafeRawBufferPointer, _ handler: (Event) -> Void) {
    for byte in bytes { feed(byte, handler) }
  }

  /// Feeds bytes held in an array (tests, scripts).
  public mutating func append(_ bytes: [UInt8], _ handler: (Event) -> Void) {
    bytes.withUnsafeBytes { append($0, handler) }
  }

  private mutating func feed(_ byte: UInt8, _ handler: (Event) -> Void) {
    switch telnet {
    case .data:
      if byte == 0xFF {
        telnet = .command
        return
      }
    case .command:
      switch byte {
      case 0xFF: telnet = .data  // IAC IAC: a literal 0xFF, handled as data below
      case 251...254:
        telnet = .option
        return
      case 250:
        telnet = .subnegotiation
        return
      default:
        telnet = .data
        return
      }
    case .option:
      telnet = .data
      return
    case .subnegotiation:
      if byte == 0xFF { telnet = .subnegotiationCommand }
      return
    case .subnegotiationCommand:
      telnet = byte == 240 ? .data : .subnegotiation
      return
    }

    if pendingCR {
      pendingCR = false
      // CR LF ends a line, and so does telnet's CR NUL (a carriage return alone).
      if byte == UInt8(ascii: "\n") || byte == 0 {
        finishLine(handler)
        return
      }
      store(UInt8(ascii: "\r"))
    }
    switch byte {
    case UInt8(ascii: "\n"): finishLine(handler)
    case UInt8(ascii: "\r"): pendingCR = true
    default: store(byte)
    }
  }

  private mutating func store(_ byte: UInt8) {
    guard !isDiscarding else { return }
    if line.count == maximumLineLength {
      isDiscarding = true
      line.removeAll(keepingCapacity: true)
      return
    }
    line.append(byte)
  }

  private mutating func finishLine(_ handler: (Event) -> Void) {
    defer { line.removeAll(keepingCapacity: line.capacity <= 8192) }
    if isDiscarding {
      isDiscarding = false
      handler(
        .error(.client(.lineTooLong, "a line may hold at most \(maximumLineLength) bytes; it was discarded")))
      return
    }
    if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
    guard let text = String(validating: line, as: UTF8.self) else {
      handler(.error(.client(.invalidUTF8, "the line is not valid UTF-8")))
      return
    }
    if let control = line.first(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }) {
      handler(
        .error(
          .client(
            .badSyntax,
            "the line holds the control character 0x\(String(control, radix: 16, uppercase: true))")))
      return
    }
    handler(.line(text))
  }
}
