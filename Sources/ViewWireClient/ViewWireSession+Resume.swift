import Foundation
import ViewWireProtocol

/// Sessions that survive a lost connection (PROTOCOL.md sections 15 and 16, "What a client does
/// to survive a drop").
///
/// Once `makeResumable()` has the session's token, every command goes out numbered (`n=`); when
/// the connection breaks before its reply, the session reconnects with backoff (50 ms doubling
/// to 2 s, for as long as the detach timeout), sends `resume TOKEN frame=SEQ` at once on connect
/// (before the greeting, so a proxy can route it to the daemon its token names), applies the
/// frames it missed, and sends the command again with the same number, which the server applies
/// at most once.
extension ViewWireSession {
  /// Asks for the session's resume token; from now on commands are numbered and retried.
  ///
  /// - Throws: what `send` throws, or `.notOK` when the server has no `resume-token`.
  public func makeResumable() throws(Failure) {
    let reply = try sendOnce("resume-token")
    guard reply.isOK, let token = reply.field("token") else {
      throw .notOK(command: "resume-token", reply: reply.lines.last ?? "")
    }
    resumeToken = (token, Double(reply.field("detach-timeout") ?? "60") ?? 60)
  }

  /// The resume token, once the session is resumable.
  public var token: String? { resumeToken?.token }

  func sendNumbered(_ command: String) throws(Failure) -> Reply {
    commandNumber += 1
    let numbered = "\(command) n=\(commandNumber)"
    while true {
      do {
        return try sendOnce(numbered)
      } catch {
        guard Self.isLostConnection(error), bye != "server shutting down" else { throw error }
      }
      try resumeAfterLoss()
      retryCount += 1
    }
  }

  /// Whether `failure` means the connection is gone (rather than a slow server or a bad frame).
  static func isLostConnection(_ failure: Failure) -> Bool {
    switch failure {
    case .closedBeforeReply: return true
    case .connection(let failure):
      if case .timedOut = failure { return false }
      return true
    default: return false
    }
  }

  /// Reconnects with backoff and resumes, until the detach timeout has passed.
  private func resumeAfterLoss() throws(Failure) {
    guard let resumeToken else { throw .closedBeforeReply(command: "resume") }
    let deadline = Date().addingTimeInterval(resumeToken.detachTimeout)
    var delay = 0.0
    while true {
      let failure: Failure
      do {
        try resumeOnce(token: resumeToken.token)
        reconnectCount += 1
        return
      } catch {
        guard Self.isLostConnection(error) || Self.isRefused(error) else { throw error }
        failure = error
      }
      if Date().addingTimeInterval(delay) > deadline { throw failure }
      Thread.sleep(forTimeInterval: delay)
      delay = min(2, max(0.05, delay * 2))
    }
  }

  private static func isRefused(_ failure: Failure) -> Bool {
    if case .connection(.cannotConnect) = failure { return true }
    if case .unexpectedGreeting = failure { return true }
    return false
  }

  private func resumeOnce(token: String) throws(Failure) {
    connection.close()
    sync.connectionLost()
    do {
      connection = try WireConnection(host: host, port: port)
    } catch {
      throw .connection(error)
    }
    // `resume` goes out before the greeting is read: a proxy in front of several daemons routes
    // the connection by this first line (PROTOCOL.md section 17, "More than one daemon"), and the
    // server answers it after its greeting, so the lines still come greeting first.
    // Where the daemon wants a token, `auth` goes first, in the same write (section 16, step 4).
    let command = "resume \(token) frame=\(mirror.sequence)"
    do {
      try connection.send(line: authToken.map { "auth \($0)\n\(command)" } ?? command)
    } catch {
      throw .connection(error)
    }
    let greeting = try nextLine("(greeting)")
    guard case .greeting = ServerLine.parse(greeting) else { throw .unexpectedGreeting(greeting) }
    if let authToken {
      let answer = try readReply(to: "auth \(authToken)")
      guard answer.isOK else { throw .notOK(command: "auth", reply: answer.lines.last ?? "") }
    }
    let reply = try readReply(to: command)
    guard reply.isOK else { throw .notOK(command: "resume", reply: reply.lines.last ?? "") }
    if let id = reply.field("session").flatMap(Int.init) { sessionID = id }
  }
}
