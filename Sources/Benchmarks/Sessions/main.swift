// bench-sessions: what an idle session costs the daemon in memory, and whether the memory comes
// back when sessions close.
//
// For each app (login, stacks, rows) and each count (1,000 and 10,000), a fresh release
// `viewwired` is started, its resident memory (VmRSS) read while idle, then `count` clients
// connect, each opens the app and reads its first frame up to `ok open`, and the RSS is read
// again: (RSS with sessions - idle RSS) / count is the KB per session. The baseline, measured
// the same way in the same run, is a `redis-server` holding `count` idle connections (KB per
// connection), when redis is installed.
//
// Churn: one daemon, 10 cycles of 1,000 login sessions opened and closed; the RSS after each
// cycle's sessions closed, and the last cycle's over the first's (the issue's target: within 10%).
//
// Usage: bench-sessions [--counts 1000,10000] [--apps login,stacks,rows] [--cycles 10]
// See BENCHMARKS.md ("bench-sessions").
import BenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

var counts = [1000, 10_000]
var apps = ["login", "stacks", "rows"]
var cycles = 10
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let flag = arguments.next() {
  switch (flag, arguments.next()) {
  case ("--counts", let value?): counts = value.split(separator: ",").compactMap { Int($0) }
  case ("--apps", let value?): apps = value.split(separator: ",").map(String.init)
  case ("--cycles", let value?) where (Int(value) ?? 0) > 0: cycles = Int(value)!
  default: fail("usage: bench-sessions [--counts 1000,10000] [--apps login,stacks,rows] [--cycles 10]")
  }
}
signal(SIGPIPE, SIG_IGN)
let largest = counts.max() ?? 1000
let fileLimit = raiseFileLimit(to: largest + 1000)
guard fileLimit >= largest + 100 else {
  fail(
    "the open-file limit is \(fileLimit); \(largest) sessions need about \(largest + 100) (raise the hard limit)"
  )
}

say("bench-sessions: \(machineDescription())")

/// Opens `count` sessions of `app` (nil: plain connections, read nothing) on `port`, in batches
/// whose `open` lines are written before any reply is read.
func openSessions(_ count: Int, app: String?, port: UInt16) -> [LineSocket] {
  var sockets: [LineSocket] = []
  sockets.reserveCapacity(count)
  var opened = 0
  while opened < count {
    let batch = min(200, count - opened)
    var fresh: [LineSocket] = []
    for _ in 0..<batch {
      do {
        let socket = try LineSocket(port: port)
        if let app { try socket.send("open \(app)\n") }
        fresh.append(socket)
      } catch { fail("connection \(opened + fresh.count + 1): \(error)") }
    }
    if let app {
      for socket in fresh {
        do {
          let lines = try socket.readLines { $0.hasPrefix("ok ") || $0.hasPrefix("error ") }
          guard lines.last?.hasPrefix("ok open") == true else { fail("open \(app): \(lines.last ?? "")") }
        } catch { fail("open \(app): \(error)") }
      }
    }
    sockets.append(contentsOf: fresh)
    opened += batch
  }
  return sockets
}

/// Waits until the server's RSS has not moved for a moment (closes and frees are processed).
func settledRSS(_ daemon: Daemon) -> Int {
  var last = daemon.residentKiB
  for _ in 0..<20 {
    usleep(150_000)
    let now = daemon.residentKiB
    if now == last { return now }
    last = now
  }
  return last
}

/// KB per connection for redis idle connections (the baseline).
func redisPerConnection(_ count: Int) -> Double? {
  guard let redis = Daemon.redis() else { return nil }
  defer { redis.stop() }
  let idle = settledRSS(redis)
  var sockets = openSessions(count, app: nil, port: redis.port)
  // A PING on each, so redis has read from every connection (allocated its query buffer).
  for socket in sockets {
    try? socket.send("PING\r\n")
    _ = try? socket.readLines { $0.hasPrefix("+PONG") }
  }
  let loaded = settledRSS(redis)
  for socket in sockets { socket.close() }
  sockets.removeAll()
  return Double(loaded - idle) * 1.024 / Double(count)
}

say("")
say(
  pad("sessions", 10) + pad("app", 8) + pad("idle RSS", 12, right: true)
    + pad("with sessions", 15, right: true)
    + pad("KB/session", 12, right: true) + pad("redis KB/conn", 15, right: true)
    + pad("ratio", 8, right: true))
var summary: [String] = []
for count in counts {
  let redisBaseline = redisPerConnection(count)
  for app in apps {
    let daemon = Daemon.viewwired(extra: [
      "--max-connections", "\(count + 100)", "--max-connections-per-address", "\(count + 100)",
    ])
    let idle = settledRSS(daemon)
    var sockets = openSessions(count, app: app, port: daemon.port)
    let loaded = settledRSS(daemon)
    let perSession = Double(loaded - idle) * 1.024 / Double(count)  // KiB to KB
    say(
      pad("\(count)", 10) + pad(app, 8) + pad("\(idle / 1024) MiB", 12, right: true)
        + pad("\(loaded / 1024) MiB", 15, right: true)
        + pad(String(format: "%.1f", perSession), 12, right: true)
        + pad(redisBaseline.map { String(format: "%.2f", $0) } ?? "-", 15, right: true)
        + pad(redisBaseline.map { String(format: "%.0f", perSession / $0) } ?? "-", 8, right: true))
    summary.append(String(format: "%@ %.1f KB at %d", app, perSession, count))
    for socket in sockets { socket.close() }
    sockets.removeAll()
    daemon.stop()
  }
}

say("")
say(
  "churn: \(cycles) cycles of 1,000 login sessions opened and closed on one daemon (RSS after each cycle closed)"
)
let daemon = Daemon.viewwired(extra: [
  "--max-connections", "2000", "--max-connections-per-address", "2000",
])
let idle = settledRSS(daemon)
var after: [Int] = []
for cycle in 1...cycles {
  var sockets = openSessions(1000, app: "login", port: daemon.port)
  let open = settledRSS(daemon)
  for socket in sockets { socket.close() }
  sockets.removeAll()
  usleep(1_500_000)  // the daemon tears the sessions down as their closes arrive
  after.append(settledRSS(daemon))
  say("  cycle \(cycle): \(open / 1024) MiB open, \(after.last! / 1024) MiB after closing")
}
daemon.stop()
let churn = Double(after.last!) / Double(after.first!)
say(
  String(
    format:
      "idle daemon %d MiB; after the first cycle %d MiB, after the last %d MiB: last/first %.3f (target ≤ 1.10)",
    idle / 1024, after.first! / 1024, after.last! / 1024, churn))
summary.append(
  String(
    format: "churn last/first %.3f, after closing %.1f MiB over idle", churn,
    Double(after.last! - idle) / 1024))
say("")
say("summary: " + summary.joined(separator: ", "))
