public import ViewWireProtocol

/// Replays a transcript (PROTOCOL.md section 12) against a running server over TCP.
///
/// Besides matching each line, it feeds every server line to a `Mirror`, so a replay also
/// proves that every frame the server sent applies cleanly and hashes as the server said. A
/// transcript of several connections (`! connect`, `! use`: section 18's shared sessions) gets a
/// mirror per connection, so each client's frames are checked as that client sees them.
public struct TranscriptReplayer {
  /// The first thing that went wrong, with where.
  public struct Failure: Error, CustomStringConvertible {
    /// The transcript's name (its file), so the report says where to look.
    public let transcript: String
    /// The transcript line that failed, from 1; 0 when the connection itself failed.
    public let line: Int
    /// What that line expected: its pattern, or what was to be done.
    public let expected: String
    /// What came instead: the server's line, or the error.
    public let got: String

    /// `FILE:LINE: expected ...` and what came, as a compiler would report it.
    public var description: String {
      "\(transcript):\(line): expected \(expected)\n  got: \(got)"
    }
  }

  /// The server's address (an IPv4 literal or `localhost`).
  public let host: String
  /// The server's TCP port.
  public let port: Int
  /// Seconds to wait for each line.
  public var timeout: Double

  /// A replayer for the server at `host`:`port`; `timeout` is the spec's default of 5 seconds.
  public init(host: String = "127.0.0.1", port: Int, timeout: Double = 5) {
    self.host = host
    self.port = port
    self.timeout = timeout
  }

  /// Replays `transcript`; returns the variable bindings on success.
  @discardableResult
  public func replay(_ transcript: Transcript) throws(Failure) -> [String: String] {
    var bindings: [String: String] = [:]
    var mirror = Mirror()
    var connection: WireConnection
    do {
      connection = try WireConnection(host: host, port: port)
    } catch {
      throw Failure(transcript: transcript.name, line: 0, expected: "a connection", got: "\(error)")
    }
    // Every connection by name, with its mirror; `connection` and `mirror` are the current one's,
    // put back here when another becomes current.
    var current = Transcript.Step.firstConnection
    var others: [String: (connection: WireConnection, mirror: Mirror)] = [:]
    defer {
      connection.close()
      for other in others.values { other.connection.close() }
    }

    func nextLine(_ number: Int, expecting: String) throws(Failure) -> String? {
      let line: String?
      do {
        line = try connection.readLine(timeout: timeout)
      } catch {
        throw Failure(transcript: transcript.name, line: number, expected: expecting, got: "\(error)")
      }
      if let line {
        do {
          try mirror.consume(ServerLine.parse(line))
        } catch {
          throw Failure(
            transcript: transcript.name, line: number, expected: "a consistent frame", got: "\(error)")
        }
      }
      return line
    }

    for step in transcript.lines {
      let number = step.number
      switch step.step {
      case .send(let text):
        do { try connection.send(line: text) } catch {
          throw Failure(transcript: transcript.name, line: number, expected: "to send", got: "\(error)")
        }
      case .sendBound(let text):
        do { try connection.send(line: Transcript.Step.substitute(text, bindings)) } catch {
          throw Failure(transcript: transcript.name, line: number, expected: "to send", got: "\(error)")
        }
      case .sendBytes(let bytes):
        do { try connection.send(bytes: bytes) } catch {
          throw Failure(transcript: transcript.name, line: number, expected: "to send", got: "\(error)")
        }
      case .expect(let pattern):
        guard let line = try nextLine(number, expecting: pattern.description) else {
          throw Failure(
            transcript: transcript.name, line: number, expected: pattern.description, got: "(closed)")
        }
        guard pattern.matches(line, bindings: &bindings) else {
          throw Failure(transcript: transcript.name, line: number, expected: pattern.description, got: line)
        }
      case .skipUntil(let pattern):
        while true {
          guard let line = try nextLine(number, expecting: pattern.description) else {
            throw Failure(
              transcript: transcript.name, line: number, expected: pattern.description, got: "(closed)")
          }
          if pattern.matches(line, bindings: &bindings) { break }
        }
      case .close:
        return bindings
      case .expectBytes(let expected):
        let hex = expected.map { String($0, radix: 16).leftPadded() }.joined(separator: " ")
        let got: [UInt8]
        do { got = try connection.readBytes(count: expected.count, timeout: timeout) } catch {
          throw Failure(
            transcript: transcript.name, line: number, expected: "the bytes \(hex)", got: "\(error)")
        }
        guard got == expected else {
          throw Failure(
            transcript: transcript.name, line: number, expected: "the bytes \(hex)",
            got: got.isEmpty
              ? "(closed)" : got.map { String($0, radix: 16).leftPadded() }.joined(separator: " "))
        }
      case .reconnect:
        // The mirror stays, less a frame the close cut: a `resume` on the new connection goes
        // on from its last whole frame.
        mirror.dropUnfinishedFrame()
        connection.close()
        do {
          connection = try WireConnection(host: host, port: port)
        } catch {
          throw Failure(
            transcript: transcript.name, line: number, expected: "a new connection", got: "\(error)")
        }
      case .expectClose:
        if let line = try nextLine(number, expecting: "the server to close") {
          throw Failure(transcript: transcript.name, line: number, expected: "the server to close", got: line)
        }
      case .connect(let name):
        let opened: WireConnection
        do {
          opened = try WireConnection(host: host, port: port)
        } catch {
          throw Failure(
            transcript: transcript.name, line: number, expected: "a connection named \(name)", got: "\(error)"
          )
        }
        others[current] = (connection, mirror)
        (connection, mirror, current) = (opened, Mirror(), name)
      case .use(let name):
        guard name != current, let next = others.removeValue(forKey: name) else { continue }
        others[current] = (connection, mirror)
        (connection, mirror, current) = (next.connection, next.mirror, name)
      }
    }
    return bindings
  }
}

extension String {
  /// A one-digit hex byte with its leading zero, as transcripts write bytes.
  fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
