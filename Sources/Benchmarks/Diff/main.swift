// bench-diff: the js-framework-benchmark operations run server-side on a table of rows (a row
// is a View with a Label) in a ViewWireKit Window. Each operation's frame is produced the way a
// session produces it (ClientConnection.sendChanges: `window.prepareFrame()`, then
// `DiffEngine.makeFrame()`, then `Frame.encode(into:)`), and its cost is printed as a ratio of
// "create 1,000" from the same run, so the O(change) property is visible: the issue asks that
// update, select, swap and remove each cost at most 5% of create. See BENCHMARKS.md ("bench-diff").
//
// Timed: layout + diff + encode of the one frame the operation causes. Each repetition starts
// from a fresh window whose initial rows were created and sent untimed. Changing the model (the
// addSubview/removeFromSuperview/text calls) is timed separately and printed as `model`; the
// frame's time is also split into its phases (medians of each, so they need not add up).
//
// The table view's scrolling rows follow (TableScroll.swift): 10,000 rows scrolled by one row and
// by one screen, whose frames must cost the rows that come into view.
//
// A second table, "rows demo at scale", runs the rows demo's own actions (swap the second and
// last row, remove the first, update every third label) on tables of 1,000 to 10,000 rows and
// prints each size's cost as a ratio of the same action at 1,000 rows: a cost that follows the
// change stays flat as the table grows (the issue's targets: swap and remove at 10,000 at most
// 2x, update at most 10x). The demo shows its rows in a table view (only the rows on screen are
// views), so a third table makes the same changes to rows that are plain subviews of one parent
// (swap two, remove or insert the first), the kit's child insertion and removal at scale.
//
// Usage: bench-diff [--reps R] [--only PREFIX]   (--only runs the operations whose name starts
// with PREFIX, plus "create 1,000" as the baseline; for profiling one operation; `--only rows`
// runs only the rows demo and the plain subviews at scale)
import Foundation
import ViewWireApps
import ViewWireDiff
import ViewWireKit

let rowHeight: CGFloat = 37
let windowSize = CGSize(width: 1024, height: 768)

/// A table row: a view with a label that fills it, as js-framework-benchmark's `<tr>` with its
/// label cell.
final class Row: View {
  let label = Label()
  var rowID = 0

  required init() {
    super.init()
    addSubview(label)
  }

  override func layoutSubviews() {
    label.frame = CGRect(x: 8, y: 8, width: bounds.width - 16, height: bounds.height - 16)
  }
}

/// The table body: rows stacked top to bottom, one row height each.
final class Table: View {
  override func layoutSubviews() {
    let width = bounds.width
    for (index, row) in subviews.enumerated() {
      row.frame = CGRect(x: 0, y: CGFloat(index) * rowHeight, width: width, height: rowHeight)
    }
  }
}

/// js-framework-benchmark's label generator, with a fixed seed so every run sends the same text.
struct Labels {
  static let adjectives = [
    "pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint", "clean",
    "elegant", "easy", "angry", "crazy", "helpful", "mushy", "odd", "unsightly", "adorable", "important",
    "inexpensive", "cheap", "expensive", "fancy",
  ]
  static let colours = [
    "red", "yellow", "blue", "green", "pink", "brown", "purple", "brown", "white", "black", "orange",
  ]
  static let nouns = [
    "table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger", "pizza",
    "mouse", "keyboard",
  ]
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  var nextID = 1

  mutating func random(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }

  mutating func makeRow() -> Row {
    let row = Row()
    row.rowID = nextID
    nextID += 1
    row.label.text =
      "\(Self.adjectives[random(Self.adjectives.count)]) \(Self.colours[random(Self.colours.count)]) \(Self.nouns[random(Self.nouns.count)])"
    return row
  }
}

/// One benchmark state: a window holding a table, its diff engine, and what was sent so far.
final class Bench {
  let window = Window(size: windowSize)
  let engine: DiffEngine
  let table = Table()
  var labels = Labels()

  init() {
    engine = DiffEngine(window: window)
    table.frame = CGRect(origin: .zero, size: windowSize)
    window.addSubview(table)
    _ = sendFrame()
  }

  /// Produces and encodes the frame of what changed, as ClientConnection.sendChanges does;
  /// returns the bytes sent and the time of each phase in microseconds.
  @discardableResult
  func sendFrame() -> (bytes: Int, layout: Double, diff: Double, encode: Double) {
    var output: [UInt8] = []
    let start = clock.now
    window.prepareFrame()
    let laidOut = clock.now
    let frame = engine.makeFrame()
    let diffed = clock.now
    frame?.encode(into: &output)
    let encoded = clock.now
    return (
      output.count, microseconds(laidOut - start), microseconds(diffed - laidOut),
      microseconds(encoded - diffed)
    )
  }

  func append(_ count: Int) {
    for _ in 0..<count { table.addSubview(labels.makeRow()) }
  }

  func clear() {
    // From the back, so each removal is at the end of the subview array.
    for row in table.subviews.reversed() { row.removeFromSuperview() }
  }
}

struct Operation {
  let name: String
  /// Untimed: brings a fresh state to where the operation starts (its frame is sent untimed).
  let setUp: (Bench) -> Void
  /// The model change the operation makes; its frame is what is timed.
  let change: (Bench) -> Void
}

let allOperations: [Operation] = [
  Operation(name: "create 1,000", setUp: { _ in }, change: { $0.append(1000) }),
  Operation(
    name: "replace all 1,000", setUp: { $0.append(1000) },
    change: {
      $0.clear()
      $0.append(1000)
    }),
  Operation(
    name: "update every 10th of 10,000", setUp: { $0.append(10_000) },
    change: { bench in
      for row in stride(from: 0, to: bench.table.subviews.count, by: 10) {
        let label = (bench.table.subviews[row] as! Row).label
        label.text = (label.text ?? "") + " !!!"
      }
    }),
  Operation(
    name: "select 1 of 1,000", setUp: { $0.append(1000) },
    change: { $0.table.subviews[500].backgroundColor = Color(red: 0.9, green: 0.9, blue: 1) }),
  Operation(
    name: "swap 2 of 1,000", setUp: { $0.append(1000) },
    change: { bench in
      // The rows trade places on screen too: the table lays them out by index again.
      bench.table.exchangeSubview(at: 1, withSubviewAt: 998)
      bench.table.setNeedsLayout()
    }),
  Operation(
    name: "remove 1 of 1,000", setUp: { $0.append(1000) },
    change: { $0.table.subviews[3].removeFromSuperview() }),
  Operation(name: "create 10,000", setUp: { _ in }, change: { $0.append(10_000) }),
  Operation(name: "append 1,000 to 10,000", setUp: { $0.append(10_000) }, change: { $0.append(1000) }),
  Operation(name: "clear 10,000", setUp: { $0.append(10_000) }, change: { $0.clear() }),
]

let clock = ContinuousClock()

func microseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let mid = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// Writes a line unbuffered, so progress shows even when stdout is a pipe.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  let gap = String(repeating: " ", count: max(0, width - text.count))
  return right ? gap + text : text + gap
}

var reps = 9
var only: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let flag = arguments.next() {
  switch (flag, arguments.next()) {
  case ("--reps", let value?) where (Int(value) ?? 0) > 0: reps = Int(value)!
  case ("--only", let value?): only = value
  default:
    // A usage line, not a crash: `--help` and typos are how people discover the options.
    FileHandle.standardError.write(Data("usage: bench-diff [--reps R] [--only PREFIX]\n".utf8))
    exit(flag == "--help" || flag == "-h" ? 0 : 2)
  }
}
let operations = allOperations.enumerated().filter { index, operation in
  index == 0 || only.map { operation.name.hasPrefix($0) } ?? true
}.map(\.element)
let runsTable = only.map { !"rows".hasPrefix($0) || $0.isEmpty } ?? true
let runsScaling = only.map { "rows".hasPrefix($0) } ?? true

struct Result {
  var frame: [Double] = []
  var layout: [Double] = []
  var diff: [Double] = []
  var encode: [Double] = []
  var model: [Double] = []
  var bytes = 0
}

if runsTable {
  say(
    "bench-diff: \(operations.count) operations, 1 warm-up + \(reps) repetitions each (median), interleaved")
  var results = [Result](repeating: Result(), count: operations.count)
  // Repetitions are interleaved across operations (round r runs every operation once) so that a
  // noisy stretch of the shared machine spreads over all of them instead of skewing one.
  for round in 0...reps {
    for (index, operation) in operations.enumerated() {
      let bench = Bench()
      operation.setUp(bench)
      bench.sendFrame()
      let start = clock.now
      operation.change(bench)
      let changed = clock.now
      let sent = bench.sendFrame()
      let end = clock.now
      guard round > 0 else { continue }  // warm-up
      results[index].model.append(microseconds(changed - start))
      results[index].frame.append(microseconds(end - changed))
      results[index].layout.append(sent.layout)
      results[index].diff.append(sent.diff)
      results[index].encode.append(sent.encode)
      results[index].bytes = sent.bytes
    }
  }

  let baseline = median(results[0].frame)
  say("")
  say(
    pad("operation", 28) + pad("layout+diff+encode", 20, right: true) + pad("ratio", 9, right: true)
      + pad("bytes", 11, right: true) + pad("layout", 11, right: true) + pad("diff", 11, right: true)
      + pad("encode", 11, right: true) + pad("model", 11, right: true))
  func micro(_ values: [Double]) -> String { String(format: "%.0f µs", median(values)) }
  for (index, operation) in operations.enumerated() {
    let frame = median(results[index].frame)
    say(
      pad(operation.name, 28) + pad(String(format: "%.0f µs", frame), 20, right: true)
        + pad(String(format: "%.3f", frame / baseline), 9, right: true)
        + pad("\(results[index].bytes)", 11, right: true) + pad(micro(results[index].layout), 11, right: true)
        + pad(micro(results[index].diff), 11, right: true)
        + pad(micro(results[index].encode), 11, right: true)
        + pad(micro(results[index].model), 11, right: true))
  }
  let required = ["update every 10th of 10,000", "select 1 of 1,000", "swap 2 of 1,000", "remove 1 of 1,000"]
  let summary = required.compactMap { name -> String? in
    guard let index = operations.firstIndex(where: { $0.name == name }) else { return nil }
    let ratio = median(results[index].frame) / baseline
    return
      "\(name.split(separator: " ").first!) \(String(format: "%.3f", ratio))\(ratio <= 0.05 ? "" : " (over 5%)")"
  }
  say("")
  say("summary: cost / create 1,000: " + summary.joined(separator: ", "))
}
if runsScaling { runScaling(reps: reps) }

// The table view's rows, in a function of their own (TableScroll.swift), with a baseline of
// their own measured in the same rounds. "--only rows" is the rows demo alone.
if runsTable { runTableScrollBenchmarks(reps: reps, only: only) }
