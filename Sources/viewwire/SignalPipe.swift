import Glibc

/// Signals turned into bytes on a pipe, so the screen's `poll` loop sees them like input.
///
/// A signal handler may do almost nothing safely; writing one byte to a pipe is one of the few
/// things it may do, and it wakes `poll` at once. The loop then handles SIGWINCH (resize) and
/// SIGINT/SIGTERM/SIGHUP (restore the terminal and leave) in ordinary code.
enum SignalPipe {
  /// The pipe's read end (the loop polls it) and write end (the handler writes to it).
  nonisolated(unsafe) static var descriptors: (read: Int32, write: Int32) = (-1, -1)

  /// The signals caught.
  static let signals = [SIGWINCH, SIGINT, SIGTERM, SIGHUP]

  /// Makes the pipe and installs the handler for every signal in `signals`.
  static func install() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    descriptors = (fds[0], fds[1])
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(SignalPipe.descriptors.write, &byte, 1)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
    }
  }

  /// The signals that arrived since the last call, in order.
  static func drain() -> [Int32] {
    var result: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(descriptors.read, &buffer, buffer.count)
      guard count > 0 else { return result }
      result += buffer[0..<count].map { Int32($0) }
    }
  }
}
