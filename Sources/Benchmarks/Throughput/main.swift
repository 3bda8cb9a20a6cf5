// bench-throughput: viewwired against redis-server under the same load, in the same run.
//
// A load generator (one epoll thread, `ClosedLoop`) keeps 50 connections in a closed loop: each
// sends its next request as soon as the reply to the last one is complete. It drives, in turn
// and interleaved round by round so a noisy stretch of the shared machine hits every kind alike:
//
//   redis PING   `PING` → `+PONG` from a redis-server this benchmark starts on a free port (the
//                baseline: a mature single-threaded server doing no work per request)
//   ping         `ping` → `ok ping` from viewwired (framing, dispatch, the reply)
//   tap          `tap @switch` in the gallery → a frame of three render lines → `ok tap`
//   drag         `drag 195 150 195 600` and back in the square app → a frame → `ok drag`
//
// For each it prints requests per second, p50 and p99 round trips, and the server's CPU time per
// request (utime + stime from /proc/PID/stat over the run), each as a ratio to redis PING. With
// two or more CPUs, both servers are pinned to the last CPU and the load generator to the others.
//
// Then loops (`--loops`, PROTOCOL.md section 17): a `viewwired --loops 1` and a
// `viewwired --loops N` (N the CPUs), both free to use every CPU, under the same closed-loop
// `ping` and `tap` loads, interleaved round by round; it prints each one's requests per second
// and the ratio N loops / 1 loop. The load generator is then free to run on every CPU too
// (pinning it would take a CPU from the daemon), so on a 2-CPU machine it competes with the
// loops: the ratio is what the daemon gains on this machine with its client on it.
//
// Then the fairness probe: one connection taps in a closed loop, alone, then while another
// connection of the same daemon floods it with pipelined taps; its p99 with the flood over its
// p99 without. The same for redis (PING probe, pipelined PING flood) as a reference. In the same
// rounds one connection alone pings and drags as well: each kind's p50 over redis PING's p50
// alone is one client's round trip (issue 14's "one client's tap p50" target).
//
// Usage: bench-throughput [--seconds S] [--rounds R] [--connections C] [--no-pin]
// See BENCHMARKS.md ("bench-throughput").
import BenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

var seconds = 2.0
var rounds = 3
var connectionCount = 50
var pinning = true
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let flag = arguments.next() {
  if flag == "--no-pin" {
    pinning = false
    continue
  }
  switch (flag, arguments.next().flatMap(Double.init)) {
  case ("--seconds", let value?) where value > 0: seconds = value
  case ("--rounds", let value?) where value >= 1: rounds = Int(value)
  case ("--connections", let value?) where value >= 1: connectionCount = Int(value)
  default: fail("usage: bench-throughput [--seconds S] [--rounds R] [--connections C] [--no-pin]")
  }
}
signal(SIGPIPE, SIG_IGN)
raiseFileLimit(to: 4096)

say("bench-throughput: \(machineDescription())")
// One loop here: this daemon is pinned to one CPU, and `taskset -p` pins its main thread only.
// Every connection comes from 127.0.0.1: the per-address limit (64 by default) must not refuse
// the 150 this benchmark opens.
let unlimited = ["--max-connections-per-address", "10000", "--max-connections", "10000"]
let viewwired = Daemon.viewwired(extra: ["--loops", "1"] + unlimited)
guard let redis = Daemon.redis() else {
  viewwired.stop()
  fail("redis-server is not installed (`make bench-throughput` installs the Debian package)")
}
defer {
  viewwired.stop()
  redis.stop()
}
if pinning && cpuCount >= 2 {
  pin(viewwired.pid, toCPUs: [cpuCount - 1])
  pin(redis.pid, toCPUs: [cpuCount - 1])
  pin(0, toCPUs: Array(0..<(cpuCount - 1)))
  say("pinned: both servers on CPU \(cpuCount - 1), the load generator on CPU 0-\(cpuCount - 2)")
} else {
  say("not pinned")
}

/// One kind of load: its server, how its connections are set up, what they send.
struct Load {
  let kind: RequestKind
  let server: Daemon
  let loop: ClosedLoop
  let sockets: [LineSocket]
}

@MainActor func makeLoad(_ kind: RequestKind, on server: Daemon, app: String?, greeted: Bool = true) -> Load {
  let sockets = (0..<connectionCount).map { _ -> LineSocket in
    do {
      let socket = try LineSocket(port: server.port)
      if let app {
        try socket.openViewWireApp(app)
      } else if greeted {
        try socket.readLines { $0.hasPrefix("hello ") }
      }
      return socket
    } catch { fail("\(kind.name): \(error)") }
  }
  return Load(
    kind: kind, server: server, loop: ClosedLoop(fds: sockets.map(\.fd), kind: kind), sockets: sockets)
}

let okLine = ["ok ", "error "]
let loads = [
  makeLoad(
    RequestKind(name: "redis PING", requests: ["PING\r\n"], terminalPrefixes: ["+PONG", "-"]), on: redis,
    app: nil, greeted: false),
  makeLoad(
    RequestKind(name: "ping", requests: ["ping\n"], terminalPrefixes: okLine), on: viewwired, app: nil),
  makeLoad(
    RequestKind(name: "tap", requests: ["tap @switch\n"], terminalPrefixes: okLine), on: viewwired,
    app: "gallery"),
  makeLoad(
    RequestKind(
      name: "drag", requests: ["drag 195 150 195 600\n", "drag 195 600 195 150\n"], terminalPrefixes: okLine),
    on: viewwired, app: "square"),
]
say("\(connectionCount) connections per kind, \(rounds) rounds of \(seconds) s per kind, interleaved; 1 loop")

struct Figures {
  var rps: [Double] = []
  var p50: [Double] = []
  var p99: [Double] = []
  var cpu: [Double] = []  // µs of server CPU per request
}
var figures = [Figures](repeating: Figures(), count: loads.count)
for load in loads { _ = load.loop.run(seconds: min(0.5, seconds)) }  // warm-up
for round in 1...rounds {
  for (index, load) in loads.enumerated() {
    let cpuBefore = load.server.cpuSeconds
    let result = load.loop.run(seconds: seconds)
    let cpu = load.server.cpuSeconds - cpuBefore
    figures[index].rps.append(result.requestsPerSecond)
    figures[index].p50.append(result.p50)
    figures[index].p99.append(result.p99)
    figures[index].cpu.append(cpu * 1e6 / Double(max(1, result.requests)))
  }
  say(
    "  round \(round): "
      + loads.indices.map { "\(loads[$0].kind.name) \(Int(figures[$0].rps.last!)) req/s" }.joined(
        separator: ", "))
}

/// "median (min–max over rounds)" of the per-round ratio of `values` to the baseline's.
func ratio(_ values: [Double], _ baseline: [Double]) -> (median: Double, text: String) {
  let ratios = zip(values, baseline).map { $0 / $1 }
  let middle = median(ratios)
  return (middle, String(format: "%.2f (%.2f–%.2f)", middle, ratios.min()!, ratios.max()!))
}

say("")
say(
  pad("kind", 11) + pad("req/s", 9, right: true) + pad("p50 µs", 9, right: true)
    + pad("p99 µs", 9, right: true)
    + pad("CPU µs/req", 11, right: true) + "   ratios to redis PING, median (min–max of rounds):")
say(pad("", 49) + "   req/s               p50                 p99                 CPU/req")
let base = figures[0]
var summary: [String] = []
for (index, load) in loads.enumerated() {
  let f = figures[index]
  let rps = ratio(f.rps, base.rps)
  let p50 = ratio(f.p50, base.p50)
  let p99 = ratio(f.p99, base.p99)
  let cpu = ratio(f.cpu, base.cpu)
  say(
    pad(load.kind.name, 11) + pad(String(format: "%.0f", median(f.rps)), 9, right: true)
      + pad(String(format: "%.1f", median(f.p50)), 9, right: true)
      + pad(String(format: "%.1f", median(f.p99)), 9, right: true)
      + pad(String(format: "%.2f", median(f.cpu)), 11, right: true) + "   " + pad(rps.text, 20)
      + pad(p50.text, 20)
      + pad(p99.text, 20) + cpu.text)
  if index > 0 {
    summary.append(String(format: "%@ CPU/req %.2fx, req/s %.2fx", load.kind.name, cpu.median, rps.median))
  }
}
say("")

// MARK: Loops

/// The N-loop daemon's throughput over the 1-loop daemon's, for `kinds`, both free to use
/// every CPU; returns the median ratio of each kind.
@MainActor func measureLoops() -> [(String, Double)] {
  let loopCount = max(2, cpuCount)
  let single = Daemon.viewwired(extra: ["--loops", "1"] + unlimited)
  let several = Daemon.viewwired(extra: ["--loops", "\(loopCount)"] + unlimited)
  defer {
    single.stop()
    several.stop()
  }
  let everyCPU = Array(0..<cpuCount)
  if pinning {
    pin(0, toCPUs: everyCPU)
    say("loops: both daemons and the load generator free to run on CPU 0-\(cpuCount - 1)")
  }
  let kinds: [(RequestKind, String?)] = [
    (RequestKind(name: "ping", requests: ["ping\n"], terminalPrefixes: okLine), nil),
    (RequestKind(name: "tap", requests: ["tap @switch\n"], terminalPrefixes: okLine), "gallery"),
  ]
  let pairs = kinds.map { kind, app in
    (makeLoad(kind, on: single, app: app), makeLoad(kind, on: several, app: app))
  }
  for (one, many) in pairs {
    _ = one.loop.run(seconds: min(0.5, seconds))
    _ = many.loop.run(seconds: min(0.5, seconds))
  }
  var one = [[Double]](repeating: [], count: pairs.count)
  var many = [[Double]](repeating: [], count: pairs.count)
  for round in 1...rounds {
    for (index, pair) in pairs.enumerated() {
      one[index].append(pair.0.loop.run(seconds: seconds).requestsPerSecond)
      many[index].append(pair.1.loop.run(seconds: seconds).requestsPerSecond)
    }
    say(
      "  round \(round): "
        + pairs.indices.map {
          "\(kinds[$0].0.name) 1 loop \(Int(one[$0].last!)), \(loopCount) loops \(Int(many[$0].last!)) req/s"
        }.joined(separator: "; "))
  }
  var result: [(String, Double)] = []
  for index in pairs.indices {
    let r = ratio(many[index], one[index])
    say(
      "  \(pad(kinds[index].0.name, 5)) 1 loop \(String(format: "%.0f", median(one[index]))) req/s, \(loopCount) loops \(String(format: "%.0f", median(many[index]))) req/s: \(loopCount) loops / 1 loop \(r.text)"
    )
    result.append((kinds[index].0.name, r.median))
  }
  for (load, _) in pairs { for socket in load.sockets { socket.close() } }
  for (_, load) in pairs { for socket in load.sockets { socket.close() } }
  if pinning && cpuCount >= 2 { pin(0, toCPUs: Array(0..<(cpuCount - 1))) }
  return result
}

say("")
say(
  "loops: \(connectionCount) connections per kind, 1 loop against \(max(2, cpuCount)) loops, load \(machineDescription())"
)
let loopRatios = measureLoops()
summary.append(
  loopRatios.map { String(format: "%@ %d loops/1 loop %.2fx", $0.0, max(2, cpuCount), $0.1) }.joined(
    separator: ", "))

// MARK: Fairness

/// Floods `port` from its own thread: writes `request` pipelined as fast as the socket takes it
/// and reads (and drops) every reply, until `stop` is set.
final class Flood: @unchecked Sendable {
  private let socket: LineSocket
  private let request: [UInt8]
  private let stopFlag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
  private var threads: [Thread] = []

  init(socket: LineSocket, request: String, batch: Int) {
    self.socket = socket
    self.request = Array(String(repeating: request, count: batch).utf8)
    stopFlag.pointee = 0
  }

  func start() {
    stopFlag.pointee = 0
    let writer = Thread { [self] in
      while stopFlag.pointee == 0 {
        let written = request.withUnsafeBytes { write(socket.fd, $0.baseAddress!, $0.count) }
        if written < 0 && errno != EINTR { break }
      }
    }
    let reader = Thread { [self] in
      var scratch = [UInt8](repeating: 0, count: 1 << 16)
      var pollfd = Glibc.pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
      while stopFlag.pointee == 0 {
        guard poll(&pollfd, 1, 50) > 0 else { continue }
        let count = scratch.withUnsafeMutableBytes { read(socket.fd, $0.baseAddress!, $0.count) }
        if count <= 0 && errno != EINTR { break }
      }
    }
    threads = [writer, reader]
    for thread in threads { thread.start() }
  }

  /// Stops writing; the connection is closed afterwards (its pipelined backlog is dropped).
  func stop() {
    stopFlag.pointee = 1
    shutdown(socket.fd, Int32(SHUT_WR))
    usleep(100_000)
    socket.close()
  }
}

@MainActor func probe(_ kind: RequestKind, server: Daemon, app: String?, floodRequest: String?) -> LoadResult
{
  let probeLoad: LineSocket
  var flood: Flood?
  do {
    probeLoad = try LineSocket(port: server.port)
    if let app {
      try probeLoad.openViewWireApp(app)
    } else if server.name == "viewwired" {
      try probeLoad.readLines { $0.hasPrefix("hello ") }
    }
    if let floodRequest {
      let socket = try LineSocket(port: server.port)
      if let app { try socket.openViewWireApp(app) }
      flood = Flood(socket: socket, request: floodRequest, batch: 200)
    }
  } catch { fail("fairness probe: \(error)") }
  let loop = ClosedLoop(fds: [probeLoad.fd], kind: kind)
  flood?.start()
  usleep(100_000)  // the flood fills the pipes first
  let result = loop.run(seconds: seconds)
  flood?.stop()
  probeLoad.close()
  return result
}

say("")
say("fairness: one probe connection's round trips, alone and while another connection floods the same loop")
let vwProbe = RequestKind(name: "tap probe", requests: ["tap @switch\n"], terminalPrefixes: okLine)
let redisProbe = RequestKind(name: "PING probe", requests: ["PING\r\n"], terminalPrefixes: ["+PONG", "-"])
// One client's round trip for the other kinds too, alone, so that the loop's and the
// connection's share (a ping: read, frame, dispatch, one write) shows apart from a tap's work.
let pingProbe = RequestKind(name: "ping probe", requests: ["ping\n"], terminalPrefixes: okLine)
let dragProbe = RequestKind(
  name: "drag probe", requests: ["drag 195 150 195 600\n", "drag 195 600 195 150\n"], terminalPrefixes: okLine
)
var fair: [String: [Double]] = [:]
for _ in 1...rounds {
  let cases: [(String, RequestKind, Daemon, String?, String?)] = [
    ("viewwired ping alone", pingProbe, viewwired, nil, nil),
    ("viewwired alone", vwProbe, viewwired, "gallery", nil),
    ("viewwired drag alone", dragProbe, viewwired, "square", nil),
    ("viewwired flooded", vwProbe, viewwired, "gallery", "tap @switch\n"),
    ("redis alone", redisProbe, redis, nil, nil),
    ("redis flooded", redisProbe, redis, nil, "PING\r\n"),
  ]
  for (name, kind, server, app, floodRequest) in cases {
    let result = probe(kind, server: server, app: app, floodRequest: floodRequest)
    fair[name + " p50", default: []].append(result.p50)
    fair[name + " p99", default: []].append(result.p99)
  }
}
for server in ["viewwired", "redis"] {
  let alone = fair["\(server) alone p99"]!
  let flooded = fair["\(server) flooded p99"]!
  let r = ratio(flooded, alone)
  say(
    "  \(pad(server, 10)) p50 alone \(String(format: "%.1f", median(fair["\(server) alone p50"]!))) µs, flooded \(String(format: "%.1f", median(fair["\(server) flooded p50"]!))) µs; p99 alone \(String(format: "%.1f", median(alone))) µs, flooded \(String(format: "%.1f", median(flooded))) µs: flooded/alone p99 \(r.text)"
  )
  if server == "viewwired" { summary.append(String(format: "flood raises p99 %.2fx", r.median)) }
}
// One client, no other load: each kind's p50 over redis PING's p50 alone in the same round.
let redisAlone = fair["redis alone p50"]!
var oneClient: [String] = []
for (name, key) in [
  ("ping", "viewwired ping alone"), ("tap", "viewwired alone"), ("drag", "viewwired drag alone"),
] {
  let r = ratio(fair[key + " p50"]!, redisAlone)
  oneClient.append("\(name) \(String(format: "%.1f", median(fair[key + " p50"]!))) µs, \(r.text)")
  summary.append(String(format: "one client's %@ p50 %.2fx", name, r.median))
}
say(
  "  one client alone, p50 over redis PING's p50 alone (\(String(format: "%.1f", median(redisAlone))) µs), median (min–max of rounds): "
    + oneClient.joined(separator: "; "))
say("")
say("summary (ratios to redis PING unless named): " + summary.joined(separator: "; "))
