import ArgumentParser
import Foundation
import Glibc
import ViewWireClient
import ViewWireProtocol
import ViewWireTerminal

/// `viewwire screen [APP]`: draws the window in the terminal and drives it with the mouse and
/// the keyboard.
///
/// This file is the thin, impure part: the terminal's mode, the signals, and one `poll` loop over
/// standard input, the server's lines and the signal pipe. Everything it decides is in
/// `ViewWireTerminal` (the rasteriser, the cell diff, the input decoder and the input-to-command
/// table), which its unit tests cover; the pty tests in `clients/terminal/tests` cover this loop.
struct Screen: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw the window in this terminal; use it with the mouse and the keyboard.",
    discussion: """
      One cell is 8.5 × 21 points. Mouse presses, drags and releases become down, move and up at \
      the cell's centre; typed text and Enter, Backspace, Tab and Escape go to the focused field. \
      F1 or Ctrl-G shows the status line; Ctrl-Q or Ctrl-C quits.
      """)

  @OptionGroup var address: ServerAddress
  @OptionGroup var auth: AuthTokenOption

  @Argument(help: "The app to open (the screen lists the apps when none is named).")
  var app: String?

  func run() throws {
    let link = try ResumingLink(host: address.host, port: address.port, authToken: try auth.authToken())
    SignalPipe.install()
    var loop = ScreenLoop(
      link: link, app: app,
      mode: ScreenEncoder.ColourMode(colorterm: ProcessInfo.processInfo.environment["COLORTERM"]))
    let terminal = try TerminalMode()
    defer { terminal.restore() }
    do {
      try loop.run()
      // The person quit: the session ends now rather than wait, detached, for a resume.
      link.send("quit", hidden: true)
    } catch {
      terminal.restore()
      FileHandle.standardError.write(Data("viewwire screen: \(error)\n".utf8))
      throw ExitCode(1)
    }
  }
}
