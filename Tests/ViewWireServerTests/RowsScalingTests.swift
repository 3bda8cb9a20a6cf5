import Foundation
import Testing
import ViewWireApps
import ViewWireDiff
import ViewWireKit

/// Issue 14, item 5: the rows demo's actions cost what they change on screen, not the table's
/// length. The demo shows its rows in a table view, where only the rows on screen are cells.
///
/// Counted, not timed: after each action and its layout pass, the views the window's change
/// tracker queued are exactly the views the next frame visits (the engine walks nothing else).
/// Each action queues the same views at 10,000 rows as at 1,000, no more than the cells on
/// screen and the table, and the demo holds no more cells at 10,000 rows than at 1,000.
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

    /// The demo's table view.
    var tableView: TableView { controller.view.subviews.compactMap { $0 as? TableView }.first! }

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

  /// The 784-point table shows rows 0 to 24 (the 25th in part): 25 cells, at any length.
  static let cellsOnScreen = 25

  @Test(arguments: [1000, 10_000])
  func theTableHoldsOnlyTheRowsOnScreen(rows: Int) {
    let table = Table(rows: rows)
    #expect(table.tableView.visibleCells.count == Self.cellsOnScreen)
    #expect(
      table.engine.viewCount == 7 + 3 * Self.cellsOnScreen, "toolbar, table, a cell, content and label a row")
  }

  @Test func eachActionVisitsAsManyViewsAtTenThousandRowsAsAtOneThousand() {
    let actions: [(String, (RowsViewController) -> Void)] = [
      ("swap", { $0.swapSecondAndLast() }), ("remove first", { $0.removeFirst() }),
      ("update", { $0.updateEveryThird() }), ("add", { $0.add(10) }),
    ]
    for (name, action) in actions {
      let small = Table(rows: 1000).visited(by: action)
      let large = Table(rows: 10_000).visited(by: action)
      #expect(small.views == large.views, "\(name)")
      #expect(small.lines.count == large.lines.count, "\(name)")
      #expect(large.views <= 1 + 3 * Self.cellsOnScreen, "\(name): the table and the cells on screen at most")
    }
  }

  @Test(arguments: [1000, 10_000])
  func aSwapSendsTheSecondRowsNewLabel(rows: Int) {
    let table = Table(rows: rows)
    let (views, lines) = table.visited { $0.swapSecondAndLast() }
    // The last row is off screen: only the second row's cell shows a new row (its identifier
    // and its label).
    #expect(views == 2, "the second row's cell and its label: \(lines)")
    #expect(lines.filter { $0.hasPrefix("render ") }.count == 2)
    #expect(lines.contains { $0.hasPrefix("render ") && $0.hasSuffix(" ident=\"row-\(rows)\"") })
    #expect(!lines.contains { $0.hasPrefix("move ") || $0.hasPrefix("layout ") })
  }

  @Test(arguments: [1000, 10_000])
  func anUpdateSendsOnlyTheChangedLabelsOnScreen(rows: Int) {
    let table = Table(rows: rows)
    let labels = (Self.cellsOnScreen + 2) / 3
    let (views, lines) = table.visited { $0.updateEveryThird() }
    #expect(views == labels, "rows 0, 3, ... 24: one label each, no row, no layout")
    #expect(lines.filter { $0.hasPrefix("render ") && $0.hasSuffix(" !!!\"") }.count == labels)
  }

  @Test(arguments: [1000, 10_000])
  func removingTheFirstRowShiftsTheCellsOnScreenAndFillsTheBottom(rows: Int) {
    let table = Table(rows: rows)
    let (views, lines) = table.visited { $0.removeFirst() }
    #expect(views <= 1 + 3 * Self.cellsOnScreen, "the table, and the cells that moved or were reused")
    #expect(
      lines.contains { $0.hasPrefix("shift ") && $0.hasSuffix(" \(Self.cellsOnScreen - 1) 0 -32") },
      "\(lines)")
    #expect(
      lines.contains("render \(table.engine.id(of: table.tableView)!) contentSize=\"390,\((rows - 1) * 32)\"")
    )
    // The removed row's cell shows the row that came into view at the bottom.
    #expect(
      lines.contains { $0.hasPrefix("render ") && $0.hasSuffix(" ident=\"row-\(Self.cellsOnScreen + 1)\"") })
    #expect(table.tableView.visibleCells.count == Self.cellsOnScreen)
    #expect(!table.tableView.subviews.contains { $0 is TableViewCell && $0.isHidden }, "the cell was reused")
  }

  @Test func aSecondSwapAfterARemovalStillVisitsTwoViews() {
    let table = Table(rows: 10_000)
    _ = table.visited { $0.removeFirst() }
    let (views, _) = table.visited { $0.swapSecondAndLast() }
    #expect(views == 2)
  }

  /// The demo drops its first rows by moving a start index and reclaims them at half the
  /// storage: after 600 removals of 1,000 rows the table shows row 601 on, and a swap and an
  /// update still reach the right rows.
  @Test func manyRemovalsKeepTheRowsInOrder() {
    let table = Table(rows: 1000)
    for _ in 0..<600 { table.controller.removeFirst() }
    table.controller.swapSecondAndLast()
    table.controller.updateEveryThird()
    table.window.prepareFrame()
    let shown = table.tableView.visibleCells.map { $0.accessibilityIdentifier ?? "" }
    #expect(shown.prefix(3) == ["row-601", "row-1000", "row-603"])
    #expect(table.tableView.numberOfRows(inSection: 0) == 400)
    #expect(table.tableView.visibleCells[0].textLabel?.text?.hasSuffix(" !!!") == true)
    #expect(table.tableView.visibleCells[1].textLabel?.text?.hasSuffix(" !!!") == false)
  }
}
