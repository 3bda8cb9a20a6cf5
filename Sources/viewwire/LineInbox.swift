import Foundation
import Glibc
import ViewWireClient

/// Server lines read on a thread of their own and handed to the screen's loop through a queue
/// and a wake-up pipe.
///
/// `WireConnection` reads with blocking calls; a thread that does nothing else keeps them out of
/// the loop, which polls the terminal, the signals and this pipe at once, so a frame sent by a
/// timer or an animation is drawn when it arrives, whatever the keyboard is doing. The two
/// threads use disjoint halves of the connection: this one reads, the loop writes.
final class LineInbox: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  private var isClosed = false
  /// The pipe's read end, which the loop polls.
  let wakeDescriptor: Int32
  private let wakeWriter: Int32

  /// Starts reading `connection` on a new thread.
  init(reading connection: WireConnection) {
    var fds: [Int32] = [-1, -1]
    _ = pipe(&fds)
    for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    wakeDescriptor = fds[0]
    wakeWriter = fds[1]
    let box = ConnectionBox(connection)
    Thread { [self] in
      while true {
        do {
          guard let line = try box.connection.readLine(timeout: 3600) else { break }
          post(line)
        } catch WireConnection.Failure.timedOut(_) {
          continue
        } catch {
          break
        }
      }
      close()
    }.start()
  }

  deinit {
    // Only once the reading thread is done with it (it holds the inbox until then).
    Glibc.close(wakeDescriptor)
    Glibc.close(wakeWriter)
  }

  private func post(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
    wake()
  }

  private func close() {
    lock.lock()
    isClosed = true
    lock.unlock()
    wake()
  }

  private func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWriter, &byte, 1)
  }

  /// The lines read since the last call, and whether the connection has ended.
  func take() -> (lines: [String], closed: Bool) {
    var sink = [UInt8](repeating: 0, count: 256)
    while read(wakeDescriptor, &sink, sink.count) > 0 {}
    lock.lock()
    defer { lock.unlock() }
    let taken = lines
    lines = []
    return (taken, isClosed)
  }
}

/// Hands the connection to the reader thread.
private final class ConnectionBox: @unchecked Sendable {
  let connection: WireConnection
  init(_ connection: WireConnection) { self.connection = connection }
}
