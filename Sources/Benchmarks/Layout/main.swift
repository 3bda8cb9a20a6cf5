// bench-layout: our Cassowary solver against kiwisolver (C++ with Python bindings), measured
// alternately in one run because the machine is shared and noisy; only ratios from the same run
// are meaningful. See BENCHMARKS.md ("bench-layout") and scripts/bench-layout.sh.
//
// Workloads (identical in scripts/bench_layout_kiwi.py):
//   build-N        N views side by side, left_i = right_{i-1} + 8, right_i = left_i + width_i,
//                  width_i >= 20, width_i == width_{i-1} (weak), last right + 8 == window,
//                  window == 40000 (strong): time to add every constraint to a new solver and
//                  update the variables (constraint objects are created before the clock starts).
//   incremental-E  the same chain with the window width as a strong edit variable (set up
//                  untimed): time for E suggestValue + updateVariables calls sweeping the width
//                  between 32000 and 40000, with a checksum of the last view's width.
//
// Usage: bench-layout [--python PATH] [--script PATH] [--n N] [--edits E] [--reps R]
import Cassowary
import Foundation

let margin = 8.0
let minWidth = 20.0

struct Options {
  var python = ".venv-bench/bin/python"
  var script = "scripts/bench_layout_kiwi.py"
  var n = 1000
  var edits = 1000
  var reps = 5

  init(arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let flag = iterator.next() {
      guard let value = iterator.next() else { fatalError("missing value after \(flag)") }
      switch flag {
      case "--python": python = value
      case "--script": script = value
      case "--n": n = Int(value) ?? n
      case "--edits": edits = Int(value) ?? edits
      case "--reps": reps = Int(value) ?? reps
      default: fatalError("unknown option \(flag)")
      }
    }
  }
}

struct Chain {
  let window = Variable("window")
  let widths: [Variable]
  var constraints: [Constraint] = []

  init(_ n: Int) {
    let lefts = (0..<n).map { Variable("left\($0)") }
    widths = (0..<n).map { Variable("width\($0)") }
    let rights = (0..<n).map { Variable("right\($0)") }
    for i in 0..<n {
      if i == 0 {
        constraints.append(lefts[0] == margin)
      } else {
        constraints.append(lefts[i] == rights[i - 1] + margin)
        constraints.append(widths[i] == widths[i - 1] ~ .weak)
      }
      constraints.append(rights[i] == lefts[i] + widths[i])
      constraints.append(widths[i] >= minWidth)
    }
    constraints.append(rights[n - 1] + margin == window)
  }
}

func suggestion(_ k: Int) -> Double { 36000 + 4000 * sin(Double(k) / 20) }

func milliseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// Returns (milliseconds, checksum); the checksum lets us confirm both solvers found the same layout.
func build(_ n: Int) throws -> (Double, Double) {
  var chain = Chain(n)
  chain.constraints.append(chain.window == 40000 ~ .strong)
  let clock = ContinuousClock()
  let start = clock.now
  let solver = Solver()
  for constraint in chain.constraints { try solver.addConstraint(constraint) }
  solver.updateVariables()
  let elapsed = clock.now - start
  return (milliseconds(elapsed), chain.widths.reduce(0) { $0 + $1.value })
}

func incremental(_ n: Int, _ edits: Int) throws -> (Double, Double) {
  let chain = Chain(n)
  let solver = Solver()
  // Untimed set-up. The window is made editable and given its first width *before* the chain is
  // added: adding the edit afterwards starts it at 0, pinning every width to its minimum, and the
  // first suggestion would then pivot the whole dense chain back (cubic in n, minutes at n=1000
  // for both solvers), which is not what this workload is about.
  try solver.addEditVariable(chain.window, strength: .strong)
  try solver.suggestValue(chain.window, suggestion(0))
  for constraint in chain.constraints { try solver.addConstraint(constraint) }
  solver.updateVariables()
  var checksum = 0.0
  let clock = ContinuousClock()
  let start = clock.now
  for k in 0..<edits {
    try solver.suggestValue(chain.window, suggestion(k))
    solver.updateVariables()
    checksum += chain.widths[n - 1].value
  }
  let elapsed = clock.now - start
  return (milliseconds(elapsed), checksum)
}

/// The kiwisolver side, a long-lived child process answering one request per line.
final class Kiwi {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  var buffer = Data()
  var version = ""

  init(python: String, script: String) throws {
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script, "--serve"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    version = readLine()
    guard version.hasPrefix("ready") else { throw KiwiError.notReady(version) }
  }

  enum KiwiError: Error { case notReady(String), badReply(String) }

  func readLine() -> String {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer = Data(buffer[(newline + 1)...])
        return line
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return "" }  // EOF: the child died
      buffer.append(chunk)
    }
  }

  func request(_ line: String) throws -> (Double, Double) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
    let reply = readLine()
    let fields = reply.split(separator: " ").compactMap { Double($0) }
    guard fields.count == 2 else { throw KiwiError.badReply(reply) }
    return (fields[0], fields[1])
  }

  func stop() {
    input.fileHandleForWriting.write(Data("quit\n".utf8))
    process.waitUntilExit()
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let mid = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

func format(_ x: Double) -> String { String(format: "%.1f", x) }

/// Writes a line unbuffered, so progress shows even when stdout is a pipe (print would buffer).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let options = Options(arguments: CommandLine.arguments)
var kiwi: Kiwi?
do {
  kiwi = try Kiwi(python: options.python, script: options.script)
  say("baseline: \(kiwi!.version.dropFirst("ready ".count)) via \(options.python)")
} catch {
  say("baseline: kiwisolver unavailable (\(error)); run scripts/bench-layout.sh to set up the venv")
}
say(
  "workloads: n=\(options.n) chained views, \(options.edits) edits, \(options.reps) interleaved reps (median)"
)

struct Workload {
  let name: String
  let ours: () throws -> (Double, Double)
  let theirs: String
}

let workloads = [
  Workload(name: "build-\(options.n)", ours: { try build(options.n) }, theirs: "build \(options.n)"),
  Workload(
    name: "incremental-\(options.edits)", ours: { try incremental(options.n, options.edits) },
    theirs: "incremental \(options.n) \(options.edits)"),
]

for workload in workloads {
  var ourTimes: [Double] = []
  var theirTimes: [Double] = []
  var checksums: (Double, Double) = (0, 0)
  // One untimed warm-up each, then ours, theirs, ours, theirs, ...
  _ = try workload.ours()
  _ = try kiwi?.request(workload.theirs)
  for _ in 0..<options.reps {
    let (ms, sum) = try workload.ours()
    ourTimes.append(ms)
    checksums.0 = sum
    if let kiwi {
      let (theirMs, theirSum) = try kiwi.request(workload.theirs)
      theirTimes.append(theirMs)
      checksums.1 = theirSum
    }
  }
  let ours = median(ourTimes)
  if theirTimes.isEmpty {
    say("\(workload.name): viewwire \(format(ours)) ms, kiwisolver n/a")
    continue
  }
  let theirs = median(theirTimes)
  let agree = abs(checksums.0 - checksums.1) <= 1e-6 * max(1, abs(checksums.1))
  say(
    "\(workload.name): viewwire \(format(ours)) ms, kiwisolver \(format(theirs)) ms, ratio \(String(format: "%.2f", ours / theirs))"
      + (agree ? "" : "  (WARNING: solutions differ: \(checksums.0) vs \(checksums.1))"))
}
kiwi?.stop()
