import Foundation
import Glibc

/// The terminal as the screen uses it: raw input, the alternate screen, no cursor, xterm mouse
/// reporting; and the promise to put all of it back on every way out.
///
/// `restore()` is idempotent and runs on a normal return (the caller's `defer`), on a thrown
/// error (the same `defer`), on SIGINT, SIGTERM and SIGHUP (their handler only writes a byte to
/// a pipe, which ends the screen's loop, which returns through the `defer`), and at `exit()` as
/// a last resort (`atexit`). The sequences it writes are the ones `enter` wrote, undone in
/// reverse order.
final class TerminalMode {
  /// Alternate screen on, cursor hidden, mouse button and drag reporting on in SGR encoding.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
  /// Mouse reporting off, attributes reset, cursor shown, alternate screen off.
  static let leaveSequence = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  private var saved = termios()
  private var isActive = false

  /// Puts standard input in raw mode and switches the screen; fails when standard input is not
  /// a terminal.
  init() throws {
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else {
      throw ScreenFailure.notATerminal
    }
    var raw = saved
    cfmakeraw(&raw)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw ScreenFailure.notATerminal
    }
    isActive = true
    TerminalMode.active = self
    atexit { TerminalMode.active?.restore() }
    writeAll(Self.enterSequence)
  }

  /// Puts the terminal back as it was; does nothing the second time.
  func restore() {
    guard isActive else { return }
    isActive = false
    writeAll(Self.leaveSequence)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    TerminalMode.active = nil
  }

  deinit { restore() }

  /// The mode to restore at `exit`, if any.
  nonisolated(unsafe) static var active: TerminalMode?

  /// The terminal's size in cells (80 × 24 when it cannot say).
  static func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}

/// Why the screen stopped other than by the user's wish.
enum ScreenFailure: Error, CustomStringConvertible {
  /// Standard input is not a terminal, so there is no screen to draw on.
  case notATerminal
  /// The server closed the connection, with its `bye` reason when it gave one.
  case closed(String?)
  /// The connection's greeting was not a ViewWire greeting.
  case notAServer(String)

  var description: String {
    switch self {
    case .notATerminal: return "viewwire screen needs a terminal on standard input"
    case .closed(let reason?): return "the server closed the connection: \(reason)"
    case .closed(nil): return "the server closed the connection"
    case .notAServer(let line): return "not a ViewWire server: \(line)"
    }
  }
}
