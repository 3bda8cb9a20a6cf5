import Foundation
import Glibc
import ViewWireClient
import ViewWireProtocol

/// The console's connection to its session, kept across a dropped connection (PROTOCOL.md
/// section 16, "What a client does to survive a drop").
///
/// The console and the screen pipeline what the person types, so they cannot use
/// `ViewWireSession`'s one-command-at-a-time retry; this follows the same steps for a stream:
/// `resume-token` after the greeting (its reply hidden: the token is a secret), every command
/// numbered with `n=` and kept until its terminal reply, and after a drop a new connection that
/// says `resume TOKEN frame=SEQ` and sends again, with their numbers, the commands left
/// unanswered. All of it runs on the caller's one thread; only `inbox` reads on its own.
final class ResumingLink {
  /// What became of one server line.
  enum Outcome {
    /// An ordinary line: show it, apply it.
    case pass
    /// The reply to a command the link sent for itself: not shown.
    case swallow
    /// The session came back (`ok resume`); `notes` say what was lost on the way, if anything.
    case resumed(session: Int, notes: [String])
    /// `resume` failed: the session is gone and this connection carries a new one, `session`.
    case replaced(session: Int, reason: String)
  }

  /// Why the link stopped trying.
  struct GaveUp: Error, CustomStringConvertible {
    /// The tries made and the last failure.
    let tries: Int
    /// The last connection attempt's failure.
    let reason: String
    var description: String { "gave up reconnecting after \(tries) tries: \(reason)" }
  }

  /// One line sent and not yet answered.
  private struct Sent {
    enum Kind { case typed, hidden, auth, resume, resumeToken }
    /// The line without its number.
    let line: String
    /// Its `n=`, 0 for none.
    let number: Int
    let kind: Kind
  }

  private let host: String
  private let port: Int
  /// The connection of the moment; a new one after each drop.
  private(set) var connection: WireConnection
  /// Reads `connection`'s lines on a thread of its own.
  private(set) var inbox: LineInbox
  /// The session the connection carries.
  private(set) var session: Int
  private var token: String?
  private var detachTimeout = 60.0
  private var nextNumber = 1
  private var inFlight: [Sent] = []
  private var unanswered: [Sent] = []
  private var queued: [(line: String, hidden: Bool, numbered: Bool)] = []
  private var isResuming = false
  /// Set when the person (or the end of input) asked to quit: the close that follows is wanted.
  private(set) var isQuitting = false
  /// The last `bye` reason heard on this connection.
  private var bye: String?

  /// Connects, reads the greeting and asks for the resume token.
  ///
  /// - Returns: with `greeting`, the greeting line, for the console to show.
  /// - Throws: `WireConnection.Failure` when the daemon cannot be reached or sends no greeting.
  init(host: String, port: Int, authToken: String? = nil) throws {
    self.host = host
    self.port = port
    self.authToken = authToken
    let (connection, greeting, session) = try Self.open(host: host, port: port)
    self.connection = connection
    self.greeting = greeting
    self.session = session
    inbox = LineInbox(reading: connection)
    if let authToken { transmit(Sent(line: "auth \(authToken)", number: 0, kind: .auth)) }
    askToken()
  }

  /// The token `auth` presents first on every connection, for a daemon that wants one.
  private let authToken: String?

  /// The first connection's greeting line.
  let greeting: String

  /// Connects and reads the greeting; `first`, when given, is sent at once, before the greeting
  /// is read, as a resuming client must (PROTOCOL.md section 17, "More than one daemon": a proxy
  /// in front of several daemons routes the connection by that line).
  private static func open(host: String, port: Int, sendingFirst first: String? = nil) throws
    -> (WireConnection, String, Int)
  {
    let connection = try WireConnection(host: host, port: port)
    if let first { try connection.send(line: first) }
    let greeting = try connection.readLine(timeout: 10) ?? ""
    guard case .greeting(_, let session, _) = ServerLine.parse(greeting) else {
      connection.close()
      throw ScreenFailure.notAServer(greeting)
    }
    return (connection, greeting, session)
  }

  private func askToken() {
    nextNumber = 1
    transmit(Sent(line: "resume-token", number: 0, kind: .resumeToken))
  }

  /// Sends one line, numbered when it is a command (a line that tokenizes into a verb; one that
  /// already has `n=` sets the count instead). While the link resumes, the line waits.
  ///
  /// `quit` (and `exit`) go out unnumbered: a session that quits is not resumed, so nothing
  /// would send them again. So does `join` (PROTOCOL.md section 18), which takes no number: the
  /// joined session's numbering starts afresh and accepts the count going on.
  ///
  /// - Parameters:
  ///   - hidden: the link's caller sent it for itself (the final `quit`), so its terminal reply
  ///     is swallowed.
  ///   - numbered: false for a command that need not survive a drop (the mirror's `resync`: a
  ///     resumed session's frames repair the mirror anyway).
  func send(_ line: String, hidden: Bool = false, numbered: Bool = true) {
    if isResuming {
      queued.append((line, hidden, numbered))
      return
    }
    guard let tokens = try? Tokenizer.tokenize(line), case .word(let verb)? = tokens.first else {
      // An empty line gets no reply; a line that does not tokenize gets its error, unnumbered.
      if !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        transmit(Sent(line: line, number: 0, kind: hidden ? .hidden : .typed))
      }
      return
    }
    let lowered = verb.lowercased()
    if lowered == "quit" || lowered == "exit" { isQuitting = true }
    var number = 0
    if let given = tokens.lazy.compactMap({ token -> String? in
      if case .option("n", let value) = token { return value }
      return nil
    }).first {
      // The person numbers this one: the count follows theirs.
      if let value = Int(given), value > 0 { nextNumber = value + 1 }
    } else if numbered, !["resume", "join", "quit", "exit"].contains(lowered), line.utf8.count + 24 < 4096 {
      number = nextNumber
      nextNumber += 1
    }
    transmit(Sent(line: line, number: number, kind: hidden ? .hidden : .typed))
  }

  private func transmit(_ sent: Sent) {
    inFlight.append(sent)
    // A failed send shows as the inbox's end of stream, which starts the reconnection.
    try? connection.send(line: sent.number > 0 ? "\(sent.line) n=\(sent.number)" : sent.line)
  }

  /// Takes one server line before the console acts on it.
  func take(_ line: String) -> Outcome {
    if line.hasPrefix("bye ") {
      if case .bye(let reason) = ServerLine.parse(line) { bye = reason } else { bye = line }
      return .pass
    }
    guard line == "ok" || line.hasPrefix("ok ") || line.hasPrefix("error ") else { return .pass }
    guard !inFlight.isEmpty else { return .pass }
    let sent = inFlight.removeFirst()
    switch sent.kind {
    case .typed: return .pass
    case .hidden: return .swallow
    // The token's acceptance is not news; its refusal is, and the person sees why.
    case .auth: return line.hasPrefix("error ") ? .pass : .swallow
    case .resumeToken:
      if case .ok(_, let fields) = ServerLine.parse(line) {
        token = fields.first { $0.key == "token" }?.value
        detachTimeout = fields.first { $0.key == "detach-timeout" }.flatMap { Double($0.value) } ?? 60
      }
      return .swallow
    case .resume:
      isResuming = false
      if case .ok(_, let fields) = ServerLine.parse(line) {
        let applied = fields.first { $0.key == "command" }.flatMap { Int($0.value) } ?? 0
        session = fields.first { $0.key == "session" }.flatMap { Int($0.value) } ?? session
        nextNumber = max(nextNumber, applied + 1)
        var notes: [String] = []
        for old in unanswered {
          if old.number >= applied && old.number > 0 {
            transmit(old)
          } else if old.number > 0 {
            notes.append("# `\(old.line)` was applied, but its reply was lost")
          } else if old.kind == .typed {
            notes.append("# `\(old.line)` was not answered; it may not have been applied")
          }
        }
        unanswered = []
        flushQueued()
        return .resumed(session: session, notes: notes)
      }
      let code: String
      if case .error(_, let errorCode, _) = ServerLine.parse(line) { code = errorCode } else { code = line }
      token = nil
      unanswered = []
      askToken()
      flushQueued()
      return .replaced(session: session, reason: code)
    }
  }

  private func flushQueued() {
    let waiting = queued
    queued = []
    for (line, hidden, numbered) in waiting { send(line, hidden: hidden, numbered: numbered) }
  }

  /// Whether the connection that just ended should be resumed: a session was made resumable,
  /// nobody asked to quit, and no `bye` said the session is over.
  var shouldResume: Bool {
    token != nil && !isQuitting && bye != "server shutting down"
      && bye != "session resumed by another connection"
  }

  /// Connects again with backoff (50 ms doubling to 2 s, each wait between half and all of it)
  /// until the detach timeout has passed, sending `resume TOKEN frame=SEQ` as the new
  /// connection's first line, before its greeting is read; its reply comes
  /// through the new `inbox` like any line, and `take` acts on it.
  ///
  /// - Parameters:
  ///   - lastFrame: the last frame the mirror applied whole (0: none, a full frame is wanted).
  ///   - note: called with a line to show before each wait.
  /// - Throws: `GaveUp` when the daemon could not be reached in time.
  func reconnect(lastFrame: Int) throws(GaveUp) {
    guard let token else { throw GaveUp(tries: 0, reason: "the session was not resumable") }
    connection.close()
    unanswered += inFlight.filter { $0.kind == .typed || $0.kind == .hidden }
    inFlight = []
    bye = nil
    let deadline = Date().addingTimeInterval(detachTimeout)
    var delay = 0.05
    var tries = 0
    while true {
      tries += 1
      do {
        let resume = "resume \(token) frame=\(lastFrame)"
        // `auth` first where the daemon wants it, in the same write (section 16, step 4).
        let first = authToken.map { "auth \($0)\n\(resume)" } ?? resume
        let (connection, _, newSession) = try Self.open(host: host, port: port, sendingFirst: first)
        self.connection = connection
        // The connection's own session until `resume` answers: the one that replaces a lost one.
        session = newSession
        inbox = LineInbox(reading: connection)
        isResuming = true
        // Already sent, ahead of the greeting; their replies are awaited like any other.
        if let authToken { inFlight.append(Sent(line: "auth \(authToken)", number: 0, kind: .auth)) }
        inFlight.append(Sent(line: resume, number: 0, kind: .resume))
        return
      } catch {
        if Date().addingTimeInterval(delay) > deadline { throw GaveUp(tries: tries, reason: "\(error)") }
      }
      Thread.sleep(forTimeInterval: delay * Double.random(in: 0.5...1))
      delay = min(2, delay * 2)
    }
  }
}
