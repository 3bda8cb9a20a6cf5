import Glibc

/// The signals the editing console handles: the screen's `SignalPipe` (SIGWINCH, SIGINT,
/// SIGTERM, SIGHUP) and Ctrl-Z (SIGTSTP), all as bytes on one pipe its main loop polls.
///
/// libedit is not reentrant, so nothing happens in a handler: the main thread acts between
/// keystrokes. Ctrl-C drops the line being edited, a resize tells libedit, Ctrl-Z gives the
/// terminal back before stopping, SIGTERM and SIGHUP give it back and end the console.
enum ConsoleSignals {
  /// Installs the handlers; returns the descriptor that becomes readable when a signal came.
  static func install() -> Int32 {
    SignalPipe.install()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { number in
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(SignalPipe.descriptors.write, &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    sigaction(SIGTSTP, &action, nil)
    return SignalPipe.descriptors.read
  }

  /// The signals received since the last call, in order.
  static func take() -> [Int32] { SignalPipe.drain() }
}
