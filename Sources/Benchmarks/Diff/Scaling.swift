// The rows demo's actions at 1,000, 2,000, 5,000 and 10,000 rows (see main.swift's header).
import Foundation
import ViewWireApps
import ViewWireDiff
import ViewWireKit

/// One window showing the rows demo with `rows` rows, their first frame sent.
final class RowsBench {
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

  /// The frame of what changed, as a session sends it; returns its size in bytes.
  func sendFrame() -> Int {
    var output: [UInt8] = []
    window.prepareFrame()
    engine.makeFrame()?.encode(into: &output)
    return output.count
  }
}

let scalingSizes =
  ProcessInfo.processInfo.environment["BENCH_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
  ?? [1000, 2000, 5000, 10_000]
/// The actions, all or those whose names start with one of `BENCH_ACTIONS` (comma-separated),
/// so a profile can hold one action alone.
let allScalingActions: [(name: String, target: Double, act: @Sendable (RowsViewController) -> Void)] = [
  ("swap", 2, { $0.swapSecondAndLast() }),
  ("remove first", 2, { $0.removeFirst() }),
  ("update every 3rd", 10, { $0.updateEveryThird() }),
]
let scalingActions = allScalingActions.filter { action in
  ProcessInfo.processInfo.environment["BENCH_ACTIONS"].map {
    $0.split(separator: ",").contains { action.name.hasPrefix($0) }
  } ?? true
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

/// Runs every action at every size, interleaved round by round, and prints medians and ratios.
func runScaling(reps: Int) {
  say("")
  say(
    "rows demo at scale: \(scalingActions.count) actions x \(scalingSizes.count) sizes, 1 warm-up + \(reps) repetitions (median), interleaved"
  )
  var frame = [[[Double]]](
    repeating: [[Double]](repeating: [], count: scalingSizes.count), count: scalingActions.count)
  var model = frame
  var bytes = [[Int]](repeating: [Int](repeating: 0, count: scalingSizes.count), count: scalingActions.count)
  for round in 0...reps {
    for (a, action) in scalingActions.enumerated() {
      for (n, size) in scalingSizes.enumerated() {
        let bench = RowsBench(rows: size)
        let start = threadCPUMicroseconds()
        action.act(bench.controller)
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
  say("summary: rows demo cost at 10,000 / 1,000 rows: " + summary.joined(separator: ", "))
}
