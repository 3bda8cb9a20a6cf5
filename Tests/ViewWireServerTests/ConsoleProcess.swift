import Foundation
import Glibc

/// The real `viewwire` executable, started under a pseudo-terminal as a person runs it.
///
/// A terminal matters: with a pipe the C library buffers the client's output and its input is
/// read differently, so a client that only works on pipes (or only breaks on terminals) would
/// slip through. The test types into the terminal's master side and reads what the client shows
/// there; the terminal echoes what is typed and ends output lines with CR LF, so lines are read
/// with their CR removed.
final class ConsoleProcess {
  let process = Process()
  private var master: Int32
  private let screen = ScreenCollector()

  /// The built `viewwire`, beside `viewwired` (the test target depends on both).
  static var executable: URL {
    Daemon.executable.deletingLastPathComponent().appendingPathComponent("viewwire")
  }

  /// Starts `viewwire ARGUMENTS` with a pseudo-terminal as its standard input, output and error.
  init(_ arguments: [String]) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else {
      throw DaemonFailure(message: "openpty: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    self.master = master
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.executableURL = Self.executable
    process.arguments = arguments
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    do {
      try process.run()
    } catch {
      Glibc.close(slave)
      Glibc.close(master)
      throw error
    }
    // Only the child keeps the terminal's slave side open now, so reading the master ends (EIO)
    // once the child is gone.
    Glibc.close(slave)
    let screen = self.screen
    let reading = master
    Thread {
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        screen.append(chunk[0..<count])
      }
      screen.finish()
    }.start()
  }

  /// Types `text` and Enter.
  func type(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    var offset = 0
    while offset < bytes.count, master >= 0 {
      let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// The lines shown so far (CR removed; a last line without its LF is left out).
  var lines: [String] { screen.lines }

  /// Waits up to `seconds` for the lines shown to satisfy `done`, then returns them: a deadline,
  /// not a timing assertion, so a slow machine waits longer instead of failing.
  func waitForLines(upTo seconds: Double = 20, until done: ([String]) -> Bool) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    var lines = screen.lines
    while !done(lines), !screen.isFinished, Date() < deadline {
      usleep(10_000)
      lines = screen.lines
    }
    return screen.lines
  }

  /// Types `quit` and an end of file (Ctrl-D), and waits up to `seconds` for the client to end;
  /// kills it if it does not, so a hung client fails its test instead of hanging the suite.
  func stop(seconds: Double = 10) {
    guard master >= 0 else { return }
    if process.isRunning {
      type("quit")
      write(master, [4], 1)
    }
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    // The reading thread ends once the terminal's last slave is closed; only then is the master
    // closed, so the thread never reads a closed (or reused) descriptor.
    _ = waitForLines(upTo: seconds) { _ in false }
    if screen.isFinished { Glibc.close(master) }
    master = -1
  }

  deinit { stop() }
}

/// What a process showed on its terminal, appended by a reading thread and read by the test.
private final class ScreenCollector: @unchecked Sendable {
  // The reading thread appends while the test reads; every access holds the lock.
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private var finished = false

  func append(_ chunk: ArraySlice<UInt8>) { lock.withLock { bytes.append(contentsOf: chunk) } }
  func finish() { lock.withLock { finished = true } }
  var isFinished: Bool { lock.withLock { finished } }

  /// The complete lines so far, without CR.
  ///
  /// Split as bytes: in a Swift string CR LF is one character, which a split at "\n" misses.
  var lines: [String] {
    let bytes = lock.withLock { self.bytes }
    return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    }
  }
}
