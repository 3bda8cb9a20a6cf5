import Foundation
import Testing
import ViewWireApps
import ViewWireDiff
import ViewWireKit

/// Issue 14, item 5: the rows demo's actions cost what they change, not the table's length.
///
/// Counted, not timed: after each action and its layout pass, the views the window's change
/// tracker queued are exactly the views the next frame visits (the engine walks nothing else).
/// A swap or a label update queues as many views at 10,000 rows as at 1,000; removing the first
/// row queues the rows that moved up, and nothing more.
@Suite struct RowsScalingTests {
  /// A window showing the rows demo with `rows` rows, its first frame sent.
  final class Table {
    let window = Window(size: CGSize(width: 390, height: 844))
    let engine: DiffEngine
    let controller = RowsViewController()

    init(rows: Int) {
      engine = DiffEngine(window: window)
      window.rootViewController = controller
      controller.add(rows)
      _ = engine.makeFrame()
    }

    /// Runs `action`, lays the window out, and returns how many views the next frame will
    /// visit and that frame's lines.
    func visited(by action: (RowsViewController) -> Void) -> (views: Int, lines: [String]) {
      action(controller)
      window.prepareFrame()
      let queued = window.changes.changedViews.count
      var bytes: [UInt8] = []
      engine.makeFrame()?.encode(into: &bytes)
      let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
      return (queued, lines)
    }
  }

  @Test(arguments: [1000, 10_000])
  func aSwapVisitsTheTwoRowsAndTheirList(rows: Int) {
    let table = Table(rows: rows)
    let (views, lines) = table.visited { $0.swapSecondAndLast() }
    #expect(views == 3, "the list (its children) and the two rows (their frames)")
    #expect(lines.filter { $0.hasPrefix("move ") }.count == 2)
    #expect(lines.filter { $0.hasPrefix("layout ") }.count == 2)
  }

  @Test(arguments: [1000, 10_000])
  func anUpdateVisitsOnlyTheChangedLabels(rows: Int) {
    let table = Table(rows: rows)
    let labels = (rows + 2) / 3
    let (views, lines) = table.visited { $0.updateEveryThird() }
    #expect(views == labels, "one label in three, no row, no layout")
    #expect(lines.filter { $0.hasPrefix("render ") }.count == labels)
  }

  @Test(arguments: [1000, 10_000])
  func removingTheFirstRowVisitsTheRowsThatMove(rows: Int) {
    let table = Table(rows: rows)
    let (views, lines) = table.visited { $0.removeFirst() }
    #expect(views == 1 + (rows - 1), "the list and every row that moved up, once each")
    #expect(lines.count == 4, "frame begin, remove, one shift, frame end: \(lines.prefix(6))")
    #expect(lines.contains { $0.hasPrefix("shift ") && $0.hasSuffix(" \(rows - 1) 0 -32") })
  }

  @Test func aSecondSwapAfterARemovalStillVisitsThreeViews() {
    let table = Table(rows: 10_000)
    _ = table.visited { $0.removeFirst() }
    let (views, _) = table.visited { $0.swapSecondAndLast() }
    #expect(views == 3)
  }
}
