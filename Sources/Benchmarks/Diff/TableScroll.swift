// bench-diff's table rows: a TableView of 10,000 rows in a window of the benchmark's size,
// scrolled by one row and by one screen, from the top and from the middle. Cell reuse should make
// each frame cost the rows that come into view (one row: about 4 lines; one screen: about 2 lines
// per row), whatever the table's length; "load" shows what the first frame of 10,000 rows costs
// (the data source asked for counts once, cells made for one screen). Timed like the other rows:
// the change (setting the offset: nothing, the layout waits for the frame) plus layout + diff +
// encode of the frame it causes, as a ratio of "create 1,000" timed the same way (model + frame)
// in the same rounds.
import Foundation
import ViewWireDiff
import ViewWireKit

/// A data source of `count` numbered rows in one section.
final class NumberedRows: TableViewDataSource {
  let count: Int
  init(count: Int) { self.count = count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    cell.textLabel?.text = "Row \(indexPath.row)"
    return cell
  }
}

/// A window holding one table over `NumberedRows`, with its diff engine.
final class TableBench {
  let window = Window(size: windowSize)
  let engine: DiffEngine
  let table = TableView(frame: CGRect(origin: .zero, size: windowSize))
  let rows: NumberedRows

  init(rows count: Int, attached: Bool = true) {
    rows = NumberedRows(count: count)
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    engine = DiffEngine(window: window)
    if attached {
      table.dataSource = rows
      window.addSubview(table)
    }
    _ = engine.makeFrame()
  }

  /// The frame of what changed, encoded; its line count and bytes.
  func sendFrame() -> (lines: Int, bytes: Int) {
    var output: [UInt8] = []
    guard let frame = engine.makeFrame() else { return (0, 0) }
    frame.encode(into: &output)
    return (frame.lines.count, output.count)
  }
}

struct TableOperation {
  let name: String
  let setUp: (TableBench) -> Void
  let change: (TableBench) -> Void
  var attached = true
  var rows = 10_000
}

/// The table rows, made per run (a global outside main.swift must be Sendable, and closures are
/// not).
func makeTableOperations() -> [TableOperation] {
  [
    TableOperation(
      name: "table: load 10,000 rows", setUp: { _ in },
      change: { bench in
        bench.table.dataSource = bench.rows
        bench.window.addSubview(bench.table)
      }, attached: false),
    TableOperation(
      name: "table: scroll 10,000 by 1 row", setUp: { _ in },
      change: { $0.table.contentOffset.y += $0.table.rowHeight }),
    TableOperation(
      name: "table: scroll 10,000 by 1 screen", setUp: { _ in },
      change: { $0.table.contentOffset.y += $0.table.bounds.height }),
    TableOperation(
      name: "table: mid 10,000, 1 row", setUp: { $0.table.contentOffset.y = 5000 * $0.table.rowHeight },
      change: { $0.table.contentOffset.y += $0.table.rowHeight }),
    TableOperation(
      name: "table: mid 10,000, 1 screen", setUp: { $0.table.contentOffset.y = 5000 * $0.table.rowHeight },
      change: { $0.table.contentOffset.y += $0.table.bounds.height }),
    TableOperation(
      name: "table: mid 100,000, 1 screen", setUp: { $0.table.contentOffset.y = 50_000 * $0.table.rowHeight },
      change: { $0.table.contentOffset.y += $0.table.bounds.height }, rows: 100_000),
  ]
}

/// Runs the table rows, interleaved with a "create 1,000" of their own (round r runs each once),
/// and prints them against that baseline.
func runTableScrollBenchmarks(reps: Int, only: String?) {
  let operations = makeTableOperations().filter { only.map($0.name.hasPrefix) ?? true }
  guard !operations.isEmpty else { return }
  var times = [[Double]](repeating: [], count: operations.count)
  var sizes = [(lines: Int, bytes: Int)](repeating: (0, 0), count: operations.count)
  var baselineTimes: [Double] = []
  for round in 0...reps {
    let create = Bench()
    create.sendFrame()
    let createStart = clock.now
    create.append(1000)
    create.sendFrame()
    if round > 0 { baselineTimes.append(microseconds(clock.now - createStart)) }
    for (index, operation) in operations.enumerated() {
      let bench = TableBench(rows: operation.rows, attached: operation.attached)
      operation.setUp(bench)
      _ = bench.sendFrame()
      let start = clock.now
      operation.change(bench)
      let sent = bench.sendFrame()
      let end = clock.now
      guard round > 0 else { continue }  // warm-up
      times[index].append(microseconds(end - start))
      sizes[index] = sent
    }
  }
  let baseline = median(baselineTimes)
  say("")
  say(
    pad("table operation", 34) + pad("change+frame", 14, right: true) + pad("ratio", 9, right: true)
      + pad("lines", 8, right: true) + pad("bytes", 9, right: true))
  say(
    pad("create 1,000 (model+frame)", 34) + pad(String(format: "%.0f µs", baseline), 14, right: true)
      + pad("1.0000", 9, right: true))
  for (index, operation) in operations.enumerated() {
    let time = median(times[index])
    say(
      pad(operation.name, 34) + pad(String(format: "%.0f µs", time), 14, right: true)
        + pad(String(format: "%.4f", time / baseline), 9, right: true)
        + pad("\(sizes[index].lines)", 8, right: true)
        + pad("\(sizes[index].bytes)", 9, right: true))
  }
}
