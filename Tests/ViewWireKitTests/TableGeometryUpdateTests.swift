import Foundation
import Testing
import ViewWireDiff

@testable import ViewWireKit

/// Issue 14, item 5: a table's row updates cost the rows they change. A section whose rows share
/// one height keeps that height and a count, not per-row arrays, through inserts, deletes,
/// reloads and moves; rows of other heights turn it into prefix sums, and every rectangle stays
/// where a sum over the rows above puts it.
@Suite struct TableGeometryUpdateTests {
  /// Rows with a name and a height each; the delegate answers the heights.
  final class Items: TableViewDataSource, TableViewDelegate {
    var items: [(name: String, height: CGFloat)]
    var heightQuestions = 0

    init(_ items: [(name: String, height: CGFloat)]) { self.items = items }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = items[indexPath.row].name
      return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      heightQuestions += 1
      return items[indexPath.row].height
    }
  }

  static func table(_ items: Items) -> (Window, TableView) {
    let window = Window(size: CGSize(width: 300, height: 400))
    let table = TableView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = items
    table.delegate = items
    window.addSubview(table)
    table.layoutIfNeeded()
    return (window, table)
  }

  /// Every row's rectangle and the content height against a sum over the model's heights, and
  /// the row found under each row's middle.
  static func expectPlaces(_ table: TableView, _ items: Items, _ note: String) {
    var top: CGFloat = 0
    for (row, item) in items.items.enumerated() {
      let path = IndexPath(row: row, section: 0)
      let rect = table.rectForRow(at: path)
      #expect(rect.minY == top && rect.height == item.height, "row \(row) \(note)")
      if item.height > 0 {
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: top + item.height / 2)) == path, "\(note)")
      }
      top += item.height
    }
    #expect(table.contentSize.height == top, "\(note)")
    #expect(table.indexPathForRow(at: CGPoint(x: 10, y: top + 1)) == nil, "\(note)")
  }

  @Test func updatesToTenThousandRowsOfOneHeightKeepNoPerRowArraysAndAskOnlyTheChangedRows() {
    let items = Items((0..<10_000).map { ("row \($0)", 32) })
    let (_, table) = Self.table(items)
    #expect(table.geometry.sections[0].uniformHeight == 32)
    items.heightQuestions = 0
    items.items.removeFirst()
    table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    items.items.swapAt(1, 9_998)
    table.reloadRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 9_998, section: 0)], with: .none)
    items.items.append(("new", 32))
    table.insertRows(at: [IndexPath(row: 9_999, section: 0)], with: .automatic)
    let moved = items.items.remove(at: 5)
    items.items.insert(moved, at: 9_000)
    table.moveRow(at: IndexPath(row: 5, section: 0), to: IndexPath(row: 9_000, section: 0))
    table.layoutIfNeeded()
    #expect(
      items.heightQuestions == 4, "the two reloaded rows, the inserted one and the moved one at its new place"
    )
    #expect(table.geometry.sections[0].uniformHeight == 32)
    #expect(table.geometry.sections[0].rowCount == 10_000)
    #expect(table.contentSize.height == 320_000)
    #expect(table.rectForRow(at: IndexPath(row: 9_999, section: 0)).minY == 319_968)
  }

  @Test func aRowOfAnotherHeightTurnsTheSectionIntoSumsAndItsDeletionBack() {
    let items = Items((0..<50).map { ("row \($0)", 44) })
    let (_, table) = Self.table(items)
    items.items.insert(("tall", 100), at: 3)
    table.insertRows(at: [IndexPath(row: 3, section: 0)], with: .automatic)
    table.layoutIfNeeded()
    #expect(table.geometry.sections[0].uniformHeight == nil)
    Self.expectPlaces(table, items, "after the tall row came in")
    items.items.remove(at: 3)
    table.deleteRows(at: [IndexPath(row: 3, section: 0)], with: .automatic)
    table.layoutIfNeeded()
    Self.expectPlaces(table, items, "after it left")
    items.items[7].height = 10
    table.reloadRows(at: [IndexPath(row: 7, section: 0)], with: .automatic)
    table.layoutIfNeeded()
    Self.expectPlaces(table, items, "after a reload changed a height")
    items.items.removeAll()
    table.deleteRows(at: (0..<50).map { IndexPath(row: $0, section: 0) }, with: .automatic)
    table.layoutIfNeeded()
    #expect(table.geometry.sections[0].uniformHeight != nil, "no rows: nothing to sum")
    items.items = [("a", 20), ("b", 20)]
    table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .automatic)
    table.layoutIfNeeded()
    #expect(table.geometry.sections[0].uniformHeight == 20, "an emptied section takes its new rows' height")
    Self.expectPlaces(table, items, "after refilling")
  }

  /// Random inserts, deletes, reloads and moves, mostly of one height: every rectangle checked
  /// after each, so the one-height path and the sums agree with a plain sum over the rows.
  @Test(arguments: [1, 2, 3, 4])
  func randomUpdatesPlaceEveryRowAsASumOverTheRowsAbove(seed: UInt64) {
    var state = seed &* 0x9E37_79B9_7F4A_7C15
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func height() -> CGFloat { random(6) == 0 ? CGFloat([0, 20, 60][random(3)]) : 44 }
    let items = Items((0..<30).map { ("row \($0)", 44) })
    let (_, table) = Self.table(items)
    var next = 30
    for step in 0..<120 {
      switch random(4) {
      case 0:
        let row = random(items.items.count + 1)
        items.items.insert(("row \(next)", height()), at: row)
        next += 1
        table.insertRows(at: [IndexPath(row: row, section: 0)], with: .automatic)
      case 1 where !items.items.isEmpty:
        let row = random(items.items.count)
        items.items.remove(at: row)
        table.deleteRows(at: [IndexPath(row: row, section: 0)], with: .automatic)
      case 2 where !items.items.isEmpty:
        let row = random(items.items.count)
        items.items[row].height = height()
        table.reloadRows(at: [IndexPath(row: row, section: 0)], with: .automatic)
      case 3 where items.items.count > 1:
        let from = random(items.items.count)
        let to = random(items.items.count)
        items.items.insert(items.items.remove(at: from), at: to)
        table.moveRow(at: IndexPath(row: from, section: 0), to: IndexPath(row: to, section: 0))
      default:
        continue
      }
      table.layoutIfNeeded()
      Self.expectPlaces(table, items, "seed \(seed) step \(step)")
    }
  }
}
