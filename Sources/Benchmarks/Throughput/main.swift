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
// `viewwired --loops 2` under the same closed-loop `ping`, `tap`, `drag` and `stacks tap` (a tap
// of `@toggle` in the stacks app: a relayout of five stack views, the heavy kind) loads,
// interleaved round by round. The 1-loop daemon runs pinned (every thread) to the last CPU and
// the generator to the others; the 2-loop daemon runs on two CPUs and the generator where the
// machine leaves room: on CPU 0 alone from 3 CPUs up, sharing both CPUs on a 2-CPU machine. For
// each kind it prints S (server CPU per request, 1 loop), G (the generator's CPU per request),
// the ceiling the machine puts on the ratio (2S/(S+G) when the generator shares the loops'
// CPUs), the measured 2 loops / 1 loop ratio, and the ratio over the ceiling.
//
// Then the fairness probe: one connection taps in a closed loop, alone, then while another
// connection of the same daemon floods it with pipelined taps; its p99 with the flood over its
// p99 without, for `--loops 1` (the flood on the probe's loop) and `--loops 2` (the flood on the
// other loop, checked from the loop threads' CPU time). The same for redis (PING probe,
// pipelined PING flood) as a reference.
//
// Then one client: one connection alone in a closed loop, against redis (PING) and the 1-loop
// daemon (ping, tap, drag), each kind's p50 over redis PING's p50 (issue 14's "one client's tap
// p50" target). The kinds take short turns in rotating order, ten a round, so that the drift of
// an idle machine's wake-ups hits each alike.
//
// Usage: bench-throughput [--seconds S] [--rounds R] [--connections C] [--no-pin]
//                         [--parts main,loops,fairness,one]
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
var parts: Set<String> = ["main", "loops", "fairness", "one"]
let usage =
  "usage: bench-throughput [--seconds S] [--rounds R] [--connections C] [--no-pin] [--parts main,loops,fairness,one]"
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let flag = arguments.next() {
  if flag == "--no-pin" {
    pinning = false
    continue
  }
  if flag == "--parts" {
    parts = Set((arguments.next() ?? "").split(separator: ",").map(String.init))
    guard !parts.isEmpty, parts.isSubset(of: ["main", "loops", "fairness", "one"]) else { fail(usage) }
    continue
  }
  switch (flag, arguments.next().flatMap(Double.init)) {
  case ("--seconds", let value?) where value > 0: seconds = value
  case ("--rounds", let value?) where value >= 1: rounds = Int(value)
  case ("--connections", let value?) where value >= 1: connectionCount = Int(value)
  default: fail(usage)
  }
}
signal(SIGPIPE, SIG_IGN)
raiseFileLimit(to: 4096)

say("bench-throughput: \(machineDescription())")
// Every connection comes from 127.0.0.1: the per-address limit (64 by default) must not refuse
// the connections this benchmark opens.
let unlimited = ["--max-connections-per-address", "10000", "--max-connections", "10000"]
let okLine = ["ok ", "error "]
let pingKind = RequestKind(name: "ping", requests: ["ping\n"], terminalPrefixes: okLine)
let tapKind = RequestKind(name: "tap", requests: ["tap @switch\n"], terminalPrefixes: okLine)
let dragKind = RequestKind(
  name: "drag", requests: ["drag 195 150 195 600\n", "drag 195 600 195 150\n"], terminalPrefixes: okLine)
/// The heavy kind: each tap hides or shows the middle label of five stack views, a relayout.
let stacksKind = RequestKind(name: "stacks tap", requests: ["tap @toggle\n"], terminalPrefixes: okLine)
let redisKind = RequestKind(name: "redis PING", requests: ["PING\r\n"], terminalPrefixes: ["+PONG", "-"])
/// The CPUs the generator may use when pinned apart from servers on the last CPU.
let generatorCPUs = Array(0..<max(1, cpuCount - 1))

/// One kind of load: its server, how its connections are set up, what they send.
struct Load {
  let kind: RequestKind
  let server: Daemon
  let loop: ClosedLoop
  let sockets: [LineSocket]

  func close() { for socket in sockets { socket.close() } }
}

@MainActor func makeLoad(
  _ kind: RequestKind, on server: Daemon, app: String?, greeted: Bool = true,
  connections: Int = connectionCount
) -> Load {
  let sockets = (0..<connections).map { _ -> LineSocket in
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

/// "median (min–max over rounds)" of the per-round ratio of `values` to the baseline's.
func ratio(_ values: [Double], _ baseline: [Double]) -> (median: Double, text: String) {
  let ratios = zip(values, baseline).map { $0 / $1 }
  let middle = median(ratios)
  return (middle, String(format: "%.2f (%.2f–%.2f)", middle, ratios.min()!, ratios.max()!))
}

/// One measured run of a load: req/s, p50, p99, server CPU (S) and generator CPU (G) per request.
struct Figures {
  var rps: [Double] = []
  var p50: [Double] = []
  var p99: [Double] = []
  var cpu: [Double] = []  // µs of server CPU per request: S
  var generator: [Double] = []  // µs of the generator's CPU per request: G

  /// Runs `load` once and records it.
  @MainActor mutating func measure(_ load: Load) {
    let cpuBefore = load.server.cpuSeconds
    let result = load.loop.run(seconds: seconds)
    let cpu = load.server.cpuSeconds - cpuBefore
    rps.append(result.requestsPerSecond)
    p50.append(result.p50)
    p99.append(result.p99)
    self.cpu.append(cpu * 1e6 / Double(max(1, result.requests)))
    generator.append(result.generatorMicrosecondsPerRequest)
  }
}

var summary: [String] = []

/// A `viewwired --loops 1` and a redis-server, both (every thread) pinned to the last CPU and
/// the load generator to the others when pinning and the machine has two CPUs or more; whether
/// they were pinned. The caller stops them.
@MainActor func startOneLoopAndRedis() -> (viewwired: Daemon, redis: Daemon, pinned: Bool) {
  let viewwired = Daemon.viewwired(extra: ["--loops", "1"] + unlimited)
  guard let redis = Daemon.redis() else {
    fail("redis-server is not installed (`make bench-throughput` installs the Debian package)")
  }
  let pinned = pinning && cpuCount >= 2
  if pinned {
    pin(viewwired.pid, toCPUs: [cpuCount - 1], allThreads: true)
    pin(redis.pid, toCPUs: [cpuCount - 1], allThreads: true)
    pin(0, toCPUs: generatorCPUs)
  }
  return (viewwired, redis, pinned)
}

// MARK: Main comparison

/// viewwired (one loop) against redis, both pinned to the last CPU, the generator on the others.
@MainActor func measureAgainstRedis() {
  let (viewwired, redis, pinned) = startOneLoopAndRedis()
  defer {
    viewwired.stop()
    redis.stop()
  }
  if pinned {
    say(
      "pinned: both servers (every thread) on CPU \(cpuCount - 1), the load generator on CPU \(cpuList(generatorCPUs))"
    )
  } else {
    say("not pinned")
  }
  let loads = [
    makeLoad(redisKind, on: redis, app: nil, greeted: false),
    makeLoad(pingKind, on: viewwired, app: nil),
    makeLoad(tapKind, on: viewwired, app: "gallery"),
    makeLoad(dragKind, on: viewwired, app: "square"),
  ]
  defer { for load in loads { load.close() } }
  say(
    "\(connectionCount) connections per kind, \(rounds) rounds of \(seconds) s per kind, interleaved; 1 loop")
  var figures = [Figures](repeating: Figures(), count: loads.count)
  for load in loads { _ = load.loop.run(seconds: min(0.5, seconds)) }  // warm-up
  for round in 1...rounds {
    for (index, load) in loads.enumerated() { figures[index].measure(load) }
    say(
      "  round \(round): "
        + loads.indices.map { "\(loads[$0].kind.name) \(Int(figures[$0].rps.last!)) req/s" }.joined(
          separator: ", "))
  }
  say("")
  say(
    pad("kind", 11) + pad("req/s", 9, right: true) + pad("p50 µs", 9, right: true)
      + pad("p99 µs", 9, right: true) + pad("S µs/req", 10, right: true) + pad("G µs/req", 10, right: true)
      + "   ratios to redis PING, median (min–max of rounds):")
  say(pad("", 58) + "   req/s               p50                 p99                 S (server CPU/req)")
  let base = figures[0]
  for (index, load) in loads.enumerated() {
    let f = figures[index]
    let rps = ratio(f.rps, base.rps)
    let cpu = ratio(f.cpu, base.cpu)
    say(
      pad(load.kind.name, 11) + pad(String(format: "%.0f", median(f.rps)), 9, right: true)
        + pad(String(format: "%.1f", median(f.p50)), 9, right: true)
        + pad(String(format: "%.1f", median(f.p99)), 9, right: true)
        + pad(String(format: "%.2f", median(f.cpu)), 10, right: true)
        + pad(String(format: "%.2f", median(f.generator)), 10, right: true) + "   " + pad(rps.text, 20)
        + pad(ratio(f.p50, base.p50).text, 20) + pad(ratio(f.p99, base.p99).text, 20) + cpu.text)
    if index > 0 {
      summary.append(String(format: "%@ CPU/req %.2fx, req/s %.2fx", load.kind.name, cpu.median, rps.median))
    }
  }
  say("S: the server's CPU (utime + stime of its process) per request; G: the load generator's")
  say("(its thread's CPU time) per request.")
  say("")
}

/// `0-3` or `0` or `0,2`.
func cpuList(_ cpus: [Int]) -> String {
  guard let first = cpus.first, let last = cpus.last else { return "none" }
  if cpus.count == 1 { return "\(first)" }
  if cpus == Array(first...last) { return "\(first)-\(last)" }
  return cpus.map(String.init).joined(separator: ",")
}

// MARK: Loops

/// The 2-loop daemon's throughput over the 1-loop daemon's, for each kind, with S, G and the
/// ceiling the machine allows; returns the median ratio, ceiling and ratio over ceiling.
@MainActor func measureLoops() -> [(name: String, ratio: Double, ceiling: Double)] {
  let loopCount = 2
  let single = Daemon.viewwired(extra: ["--loops", "1"] + unlimited)
  let several = Daemon.viewwired(extra: ["--loops", "\(loopCount)"] + unlimited)
  defer {
    single.stop()
    several.stop()
  }
  // 1 loop: the daemon on the last CPU, the generator on the others. 2 loops: the daemon on two
  // CPUs; the generator on a CPU of its own when there is one left, else on both.
  let singleCPUs = [cpuCount - 1]
  let severalCPUs = cpuCount >= 3 ? [cpuCount - 2, cpuCount - 1] : Array(0..<cpuCount)
  let severalGeneratorCPUs = cpuCount >= 3 ? Array(0..<(cpuCount - 2)) : Array(0..<cpuCount)
  let sharing = cpuCount < 3
  if pinning && cpuCount >= 2 {
    pin(single.pid, toCPUs: singleCPUs, allThreads: true)
    pin(several.pid, toCPUs: severalCPUs, allThreads: true)
    say(
      "loops: 1 loop (every thread) on CPU \(cpuList(singleCPUs)), the generator on CPU \(cpuList(generatorCPUs)); "
        + "\(loopCount) loops on CPU \(cpuList(severalCPUs)), the generator on CPU \(cpuList(severalGeneratorCPUs))"
        + (sharing ? " (sharing them: the machine has no third CPU)" : ""))
  } else {
    say("loops: not pinned")
  }
  let kinds: [(RequestKind, String?)] = [
    (pingKind, nil), (tapKind, "gallery"), (dragKind, "square"), (stacksKind, "stacks"),
  ]
  let pairs = kinds.map { kind, app in
    (makeLoad(kind, on: single, app: app), makeLoad(kind, on: several, app: app))
  }
  defer {
    for (one, many) in pairs {
      one.close()
      many.close()
    }
  }
  /// Runs `load` with the generator where this daemon's case puts it.
  func measure(_ load: Load, into figures: inout Figures, generatorOn cpus: [Int]) {
    if pinning && cpuCount >= 2 { pin(0, toCPUs: cpus) }
    figures.measure(load)
  }
  for (one, many) in pairs {
    _ = one.loop.run(seconds: min(0.5, seconds))
    _ = many.loop.run(seconds: min(0.5, seconds))
  }
  var one = [Figures](repeating: Figures(), count: pairs.count)
  var many = [Figures](repeating: Figures(), count: pairs.count)
  for round in 1...rounds {
    for (index, pair) in pairs.enumerated() {
      measure(pair.0, into: &one[index], generatorOn: generatorCPUs)
      measure(pair.1, into: &many[index], generatorOn: severalGeneratorCPUs)
    }
    say(
      "  round \(round): "
        + pairs.indices.map {
          "\(kinds[$0].0.name) \(Int(one[$0].rps.last!)) → \(Int(many[$0].rps.last!))"
        }.joined(separator: "; ") + " req/s (1 loop → \(loopCount) loops)")
  }
  if pinning && cpuCount >= 2 { pin(0, toCPUs: generatorCPUs) }
  say("")
  say(
    pad("kind", 11) + pad("1 loop", 9, right: true) + pad("2 loops", 9, right: true)
      + pad("S µs", 8, right: true) + pad("S2 µs", 8, right: true) + pad("G µs", 7, right: true)
      + pad("G2 µs", 7, right: true) + "   " + pad("ceiling", 20) + pad("2 loops / 1 loop", 20)
      + pad("measured / ceiling", 20) + "S2 / S")
  var result: [(name: String, ratio: Double, ceiling: Double)] = []
  for index in pairs.indices {
    // The ceiling per round, from S and G of the 1-loop run: one loop can do at most
    // min(1/S, 1/G) on its own CPU with the generator on another; two loops at most
    // min(2/S, 1/G), and 2/(S+G) when the generator shares their two CPUs.
    let ceilings = zip(one[index].cpu, one[index].generator).map { s, g -> Double in
      let oneLoop = min(1 / s, 1 / g)
      var twoLoops = min(2 / s, 1 / g)
      if sharing { twoLoops = min(twoLoops, 2 / (s + g)) }
      return twoLoops / oneLoop
    }
    let measured = zip(many[index].rps, one[index].rps).map { $0 / $1 }
    let r = ratio(many[index].rps, one[index].rps)
    let ceiling = median(ceilings)
    let share = ratio(measured, ceilings)
    say(
      pad(kinds[index].0.name, 11) + pad(String(format: "%.0f", median(one[index].rps)), 9, right: true)
        + pad(String(format: "%.0f", median(many[index].rps)), 9, right: true)
        + pad(String(format: "%.2f", median(one[index].cpu)), 8, right: true)
        + pad(String(format: "%.2f", median(many[index].cpu)), 8, right: true)
        + pad(String(format: "%.2f", median(one[index].generator)), 7, right: true)
        + pad(String(format: "%.2f", median(many[index].generator)), 7, right: true) + "   "
        + pad(String(format: "%.2f (%.2f–%.2f)", ceiling, ceilings.min()!, ceilings.max()!), 20)
        + pad(r.text, 20) + pad(share.text, 20) + ratio(many[index].cpu, one[index].cpu).text)
    result.append((kinds[index].0.name, r.median, ceiling))
  }
  say("S, G: server and generator CPU per request with 1 loop; S2, G2 with 2 loops. Ratios are")
  say("medians of the rounds (min–max); the ceiling is what S and G let 2 loops gain on this machine.")
  say("S2 / S, what a request costs with 2 loops over 1, depends far less on the machine's load than req/s:")
  say("above 1, the loops cost each other; a ratio above its ceiling means others took the 1-loop CPU.")
  return result
}

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

/// One probe run: the probe's round trips and, with a flood, whether the flood ran on the
/// probe's loop: the server thread busiest while the probe runs alone (briefly, before the
/// flood starts) against the one busiest during the flood.
///
/// On a 2-loop daemon with no other connection the probe lands on loop 0 and the flood on loop
/// 1 (each goes to the loop serving fewest); with `filler`, an idle session opened between them
/// takes loop 1, so the flood lands on the probe's loop.
@MainActor func probe(
  _ kind: RequestKind, server: Daemon, app: String?, floodRequest: String?, filler: Bool = false
) -> (LoadResult, sameThread: Bool?) {
  let probeSocket: LineSocket
  var fillerSocket: LineSocket?
  var flood: Flood?
  do {
    probeSocket = try LineSocket(port: server.port)
    if let app {
      try probeSocket.openViewWireApp(app)
    } else if server.name == "viewwired" {
      try probeSocket.readLines { $0.hasPrefix("hello ") }
    }
    if filler {
      let socket = try LineSocket(port: server.port)
      if let app { try socket.openViewWireApp(app) }
      fillerSocket = socket
    }
    if let floodRequest {
      let socket = try LineSocket(port: server.port)
      if let app { try socket.openViewWireApp(app) }
      flood = Flood(socket: socket, request: floodRequest, batch: 200)
    }
  } catch { fail("fairness probe: \(error)") }
  defer {
    probeSocket.close()
    fillerSocket?.close()
    // The daemon counts a connection on its loop until it has seen the close: let it, so the
    // next run's probe lands on loop 0 and a flood on the other loop again.
    usleep(200_000)
  }
  let loop = ClosedLoop(fds: [probeSocket.fd], kind: kind)
  /// The thread that used the most CPU between the readings, if it used at least 2 ticks.
  func busiest(_ before: [Int32: Double], _ after: [Int32: Double]) -> Int32? {
    let used = after.map { ($0.key, $0.value - (before[$0.key] ?? 0)) }
    guard let top = used.max(by: { $0.1 < $1.1 }), top.1 >= 0.02 else { return nil }
    return top.0
  }
  guard let flood else { return (loop.run(seconds: seconds), nil) }
  var before = server.threadCPUSeconds
  _ = loop.run(seconds: 0.5)
  let probeThread = busiest(before, server.threadCPUSeconds)
  flood.start()
  usleep(100_000)  // the flood fills the pipes first
  before = server.threadCPUSeconds
  let result = loop.run(seconds: seconds)
  let floodThread = busiest(before, server.threadCPUSeconds)
  flood.stop()
  guard let probeThread, let floodThread else { return (result, nil) }
  return (result, probeThread == floodThread)
}

/// The probe's p99 flooded over alone, for a 1-loop daemon (the flood on the probe's loop), a
/// 2-loop daemon (the flood on the other loop) and redis.
@MainActor func measureFairness() {
  let (single, redis, pinned) = startOneLoopAndRedis()
  let several = Daemon.viewwired(extra: ["--loops", "2"] + unlimited)
  defer {
    single.stop()
    several.stop()
    redis.stop()
  }
  if pinned {
    let two = cpuCount >= 3 ? [cpuCount - 2, cpuCount - 1] : Array(0..<cpuCount)
    pin(several.pid, toCPUs: two, allThreads: true)
    say(
      "fairness: the 1-loop daemon and redis on CPU \(cpuCount - 1), the 2-loop daemon on CPU \(cpuList(two)), "
        + "the probe and the flood on CPU \(cpuList(generatorCPUs))")
  }
  let vwProbe = RequestKind(name: "tap probe", requests: ["tap @switch\n"], terminalPrefixes: okLine)
  let redisProbe = RequestKind(name: "PING probe", requests: ["PING\r\n"], terminalPrefixes: ["+PONG", "-"])
  let servers:
    [(name: String, daemon: Daemon, kind: RequestKind, app: String?, flood: String, filler: Bool)] = [
      ("1 loop, flood on the probe's loop", single, vwProbe, "gallery", "tap @switch\n", false),
      ("2 loops, flood on the probe's loop", several, vwProbe, "gallery", "tap @switch\n", true),
      ("2 loops, flood on the other loop", several, vwProbe, "gallery", "tap @switch\n", false),
      ("redis", redis, redisProbe, nil, "PING\r\n", false),
    ]
  var alone = [Figures](repeating: Figures(), count: servers.count)
  var flooded = [Figures](repeating: Figures(), count: servers.count)
  var together: [Int: [Bool?]] = [:]
  for _ in 1...rounds {
    for (index, server) in servers.enumerated() {
      let (quiet, _) = probe(
        server.kind, server: server.daemon, app: server.app, floodRequest: nil, filler: server.filler)
      let (busy, sameThread) = probe(
        server.kind, server: server.daemon, app: server.app, floodRequest: server.flood, filler: server.filler
      )
      together[index, default: []].append(sameThread)
      alone[index].p50.append(quiet.p50)
      alone[index].p99.append(quiet.p99)
      flooded[index].p50.append(busy.p50)
      flooded[index].p99.append(busy.p99)
    }
  }
  for (index, server) in servers.enumerated() {
    let same = together[index, default: []]
    say(
      "  \(server.name): the flood's busiest thread was the probe's in \(same.filter { $0 == true }.count) of \(same.count) rounds, another in \(same.filter { $0 == false }.count) (too few ticks to tell: \(same.filter { $0 == nil }.count))"
    )
    let r = ratio(flooded[index].p99, alone[index].p99)
    say(
      "  \(pad(server.name, 34)) p50 alone \(String(format: "%.1f", median(alone[index].p50))) µs, flooded \(String(format: "%.1f", median(flooded[index].p50))) µs; p99 alone \(String(format: "%.1f", median(alone[index].p99))) µs, flooded \(String(format: "%.1f", median(flooded[index].p99))) µs: flooded/alone p99 \(r.text)"
    )
    summary.append(String(format: "%@: flood raises p99 %.2fx", server.name, r.median))
  }
}

// MARK: One client

/// One connection alone per server, in a closed loop: redis PING, and viewwired's ping, tap and
/// drag (1 loop), each kind's p50 over redis PING's p50 (issue 14's "one client's tap p50").
///
/// A lone round trip (about 60 µs here) is mostly the machine waking an idle CPU on each side,
/// which drifts by ±10% over seconds; a figure measured 20 s after its baseline can miss or meet
/// a 10% target by drift alone. So each round takes `slices` short turns per kind, the kinds in
/// a rotating order, and pools every round trip of a kind in the round: each kind sees the same
/// stretches of the machine.
@MainActor func measureOneClient() {
  let (single, redis, pinned) = startOneLoopAndRedis()
  defer {
    single.stop()
    redis.stop()
  }
  let slices = 10
  let loads = [
    makeLoad(redisKind, on: redis, app: nil, greeted: false, connections: 1),
    makeLoad(pingKind, on: single, app: nil, connections: 1),
    makeLoad(tapKind, on: single, app: "gallery", connections: 1),
    makeLoad(dragKind, on: single, app: "square", connections: 1),
  ]
  defer { for load in loads { load.close() } }
  say(
    "one client: one connection per kind alone, \(rounds) rounds of \(slices) turns of \(seconds / Double(slices)) s per kind "
      + "in rotating order; "
      + (pinned
        ? "viewwired (1 loop) and redis on CPU \(cpuCount - 1), the client on CPU \(cpuList(generatorCPUs))"
        : "not pinned"))
  for load in loads { _ = load.loop.run(seconds: min(0.2, seconds)) }  // warm-up
  var p50s = [[Double]](repeating: [], count: loads.count)
  for _ in 1...rounds {
    var pooled = [[Double]](repeating: [], count: loads.count)
    for slice in 0..<slices {
      for step in loads.indices {
        let index = (slice + step) % loads.count
        pooled[index] += loads[index].loop.run(seconds: seconds / Double(slices)).latencies
      }
    }
    for index in loads.indices { p50s[index].append(percentile(pooled[index].sorted(), 0.5)) }
  }
  var lines: [String] = []
  for (index, load) in loads.enumerated().dropFirst() {
    let r = ratio(p50s[index], p50s[0])
    lines.append("\(load.kind.name) \(String(format: "%.1f", median(p50s[index]))) µs, \(r.text)")
    summary.append(String(format: "one client's %@ p50 %.2fx", load.kind.name, r.median))
  }
  say(
    "  p50 over redis PING's p50 (\(String(format: "%.1f", median(p50s[0]))) µs), median (min–max of rounds): "
      + lines.joined(separator: "; "))
}

if parts.contains("main") { measureAgainstRedis() }
if parts.contains("loops") {
  say("")
  say("loops: \(connectionCount) connections per kind, 1 loop against 2 loops, \(machineDescription())")
  for figure in measureLoops() {
    summary.append(
      String(
        format: "%@ 2 loops/1 loop %.2fx (ceiling %.2fx, %.0f%% of it)", figure.name, figure.ratio,
        figure.ceiling,
        100 * figure.ratio / figure.ceiling))
  }
}
if parts.contains("fairness") {
  say("")
  say(
    "fairness: one probe connection's round trips, alone and while another connection floods, \(machineDescription())"
  )
  measureFairness()
}
if parts.contains("one") {
  say("")
  measureOneClient()
}
say("")
say("summary (ratios to redis PING unless named): " + summary.joined(separator: "; "))
Daemon.stopAll()
