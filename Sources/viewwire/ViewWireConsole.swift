import ArgumentParser
import Foundation
import Glibc
import ViewWireClient
import ViewWireProtocol

/// `viewwire`: a telnet-style client that checks every frame, a transcript replayer and recorder,
/// and a terminal screen.
@main
struct ViewWireConsole: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "viewwire",
    abstract: "Talk to a ViewWire daemon, or replay session transcripts against one.",
    subcommands: [Connect.self, Replay.self, Record.self, Screen.self],
    defaultSubcommand: Connect.self)
}

/// Options every subcommand shares.
struct ServerAddress: ParsableArguments {
  @Option(help: "The daemon's address.")
  var host = "127.0.0.1"

  @Option(help: "The daemon's port.")
  var port = 7420

}

/// The auth token of a daemon started with `--auth-token-file`, for the commands that keep a
/// session (the console and the screen), which present it on every connection they open.
struct AuthTokenOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A file holding the daemon's auth token (PROTOCOL.md section 17).",
      discussion:
        "Presented on connecting and again on every reconnection; a file, so the token stays out of `ps`."))
  var authTokenFile: String?

  /// The token in `authTokenFile`, without surrounding blanks; nil when no file is named.
  func authToken() throws -> String? {
    guard let authTokenFile else { return nil }
    let text = try String(contentsOfFile: authTokenFile, encoding: .utf8)
    let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty else { throw ValidationError("\(authTokenFile) holds no token") }
    return token
  }
}

/// Lines typed go to the daemon; its lines are printed as they come. Every frame is applied to a
/// mirror and its hash checked; on a mismatch the client says so, sends `resync` once, and skips
/// frame lines until the full frame that answers it replaces the mirror, as the protocol asks.
/// On a terminal the typed line is edited with libedit (history, completion: `ConsoleSession`).
struct Connect: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Connect and type commands (the default).")

  @OptionGroup var address: ServerAddress
  @OptionGroup var auth: AuthTokenOption

  @Flag(help: "Print a line after each frame saying whether its hash matched the mirror.")
  var showChecks = false

  @Flag(help: "Show `tree` replies as an outline: indented by depth, each view as #ID CLASS X Y W H ...")
  var indentTree = false

  func run() throws {
    let link = try ResumingLink(host: address.host, port: address.port, authToken: try auth.authToken())
    ConsoleSession(link: link, showChecks: showChecks, indentTree: indentTree).run()
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

/// Shows one line on standard output at once, written straight to its descriptor.
///
/// Not `print` and `fflush`: the reader thread calls this while the main thread sits in
/// `readLine`, which holds glibc's lock on stdin, and `fflush(nil)` takes every stream's lock, so
/// the reader waited for the next typed line after each server line. Writing to the descriptor
/// takes no stdio lock, needs no flush, and leaves nothing buffered.
func show(_ line: String) {
  writeAll(line + "\n")
}
