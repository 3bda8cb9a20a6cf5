import ArgumentParser
import Foundation
import Glibc
import ViewWireClient

/// `viewwire record`: performs transcript steps against a running daemon and writes the
/// transcript (PROTOCOL.md section 12) of what it answered, so an app author records a test by
/// using the app instead of writing every reply by hand.
///
/// A step is what a transcript says a client does: `> TEXT`, `! raw HEX`, `! repeat N TEXT`,
/// `! send-unterminated TEXT`; comments and blank lines are copied. A line that is none of these
/// is a command typed as-is (`tap @add` means `> tap @add`), so a person can record by typing.
/// After each sent line the server's lines up to its `ok` or `error` reply become `<` lines;
/// after `quit`, the lines up to the close and `! expect-close`. The greeting's session id is
/// written as `{SESSION}`, the one value that differs in every replay.
struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Perform transcript steps (standard input) and write the transcript they make.",
    discussion: """
      Each input line is a step (`> TEXT`, `! raw HEX`, `! repeat N TEXT`, `! send-unterminated \
      TEXT`), a comment, or a command typed as-is. Review what it writes before committing it: a \
      transcript states what the app must do.
      """)

  @OptionGroup var address: ServerAddress

  @Option(name: .shortAndLong, help: "Write the transcript to this file (default: standard output).")
  var output: String?

  @Option(help: "Seconds to wait for each reply line.")
  var timeout: Double = 5

  func run() throws {
    let connection = try WireConnection(host: address.host, port: address.port)
    var recorder = Recorder(connection: connection, timeout: timeout)
    // Replies are echoed to the terminal when the transcript goes to a file, so a person
    // typing steps sees the app answer.
    let echo = output != nil
    try recorder.readGreeting()
    while let step = Swift.readLine(strippingNewline: true) {
      let start = recorder.lines.count
      do {
        try recorder.perform(step)
      } catch {
        FileHandle.standardError.write(Data("viewwire record: \(error)\n".utf8))
        throw ExitCode(1)
      }
      if echo { for line in recorder.lines[(start + 1)...] { show(line) } }
      if !connection.isOpen { break }
    }
    let transcript = recorder.lines.joined(separator: "\n") + "\n"
    if let output {
      try transcript.write(toFile: output, atomically: true, encoding: .utf8)
    } else {
      writeAll(transcript)
    }
  }
}

/// The recording itself: a connection and the transcript lines written so far.
struct Recorder {
  /// What went wrong while recording; the partial transcript is not written.
  enum Failure: Error, CustomStringConvertible {
    case badStep(String)
    case noReply(step: String, seconds: Double)

    var description: String {
      switch self {
      case .badStep(let step): "not a step: \(step)"
      case .noReply(let step, let seconds): "no reply within \(seconds) s to: \(step)"
      }
    }
  }

  let connection: WireConnection
  let timeout: Double
  private(set) var lines: [String] = []

  init(connection: WireConnection, timeout: Double) {
    self.connection = connection
    self.timeout = timeout
  }

  /// Records the greeting with its session id as the `{SESSION}` variable.
  mutating func readGreeting() throws {
    guard let greeting = try connection.readLine(timeout: timeout) else {
      throw Failure.noReply(step: "(the greeting)", seconds: timeout)
    }
    let words = greeting.split(separator: " ", omittingEmptySubsequences: false).map {
      $0.hasPrefix("session=") ? "session={SESSION}" : String($0)
    }
    lines.append("< " + words.joined(separator: " "))
  }

  /// Performs one step and records it with the lines it brought.
  mutating func perform(_ step: String) throws {
    if step.trimmingCharacters(in: .whitespaces).isEmpty || step.hasPrefix("#") {
      lines.append(step)
      return
    }
    if step.hasPrefix("<") || step == ">" || step.hasPrefix("!") && !step.hasPrefix("! ") {
      throw Failure.badStep(step)
    }
    let written = step.hasPrefix("> ") || step.hasPrefix("! ") ? step : "> " + step
    lines.append(written)
    if written.hasPrefix("> ") {
      let text = String(written.dropFirst(2))
      try connection.send(line: text)
      try readReply(to: written)
      if text.trimmingCharacters(in: .whitespaces) == "quit" { try readToClose(after: written) }
      return
    }
    let words = written.dropFirst(2).split(separator: " ", maxSplits: 1).map(String.init)
    switch words.first {
    case "raw":
      let hex = words.count > 1 ? words[1].split(separator: " ") : []
      let bytes = try hex.map { digits -> UInt8 in
        guard let byte = UInt8(digits, radix: 16) else { throw Failure.badStep(step) }
        return byte
      }
      guard !bytes.isEmpty else { throw Failure.badStep(step) }
      try connection.send(bytes: bytes)
      // Only a step that ends a line is answered.
      if bytes.last == 0x0A { try readReply(to: written) }
    case "repeat":
      let rest = words.count > 1 ? words[1].split(separator: " ", maxSplits: 1).map(String.init) : []
      guard rest.count == 2, let count = Int(rest[0]), count > 0 else { throw Failure.badStep(step) }
      try connection.send(bytes: Array(String(repeating: rest[1], count: count).utf8))
    case "send-unterminated":
      guard words.count > 1 else { throw Failure.badStep(step) }
      try connection.send(bytes: Array(words[1].utf8))
    default:
      throw Failure.badStep(step)
    }
  }

  /// Records server lines up to and including the next `ok` or `error` reply, or the close.
  private mutating func readReply(to step: String) throws {
    while true {
      let line: String?
      do { line = try connection.readLine(timeout: timeout) } catch {
        throw Failure.noReply(step: step, seconds: timeout)
      }
      guard let line else {
        lines.append("! expect-close")
        return
      }
      lines.append("< " + line)
      if line == "ok" || line.hasPrefix("ok ") || line.hasPrefix("error ") { return }
    }
  }

  /// After `quit`: the lines the server sends before it closes, then the close.
  private mutating func readToClose(after step: String) throws {
    if lines.last == "! expect-close" { return }
    while connection.isOpen {
      let line: String?
      do { line = try connection.readLine(timeout: timeout) } catch {
        throw Failure.noReply(step: step, seconds: timeout)
      }
      guard let line else { break }
      lines.append("< " + line)
    }
    lines.append("! expect-close")
  }
}
