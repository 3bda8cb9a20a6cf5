import ArgumentParser
import Foundation
import ViewWireClient
import ViewWireProtocol

/// `viewwire`: a telnet-style client that checks every frame, and a transcript replayer.
@main
struct ViewWireConsole: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "viewwire",
    abstract: "Talk to a ViewWire daemon, or replay session transcripts against one.",
    subcommands: [Connect.self, Replay.self],
    defaultSubcommand: Connect.self)
}

/// Options every subcommand shares.
struct ServerAddress: ParsableArguments {
  @Option(help: "The daemon's address.")
  var host = "127.0.0.1"

  @Option(help: "The daemon's port.")
  var port = 7420
}

/// Lines typed on standard input go to the daemon; its lines are printed as they come. Every
/// frame is applied to a mirror and its hash checked; on a mismatch the client says so and
/// sends `resync`, as the protocol asks.
struct Connect: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Connect and type commands (the default).")

  @OptionGroup var address: ServerAddress

  @Flag(help: "Print a line after each frame saying whether its hash matched the mirror.")
  var showChecks = false

  func run() throws {
    let connection = try WireConnection(host: address.host, port: address.port)
    let shared = UncheckedBox(connection)
    let showChecks = self.showChecks
    let reader = Thread {
      var mirror = Mirror()
      while true {
        guard let line = try? shared.value.readLine(timeout: 86_400) else { break }
        print(line)
        let parsed = ServerLine.parse(line)
        do {
          try mirror.consume(parsed)
          if showChecks, case .frameEnd(let sequence, _, let views) = parsed {
            print("# frame \(sequence) checked: \(views) views, hash matches")
          }
        } catch {
          print("# mirror: \(error); sending resync")
          mirror = Mirror()
          try? shared.value.send(line: "resync")
        }
        fflushStandardOutput()
      }
      Foundation.exit(0)
    }
    reader.start()
    while let line = Swift.readLine(strippingNewline: true) {
      try connection.send(line: line)
    }
    connection.finishSending()
    while true { sleep(60) }
  }
}

/// Replays transcripts and reports the first mismatch of each.
struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Replay .vwt transcripts against a running daemon.")

  @OptionGroup var address: ServerAddress

  @Option(help: "Seconds to wait for each line.")
  var timeout: Double = 5

  @Argument(help: "Transcript files.")
  var files: [String]

  func run() throws {
    var failures = 0
    for file in files {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let transcript = try Transcript(parsing: text, name: file)
      do {
        try TranscriptReplayer(host: address.host, port: address.port, timeout: timeout).replay(transcript)
        print("ok \(file)")
      } catch {
        failures += 1
        print("FAIL \(error)")
      }
    }
    if failures > 0 { throw ExitCode(1) }
  }
}

/// Hands a connection to the reader thread; the two threads use disjoint halves of it (one
/// reads, one writes).
final class UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

func fflushStandardOutput() {
  fflush(nil)
}
