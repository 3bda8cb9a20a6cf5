// bench-layout: our Cassowary solver against kiwisolver (C++ with Python bindings), measured
// alternately in one run because the machine is shared and noisy; only ratios from the same run
// are meaningful. See BENCHMARKS.md ("bench-layout") and scripts/bench-layout.sh.
//
// Workloads (identical in scripts/bench_layout_kiwi.py; each is "build" = add every constraint
// to a new solver with its edit variables and update, then "steps" = STEPS x (suggest; update)):
//   grid-N     N views in 10 columns: left = neighbour's right + 8, width = neighbour's width,
//              top = bottom of the view above + 8, height = neighbour's height (first column 44,
//              strong), widths and heights >= 20, each row's right edge + 8 = window (edited).
//              N = 100, 1,000, 10,000; 10,000 resize steps each.
//   form       a dialog form in the style of kiwi's enaml-like benchmark (written anew): width
//              and height edited through six sizes.
//   chain-1000 the Cassowary paper's chain: x_i == x_{i-1} + 5 for 1,000 equalities, x0 edited.
//   tree-10    the paper's binary tree of midpoints, depth 10 (1,024 leaves 10 apart), a leaf
//              edited.
//
// Usage: bench-layout [--python PATH] [--script PATH] [--reps R] [--steps S] [--only NAME]
import Cassowary
import Foundation

let margin = 8.0
let columns = 10

struct Options {
  var python = ".venv-bench/bin/python"
  var script = "scripts/bench_layout_kiwi.py"
  var reps = 3
  var steps = 10_000
  var only: String?

  init(arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let flag = iterator.next() {
      guard let value = iterator.next() else {
        Self.usage(exitCode: flag == "--help" || flag == "-h" ? 0 : 2)
      }
      switch flag {
      case "--python": python = value
      case "--script": script = value
      case "--reps": reps = Int(value) ?? reps
      case "--steps": steps = Int(value) ?? steps
      case "--only": only = value
      default: Self.usage(exitCode: 2)
      }
    }
  }

  /// Prints the options and exits: `--help` and typos should teach, not crash.
  static func usage(exitCode: Int32) -> Never {
    FileHandle.standardError.write(
      Data(
        "usage: bench-layout [--python PATH] [--script PATH] [--reps N] [--steps N] [--only WORKLOAD]\n".utf8)
    )
    exit(exitCode)
  }
}

/// Constraints, edit variables with their suggestion for step k, and every variable (checksum).
struct Workload {
  var edits: [(Variable, (Int) -> Double)] = []
  var constraints: [Constraint] = []
  var variables: [Variable] = []
}

func windowWidth(_ k: Int) -> Double { 700 + 300 * sin(Double(k) / 20) }

typealias Frame = (left: Variable, width: Variable, top: Variable, height: Variable)

func grid(_ n: Int) -> Workload {
  var w = Workload()
  let window = Variable("window")
  w.edits = [(window, windowWidth)]
  let rows = (n + columns - 1) / columns
  var above: [Frame?] = Array(repeating: nil, count: columns)
  for r in 0..<rows {
    var previous: Frame?
    for c in 0..<columns where r * columns + c < n {
      let view: Frame = (
        left: Variable("l\(r)_\(c)"), width: Variable("w\(r)_\(c)"), top: Variable("t\(r)_\(c)"),
        height: Variable("h\(r)_\(c)")
      )
      w.variables += [view.left, view.width, view.top, view.height]
      if let previous {
        w.constraints.append(view.left == previous.left + previous.width + margin)
        w.constraints.append(view.width == previous.width)
        w.constraints.append(view.height == previous.height)
      } else {
        w.constraints.append(view.left == margin)
        w.constraints.append(view.height == 44 ~ .strong)
      }
      if let up = above[c] {
        w.constraints.append(view.top == up.top + up.height + margin)
      } else {
        w.constraints.append(view.top == margin)
      }
      w.constraints.append(view.width >= 20)
      w.constraints.append(view.height >= 20)
      previous = view
      above[c] = view
    }
    w.constraints.append(previous!.left + previous!.width + margin == window)
  }
  return w
}

func form() -> Workload {
  var w = Workload()
  let width = Variable("width")
  let height = Variable("height")
  let ctop = Variable("ctop")
  let cbottom = Variable("cbottom")
  let cleft = Variable("cleft")
  let cright = Variable("cright")
  let midline = Variable("midline")
  w.variables = [width, height, ctop, cbottom, cleft, cright, midline]
  let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
  w.edits = [(width, { sizes[$0 % 6].0 }), (height, { sizes[$0 % 6].1 })]
  let mm = Strength(strong: 0, medium: 1, weak: 0, weight: 1.25)
  w.constraints = [
    width >= 0, height >= 0, cleft == 10, ctop == 10, cright == width - 10, cbottom == height - 10,
    midline >= cleft, midline <= cright,
  ]
  var previousBottom = Expression(ctop)
  for (i, natural) in [67.0, 66.0, 24.0].enumerated() {
    let lb = "ltwh".map { Variable("lb\(i)\($0)") }
    let fl = "ltwh".map { Variable("fl\(i)\($0)") }
    w.variables += lb + fl
    for v in lb + fl { w.constraints.append(v >= 0) }
    let gap = i == 0 ? 0.0 : 10.0
    w.constraints += [
      lb[2] == natural ~ .weak, lb[2] >= natural ~ .strong,
      lb[3] == 16 ~ .strong, lb[3] >= 16 ~ .strong,
      fl[2] >= 125 ~ .strong,
      fl[3] == 21 ~ .strong, fl[3] >= 21 ~ .strong,
      lb[0] >= cleft, lb[0] == cleft ~ mm,
      fl[0] >= lb[0] + lb[2] + 10, fl[0] == lb[0] + lb[2] + 10 ~ mm,
      fl[0] == midline ~ .strong,
      fl[0] + fl[2] <= cright, fl[0] + fl[2] == cright ~ mm,
      fl[1] >= previousBottom + gap, fl[1] == previousBottom + gap ~ mm,
      lb[1] + lb[3] * 0.5 == fl[1] + fl[3] * 0.5 ~ .strong,
    ]
    previousBottom = fl[1] + fl[3]
  }
  let text = "ltwh".map { Variable("text\($0)") }
  w.variables += text
  w.constraints += [
    text[0] == cleft, text[0] + text[2] == cright,
    text[1] >= previousBottom + 10, text[1] == previousBottom + 10 ~ mm,
    text[1] + text[3] <= cbottom, text[1] + text[3] == cbottom ~ mm,
    text[3] >= 24 ~ Strength(strong: 0, medium: 100, weak: 0),
  ]
  return w
}

func chain(_ n: Int) -> Workload {
  var w = Workload()
  let xs = (0...n).map { Variable("x\($0)") }
  w.variables = xs
  w.edits = [(xs[0], { 100 * sin(Double($0) / 20) })]
  w.constraints = (1...n).map { xs[$0] == xs[$0 - 1] + 5 }
  return w
}

func tree(_ depth: Int) -> Workload {
  var w = Workload()
  let leaves = (0..<(1 << depth)).map { Variable("leaf\($0)") }
  w.constraints = (1..<leaves.count).map { leaves[$0] == leaves[$0 - 1] + 10 }
  w.variables = leaves
  var level = leaves
  while level.count > 1 {
    var parents: [Variable] = []
    for i in stride(from: 0, to: level.count, by: 2) {
      let p = Variable("m\(w.variables.count + parents.count)")
      w.constraints.append(2 * p == level[i] + level[i + 1])
      parents.append(p)
    }
    w.variables += parents
    level = parents
  }
  w.edits = [(leaves[0], { 100 * sin(Double($0) / 20) })]
  return w
}

func milliseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

struct Timing {
  var build: Double
  var steps: Double
  var checksum: Double
}

/// The same sequence as `run` in bench_layout_kiwi.py.
func run(_ w: Workload, steps: Int) throws -> Timing {
  let clock = ContinuousClock()
  let start = clock.now
  let solver = Solver()
  for (variable, value) in w.edits {
    try solver.addEditVariable(variable, strength: .strong)
    try solver.suggestValue(variable, value(0))
  }
  for constraint in w.constraints { try solver.addConstraint(constraint) }
  solver.updateVariables()
  let built = clock.now
  if steps > 0 {
    for k in 1...steps {
      for (variable, value) in w.edits { try solver.suggestValue(variable, value(k)) }
      solver.updateVariables()
    }
  }
  let done = clock.now
  return Timing(
    build: milliseconds(built - start), steps: milliseconds(done - built),
    checksum: w.variables.reduce(0) { $0 + $1.value })
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

  func request(_ line: String) throws -> Timing {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
    let reply = readLine()
    let fields = reply.split(separator: " ").compactMap { Double($0) }
    guard fields.count == 3 else { throw KiwiError.badReply(reply) }
    return Timing(build: fields[0], steps: fields[1], checksum: fields[2])
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

func format(_ x: Double) -> String { x >= 100 ? String(format: "%.0f", x) : String(format: "%.2f", x) }
func ratio(_ x: Double) -> String { x < 0.1 ? String(format: "%.3f", x) : String(format: "%.2f", x) }

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
say("reps: \(options.reps) interleaved (median); times in ms; ratio = viewwire / kiwisolver")

struct Bench {
  let name: String
  let make: () -> Workload
  let request: String
  let steps: Int
  /// The issue's targets for the build and steps ratios (nil: none).
  let buildTarget: Double?
  let stepsTarget: Double?
}

let s = options.steps
let benches = [
  Bench(
    name: "grid-100", make: { grid(100) }, request: "grid 100 \(s)", steps: s, buildTarget: 1.0,
    stepsTarget: 1.0),
  Bench(
    name: "grid-1000", make: { grid(1000) }, request: "grid 1000 \(s)", steps: s, buildTarget: 0.5,
    stepsTarget: 1.0),
  Bench(
    name: "grid-10000", make: { grid(10000) }, request: "grid 10000 \(s)", steps: s, buildTarget: 0.05,
    stepsTarget: 1.0),
  Bench(name: "form", make: form, request: "form \(s)", steps: s, buildTarget: nil, stepsTarget: nil),
  Bench(
    name: "chain-1000", make: { chain(1000) }, request: "chain 1000 1000", steps: 1000, buildTarget: nil,
    stepsTarget: nil),
  Bench(
    name: "tree-10", make: { tree(10) }, request: "tree 10 1000", steps: 1000, buildTarget: nil,
    stepsTarget: nil),
].filter { options.only == nil || $0.name == options.only }

var summary: [String] = []
var missed: [String] = []
for bench in benches {
  var ours: [Timing] = []
  var theirs: [Timing] = []
  var note = ""
  for rep in 0..<options.reps {
    ours.append(try run(bench.make(), steps: bench.steps))
    // kiwisolver grows with N² here: a run that takes over 20 s is done once, not per repetition.
    if let kiwi, rep == 0 || theirs.last!.build + theirs.last!.steps < 20_000 {
      theirs.append(try kiwi.request(bench.request))
    } else if kiwi != nil, note.isEmpty {
      note = "  (kiwisolver timed once: \(format(theirs[0].build / 1000)) s to build)"
    }
  }
  let build = median(ours.map(\.build))
  let steps = median(ours.map(\.steps))
  guard !theirs.isEmpty else {
    say("\(bench.name): build \(format(build)), \(bench.steps) steps \(format(steps)); kiwisolver n/a")
    continue
  }
  let theirBuild = median(theirs.map(\.build))
  let theirSteps = median(theirs.map(\.steps))
  let (rb, rs) = (build / theirBuild, steps / theirSteps)
  let (a, b) = (ours.last!.checksum, theirs.last!.checksum)
  let agree = abs(a - b) <= 1e-6 * max(1, abs(b))
  say(
    "\(bench.name): build \(format(build)) vs \(format(theirBuild)) = \(ratio(rb)); "
      + "\(bench.steps) steps \(format(steps)) vs \(format(theirSteps)) = \(ratio(rs))" + note
      + (agree ? "" : "  (WARNING: solutions differ: checksum \(a) vs \(b))"))
  summary.append("\(bench.name) \(ratio(rb))/\(ratio(rs))")
  if let target = bench.buildTarget, rb > target { missed.append("\(bench.name) build > \(target)") }
  if let target = bench.stepsTarget, rs > target { missed.append("\(bench.name) steps > \(target)") }
}
kiwi?.stop()
if !summary.isEmpty {
  say(
    "summary (build/steps ratio): " + summary.joined(separator: ", ") + "; targets "
      + (missed.isEmpty ? "met" : "missed: " + missed.joined(separator: ", ")))
}
