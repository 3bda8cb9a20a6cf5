// Servers the load benchmarks start and watch: a release `viewwired` and a `redis-server`, each
// on a free port, pinned to a CPU when the machine has more than one, with their CPU time and
// resident memory read from /proc.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a line unbuffered, so progress shows even when stdout is a pipe.
public func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// Stops the benchmark with a message on stderr.
public func fail(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data("\(CommandLine.arguments[0].split(separator: "/").last ?? ""): \(message)\n".utf8))
  exit(1)
}

/// A server process the benchmark started; stopped (SIGTERM, then waited for) by `stop()`.
public final class Daemon {
  /// `viewwired` or `redis`, for messages.
  public let name: String
  let process: Process
  /// The port it listens on, on 127.0.0.1.
  public let port: UInt16
  /// Its process id, for /proc and pinning.
  public var pid: Int32 { process.processIdentifier }

  private init(name: String, process: Process, port: UInt16) {
    self.name = name
    self.process = process
    self.port = port
  }

  /// Starts the release `viewwired` that sits beside this executable (or `$VIEWWIRED`, to
  /// measure another build against this one), on a free port, and waits for its `listening on`
  /// line. `extra` are further options (`--max-connections`).
  public static func viewwired(extra: [String] = []) -> Daemon {
    let binary =
      ProcessInfo.processInfo.environment["VIEWWIRED"].map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("viewwired")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      fail("no viewwired beside this benchmark (\(binary.path)); build it with -c release")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--port", "0", "--log-level", "warning"] + extra
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { fail("cannot start viewwired: \(error)") }
    // The daemon prints `listening on HOST:PORT` once it listens.
    var text = ""
    while !text.contains("\n") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { fail("viewwired exited before listening") }
      text += String(decoding: chunk, as: UTF8.self)
    }
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on") }),
      let port = line.split(separator: ":").last.flatMap({ UInt16($0) })
    else { fail("unexpected first line from viewwired: \(text)") }
    return Daemon(name: "viewwired", process: process, port: port)
  }

  /// Starts `redis-server` on a free port with persistence off, and waits until it answers.
  public static func redis() -> Daemon? {
    guard
      let path = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return nil }
    let port = freePort()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = [
      "--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no",
      "--loglevel", "warning", "--maxclients", "10000",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let daemon = Daemon(name: "redis", process: process, port: port)
    for _ in 0..<200 {
      if let socket = try? LineSocket(port: port) {
        socket.close()
        return daemon
      }
      usleep(20_000)
    }
    daemon.stop()
    return nil
  }

  /// The CPU time the process has used so far, user and system, in seconds.
  public var cpuSeconds: Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    // Fields after the command name start with field 3 (state); utime is 14, stime 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Resident memory in KiB (VmRSS).
  public var residentKiB: Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
  }

  /// Ends the process (SIGTERM) and waits for it.
  public func stop() {
    guard process.isRunning else { return }
    process.terminate()
    process.waitUntilExit()
  }
}

/// A TCP port nobody listens on now (bound to port 0 and released).
public func freePort() -> UInt16 {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  defer { Glibc.close(fd) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = 0
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  _ = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
  }
  _ = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
  }
  return UInt16(bigEndian: address.sin_port)
}

/// Pins a process to the given CPUs with `taskset` (Swift's Glibc module has no
/// sched_setaffinity); for this process, threads it starts later inherit the set.
@discardableResult
public func pin(_ pid: Int32, toCPUs cpus: [Int]) -> Bool {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
  process.arguments = ["-pc", cpus.map(String.init).joined(separator: ","), "\(pid == 0 ? getpid() : pid)"]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return false }
  process.waitUntilExit()
  return process.terminationStatus == 0
}

/// The number of CPUs this process may run on.
public var cpuCount: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

/// The machine, for the report: CPU model, CPUs, load average.
public func machineDescription() -> String {
  let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
  let model =
    cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
    .map { $0.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
  let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "")
    .split(separator: " ").prefix(3).joined(separator: " ")
  return "\(cpuCount) CPUs (\(model)), load average \(load)"
}

/// Raises this process's open-file limit as far as the hard limit allows; returns the new soft one.
@discardableResult
public func raiseFileLimit(to wanted: Int) -> Int {
  var limit = rlimit()
  getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  limit.rlim_cur = min(max(limit.rlim_cur, rlim_t(wanted)), limit.rlim_max)
  setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  return Int(limit.rlim_cur)
}
