import Foundation
import ViewWireDiff
import ViewWireKit
import ViewWireProtocol

/// Runs one client line against a session and queues the replies (PROTOCOL.md section 5).
///
/// Every non-blank line ends with exactly one `ok` or `error`, after the frames and data lines it
/// caused. Changes made while handling one command are coalesced into at most one frame, sent
/// before the terminal reply; a command that fails still sends what it changed before failing.
final class CommandDispatcher {
  /// The connection this dispatcher runs lines for. Unretained and unchecked: the connection
  /// makes its dispatcher in its `init`, holds it for its whole life and hands it to no one, so
  /// the dispatcher never outlives it; a checked `unowned` reference cost an atomic
  /// `swift_unownedRetainStrong` (about 80 instructions) on each of the several reads per command.
  private unowned(unsafe) let connection: ClientConnection
  /// Whether a `hello` named the keyboard's height; until one does, the idiom decides it.
  private var keyboardWasStated = false
  /// The array every line is tokenized into: the loop's, its capacity kept from one command to
  /// the next (an allocation and a free per command before), one per loop rather than per
  /// connection (112 bytes of every idle session; issue 14, "Lean sessions"). Commands that keep
  /// their tokens (the ledger's last numbered one) share it, and the next line then gets a fresh
  /// copy, as arrays do; so does a line another connection handles while this one's tokens are
  /// in use (a `resume` runs the adopted connection's lines).
  /// Held strongly (it holds nothing back): read through an unretained reference, it was a
  /// retain and a release per command.
  let scratch: LoopScratch
  private var tokenStore: [Token] {
    _read { yield scratch.tokens }
    _modify { yield &scratch.tokens }
  }

  /// The session the connection sees now: its own, or the one it joined (section 18).
  private var session: Session { connection.session }

  init(connection: ClientConnection, scratch: LoopScratch) {
    self.connection = connection
    self.scratch = scratch
  }

  /// Parses and runs one line from the framer; a numbered line (`n=SEQ`, PROTOCOL.md section
  /// 16) runs at most once, and a repeat of the last one is answered from the session's ledger.
  ///
  /// Lines in a common form (`ping`, `tap @IDENT`, `drag X1 Y1 X2 Y2`...) come from the framer
  /// parsed, to `handle(command:)`: they have no `n=` number, so the ledger has nothing to do
  /// with them, and the general path reads every other line as it would read them.
  func handle(line: String) {
    let tokens: [Token]
    let number: Int?
    // A long line's room is not kept: an idle connection holds at most a short line's tokens.
    if tokenStore.capacity > 16 { tokenStore = [] }
    do {
      try Tokenizer.tokenize(line, into: &tokenStore)
      (number, tokens) = try CommandNumber.split(tokenStore)
    } catch {
      connection.send(error.reply)
      return
    }
    guard !tokens.isEmpty else { return }
    guard let number else {
      handle(tokens: tokens)
      return
    }
    if case .word(let verb) = tokens[0], verb.lowercased() == "resume" {
      connection.send(
        .clientError(.badArgument, "resume takes no number: the resumed session's numbering goes on"))
      return
    }
    if case .word(let verb) = tokens[0], verb.lowercased() == "join" {
      connection.send(
        .clientError(
          .badArgument, "join takes no number: a joiner's numbering starts afresh with the joined session"))
      return
    }
    switch connection.ledger.decide(number: number, tokens: tokens) {
    case .apply:
      connection.beginRecordingReply()
      handle(tokens: tokens)
      // `resume` and `join` are refused above, so the ledger is still this connection's.
      connection.ledger.applied(number: number, tokens: tokens, reply: connection.endRecordingReply())
    case .repeatReply:
      for message in connection.ledger.lastReply { connection.send(message) }
    case .refuse(let code, let message):
      connection.send(.clientError(code, message))
    }
  }

  private func handle(tokens: [Token]) {
    let command: ClientCommand
    do {
      guard let parsed = try ClientCommand.parse(tokens: tokens) else { return }
      command = parsed
    } catch {
      connection.send(error.reply)
      return
    }
    handle(command: command)
  }

  /// Runs one parsed command: a line in a common form, which the framer read from its bytes
  /// (`LineFramer.Event.command`), or any other line once `handle(line:)` has parsed it.
  func handle(command: ClientCommand) {
    // The connection goes on as a borrowed reference, which calls on it need not retain: read
    // from the unretained field at each use, it was retained and released around each call on
    // it, several times a command. It outlives the command: its input loop runs inside
    // `withExtendedLifetime`.
    Unmanaged.passUnretained(connection)._withUnsafeGuaranteedRef { connection in
      handle(command, on: connection)
    }
  }

  /// `handle(command:)` with this dispatcher's connection borrowed.
  private func handle(_ command: ClientCommand, on connection: ClientConnection) {
    if connection.needsAuth {
      switch command {
      case .auth, .quit: break
      default:
        // Not run at all, not even the first frame (PROTOCOL.md section 17).
        let refusal = SessionError.authRequired
        connection.send(.clientError(refusal.code, refusal.message))
        return
      }
    }
    // A joiner's role (PROTOCOL.md section 18): refused before running, so nothing changes.
    if let refusal = connection.refusal(of: command) {
      connection.send(.clientError(refusal.code, refusal.message))
      return
    }
    // The app's localised strings, preferred fonts and dynamic colours follow this client's
    // `hello` (PROTOCOL.md §3), in the command and in the frame a failure still sends. The
    // window's own traits: its `traitCollection` goes through its weak `window`, a slow load
    // and release of an object with a side table. A client that stated no traits gets them
    // bound at no cost, so every command, `ping` included, runs in them.
    connection.session.window.withClientEnvironment { execute(command, on: connection) }
  }

  /// Runs a command that may run, and answers its failure; `connection` is this dispatcher's.
  private func execute(_ command: ClientCommand, on connection: ClientConnection) {
    do {
      try run(command, on: connection)
    } catch {
      // What changed before the failure goes out first, so the mirror never falls behind; a
      // command that does not touch the tree sends no frame, not even the first (a failing
      // `ack` used to send the session's first frame before its error).
      if command.touchesTree { connection.sendChanges() }
      connection.send(.clientError(error.code, error.message))
      if connection.closeAfterWrongTokens { connection.closeForWrongTokens() }
    }
  }

  /// The terminal reply of a command that ran: `ok`, unless the kit or the app refused a change
  /// at a limit meanwhile (PROTOCOL.md section 17), whose frame has gone out already.
  private func ok(_ verb: StaticString, _ fields: Field...) {
    if let limit = session.window.takeLimitReached() {
      connection.send(.clientError(.limitReached, limit))
      return
    }
    // `ok VERB` alone (`ping`, `move`, `up`...) is written as bytes, without the message.
    if fields.isEmpty {
      connection.sendOK(verb)
    } else {
      connection.send(.ok(verb: "\(verb)", fields: fields))
    }
  }

  /// `ok VERB` alone (`ping`, `move`, `up`...): `ok` without its variadic fields, whose empty
  /// array was made and released on every such command.
  ///
  /// `connection` is this dispatcher's, borrowed (see `handle(command:)`).
  private func ok(_ verb: StaticString, on connection: ClientConnection) {
    if let limit = connection.session.window.takeLimitReached() {
      connection.send(.clientError(.limitReached, limit))
      return
    }
    connection.sendOK(verb)
  }

  /// `ok`'s reply for a touch command, `ok VERB view=ID`, written without building its field.
  private func okView(_ verb: StaticString, _ id: Int?, on connection: ClientConnection) {
    if let limit = connection.session.window.takeLimitReached() {
      connection.send(.clientError(.limitReached, limit))
      return
    }
    connection.sendViewOK(verb, view: id)
  }

  /// Runs `command` for `connection`, this dispatcher's (passed borrowed: see `handle(command:)`).
  private func run(_ command: ClientCommand, on connection: ClientConnection) throws(SessionError) {
    switch command {
    case .help:
      for entry in ClientCommand.helpEntries {
        connection.send(.help(verb: entry.verb, arguments: entry.arguments, summary: entry.summary))
      }
      ok("help", Field("count", String(ClientCommand.helpEntries.count)))

    case .ping:
      ok("ping", on: connection)

    case .hello(let options):
      try hello(options)

    case .apps:
      let apps = session.appList
      for app in apps { connection.send(.app(name: app.name, title: app.title)) }
      ok("apps", Field("count", String(apps.count)))

    case .open(let app):
      try session.open(app: app)
      connection.sendNewFullFrame()
      ok("open", Field("app", app))

    case .close:
      session.close()
      connection.sendChanges()
      ok("close", on: connection)

    case .resize(let width, let height):
      try session.resize(to: CGSize(width: width, height: height))
      connection.sendChanges()
      ok("resize", Field("size", sizeText))

    case .tap(let target, let count):
      try connection.checkTouchIsFree()
      connection.tookTouch()
      let hit = try session.tap(target, count: count)
      connection.sendChanges()
      okView("tap", hit, on: connection)

    case .down(let x, let y):
      try connection.checkTouchIsFree()
      let hit = try session.touchDown(at: CGPoint(x: x, y: y))
      connection.tookTouch()
      connection.sendChanges()
      okView("down", hit, on: connection)

    case .move(let x, let y):
      try connection.checkTouchIsMine()
      try session.touchMove(to: CGPoint(x: x, y: y))
      connection.sendChanges()
      ok("move", on: connection)

    case .up(let x, let y):
      try connection.checkTouchIsMine()
      try session.touchUp(at: CGPoint(x: x, y: y))
      connection.sendChanges()
      ok("up", on: connection)

    case .drag(let fromX, let fromY, let toX, let toY, let steps):
      try connection.checkTouchIsFree()
      connection.tookTouch()
      let hit = try session.drag(from: CGPoint(x: fromX, y: fromY), to: CGPoint(x: toX, y: toY), steps: steps)
      connection.sendChanges()
      okView("drag", hit, on: connection)

    case .text(let text):
      try session.insertText(text)
      connection.sendChanges()
      ok("text", on: connection)

    case .key(let name):
      let key: Key
      switch name {
      case .return: key = .return
      case .backspace: key = .backspace
      case .tab: key = .tab
      case .escape: key = .escape
      }
      try session.press(key)
      connection.sendChanges()
      ok("key", on: connection)

    case .tree:
      connection.sendChanges()
      let count = sendTree()
      ok("tree", Field("views", String(count)))

    case .explain(let target):
      connection.sendChanges()
      let (id, lines) = try session.explain(target)
      for line in lines { connection.send(.explain(line)) }
      ok("explain", Field("view", String(id)), Field("lines", String(lines.count)))

    case .snapshot:
      connection.sendOwnFullFrame()
      ok("snapshot", on: connection)

    case .resync:
      connection.sendOwnFullFrame()
      ok("resync", on: connection)

    case .ack(let sequence):
      try session.acknowledge(sequence)
      ok("ack", on: connection)

    case .trace(let on):
      session.isTracing = on
      ok("trace", Field("state", on ? "on" : "off"))

    case .clock(let request):
      try clock(request)

    case .back:
      try session.back()
      connection.sendChanges()
      ok("back", on: connection)

    case .memoryWarning:
      session.window.simulateMemoryWarning()
      connection.sendChanges()
      ok("memory-warning", on: connection)

    case .quit:
      ok("quit", on: connection)
      connection.closeAfterReply()

    case .auth(let token):
      guard connection.authenticate(token) else {
        connection.countWrongToken()
        throw .badToken
      }
      ok("auth", on: connection)

    case .resumeToken:
      let token = connection.makeResumable()
      ok(
        "resume-token", Field("token", token.text),
        Field("detach-timeout", CanonicalNumber.format(connection.detachTimeout)))

    case .resume(let token, let frame):
      do {
        try connection.resume(token: token, afterFrame: frame)
      } catch {
        if error.code == .unknownSession { connection.countWrongToken() }
        throw error
      }

    case .share(let request):
      switch request {
      case .observe, .drive:
        let role: ShareRole = request == .observe ? .observer : .driver
        let token = try connection.shareToken(for: role)
        ok("share", Field("token", token.text), Field("role", role.rawValue))
      case .revoke:
        let (tokens, joiners) = connection.revokeSharing()
        ok("share", Field("revoked", String(tokens)), Field("closed", String(joiners)))
      }

    case .join(let token):
      // Moved to the loop of the session it joins: the reply comes from there.
      guard let (role, frame) = try connection.join(token: token) else { return }
      ok(
        "join", Field("session", String(session.id)), Field("role", role.rawValue),
        Field("frame", String(frame)),
        Field("protocol", String(session.protocolVersion)))
    }
  }

  private func hello(_ options: HelloOptions) throws(SessionError) {
    if let version = options.version, !ProtocolVersion.supported.contains(version) {
      throw .unsupportedVersion(version)
    }
    if let width = options.width, let height = options.height {
      try session.resize(to: CGSize(width: width, height: height))
    }
    var traits = session.window.traitCollection
    if let idiom = options.idiom.flatMap(TraitCollection.Idiom.init(rawValue:)) {
      traits.userInterfaceIdiom = idiom
      if options.keyboardHeight == nil && !keyboardWasStated {
        traits.keyboardHeight = idiom == .terminal || idiom == .desktop ? 0 : 300
      }
    }
    if let scale = options.scale { traits.displayScale = CGFloat(scale) }
    if let locale = options.locale { traits.locale = locale }
    if let appearance = options.appearance.flatMap(TraitCollection.UserInterfaceStyle.init(rawValue:)) {
      traits.userInterfaceStyle = appearance
    }
    if let category = options.contentSize.flatMap(ContentSizeCategory.init(rawValue:)) {
      traits.preferredContentSizeCategory = category
    }
    if let keyboard = options.keyboardHeight {
      traits.keyboardHeight = CGFloat(keyboard)
      keyboardWasStated = true
    }
    if let version = options.version { session.protocolVersion = version }
    session.updateTraits(traits)
    if let insets = options.safeArea {
      session.window.updateSafeAreaInsets(
        EdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right))
    }
    connection.sendChanges()
    ok("hello", Field("protocol", String(session.protocolVersion)), Field("session", String(session.id)))
  }

  private func clock(_ request: ClockRequest) throws(SessionError) {
    let clock = session.clock
    switch request {
    case .show:
      break
    case .manual:
      clock.switchToManual()
    case .advance(let seconds):
      guard clock.isManual else {
        throw .badArgument("the session's clock is real; send 'clock manual' first")
      }
      clock.advance(by: seconds)
      connection.sendChanges()
    }
    if clock.isManual {
      ok("clock", Field("mode", "manual"), Field("now", CanonicalNumber.format(clock.now)))
    } else {
      ok("clock", Field("mode", "real"))
    }
  }

  private var sizeText: String {
    let size = session.window.bounds.size
    return "\(CanonicalNumber.format(Double(size.width)))x\(CanonicalNumber.format(Double(size.height)))"
  }

  /// Sends one `tree` line per view the client holds, depth-first; returns the count.
  private func sendTree() -> Int {
    var count = 0
    func visit(_ view: View, depth: Int) {
      guard let id = session.engine.id(of: view) else { return }
      count += 1
      // Origin and size as stored, as frames send them (DiffEngine's layout lines): minX and
      // width would normalise a negative size and disagree with the frame for the same view.
      let frame = view.frame
      let properties = view.renderProperties.map {
        Field($0.key, $0.value.wireText)
      }
      connection.send(
        .tree(
          depth: depth, id: id, className: view.wireClassName,
          frame: [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map {
            CanonicalNumber.format(Double($0))
          },
          properties: properties))
      for subview in view.subviews { visit(subview, depth: depth + 1) }
    }
    visit(session.window, depth: 0)
    return count
  }
}

/// The room one loop's connections use one at a time, kept by the loop rather than by each
/// connection (issue 14, "Lean sessions"). Confined to the loop's thread, and unchecked for
/// exclusivity as the per-connection arrays were: each access is a tokenization, a read or a
/// swap that calls nothing that could reach it again.
final class LoopScratch {
  /// The tokens of the line being handled, or of the last one (`CommandDispatcher.tokenStore`).
  @exclusivity(unchecked) var tokens: [Token] = []
  /// The room of an input queue, lent to a connection for each read it frames
  /// (`ClientConnection.pendingInput`) and given back once the queue is empty; empty while lent.
  @exclusivity(unchecked) var events: [LineFramer.Event] = []
}
