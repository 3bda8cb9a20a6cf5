// The rows demo's actions at 1,000, 2,000, 5,000 and 10,000 rows (see main.swift's header), and
// the same changes made to plain subviews of one parent (the path the demo took before it showed
// its rows in a table view), at the same sizes.
import Foundation
import ViewWireApps
import ViewWireDiff
import ViewWireKit

/// A window whose frame of what changed the scaling tables time.
protocol ScalingBench: AnyObject {
  /// The window the benchmark changes.
  var window: Window { get }
  /// The window's diff engine, its first frame already sent.
  var engine: DiffEngine { get }
}

extension ScalingBench {
  /// The frame of what changed, as a session sends it; returns its size in bytes. Never inlined,
  /// so a profile can collect this part alone (`valgrind --tool=callgrind --toggle-collect=...`).
  @inline(never)
  func sendFrame() -> Int {
    var output: [UInt8] = []
    window.prepareFrame()
    engine.makeFrame()?.encode(into: &output)
    return output.count
  }
}

/// One window showing the rows demo with `rows` rows, their first frame sent.
final class RowsBench: ScalingBench {
  let window = Window(size: CGSize(width: 390, height: 844))
  let engine: DiffEngine
  let controller = RowsViewController()

  init(rows: Int) {
    engine = DiffEngine(window: window)
    window.rootViewController = controller
    controller.add(rows)
    var output: [UInt8] = []
    engine.makeFrame()?.encode(into: &output)
  }

}

let scalingSizes =
  ProcessInfo.processInfo.environment["BENCH_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
  ?? [1000, 2000, 5000, 10_000]
/// The actions, all or those whose names start with one of `BENCH_ACTIONS` (comma-separated),
/// so a profile can hold one action alone.
let rowsDemoActions: [(name: String, target: Double, act: @Sendable (RowsBench) -> Void)] = [
  ("swap", 2, { $0.controller.swapSecondAndLast() }),
  ("remove first", 2, { $0.controller.removeFirst() }),
  ("update every 3rd", 10, { $0.controller.updateEveryThird() }),
]

/// `rows` rows as plain subviews of one parent, laid out by index (the rows demo's list before it
/// became a table view), their first frame sent: the kit's child insertion and removal at scale.
final class SubviewListBench: ScalingBench {
  let window = Window(size: CGSize(width: 390, height: 844))
  let engine: DiffEngine
  let list = SubviewList()
  var labels = Labels()

  init(rows: Int) {
    engine = DiffEngine(window: window)
    list.frame = CGRect(x: 0, y: 60, width: 390, height: 784)
    window.addSubview(list)
    for _ in 0..<rows { list.append(labels.makeRow()) }
    var output: [UInt8] = []
    engine.makeFrame()?.encode(into: &output)
  }

}

/// Rows stacked by index that lays out only the rows whose place changed: a removal or
/// insertion at the top moves every row below (linear in the rows it moves), a swap two.
final class SubviewList: View {
  private var rows: [Row] = []
  /// Every row from this index on needs its frame set in the next layout.
  private var staleFrom = 0
  /// Rows before `staleFrom` that need their frame set (a swap's two).
  private var staleRows: [Int] = []

  override func layoutSubviews() {
    staleRows.sort()
    for index in staleRows where index < staleFrom && index < rows.count { place(index) }
    for index in staleFrom..<max(staleFrom, rows.count) { place(index) }
    staleRows = []
    staleFrom = rows.count
  }

  private func place(_ index: Int) {
    rows[index].frame = CGRect(x: 0, y: CGFloat(index) * 32, width: bounds.width, height: 32)
  }

  func append(_ row: Row) {
    staleFrom = min(staleFrom, rows.count)
    rows.append(row)
    addSubview(row)
    setNeedsLayout()
  }

  func insertFirst(_ row: Row) {
    rows.insert(row, at: 0)
    insertSubview(row, at: 0)
    staleFrom = 0
    setNeedsLayout()
  }

  func removeFirst() {
    rows.removeFirst().removeFromSuperview()
    staleFrom = 0
    setNeedsLayout()
  }

  func swapSecondAndLast() {
    let last = rows.count - 1
    rows.swapAt(1, last)
    exchangeSubview(at: 1, withSubviewAt: last)
    staleRows += [1, last]
    setNeedsLayout()
  }
}

/// The plain-subview changes. No targets from the issue: insertion and removal at the top move
/// every row, so they grow with the rows they touch (10x the rows, about 10x); a swap touches two.
let subviewListActions: [(name: String, target: Double, act: @Sendable (SubviewListBench) -> Void)] = [
  ("swap", 2, { $0.list.swapSecondAndLast() }),
  ("remove first", 10, { $0.list.removeFirst() }),
  ("insert first", 10, { $0.list.insertFirst($0.labels.makeRow()) }),
]

/// The actions whose names start with one of `BENCH_ACTIONS` (comma-separated), or all.
func chosen<B>(_ actions: [(name: String, target: Double, act: @Sendable (B) -> Void)])
  -> [(name: String, target: Double, act: @Sendable (B) -> Void)]
{
  actions.filter { action in
    ProcessInfo.processInfo.environment["BENCH_ACTIONS"].map {
      $0.split(separator: ",").contains { action.name.hasPrefix($0) }
    } ?? true
  }
}

/// The calling thread's CPU time in microseconds.
///
/// The rows demo's table is timed in CPU time, not wall time: on the shared machine (load 10 to
/// 25 on 2 cores) a 10,000-row action that takes 2 ms of CPU was often descheduled in the middle
/// and read 40 to 60 ms of wall time (the other runnable tasks' slices), while the 1,000-row one
/// fits in a slice and was not. Wall time then measured the scheduler, not the action.
func threadCPUMicroseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// Runs the rows demo's actions, then the plain-subview ones, at every size.
func runScaling(reps: Int) {
  runScaling(
    "rows demo at scale", reps: reps, make: { RowsBench(rows: $0) }, actions: chosen(rowsDemoActions))
  runScaling(
    "plain subviews of one parent at scale", reps: reps, make: { SubviewListBench(rows: $0) },
    actions: chosen(subviewListActions))
}

/// Runs every action at every size, interleaved round by round, and prints medians and ratios.
func runScaling<B: ScalingBench>(
  _ title: String, reps: Int, make: (Int) -> B,
  actions scalingActions: [(name: String, target: Double, act: @Sendable (B) -> Void)]
) {
  guard !scalingActions.isEmpty else { return }
  say("")
  say(
    "\(title): \(scalingActions.count) actions x \(scalingSizes.count) sizes, 1 warm-up + \(reps) repetitions (median), interleaved"
  )
  var frame = [[[Double]]](
    repeating: [[Double]](repeating: [], count: scalingSizes.count), count: scalingActions.count)
  var model = frame
  var bytes = [[Int]](repeating: [Int](repeating: 0, count: scalingSizes.count), count: scalingActions.count)
  for round in 0...reps {
    for (a, action) in scalingActions.enumerated() {
      for (n, size) in scalingSizes.enumerated() {
        let bench = make(size)
        let start = threadCPUMicroseconds()
        action.act(bench)
        let changed = threadCPUMicroseconds()
        let sent = bench.sendFrame()
        let end = threadCPUMicroseconds()
        guard round > 0 else { continue }
        model[a][n].append(changed - start)
        frame[a][n].append(end - changed)
        bytes[a][n] = sent
      }
    }
  }
  say("")
  var header = pad("action", 18)
  for size in scalingSizes { header += pad("\(size) rows", 22, right: true) }
  say(header + pad("10k/1k", 9, right: true) + pad("target", 8, right: true))
  var summary: [String] = []
  for (a, action) in scalingActions.enumerated() {
    let totals = (0..<scalingSizes.count).map { median(zip(frame[a][$0], model[a][$0]).map { $0 + $1 }) }
    var line = pad(action.name, 18)
    for n in scalingSizes.indices {
      line += pad(
        String(format: "%.0f+%.0f µs %.2fx", median(model[a][n]), median(frame[a][n]), totals[n] / totals[0]),
        22,
        right: true)
    }
    let ratio = totals.last! / totals[0]
    say(
      line + pad(String(format: "%.2f", ratio), 9, right: true)
        + pad("≤ \(Int(action.target))", 8, right: true))
    summary.append(String(format: "%@ %.2f%@", action.name, ratio, ratio <= action.target ? "" : " (over)"))
  }
  say(
    "(model + frame µs of thread CPU time, medians, and the total as a ratio of 1,000 rows; frame bytes at 1k and 10k: "
      + scalingActions.indices.map { "\(bytes[$0][0])/\(bytes[$0].last!)" }.joined(separator: ", ") + ")")
  say("summary: \(title), cost at 10,000 / 1,000 rows: " + summary.joined(separator: ", "))
}
