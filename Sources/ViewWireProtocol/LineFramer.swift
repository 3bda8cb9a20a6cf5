/// Splits a client's byte stream into lines (PROTOCOL.md section 1).
///
/// It takes telnet's IAC commands out of the stream and turns the few the server heeds into
/// events (section 1.1), ends lines at LF (dropping a CR before it) or at telnet's CR NUL, bounds
/// line length, and checks UTF-8 and control characters, so everything after it sees only clean
/// text.
/// It keeps its state between reads: a line, an IAC sequence or a CRLF may be split anywhere.
///
/// Telnet answers are events, not bytes the framer writes, so the connection sends them in order
/// with the replies to the lines around them: an answer to `DO TIMING-MARK` must follow the
/// replies to every line before it (RFC 860), which only the code that writes replies can do.
public struct LineFramer: Sendable {
  /// What one complete line, or one telnet command the server heeds, turned into.
  public enum Event: Equatable, Sendable {
    /// A line of text, without its terminator; never empty or only blanks.
    case line(String)
    /// A line in one of the common forms (`ClientCommand.parseCommonForm`), read from its bytes
    /// by a framer made with `parsesCommonForms`: the command `ClientCommand.parse` would read
    /// from the line, with no `String` of it made (issue 14, "Cheaper per input").
    case command(ClientCommand)
    /// A line that was refused, with the reply to send.
    case error(LineError)
    /// A telnet answer to send, `IAC VERB OPTION`, after the replies to the lines before it: the
    /// answer to one `DO` or `WILL` request (section 1.1). Two bytes rather than an array, so a
    /// flood of requests costs no allocation each.
    case telnetAnswer(verb: UInt8, option: UInt8)
    /// Telnet's `IP` or `BRK` (Ctrl-C and Ctrl-\ in telnet): the session cancels the touch in
    /// progress. The framer has already discarded the partial line.
    case interrupt
  }

  private enum TelnetState: Sendable {
    case data, command, subnegotiation, subnegotiationCommand
    /// After `IAC` and one of `WILL`, `WONT`, `DO`, `DONT` (the byte kept): the option comes next.
    case option(UInt8)
  }

  /// Telnet's command bytes (RFC 854) and the one option the server answers yes to (RFC 860).
  enum Telnet {
    static let iac: UInt8 = 255
    static let dont: UInt8 = 254
    static let `do`: UInt8 = 253
    static let wont: UInt8 = 252
    static let will: UInt8 = 251
    static let sb: UInt8 = 250
    static let el: UInt8 = 248
    static let ec: UInt8 = 247
    static let ip: UInt8 = 244
    static let brk: UInt8 = 243
    static let se: UInt8 = 240
    static let timingMark: UInt8 = 6
  }

  /// The most bytes a line may hold before its terminator.
  public let maximumLineLength: Int
  /// Whether lines in a common form come as `.command` rather than `.line`.
  public let parsesCommonForms: Bool
  private var line: [UInt8] = []
  private var telnet = TelnetState.data
  private var pendingCR = false
  private var isDiscarding = false

  /// A framer at the start of a stream, holding nothing.
  ///
  /// - Parameter maximumLineLength: the bytes a line may hold before its terminator; 4096 is the protocol's
  /// limit, and the server's configuration or a test may set another.
  /// - Parameter parsesCommonForms: whether a line in one of the forms scripted clients send on
  /// every input (`ping`, `tap @IDENT`, `drag X1 Y1 X2 Y2`...) comes parsed, as `.command`: the
  /// server's framer does, where the line's `String` was made only to be read back byte by byte.
  public init(maximumLineLength: Int = 4096, parsesCommonForms: Bool = false) {
    self.maximumLineLength = maximumLineLength
    self.parsesCommonForms = parsesCommonForms
  }

  /// Feeds bytes as they were read; calls `handler` once per event (a finished line, a telnet
  /// answer, an interrupt), in stream order.
  ///
  /// A run of plain bytes (neither IAC, CR nor LF) between two such bytes, in the data state,
  /// goes into the line in one copy, as far as the line has room: the bytes fed one by one cost
  /// a call and an append each, for every byte of every command. What the run would have done
  /// byte by byte (each stored until the line is full) is what the copy does; the byte that
  /// finds the line full, and every special byte, still go through `feed`.
  public mutating func append(_ bytes: UnsafeRawBufferPointer, _ handler: (consuming Event) -> Void) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
    let count = bytes.count
    var index = 0
    while index < count {
      if case .data = telnet, !pendingCR, !isDiscarding {
        var end = index
        while end < count, base[end] != Telnet.iac, base[end] != UInt8(ascii: "\n"),
          base[end] != UInt8(ascii: "\r")
        {
          end += 1
        }
        // A whole line in this read (every pipelined or typed command, whose bytes arrive
        // together) is handed on from the read's bytes: copied into `line` and cleared out of it
        // again, it cost each command two array operations of a hundred instructions and more.
        if line.isEmpty, end < count, end - index <= maximumLineLength {
          if base[end] == UInt8(ascii: "\n") {
            emitLine(UnsafeBufferPointer(start: base + index, count: end - index), handler)
            index = end + 1
            continue
          }
          if base[end] == UInt8(ascii: "\r"), end + 1 < count, base[end + 1] == UInt8(ascii: "\n") {
            emitLine(UnsafeBufferPointer(start: base + index, count: end - index), handler)
            index = end + 2
            continue
          }
        }
        let stored = min(end - index, maximumLineLength - line.count)
        if stored > 0 {
          line.append(contentsOf: UnsafeBufferPointer(start: base + index, count: stored))
          index += stored
          continue
        }
      }
      feed(base[index], handler)
      index += 1
    }
  }

  /// Feeds bytes held in an array (tests, scripts).
  public mutating func append(_ bytes: [UInt8], _ handler: (consuming Event) -> Void) {
    bytes.withUnsafeBytes { append($0, handler) }
  }

  private mutating func feed(_ byte: UInt8, _ handler: (consuming Event) -> Void) {
    switch telnet {
    case .data:
      if byte == Telnet.iac {
        telnet = .command
        return
      }
    case .command:
      telnet = .data
      switch byte {
      case Telnet.iac: break  // IAC IAC: a literal 0xFF, handled as data below
      case Telnet.will...Telnet.dont:
        telnet = .option(byte)
        return
      case Telnet.sb:
        telnet = .subnegotiation
        return
      case Telnet.ip, Telnet.brk:
        discardPartialLine()
        handler(.interrupt)
        return
      case Telnet.ec:
        eraseCharacter()
        return
      case Telnet.el:
        discardPartialLine()
        return
      default:
        return  // SUSP, AO, AYT, NOP, DM, GA, ...: nothing to do (section 1.1 says why)
      }
    case .option(let verb):
      telnet = .data
      answer(verb, byte, handler)
      return
    case .subnegotiation:
      if byte == Telnet.iac { telnet = .subnegotiationCommand }
      return
    case .subnegotiationCommand:
      telnet = byte == Telnet.se ? .data : .subnegotiation
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

  /// Answers one option request: yes to `DO TIMING-MARK`, no to every other `DO` and `WILL`,
  /// and nothing to `WONT` and `DONT`, which confirm that the option is off as every option is,
  /// so no two telnets can answer each other forever (RFC 1143).
  private func answer(_ verb: UInt8, _ option: UInt8, _ handler: (consuming Event) -> Void) {
    switch verb {
    case Telnet.do:
      handler(.telnetAnswer(verb: option == Telnet.timingMark ? Telnet.will : Telnet.wont, option: option))
    case Telnet.will:
      handler(.telnetAnswer(verb: Telnet.dont, option: option))
    default:
      break
    }
  }

  /// Forgets the line received so far, an overlong one included (`IP`, `BRK`, `EL`).
  private mutating func discardPartialLine() {
    line.removeAll(keepingCapacity: line.capacity <= 8192)
    pendingCR = false
    isDiscarding = false
  }

  /// Erases the partial line's last character (`EC`): a pending CR, or one UTF-8 scalar with its
  /// continuation bytes. A line being discarded for its length has nothing left to erase.
  private mutating func eraseCharacter() {
    if pendingCR {
      pendingCR = false
      return
    }
    while let last = line.popLast(), last & 0xC0 == 0x80 {}
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

  private mutating func finishLine(_ handler: (consuming Event) -> Void) {
    defer { line.removeAll(keepingCapacity: line.capacity <= 8192) }
    if isDiscarding {
      isDiscarding = false
      handler(
        .error(.client(.lineTooLong, "a line may hold at most \(maximumLineLength) bytes; it was discarded")))
      return
    }
    line.withUnsafeBufferPointer { emitLine($0, handler) }
  }

  /// Hands on one finished line of `bytes` (its terminator gone): nothing for a line of blanks,
  /// the line for clean text, an error for invalid UTF-8 or a control character.
  private func emitLine(_ bytes: UnsafeBufferPointer<UInt8>, _ handler: (consuming Event) -> Void) {
    // A line in a common form is printable ASCII with a word in it, which the parse checks in
    // its own pass over the bytes: the pass below would only say so again.
    if parsesCommonForms, let command = ClientCommand.parseCommonForm(bytes) {
      handler(.command(consume command))
      return
    }
    // One pass: whether every byte is a blank, and whether any is outside printable ASCII
    // (tab aside); a byte that is neither settles both.
    var blank = true
    var plain = true
    for byte in bytes {
      if byte &- 0x21 < 0x5E {  // printable, not a space
        blank = false
        continue
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { continue }
      blank = false
      plain = false
      break
    }
    if blank { return }
    // A line of printable ASCII (every scripted command) is valid UTF-8 without a control
    // character: made from its bytes directly, as the general path below would make it, where
    // the generic `String(validating:)` over the array cost each command about 900 instructions
    // (and `String(decoding:as:)` still 300 to validate it again).
    if plain {
      handler(.line(String(printableASCII: bytes)))
      return
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      handler(.error(.client(.invalidUTF8, "the line is not valid UTF-8")))
      return
    }
    if let control = bytes.first(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }) {
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
