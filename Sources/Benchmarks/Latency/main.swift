// bench-latency: the round trip of one client's input to the frame it causes, over real TCP on
// loopback, against a plain echo through the same event loop (ViewWireLoop's EventLoop,
// TCPListener and TCPConnection) measured in the same run. The machine is shared and noisy, so
// the kinds of request are interleaved in short blocks (10 echoes, 10 pings, 10 taps, 10 drags,
// 10 echoes, ...); a noisy stretch then hits all of them alike. Each block starts with one
// unrecorded request: the echo and the daemon run on different threads, and the first request
// after switching wakes a thread that sat idle, which would otherwise count against whichever
// kind follows the switch (measured: it made the echo look slower than `ping`). Only ratios from
// the same run are meaningful. See BENCHMARKS.md ("bench-latency").
//
// The process (client, daemon and echo threads) is pinned to one CPU by default. Unpinned, the
// scheduler put the daemon's thread and the echo's thread on different cores from the client
// by chance, and a wake-up across cores on this machine costs about 45 µs, more than the whole
// echo; which side paid it changed from run to run (ping 0.9× or 4× the echo). `--no-pin` runs
// unpinned, to see that.
//
//   echo   `ping` sent to an echo server on its own EventLoop thread; the time until the line
//          comes back. The floor: loopback TCP, one libuv read and one write.
//   ping   `ping` → `ok ping` from the daemon: framing, dispatch and the reply, no view work.
//   tap    `tap @switch` in the gallery app → frame → `ok tap view=3`: hit testing, the switch's
//          touch handling and its action, which relabels a label and swaps an image, so every
//          sample carries a frame (three render lines). The tap → frame round trip. It runs on a
//          second session of the same daemon, since the square app changes nothing on a tap.
//   drag   `drag X1 Y1 X2 Y2` → frame → `ok drag view=ID`: the pan moves the square and turns it
//          green or red, alternately, so every sample carries a frame (layout and render lines).
//
// The same requests over a WebSocket to the daemon's web port (PROTOCOL.md section 13), each line
// one masked text message, each reply read from the server's text messages:
//
//   ws-ping  `ping` → `ok ping` over the WebSocket: the baseline of the WebSocket rows, the
//            echo-equivalent through the same listener (framing, masking, UTF-8 validation and
//            the line protocol's smallest reply; no debug-only echo path exists in the daemon).
//   ws-tap   `tap @switch` as in `tap`, on a WebSocket session.
//   ws-drag  `drag` as in `drag`, on a WebSocket session.
//
// The issue's target: ws-tap's p50 at most 1.2× tap's; the summary prints that ratio.
// Usage: bench-latency [--samples N] [--warmup N] [--block N] [--no-pin]
import Foundation
import Logging
import ViewWireApps
import ViewWireClient
import ViewWireLoop
import ViewWireServer

/// Writes a line unbuffered, so progress shows even when stdout is a pipe.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("bench-latency: \(message)\n".utf8))
  exit(1)
}

var samples = 5000
var warmup = 500
var block = 10
var pin = true
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let flag = arguments.next() {
  if flag == "--no-pin" {
    pin = false
    continue
  }
  switch (flag, arguments.next().flatMap(Int.init)) {
  case ("--samples", let value?) where value > 0: samples = value
  case ("--warmup", let value?) where value >= 0: warmup = value
  case ("--block", let value?) where value > 0: block = value
  default: fail("usage: bench-latency [--samples N] [--warmup N] [--block N] [--no-pin]")
  }
}

/// Pins the calling thread, and so every thread it starts later, to the CPU it is running on.
/// glibc declares `sched_getcpu` and `sched_setaffinity` only under `_GNU_SOURCE`, which Swift's
/// Glibc module does not set, so they are looked up by name.
func pinToCurrentCPU() -> Int32? {
  typealias GetCPU = @convention(c) () -> Int32
  typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
  guard let getSymbol = dlsym(nil, "sched_getcpu"), let setSymbol = dlsym(nil, "sched_setaffinity") else {
    return nil
  }
  let cpu = unsafeBitCast(getSymbol, to: GetCPU.self)()
  guard cpu >= 0 else { return nil }
  var set = [UInt8](repeating: 0, count: 128)  // a cpu_set_t: 1024 bits
  set[Int(cpu) / 8] |= UInt8(1 << (Int(cpu) % 8))
  let status = set.withUnsafeBytes {
    unsafeBitCast(setSymbol, to: SetAffinity.self)(0, $0.count, $0.baseAddress!)
  }
  return status == 0 ? cpu : nil
}
let pinnedCPU = pin ? pinToCurrentCPU() : nil

/// A port handed from a server thread to the main thread.
final class PortBox: @unchecked Sendable {
  private let ready = DispatchSemaphore(value: 0)
  private var port = 0
  func set(_ port: Int) {
    self.port = port
    ready.signal()
  }
  func wait() -> Int {
    guard ready.wait(timeout: .now() + 10) == .success else { fail("a server did not start") }
    return port
  }
}

// The daemon, as viewwired starts it, on its own thread (as the tests' InProcessServer does).
var configuration = ServerConfiguration()
configuration.host = "127.0.0.1"
configuration.port = 0
configuration.webPort = 0
var logger = Logger(label: "bench-latency")
logger.logLevel = .error
let server = ViewWireServer(configuration: configuration, apps: DemoApps.all, logger: logger)
let serverPort = PortBox()
let webPort = PortBox()
let serverThread = Thread {
  do {
    try server.run(
      onListening: { _, port in serverPort.set(port) }, onWebListening: { _, port in webPort.set(port) })
  } catch {
    fail("the daemon stopped: \(error)")
  }
}
serverThread.start()

/// The echo server's loop, kept so the main thread can stop it.
final class LoopBox: @unchecked Sendable { var loop: EventLoop? }
let echoLoop = LoopBox()
let echoPort = PortBox()
let echoStopped = DispatchSemaphore(value: 0)
// The baseline: every byte read is written straight back, on a second EventLoop thread.
let echoThread = Thread {
  do {
    let loop = try EventLoop()
    echoLoop.loop = loop
    let listener = try loop.listen(host: "127.0.0.1", port: 0) { connection in
      connection.onRead = { [unowned connection] bytes in connection.write(bytes) }
      connection.startReading()
    }
    echoPort.set(listener.port)
    loop.run()
  } catch {
    fail("the echo server did not start: \(error)")
  }
  echoStopped.signal()
}
echoThread.start()

/// What the requests need of a connection, TCP or WebSocket.
protocol LineConnection: AnyObject {
  func send(line text: String) throws(WireConnection.Failure)
  func readLine(timeout: Double) throws(WireConnection.Failure) -> String?
  func close()
}
extension WireConnection: LineConnection {}
extension WebSocketWireConnection: LineConnection {}

let daemon: WireConnection
let gallery: WireConnection
let echo: WireConnection
let webDaemon: WebSocketWireConnection
let webGallery: WebSocketWireConnection
do {
  let port = serverPort.wait()
  daemon = try WireConnection(port: port)
  gallery = try WireConnection(port: port)
  echo = try WireConnection(port: echoPort.wait())
  let web = webPort.wait()
  webDaemon = try WebSocketWireConnection(port: web)
  webGallery = try WebSocketWireConnection(port: web)
} catch {
  fail("cannot connect: \(error)")
}

/// Sends `command` and reads until the line starting with `terminal`; returns the lines read.
@discardableResult
func request(_ connection: any LineConnection, _ command: String, until terminal: String) -> [String] {
  var lines: [String] = []
  do {
    try connection.send(line: command)
    while let line = try connection.readLine(timeout: 10) {
      lines.append(line)
      if line.hasPrefix(terminal) { return lines }
      if line.hasPrefix("error") { fail("'\(command)' failed: \(line)") }
    }
  } catch {
    fail("'\(command)': \(error)")
  }
  fail("'\(command)': the connection closed")
}

// Greetings, then the square app (drags) and the gallery app (taps) with the client's window size.
let sessions: [(any LineConnection, String)] = [
  (daemon, "square"), (gallery, "gallery"), (webDaemon, "square"), (webGallery, "gallery"),
]
for (connection, app) in sessions {
  guard let greeting = try? connection.readLine(timeout: 5), greeting.hasPrefix("hello ") else {
    fail("no greeting")
  }
  request(connection, "hello size=390x844 idiom=phone", until: "ok hello")
  request(connection, "open \(app)", until: "ok open")
}

/// The two ends of the drags: inside the green area (the top third) and below it.
let dragTargets = ["195 150", "195 600"]
var dragCount = 0
var webDragCount = 0

/// One tap that must carry a frame (see `tap` above).
func tap(_ connection: any LineConnection) {
  let lines = request(connection, "tap @switch", until: "ok tap")
  // Every tap flips the switch, so every sample must carry a frame: checked, not assumed, at a
  // cost of one comparison (a reply without a frame is the `ok tap` line alone).
  if lines.count == 1 { fail("the tap sent no frame: \(lines)") }
}

/// One drag across the green area's edge, alternating direction (see `drag` above).
func drag(_ connection: any LineConnection, _ count: inout Int) {
  let from = dragTargets[count % 2]
  let to = dragTargets[(count + 1) % 2]
  count += 1
  let lines = request(connection, "drag \(from) \(to)", until: "ok drag")
  if count == 1 && !lines.contains(where: { $0.hasPrefix("layout ") }) {
    fail("the drag did not move the square: \(lines)")
  }
}

struct Kind {
  let name: String
  let what: String
  let run: () -> Void
  var times: [Double] = []
}

let clock = ContinuousClock()
var kinds = [
  Kind(name: "echo", what: "ping through a plain echo on an EventLoop (the baseline)") {
    request(echo, "ping", until: "ping")
  },
  Kind(name: "ping", what: "ping → ok ping (protocol only)") { request(daemon, "ping", until: "ok ping") },
  Kind(name: "tap", what: "tap @switch in the gallery → frame → ok tap (the switch flips)") { tap(gallery) },
  Kind(name: "drag", what: "drag that moves the square → frame → ok drag") { drag(daemon, &dragCount) },
  Kind(name: "ws-ping", what: "ping → ok ping over a WebSocket (the WebSocket rows' baseline)") {
    request(webDaemon, "ping", until: "ok ping")
  },
  Kind(name: "ws-tap", what: "tap as above, over a WebSocket session") { tap(webGallery) },
  Kind(name: "ws-drag", what: "drag as above, over a WebSocket session") { drag(webDaemon, &webDragCount) },
]

say(
  "bench-latency: one client over loopback TCP, \(warmup) warm-up + \(samples) samples per kind, "
    + "interleaved in blocks of \(block), "
    + (pinnedCPU.map { "all threads pinned to CPU \($0)" } ?? "unpinned"))
for kind in kinds { say("  \(kind.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(kind.what)") }
for _ in 0..<warmup {
  for kind in kinds { kind.run() }
}
let rounds = (samples + block - 1) / block
for _ in 0..<rounds {
  for index in kinds.indices {
    kinds[index].run()  // the switch-over request, unrecorded
    for _ in 0..<block {
      let start = clock.now
      kinds[index].run()
      let elapsed = clock.now - start
      let (seconds, attoseconds) = elapsed.components
      kinds[index].times.append(Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
    }
  }
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
  sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

func pad(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}

let echoSorted = kinds[0].times.sorted()
let echoP50 = percentile(echoSorted, 0.5)
let echoP99 = percentile(echoSorted, 0.99)
say("")
say("kind    " + pad("p50 µs", 10) + pad("p99 µs", 10) + pad("p50/echo", 10) + pad("p99/echo", 10))
var ratios: [String] = []
for kind in kinds {
  let sorted = kind.times.sorted()
  let p50 = percentile(sorted, 0.5)
  let p99 = percentile(sorted, 0.99)
  say(
    kind.name.padding(toLength: 8, withPad: " ", startingAt: 0) + pad(String(format: "%.1f", p50), 10)
      + pad(String(format: "%.1f", p99), 10) + pad(String(format: "%.2f", p50 / echoP50), 10)
      + pad(String(format: "%.2f", p99 / echoP99), 10))
  if kind.name != "echo" {
    ratios.append(String(format: "\(kind.name) %.2f× (p99 %.2f×)", p50 / echoP50, p99 / echoP99))
  }
}
let medians = Dictionary(uniqueKeysWithValues: kinds.map { ($0.name, percentile($0.times.sorted(), 0.5)) })
let p50 = { (name: String) -> Double in medians[name]! }
say("")
say("summary: p50 round trip / echo: " + ratios.joined(separator: ", "))
say(
  String(
    format:
      "summary: WebSocket / TCP p50: ws-ping/ping %.2f×, ws-tap/tap %.2f× (target ≤ 1.20×), ws-drag/drag %.2f×; "
      + "WebSocket rows / ws-ping: tap %.2f×, drag %.2f×",
    p50("ws-ping") / p50("ping"), p50("ws-tap") / p50("tap"), p50("ws-drag") / p50("drag"),
    p50("ws-tap") / p50("ws-ping"), p50("ws-drag") / p50("ws-ping")))

daemon.close()
gallery.close()
echo.close()
webDaemon.close()
webGallery.close()
server.stop()
echoLoop.loop?.execute { echoLoop.loop?.stop() }
_ = echoStopped.wait(timeout: .now() + 5)
