// Servers the load benchmarks start and watch: a release `viewwired` and a `redis-server`, each
// on a free port, pinned to a CPU when the machine has more than one, with their CPU time and
// resident memory read from /proc.
import CBenchSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a line unbuffered, so progress shows even when stdout is a pipe.
public func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// Stops the benchmark with a message on stderr, after stopping every server it started (a
/// benchmark that fails must not leave a `viewwired` or a `redis-server` running on the shared
/// machine).
public func fail(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data("\(CommandLine.arguments[0].split(separator: "/").last ?? ""): \(message)\n".utf8))
  Daemon.stopAll()
  exit(1)
}

/// Every server this process started and has not stopped, for `fail` and the signal handlers.
private final class StartedProcesses: @unchecked Sendable {
  private let lock = NSLock()
  // Guarded by `lock`.
  private var processes: [ObjectIdentifier: Process] = [:]

  func add(_ process: Process) { lock.withLock { processes[ObjectIdentifier(process)] = process } }
  func remove(_ process: Process) {
    lock.withLock { _ = processes.removeValue(forKey: ObjectIdentifier(process)) }
  }
  func takeAll() -> [Process] {
    lock.withLock {
      defer { processes.removeAll() }
      return Array(processes.values)
    }
  }

  /// Held for the whole of a `stopAll`, so a second caller (`fail` on the main thread while a
  /// signal handler stops the servers) waits for the first to finish before it exits.
  let stopping = NSLock()
}
private let startedProcesses = StartedProcesses()

/// Ends `process`: SIGTERM, then SIGKILL if it has not exited after 3 s.
private func terminate(_ process: Process) {
  guard process.isRunning else { return }
  process.terminate()
  let deadline = Date().addingTimeInterval(3)
  while process.isRunning && Date() < deadline { usleep(10_000) }
  if process.isRunning {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

/// Ctrl-C or a `kill` of the benchmark stops the servers it started before it ends.
private final class StopOnSignals: @unchecked Sendable {
  static let shared = StopOnSignals()
  private var sources: [any DispatchSourceSignal] = []

  private init() {
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        Daemon.stopAll()
        exit(128 + number)
      }
      source.resume()
      sources.append(source)
    }
  }
}

/// A server process the benchmark started; stopped (SIGTERM, then waited for) by `stop()`.
public final class Daemon {
  /// What the tables call this server (`viewwired`, `redis`).
  public let name: String
  let process: Process
  /// The loopback port it listens on.
  public let port: UInt16
  /// Its process id, for its CPU time in `/proc/PID/stat`.
  public var pid: Int32 { process.processIdentifier }

  private init(name: String, process: Process, port: UInt16) {
    self.name = name
    self.process = process
    self.port = port
  }

  /// Counts `process` among those to stop on every exit path, once it runs.
  private static func track(_ process: Process) {
    _ = StopOnSignals.shared
    startedProcesses.add(process)
  }

  /// Stops every server this process started and has not stopped yet: what `fail`, the signal
  /// handlers and the end of a benchmark call.
  public static func stopAll() {
    startedProcesses.stopping.withLock {
      let processes = startedProcesses.takeAll()
      // SIGTERM to all first, so their shutdowns (up to 2 s each) overlap.
      for process in processes where process.isRunning { process.terminate() }
      for process in processes { terminate(process) }
    }
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
    track(process)
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
    track(process)
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
  public var cpuSeconds: Double { Self.cpuSeconds(statPath: "/proc/\(pid)/stat") }

  /// The CPU time each of its threads has used so far, in seconds, by thread id: which loop
  /// thread did the work (the fairness probe checks the flood ran on another loop).
  public var threadCPUSeconds: [Int32: Double] {
    var result: [Int32: Double] = [:]
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    for task in tasks {
      guard let tid = Int32(task) else { continue }
      result[tid] = Self.cpuSeconds(statPath: "/proc/\(pid)/task/\(task)/stat")
    }
    return result
  }

  /// utime + stime in seconds from a `/proc/.../stat` file (0 if it cannot be read).
  static func cpuSeconds(statPath: String) -> Double {
    guard let stat = try? String(contentsOfFile: statPath, encoding: .utf8),
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

  /// Ends the process (SIGTERM, SIGKILL after 3 s) and waits for it.
  public func stop() {
    startedProcesses.remove(process)
    terminate(process)
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

/// Pins a process to the given CPUs with `taskset`: its main thread only, or with `allThreads`
/// every thread it has now (`taskset -a`: a `viewwired --loops N` started its loop threads
/// before it printed `listening on`). For this process (`pid` 0), the calling thread, with
/// `sched_setaffinity`; threads it starts later inherit the set.
@discardableResult
public func pin(_ pid: Int32, toCPUs cpus: [Int], allThreads: Bool = false) -> Bool {
  if pid == 0 {
    let list = cpus.map { Int32($0) }
    return list.withUnsafeBufferPointer { viewwire_bench_set_affinity(0, $0.baseAddress, Int32($0.count)) }
      == 0
  }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
  process.arguments =
    (allThreads ? ["-a"] : []) + ["-pc", cpus.map(String.init).joined(separator: ","), "\(pid)"]
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
