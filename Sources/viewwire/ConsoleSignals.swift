import Glibc

/// The signals the editing console handles, turned into bytes on a pipe its main loop polls.
///
/// A signal handler may do almost nothing safely, and libedit is not reentrant, so the handler
/// only writes the signal's number to a pipe; the main thread then acts between keystrokes:
/// Ctrl-C (SIGINT) drops the line being edited, a resize (SIGWINCH) tells libedit, Ctrl-Z
/// (SIGTSTP) gives the terminal back before stopping, SIGTERM and SIGHUP give it back and end.
enum ConsoleSignals {
  /// The pipe's write end, for the handler; set once before any handler is installed.
  nonisolated(unsafe) private static var writeEnd: Int32 = -1
  nonisolated(unsafe) private static var readEnd: Int32 = -1

  /// The signals handled here.
  static let handled = [SIGINT, SIGWINCH, SIGTSTP, SIGTERM, SIGHUP]

  /// Installs the handlers; returns the descriptor that becomes readable when a signal came.
  static func install() throws -> Int32 {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw ConsoleFailure(message: "pipe: \(String(cString: strerror(errno)))")
    }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    for signal in handled {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(ConsoleSignals.writeEnd, &byte, 1)
      }
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
    return readEnd
  }

  /// The signals received since the last call, in order.
  static func take() -> [Int32] {
    var bytes = [UInt8](repeating: 0, count: 64)
    var signals: [Int32] = []
    while true {
      let count = read(readEnd, &bytes, bytes.count)
      guard count > 0 else { break }
      signals += bytes[0..<count].map { Int32($0) }
    }
    return signals
  }
}

/// Why the console could not start.
struct ConsoleFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
