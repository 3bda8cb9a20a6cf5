public import ViewWireProtocol

/// A scripted session: send a command, get its reply, with every frame applied to a checked
/// mirror. Tests and scripts drive the daemon with it the way a person does with telnet.
///
/// ```swift
/// let session = try ViewWireSession(port: 7420)
/// try session.run("open login")
/// try session.run("tap @username")
/// try session.run("text \"bob\"")
/// ```
public final class ViewWireSession {
  /// What one command got back.
  public struct Reply: Sendable {
    /// The terminal line (`ok ...` or `error ...`).
    public let terminal: ServerLine
    /// Every line before it, frames included, in order.
    public let lines: [String]
    /// Numbers of the frames the command produced.
    public let frames: [Int]

    /// Whether the terminal line is `ok`.
    public var isOK: Bool {
      if case .ok = terminal { return true }
      return false
    }

    /// The value of a field of the `ok` line (`view` of `ok tap view=4`).
    public func field(_ key: String) -> String? {
      guard case .ok(_, let fields) = terminal else { return nil }
      return fields.first { $0.key == key }?.value
    }

    /// The error code of an `error` line.
    public var errorCode: String? {
      guard case .error(_, let code, _) = terminal else { return nil }
      return code
    }
  }

  /// Why a scripted command failed.
  public enum Failure: Error, CustomStringConvertible {
    case connection(WireConnection.Failure)
    case mirror(Mirror.Failure)
    case unexpectedGreeting(String)
    case closedBeforeReply(command: String)
    case notOK(command: String, reply: String)

    public var description: String {
      switch self {
      case .connection(let failure): return failure.description
      case .mirror(let failure): return failure.description
      case .unexpectedGreeting(let line): return "unexpected greeting: \(line)"
      case .closedBeforeReply(let command): return "the server closed before answering '\(command)'"
      case .notOK(let command, let reply): return "'\(command)' got '\(reply)'"
      }
    }
  }

  public let connection: WireConnection
  /// The client's copy of the tree, checked against every frame hash.
  public private(set) var mirror = Mirror()
  public let sessionID: Int
  /// Asynchronous lines (traces, timer frames) read while waiting for replies.
  public private(set) var asynchronousLines: [String] = []
  /// Seconds to wait for each line.
  public var timeout: Double

  /// Connects and reads the greeting.
  public init(host: String = "127.0.0.1", port: Int, timeout: Double = 10) throws(Failure) {
    self.timeout = timeout
    do {
      connection = try WireConnection(host: host, port: port)
      guard let line = try connection.readLine(timeout: timeout) else {
        throw Failure.closedBeforeReply(command: "")
      }
      guard case .greeting(_, let session, _) = ServerLine.parse(line) else {
        throw Failure.unexpectedGreeting(line)
      }
      sessionID = session
    } catch let failure as WireConnection.Failure {
      throw .connection(failure)
    } catch let failure as Failure {
      throw failure
    } catch {
      throw .unexpectedGreeting("\(error)")
    }
  }

  /// Sends `command` and reads until its terminal reply.
  @discardableResult
  public func send(_ command: String) throws(Failure) -> Reply {
    do {
      try connection.send(line: command)
    } catch {
      throw .connection(error)
    }
    return try readReply(to: command)
  }

  /// Sends `command` and fails unless the reply is `ok`.
  @discardableResult
  public func run(_ command: String) throws(Failure) -> Reply {
    let reply = try send(command)
    guard reply.isOK else { throw .notOK(command: command, reply: reply.lines.last ?? "\(reply.terminal)") }
    return reply
  }

  /// Reads lines until a terminal reply, applying frames.
  public func readReply(to command: String = "") throws(Failure) -> Reply {
    var lines: [String] = []
    var frames: [Int] = []
    while true {
      let line: String?
      do {
        line = try connection.readLine(timeout: timeout)
      } catch {
        throw .connection(error)
      }
      guard let line else { throw .closedBeforeReply(command: command) }
      let parsed = ServerLine.parse(line)
      do {
        try mirror.consume(parsed)
      } catch {
        throw .mirror(error)
      }
      if parsed.isTerminalReply {
        lines.append(line)
        return Reply(terminal: parsed, lines: lines, frames: frames)
      }
      if case .frameEnd(let sequence, _, _) = parsed { frames.append(sequence) }
      if case .trace = parsed { asynchronousLines.append(line) }
      lines.append(line)
    }
  }

  /// The mirror's node with accessibility identifier `identifier`.
  public func view(_ identifier: String) -> Mirror.Node? { mirror.node(identifier: identifier) }

  /// A text property of the view with `identifier`, unquoted.
  public func text(of identifier: String, _ key: String = "text") -> String? {
    guard let node = view(identifier) else { return nil }
    return mirror.text(of: node, key)
  }

  /// Closes the connection.
  public func close() { connection.close() }
}
