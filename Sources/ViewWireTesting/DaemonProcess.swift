public import Foundation
public import ViewWireClient

/// A daemon executable (`viewwired`, or your own built on `ViewWireApplication`) started as a
/// subprocess on a free port, for tests of the executable as users run it: its options, its
/// output, its exit on SIGTERM.
///
/// It is started with `--port 0` and reads the `listening on HOST:PORT` line the daemon prints.
public final class DaemonProcess: @unchecked Sendable {
  /// The running process.
  public let process = Process()
  /// The port it listens on.
  public let port: Int
  private let output = Pipe()
  private let errors = Pipe()
  // Filled by a reading thread so stderr never fills its pipe; every access holds the lock.
  private let logLock = NSLock()
  private var logBytes = Data()

  /// Starts `executable` with `--port 0`, `--log-level warning` and `arguments`, and returns
  /// once it printed its port.
  ///
  /// - Throws: `DaemonProcess.Failure` when it exits or prints anything else first.
  public init(executable: URL, arguments: [String] = []) throws {
    process.executableURL = executable
    process.arguments = ["--port", "0", "--log-level", "warning"] + arguments
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var text = ""
    while !text.contains("\n") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    guard let line = text.split(separator: "\n").first, line.hasPrefix("listening on "),
      let port = line.split(separator: ":").last.flatMap({ Int($0) })
    else {
      process.terminate()
      process.waitUntilExit()
      throw Failure(message: "\(executable.lastPathComponent) did not report its port: \(text)")
    }
    self.port = port
    let reader = errors.fileHandleForReading
    Thread { [self] in
      while case let data = reader.availableData, !data.isEmpty {
        logLock.withLock { logBytes.append(data) }
      }
    }.start()
  }

  /// The executable named `name` in the build folder that holds the running test binary, where
  /// `swift build --build-tests` puts a package's executables.
  public static func builtExecutable(named name: String) -> URL {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    // The test binary may sit inside an .xctest bundle directory.
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent(name)
  }

  /// A client session to the daemon, `hello` already read.
  public func session(timeout: Double = 10) throws -> ViewWireSession {
    try ViewWireSession(port: port, timeout: timeout)
  }

  /// What the daemon has written to stderr (its log) so far.
  public var log: String { logLock.withLock { String(decoding: logBytes, as: UTF8.self) } }

  /// Sends `signal` (SIGTERM by default), waits for the process to end and returns its exit
  /// status.
  @discardableResult
  public func stop(signal: Int32 = SIGTERM) -> Int32 {
    if process.isRunning { kill(process.processIdentifier, signal) }
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// The daemon did not start as expected.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with what the daemon printed.
    public let message: String
    /// The message.
    public var description: String { message }
  }
}
