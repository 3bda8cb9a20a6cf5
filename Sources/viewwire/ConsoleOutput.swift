import Foundation
import Glibc

/// Server lines on their way from the reader thread to the thread that owns the terminal.
///
/// While a person edits a line, only the editing thread may write to the terminal: libedit keeps
/// its own idea of what the screen shows, and a line printed behind its back would land in the
/// middle of the edited one. So the reader posts lines here and wakes the editing thread through
/// a pipe it polls beside standard input.
final class ConsoleOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  private var ended = false
  private let pipe: (read: Int32, write: Int32)

  init() throws {
    var ends: [Int32] = [-1, -1]
    guard Glibc.pipe(&ends) == 0 else {
      throw ConsoleFailure(message: "pipe: \(String(cString: strerror(errno)))")
    }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    pipe = (ends[0], ends[1])
  }

  /// The descriptor that becomes readable when lines or the end were posted.
  var wakeDescriptor: Int32 { pipe.read }

  /// Queues a line to show (reader thread).
  func post(_ line: String) {
    lock.withLock { lines.append(line) }
    wake()
  }

  /// Says the connection ended (reader thread): nothing more will be posted.
  func postEnd() {
    lock.withLock { ended = true }
    wake()
  }

  /// Takes the lines posted so far, and whether the connection ended (editing thread).
  func take() -> (lines: [String], ended: Bool) {
    var wakeBytes = [UInt8](repeating: 0, count: 256)
    while read(pipe.read, &wakeBytes, wakeBytes.count) > 0 {}
    return lock.withLock {
      defer { lines.removeAll(keepingCapacity: true) }
      return (lines, ended)
    }
  }

  private func wake() {
    var byte: UInt8 = 1
    // A full pipe already holds a wake-up; the nonblocking write then fails, which is fine.
    _ = write(pipe.write, &byte, 1)
  }
}

/// Why the console could not start.
struct ConsoleFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
