/// Where a `tap` lands (PROTOCOL.md section 5).
public enum TapTarget: Equatable, Sendable {
  /// A point in window coordinates, hit-tested.
  case point(x: Double, y: Double)
  /// A view id from the frames: `#12`.
  case id(Int)
  /// A view's accessibility identifier: `@login`.
  case identifier(String)
}

/// A key a client may press (`key KEY`).
public enum KeyName: String, Equatable, Sendable, CaseIterable {
  /// The four keys of PROTOCOL.md section 8; the raw value is the word on the wire, compared in lowercase.
  /// `return` asks the field's delegate, `backspace` deletes the last character, `tab` moves focus to the
  /// next field, `escape` ends editing.
  case `return`, backspace, tab, escape
}

/// What `clock` asks of the session's clock (PROTOCOL.md section 5, "Clocks").
public enum ClockRequest: Equatable, Sendable {
  /// Report the clock.
  case show
  /// Switch to a manual clock.
  case manual
  /// Move a manual clock forward by this many seconds.
  case advance(seconds: Double)
}

/// What `share` asks for (PROTOCOL.md section 18); the raw value is the word on the wire.
public enum ShareRequest: String, Equatable, Sendable, CaseIterable {
  /// The observer token: its holders receive every frame and may not change the session.
  case observe
  /// The driver token: its holders may also give input, as the owner does.
  case drive
  /// Ends both tokens and closes every joiner, so the owner can stop sharing at once.
  case revoke
}

/// What a client may say in `hello` (PROTOCOL.md section 3). Nil means "not stated".
public struct HelloOptions: Equatable, Sendable {
  /// The `version=N` the client speaks; a version outside `ProtocolVersion.supported` is refused before a
  /// session sees it.
  public var version: Int?
  /// The window width in points from `size=WxH` (1 to 100000); set together with `height`.
  public var width: Double?
  /// The window height in points from `size=WxH` (1 to 100000); set together with `width`.
  public var height: Double?
  /// Points to pixels (`scale=N`, 0.5 to 10); a trait the apps may read, the server never rasterises.
  public var scale: Double?
  /// `phone`, `pad`, `desktop` or `terminal`; it also picks the default keyboard height (0 for `terminal` and
  /// `desktop`, 300 otherwise).
  public var idiom: String?
  /// A BCP 47 tag (`en`, `fr-CA`) that picks the string tables for strings looked up from now on; checked
  /// only for its characters, so an unknown language falls back to `en` instead of failing.
  public var locale: String?
  /// The height in points of the client's on-screen keyboard (`keyboard=N`, 0 to 10000, 0 for none).
  public var keyboardHeight: Double?
  /// `light` or `dark` (`appearance=`), lowercased: the colours the apps' dynamic colours resolve to.
  public var appearance: String?
  /// What the client's chrome covers of the window (`safe-area=T,L,B,R`, each 0 to 10000 points).
  public var safeArea: (top: Double, left: Double, bottom: Double, right: Double)? {
    get { safeAreaValues.map { ($0[0], $0[1], $0[2], $0[3]) } }
    set { safeAreaValues = newValue.map { [$0.top, $0.left, $0.bottom, $0.right] } }
  }
  /// The four insets in wire order, stored as an array so the options stay `Equatable`.
  private var safeAreaValues: [Double]?
  /// The reader's text size (`content-size=`), lowercased: `xs` to `xxxl`, `ax1` to `ax5`.
  public var contentSize: String?

  /// An empty `hello`: nothing stated, so the session keeps everything as it was.
  public init() {}
}

/// A client line, parsed (PROTOCOL.md section 5).
public enum ClientCommand: Equatable, Sendable {
  /// `help`: one `help` line per command.
  case help
  /// `ping`: answers `ok ping` and touches nothing, so a client can check the connection.
  case ping
  /// `hello [options]`: states the client's version and traits (section 3). Boxed: the options
  /// take some 150 bytes, which every command (a `tap`, a `ping`) copied and destroyed as its
  /// own size through the parser and the dispatcher.
  indirect case hello(HelloOptions)
  /// `apps`: lists the daemon's apps by name.
  case apps
  /// `open APP`: closes any open app, opens this one and sends a full frame.
  case open(app: String)
  /// `close`: closes the open app; the window stays, empty.
  case close
  /// `resize W H`: sets the window size in points (each 1 to 100000) and lays out again.
  case resize(width: Double, height: Double)
  /// `tap TARGET [count=N]`: a touch down and up; `count` (1 to 10) is the tap count, for double taps.
  case tap(TapTarget, count: Int)
  /// `down X Y`: a finger goes down at a point in window coordinates, starting the session's one touch.
  case down(x: Double, y: Double)
  /// `move X Y`: the finger moves; `not-in-drag` without a `down` first.
  case move(x: Double, y: Double)
  /// `up X Y`: the finger lifts, ending the touch.
  case up(x: Double, y: Double)
  /// `drag X1 Y1 X2 Y2 [steps=N]`: `down`, `steps` evenly spaced `move`s (1 to 1000, default 4) and `up`,
  /// sent as one frame.
  case drag(fromX: Double, fromY: Double, toX: Double, toY: Double, steps: Int)
  /// `text STRING`: types into the focused text field or text view; a string holding `=` must be quoted on the wire.
  case text(String)
  /// `key KEY`: presses a key in the focused text field.
  case key(KeyName)
  /// `tree`: sends any pending frame, then the whole tree as `tree` lines, one view per line, so a person or
  /// a test can read the server's tree without keeping a mirror.
  case tree
  /// The constraints and facts that decide a view's frame (Auto Layout).
  case explain(TapTarget)
  /// `snapshot`: a full frame of the current tree.
  case snapshot
  /// `resync`: the same as `snapshot`; a verb of its own so a transcript or a log says why the client asked
  /// (its frame hash disagreed).
  case resync
  /// `ack SEQ`: the client applied frame `SEQ`; informational only, the server sends the same frames either
  /// way.
  case ack(sequence: Int)
  /// `trace on` (true) or `trace off` (false): starts or stops this session's `trace` lines.
  case trace(Bool)
  /// `clock [manual|advance SECONDS]`: reads or drives the session's clock, for deterministic scripts.
  case clock(ClockRequest)
  /// `back`: pops the navigation stack on screen, as its back button does.
  case back
  /// `memory-warning`: warns every controller of the session, as the daemon does when memory passes its soft
  /// limit.
  case memoryWarning
  /// `quit` (or `exit`): ends the session after `ok quit`, with no `bye` since the client asked.
  case quit
  /// `resume-token`: makes the session resumable and names its secret token (section 15).
  case resumeToken
  /// `resume TOKEN [frame=SEQ]`: takes over the session the token names, with the frames after `SEQ`
  /// (section 15).
  case resume(token: String, frame: Int)
  /// `auth TOKEN`: presents the daemon's secret (section 17).
  case auth(token: String)
  /// `share observe|drive|revoke`: names a share token, or ends them all (section 18).
  case share(ShareRequest)
  /// `join TOKEN`: joins the session the share token names (section 18).
  case join(token: String)

  /// The verb as the `ok` reply names it.
  public var verb: String {
    switch self {
    case .help: "help"
    case .ping: "ping"
    case .hello: "hello"
    case .apps: "apps"
    case .open: "open"
    case .close: "close"
    case .resize: "resize"
    case .tap: "tap"
    case .down: "down"
    case .move: "move"
    case .up: "up"
    case .drag: "drag"
    case .text: "text"
    case .key: "key"
    case .tree: "tree"
    case .explain: "explain"
    case .snapshot: "snapshot"
    case .resync: "resync"
    case .ack: "ack"
    case .trace: "trace"
    case .clock: "clock"
    case .back: "back"
    case .memoryWarning: "memory-warning"
    case .quit: "quit"
    case .resumeToken: "resume-token"
    case .resume: "resume"
    case .auth: "auth"
    case .share: "share"
    case .join: "join"
    }
  }

  /// Whether the command reads or changes the tree (PROTOCOL.md section 3, "The first frame"):
  /// such a command sends the first frame, and what changed before it failed, even when it
  /// fails; the others (`help`, `ping`, `apps`, `trace`, `clock` but `clock advance`, `ack`,
  /// `quit`) never send a frame.
  public var touchesTree: Bool {
    switch self {
    // `resume` sends the frames of the session it takes over, itself.
    // `join` sends the joined session's frame itself, as `resume` does.
    case .help, .ping, .apps, .trace, .ack, .quit, .resumeToken, .resume, .auth, .share, .join: false
    case .clock(let request):
      if case .advance = request { true } else { false }
    default: true
    }
  }

  /// One entry of `help`: the verb, its arguments and what it does.
  public struct HelpEntry: Sendable {
    /// The verb as typed, lowercase.
    public let verb: String
    /// The arguments in usage form (`X Y|#ID|@IDENT [count=N]`); also quoted in `missing-argument` messages.
    public let arguments: String
    /// What the command does, in a few words for a person at a telnet prompt.
    public let summary: String
  }

  /// Every command, in the order `help` lists them. The parser accepts exactly these verbs.
  public static let helpEntries: [HelpEntry] = [
    HelpEntry(verb: "help", arguments: "", summary: "lists the commands"),
    HelpEntry(verb: "ping", arguments: "", summary: "answers ok"),
    HelpEntry(
      verb: "hello",
      arguments:
        "[version=N] [size=WxH] [scale=N] [idiom=I] [locale=L] [keyboard=N] [appearance=A] [safe-area=T,L,B,R] [content-size=C]",
      summary: "states the client's version and traits"),
    HelpEntry(verb: "apps", arguments: "", summary: "lists the apps"),
    HelpEntry(verb: "open", arguments: "APP", summary: "opens an app and sends a full frame"),
    HelpEntry(verb: "close", arguments: "", summary: "closes the open app"),
    HelpEntry(verb: "resize", arguments: "W H", summary: "resizes the window"),
    HelpEntry(verb: "tap", arguments: "X Y|#ID|@IDENT [count=N]", summary: "taps a point or a view"),
    HelpEntry(verb: "down", arguments: "X Y", summary: "puts a finger down"),
    HelpEntry(verb: "move", arguments: "X Y", summary: "moves the finger"),
    HelpEntry(verb: "up", arguments: "X Y", summary: "lifts the finger"),
    HelpEntry(verb: "drag", arguments: "X1 Y1 X2 Y2 [steps=N]", summary: "drags from one point to another"),
    HelpEntry(verb: "text", arguments: "STRING", summary: "types into the focused text field or text view"),
    HelpEntry(verb: "key", arguments: "return|backspace|tab|escape", summary: "presses a key"),
    HelpEntry(verb: "tree", arguments: "", summary: "prints the view tree"),
    HelpEntry(verb: "explain", arguments: "X Y|#ID|@IDENT", summary: "lists what decides a view's frame"),
    HelpEntry(verb: "snapshot", arguments: "", summary: "sends a full frame"),
    HelpEntry(verb: "resync", arguments: "", summary: "sends a full frame after a hash mismatch"),
    HelpEntry(verb: "ack", arguments: "SEQ", summary: "acknowledges a frame"),
    HelpEntry(verb: "trace", arguments: "on|off", summary: "starts or stops trace lines"),
    HelpEntry(
      verb: "clock", arguments: "[manual|advance SECONDS]",
      summary: "shows the clock, makes it manual, or moves a manual one"),
    HelpEntry(verb: "back", arguments: "", summary: "pops the navigation stack on screen"),
    HelpEntry(
      verb: "memory-warning", arguments: "",
      summary: "raises a memory warning; hidden controllers release their views"),
    HelpEntry(verb: "auth", arguments: "TOKEN", summary: "presents the daemon's secret"),
    HelpEntry(
      verb: "resume-token", arguments: "", summary: "makes the session resumable and names its token"),
    HelpEntry(
      verb: "resume", arguments: "TOKEN [frame=SEQ]", summary: "takes over a session after a lost connection"),
    HelpEntry(
      verb: "share", arguments: "observe|drive|revoke",
      summary: "names a token that lets another client watch or drive this session, or ends them"),
    HelpEntry(verb: "join", arguments: "TOKEN", summary: "joins a shared session as its token allows"),
    HelpEntry(verb: "quit", arguments: "", summary: "ends the session"),
  ]

  /// Parses one line from the framer. Returns nil for a line of only blanks.
  public static func parse(_ line: String) throws(LineError) -> ClientCommand? {
    try parse(tokens: try Tokenizer.tokenize(line))
  }

  /// Parses a line already tokenized (and stripped of its `n=` option, section 16). Returns nil
  /// for no tokens.
  public static func parse(tokens: [Token]) throws(LineError) -> ClientCommand? {
    guard let first = tokens.first else { return nil }
    // The verb is a word (PROTOCOL.md section 2): a quoted verb or an option in its place is
    // a syntax error, not an unknown command, so the message can say what to write instead.
    let word: String
    switch first {
    case .word(let verb): word = verb
    case .string:
      throw .client(.badSyntax, "a command is a word, not a quoted string: write it without quotes")
    case .option:
      throw .client(.badSyntax, "a line must start with a command, not an option; 'help' lists them")
    }
    // Lowercased only when it may hold a capital (an ASCII one, or any non-ASCII scalar: the
    // Kelvin sign lowercases to `k`): `lowercased()` built a new string on every command.
    // Over the contiguous bytes: iterating `String.UTF8View` cost 50 instructions a byte.
    var contiguous = word
    let mayHaveCapital = contiguous.withUTF8 { bytes in
      bytes.contains { ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || $0 >= 0x80 }
    }
    let verb = mayHaveCapital ? word.lowercased() : word
    var arguments = Arguments(verb: verb, tokens: tokens, from: 1)
    let command: ClientCommand
    switch verb {
    case "help": command = .help
    case "ping": command = .ping
    // The inputs a client sends most come first: a switch over strings compares them in order,
    // and `tap` was the twentieth comparison (the cases are distinct, so order changes nothing).
    case "tap":
      let target = try arguments.target()
      command = .tap(target, count: try arguments.intOption("count", default: 1, in: 1...10))
    case "drag":
      let (fromX, fromY) = try arguments.point()
      let (toX, toY) = try arguments.point()
      command = .drag(
        fromX: fromX, fromY: fromY, toX: toX, toY: toY,
        steps: try arguments.intOption("steps", default: 4, in: 1...1000))
    case "apps": command = .apps
    case "close": command = .close
    case "tree": command = .tree
    case "snapshot": command = .snapshot
    case "resync": command = .resync
    case "quit", "exit": command = .quit
    case "back": command = .back
    case "memory-warning": command = .memoryWarning
    case "resume-token": command = .resumeToken
    case "auth": command = .auth(token: try arguments.text("TOKEN"))
    case "resume":
      let token = try arguments.text("TOKEN")
      command = .resume(
        token: token, frame: try arguments.intOption("frame", default: 0, in: 0...Int(Int32.max)))
    case "share":
      let word = try arguments.text("observe|drive|revoke")
      guard let request = ShareRequest(rawValue: word.lowercased()) else {
        throw .client(.badArgument, "share takes 'observe', 'drive' or 'revoke', not '\(word)'")
      }
      command = .share(request)
    case "join": command = .join(token: try arguments.text("TOKEN"))
    case "hello": command = .hello(try arguments.helloOptions())
    case "open": command = .open(app: try arguments.text("APP"))
    case "resize":
      let width = try arguments.number("W", in: 1...100_000)
      command = .resize(width: width, height: try arguments.number("H", in: 1...100_000))
    case "explain": command = .explain(try arguments.target())
    case "down":
      let (x, y) = try arguments.point()
      command = .down(x: x, y: y)
    case "move":
      let (x, y) = try arguments.point()
      command = .move(x: x, y: y)
    case "up":
      let (x, y) = try arguments.point()
      command = .up(x: x, y: y)
    case "text":
      // `text a=b` reads as an option; say how to type an `=` instead of "missing".
      if tokens.count == 2, case .option = tokens[1] {
        throw .client(.badArgument, "text holding '=' must be quoted: text \"a=b\"")
      }
      command = .text(try arguments.text("STRING"))
    case "key":
      let name = try arguments.text("KEY")
      guard let key = KeyName(rawValue: name.lowercased()) else {
        throw .client(.badArgument, "unknown key '\(name)'; keys are return, backspace, tab and escape")
      }
      command = .key(key)
    case "ack":
      let sequence = try arguments.number("SEQ", in: 0...Double(Int32.max))
      guard sequence == sequence.rounded() else { throw .client(.badArgument, "SEQ must be a whole number") }
      command = .ack(sequence: Int(sequence))
    case "trace":
      switch try arguments.text("on|off").lowercased() {
      case "on": command = .trace(true)
      case "off": command = .trace(false)
      case let other: throw .client(.badArgument, "trace takes 'on' or 'off', not '\(other)'")
      }
    case "clock":
      if arguments.isAtEnd {
        command = .clock(.show)
      } else {
        switch try arguments.text("manual|advance").lowercased() {
        case "manual": command = .clock(.manual)
        case "advance": command = .clock(.advance(seconds: try arguments.number("SECONDS", in: 0...86_400)))
        case let other:
          throw .client(.badArgument, "clock takes 'manual' or 'advance SECONDS', not '\(other)'")
        }
      }
    default:
      // A verb is echoed so a person sees what was read, but never at length.
      throw .unknownCommand(word.count > 40 ? String(word.prefix(40)) + "\u{2026}" : word)
    }
    try arguments.finish()
    return command
  }
}

/// Reads a command's arguments left to right, with errors that name what was expected.
private struct Arguments {
  let verb: String
  var tokens: [Token]
  var position = 0

  /// The arguments of `tokens` from position `start` (after the verb).
  ///
  /// A line without options (every `tap`, `drag`, `ping`) reads the tokens where they are: a
  /// copy without the verb, a filtered copy and an empty table of options were made for each.
  init(verb: String, tokens: [Token], from start: Int) {
    self.verb = verb
    options = [:]
    let hasOptions = tokens[start...].contains { if case .option = $0 { return true } else { return false } }
    guard hasOptions else {
      self.tokens = tokens
      position = start
      return
    }
    self.tokens = tokens[start...].filter { if case .option = $0 { return false } else { return true } }
    for token in tokens[start...] {
      if case .option(let key, let value) = token { options[key] = value }
    }
  }

  var options: [String: String]
  var usedOptions: Set<String> = []

  private var usage: String {
    let entry = ClientCommand.helpEntries.first { $0.verb == verb }
    return "usage: \(verb) \(entry?.arguments ?? "")"
  }

  var isAtEnd: Bool { position >= tokens.count }

  mutating func next(_ name: String) throws(LineError) -> Token {
    guard position < tokens.count else { throw .client(.missingArgument, "\(name) is missing; \(usage)") }
    defer { position += 1 }
    return tokens[position]
  }

  /// A word or a string.
  mutating func text(_ name: String) throws(LineError) -> String {
    switch try next(name) {
    case .word(let text), .string(let text): return text
    case .option: throw .client(.badArgument, "\(name) is missing; \(usage)")
    }
  }

  mutating func number(_ name: String, in range: ClosedRange<Double> = -1_000_000...1_000_000)
    throws(LineError)
    -> Double
  {
    let token = try next(name)
    guard case .word(let text) = token, let value = CanonicalNumber.parse(text) else {
      throw .client(.badArgument, "\(name) must be a number; \(usage)")
    }
    guard range.contains(value) else {
      throw .client(
        .badArgument,
        "\(name) must be between \(CanonicalNumber.format(range.lowerBound)) and \(CanonicalNumber.format(range.upperBound))"
      )
    }
    return value
  }

  mutating func point() throws(LineError) -> (Double, Double) {
    let x = try number("X")
    return (x, try number("Y"))
  }

  mutating func target() throws(LineError) -> TapTarget {
    guard position < tokens.count else { throw .client(.missingArgument, "a target is missing; \(usage)") }
    if case .word(let word) = tokens[position] {
      // `tap @IDENT`, every tap of a scripted client, in bytes when the word is ASCII (where a
      // byte is a character): `hasPrefix`, `count` and `dropFirst` on characters cost a tap
      // about a thousand instructions. Same result as the general path below.
      var contiguous = word
      let identifier = contiguous.withUTF8 { bytes -> String? in
        guard bytes.count > 1, bytes[0] == UInt8(ascii: "@"), !bytes.contains(where: { $0 >= 0x80 }) else {
          return nil
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[1...]), as: UTF8.self)
      }
      if let identifier {
        position += 1
        return .identifier(identifier)
      }
      if word.hasPrefix("#") {
        position += 1
        let digits = word.dropFirst()
        guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let id = Int(digits), id > 0 else {
          throw .client(.badArgument, "'\(word)' is not a view id; ids are written #12")
        }
        return .id(id)
      }
      if word.hasPrefix("@") {
        position += 1
        guard word.count > 1 else { throw .client(.badArgument, "'@' must be followed by an identifier") }
        return .identifier(String(word.dropFirst()))
      }
    }
    let (x, y) = try point()
    return .point(x: x, y: y)
  }

  mutating func intOption(_ key: String, default value: Int, in range: ClosedRange<Int>) throws(LineError)
    -> Int
  {
    guard let text = options[key] else { return value }
    usedOptions.insert(key)
    guard let number = Int(text), range.contains(number) else {
      throw .client(
        .badArgument, "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  mutating func helloOptions() throws(LineError) -> HelloOptions {
    var hello = HelloOptions()
    func positive(_ key: String, _ text: String, _ range: ClosedRange<Double>) throws(LineError) -> Double {
      guard let value = CanonicalNumber.parse(text), range.contains(value) else {
        // Canonical form, so a bound such as scale's 0.5 is not cut to 0.
        throw .client(
          .badArgument,
          "\(key) must be a number from \(CanonicalNumber.format(range.lowerBound)) to \(CanonicalNumber.format(range.upperBound))"
        )
      }
      return value
    }
    for (key, value) in options {
      usedOptions.insert(key)
      switch key {
      case "version":
        guard let version = Int(value), version > 0 else {
          // A whole number too large for an Int is still a version, one no server speaks.
          if !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }),
            value.contains(where: { $0 != "0" })
          {
            throw .client(.unsupportedVersion, ProtocolVersion.unsupportedMessage(value))
          }
          throw .client(.badArgument, "version must be a positive whole number")
        }
        hello.version = version
      case "size":
        let parts = value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = CanonicalNumber.parse(parts[0]),
          let height = CanonicalNumber.parse(parts[1]),
          (1...100_000).contains(width), (1...100_000).contains(height)
        else { throw .client(.badArgument, "size must be WIDTHxHEIGHT, such as 390x844") }
        hello.width = width
        hello.height = height
      case "scale": hello.scale = try positive(key, value, 0.5...10)
      case "keyboard": hello.keyboardHeight = try positive(key, value, 0...10_000)
      case "idiom":
        // A keyword, so case-insensitive (PROTOCOL.md section 2, "Case").
        let idiom = value.lowercased()
        guard ["phone", "pad", "desktop", "terminal"].contains(idiom) else {
          throw .client(.badArgument, "idiom must be phone, pad, desktop or terminal")
        }
        hello.idiom = idiom
      case "appearance":
        let appearance = value.lowercased()
        guard ["light", "dark"].contains(appearance) else {
          throw .client(.badArgument, "appearance must be light or dark")
        }
        hello.appearance = appearance
      case "safe-area":
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { CanonicalNumber.parse($0) }.filter { (0...10_000).contains($0) }
        guard parts.count == 4, numbers.count == 4 else {
          throw .client(
            .badArgument,
            "safe-area must be four numbers TOP,LEFT,BOTTOM,RIGHT from 0 to 10000, such as 47,0,34,0")
        }
        hello.safeArea = (numbers[0], numbers[1], numbers[2], numbers[3])
      case "content-size":
        let category = value.lowercased()
        let categories = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
        guard categories.contains(category) else {
          throw .client(
            .badArgument, "content-size must be xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4 or ax5")
        }
        hello.contentSize = category
      case "locale":
        guard !value.isEmpty, value.count <= 35,
          value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { throw .client(.badArgument, "locale must be a language tag such as en or fr-CA") }
        hello.locale = Self.canonicalCase(languageTag: value)
      default:
        throw .client(.badArgument, "hello has no option '\(key)'; \(usage)")
      }
    }
    return hello
  }

  /// A BCP 47 tag in the case its registry recommends: the language lowercase, a four-letter
  /// script capitalised, a two-letter region uppercase, the rest lowercase (`FR-ca` is `fr-CA`).
  ///
  /// Tags are case-insensitive (RFC 5646 section 2.1.1) but string tables are found by file
  /// names, which are not, so the tag is put in the one case the tables are named in.
  static func canonicalCase(languageTag tag: String) -> String {
    var result = ""
    var index = 0
    var subtag = ""
    func flush() {
      let isAlpha = subtag.allSatisfy(\.isLetter)
      if index == 0 || !isAlpha {
        result += subtag.lowercased()
      } else if subtag.count == 2 {
        result += subtag.uppercased()
      } else if subtag.count == 4 {
        result += subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
      } else {
        result += subtag.lowercased()
      }
      subtag = ""
      index += 1
    }
    for character in tag {
      if character == "-" || character == "_" {
        flush()
        result.append(character)
      } else {
        subtag.append(character)
      }
    }
    flush()
    return result
  }

  /// Refuses arguments and options nobody read.
  func finish() throws(LineError) {
    if position < tokens.count {
      throw .client(.tooManyArguments, "\(verb) takes fewer arguments; \(usage)")
    }
    // Most commands have no option: sorting no keys still cost 200 instructions a command.
    if !options.isEmpty, let unknown = options.keys.sorted().first(where: { !usedOptions.contains($0) }) {
      throw .client(.badArgument, "\(verb) has no option '\(unknown)'; \(usage)")
    }
  }
}
