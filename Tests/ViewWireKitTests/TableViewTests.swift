import Foundation
import Testing
import ViewWireDiff
import ViewWireKit

/// Table views: cell reuse under scrolling (only visible rows exist, a scroll sends only the
/// rows that came into view), sections and headers, selection, and row updates.
struct TableViewTests {
  /// A data source over an array of sections of strings, recording the delegate calls it gets.
  final class Rows: TableViewDataSource, TableViewDelegate {
    var sections: [[String]]
    var titles: [String?]
    var heights: [IndexPath: CGFloat] = [:]
    var calls: [String] = []
    var cellRequests = 0
    var refuse: IndexPath?

    init(_ sections: [[String]], titles: [String?]? = nil) {
      self.sections = sections
      self.titles = titles ?? Array(repeating: nil, count: sections.count)
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
      sections[section].count
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      cellRequests += 1
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = sections[indexPath.section][indexPath.row]
      return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
      section < titles.count ? titles[section] : nil
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      heights[indexPath] ?? tableView.rowHeight
    }
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
      calls.append("willSelect \(indexPath.section).\(indexPath.row)")
      return indexPath == refuse ? nil : indexPath
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
      calls.append("didSelect \(indexPath.section).\(indexPath.row)")
    }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
      calls.append("didDeselect \(indexPath.section).\(indexPath.row)")
    }
  }

  /// A 400×440 window whose table (#2) fills it: ten 44-point rows show at a time.
  final class Stage {
    let window = Window(size: CGSize(width: 400, height: 440))
    let table = TableView(frame: CGRect(x: 0, y: 0, width: 400, height: 440))
    let rows: Rows
    let engine: DiffEngine

    init(_ rows: Rows) {
      self.rows = rows
      table.register(TableViewCell.self, forCellReuseIdentifier: "row")
      table.dataSource = rows
      table.delegate = rows
      window.addSubview(table)
      engine = DiffEngine(window: window)
      _ = engine.makeFrame()
    }

    func diffLines() -> [String] { engine.nextDiffLines() }

    /// The texts of the cells on screen, top to bottom.
    var visibleTexts: [String] { table.visibleCells.map { $0.textLabel?.text ?? "" } }

    /// The table's subviews that are cells, hidden (waiting for reuse) or not.
    var cellViews: [TableViewCell] { table.subviews.compactMap { $0 as? TableViewCell } }

    func id(_ view: View) -> Int { engine.id(of: view) ?? -1 }
  }

  static func numbered(_ count: Int, prefix: String = "row") -> [String] {
    (0..<count).map { "\(prefix) \($0)" }
  }

  // MARK: Reuse

  @Test func onlyTheVisibleRowsOfTenThousandAreCells() {
    let stage = Stage(Rows([Self.numbered(10_000)]))
    #expect(stage.table.contentSize == CGSize(width: 400, height: 440_000))
    #expect(stage.visibleTexts == Self.numbered(10))
    #expect(stage.rows.cellRequests == 10)
    #expect(
      stage.engine.viewCount == 1 + 1 + 10 * 3, "window, table, ten cells of a content view and a label")
  }

  @Test func scrollingThroughTenThousandRowsNeverMakesMoreCellsThanShowAtOnce() throws {
    let stage = Stage(Rows([Self.numbered(10_000)]))
    var offset: CGFloat = 0
    var step: CGFloat = 7
    while offset < 440_000 - 440 {
      offset = min(offset + step, 440_000 - 440)
      step = step * 1.7 + 13
      if step > 3000 { step = 5 }
      stage.table.contentOffset = CGPoint(x: 0, y: offset)
      _ = stage.engine.makeFrame()
      let first = Int(offset / 44)
      let last = min(9_999, Int((offset + 440 - 0.001) / 44))
      #expect(stage.visibleTexts == (first...last).map { "row \($0)" })
    }
    // Eleven rows show when the offset is not a multiple of the row height.
    #expect(stage.table.createdCellCount <= 11)
    #expect(stage.cellViews.count <= 11)
    #expect(stage.visibleTexts.last == "row 9999")
  }

  @Test func scrollingByOneRowSendsTheOffsetAndTheOneRowThatCameIntoView() {
    let stage = Stage(Rows([Self.numbered(10_000)]))
    let top = stage.table.cellForRow(at: IndexPath(row: 0, section: 0))!
    stage.table.contentOffset = CGPoint(x: 0, y: 44)
    let label = stage.id(top.textLabel!)
    #expect(
      stage.diffLines() == [
        "layout \(stage.id(top)) 0 440 400 44",
        "render 2 offset=\"0,44\"",
        "render \(label) text=\"row 10\"",
      ], "row 0's cell now shows row 10, below the others")
    #expect(stage.table.cellForRow(at: IndexPath(row: 10, section: 0)) === top)
  }

  @Test func scrollingByOneScreenSendsOneLayoutAndOneTextPerRow() {
    let stage = Stage(Rows([Self.numbered(10_000)]))
    stage.table.contentOffset = CGPoint(x: 0, y: 440)
    let lines = stage.diffLines()
    #expect(lines.count == 1 + 10 * 2)
    #expect(lines.filter { $0.hasPrefix("layout ") }.count == 10)
    #expect(lines.filter { $0.contains("text=\"row 1") }.count == 10)
    #expect(!lines.contains { $0.hasPrefix("create ") || $0.hasPrefix("remove ") })
    #expect(stage.visibleTexts == (10..<20).map { "row \($0)" })
  }

  @Test func cellsScrolledAwayAndBackInOneFrameAreMovedNotMade() {
    let stage = Stage(Rows([Self.numbered(100)]))
    stage.table.contentOffset = CGPoint(x: 0, y: 880)
    stage.table.layoutIfNeeded()
    stage.table.contentOffset = CGPoint(x: 0, y: 0)
    let lines = stage.diffLines()
    // The cells may come back in another order (the reuse queue is a stack, as UIKit's is), so
    // at most a layout and a text per row; the hidden flag they had in between never travels.
    #expect(lines.count <= 20)
    #expect(lines.allSatisfy { $0.hasPrefix("layout ") || $0.contains(" text=") })
  }

  @Test func aDragScrollsTheTableAndLeavesNoHighlight() throws {
    let stage = Stage(Rows([Self.numbered(1000)]))
    try stage.window.touchDown(at: CGPoint(x: 200, y: 400))
    #expect(stage.table.cellForRow(at: IndexPath(row: 9, section: 0))!.isHighlighted)
    try stage.window.touchMove(to: CGPoint(x: 200, y: 300))
    try stage.window.touchUp(at: CGPoint(x: 200, y: 180))
    stage.table.layoutIfNeeded()
    #expect(stage.table.contentOffset.y == 220)
    #expect(stage.table.indexPathForSelectedRow == nil)
    #expect(!stage.table.visibleCells.contains { $0.isHighlighted })
    #expect(stage.visibleTexts == (5...14).map { "row \($0)" })
    #expect(stage.rows.calls.isEmpty)
  }

  @Test func anUnregisteredIdentifierDequeuesNothing() {
    let table = TableView()
    #expect(table.dequeueReusableCell(withIdentifier: "nothing") == nil)
  }

  // MARK: Sections and headers

  @Test func headersStandAtTheirSectionsTopsAndAreReused() {
    let sections = (0..<50).map { section in (0..<5).map { "s\(section) r\($0)" } }
    let stage = Stage(Rows(sections, titles: (0..<50).map { "Section \($0)" }))
    // Each section: a 28-point header and five 44-point rows, 248 points.
    #expect(stage.table.contentSize.height == CGFloat(50 * 248))
    #expect(stage.table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 248, width: 400, height: 28))
    #expect(
      stage.table.rectForRow(at: IndexPath(row: 2, section: 1))
        == CGRect(x: 0, y: 364, width: 400, height: 44))
    let header = stage.table.headerView(forSection: 1) as? TableViewHeaderFooterView
    #expect(header?.textLabel.text == "Section 1")
    #expect(header?.frame == CGRect(x: 0, y: 248, width: 400, height: 28))
    #expect(stage.table.indexPathForRow(at: CGPoint(x: 10, y: 250)) == nil, "a header is no row")
    #expect(stage.table.indexPathForRow(at: CGPoint(x: 10, y: 300)) == IndexPath(row: 0, section: 1))
    for offset in stride(from: CGFloat(0), to: 12_000, by: 97) {
      stage.table.contentOffset = CGPoint(x: 0, y: offset)
      _ = stage.engine.makeFrame()
    }
    let headers = stage.table.subviews.filter { $0 is TableViewHeaderFooterView }
    #expect(headers.count <= 3, "at most three 248-point sections overlap 440 points")
    stage.table.contentOffset = CGPoint(x: 0, y: 248 * 40)
    stage.table.layoutIfNeeded()
    #expect(
      (stage.table.headerView(forSection: 40) as? TableViewHeaderFooterView)?.textLabel.text == "Section 40")
    #expect(stage.visibleTexts.first == "s40 r0")
  }

  struct PinCase: CustomTestStringConvertible, Sendable {
    let offset: CGFloat
    /// The y of each header on screen, by section.
    let headers: [Int: CGFloat]
    var testDescription: String { "offset \(Int(offset))" }
  }

  /// Sections of a 28-point header and five 44-point rows (248 points): a plain table's header
  /// sticks to the top while its section scrolls under it, and the next header pushes it up.
  static let pinCases: [PinCase] = [
    PinCase(offset: 0, headers: [0: 0, 1: 248]),
    PinCase(offset: 100, headers: [0: 100, 1: 248, 2: 496]),
    PinCase(offset: 230, headers: [0: 220, 1: 248, 2: 496]),
    PinCase(offset: 260, headers: [1: 260, 2: 496]),
  ]

  @Test(arguments: pinCases) func plainHeadersStickToTheTop(_ pin: PinCase) {
    let sections = (0..<10).map { section in (0..<5).map { "s\(section) r\($0)" } }
    let stage = Stage(Rows(sections, titles: (0..<10).map { "Section \($0)" }))
    stage.table.contentOffset = CGPoint(x: 0, y: pin.offset)
    stage.table.layoutIfNeeded()
    var shown: [Int: CGFloat] = [:]
    for section in 0..<10 {
      if let header = stage.table.headerView(forSection: section) { shown[section] = header.frame.minY }
    }
    #expect(shown == pin.headers)
    let headers = stage.table.subviews.filter { $0 is TableViewHeaderFooterView && !$0.isHidden }
    let lastCell = stage.table.subviews.lastIndex { $0 is TableViewCell } ?? -1
    #expect(headers.allSatisfy { header in stage.table.subviews.firstIndex { $0 === header }! > lastCell })
  }

  @Test func rowHeightsFromTheDelegateSetTheContentSize() {
    let rows = Rows([Self.numbered(3), Self.numbered(2)])
    rows.heights[IndexPath(row: 1, section: 0)] = 100
    let stage = Stage(rows)
    #expect(stage.table.contentSize.height == CGFloat(44 + 100 + 44 + 44 + 44))
    #expect(stage.table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 188)
  }

  // MARK: Selection

  @Test func aTapSelectsTheRowAndTellsTheDelegate() throws {
    let stage = Stage(Rows([Self.numbered(100)]))
    let cell = stage.table.cellForRow(at: IndexPath(row: 2, section: 0))!
    try stage.window.tap(at: CGPoint(x: 100, y: 100))
    #expect(stage.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    #expect(stage.rows.calls == ["willSelect 0.2", "didSelect 0.2"])
    #expect(cell.isSelected)
    #expect(stage.diffLines() == ["render \(stage.id(cell)) bg=#d1d1d6ff"])
    stage.rows.calls = []
    try stage.window.tap(at: CGPoint(x: 100, y: 10))
    #expect(stage.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    #expect(stage.rows.calls == ["willSelect 0.0", "didDeselect 0.2", "didSelect 0.0"])
    #expect(!cell.isSelected)
  }

  @Test func willSelectMayRefuseAndMultipleSelectionTogglesRows() throws {
    let stage = Stage(Rows([Self.numbered(100)]))
    stage.rows.refuse = IndexPath(row: 1, section: 0)
    try stage.window.tap(at: CGPoint(x: 100, y: 50))
    #expect(stage.table.indexPathForSelectedRow == nil)
    stage.table.allowsMultipleSelection = true
    try stage.window.tap(at: CGPoint(x: 100, y: 10))
    try stage.window.tap(at: CGPoint(x: 100, y: 100))
    #expect(
      stage.table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)])
    try stage.window.tap(at: CGPoint(x: 100, y: 10))
    #expect(stage.table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    #expect(stage.rows.calls.last == "didDeselect 0.0")
  }

  @Test func aSelectedRowScrolledAwayAndBackIsStillSelectedButItsCellIsNot() {
    let stage = Stage(Rows([Self.numbered(100)]))
    stage.table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
    #expect(stage.rows.calls.isEmpty, "code selects without delegate calls")
    let cell = stage.table.cellForRow(at: IndexPath(row: 0, section: 0))!
    stage.table.contentOffset = CGPoint(x: 0, y: 44)
    stage.table.layoutIfNeeded()
    #expect(stage.table.cellForRow(at: IndexPath(row: 10, section: 0)) === cell)
    #expect(!cell.isSelected, "the reused cell shows row 10, which is not selected")
    stage.table.contentOffset = .zero
    stage.table.layoutIfNeeded()
    #expect(stage.table.cellForRow(at: IndexPath(row: 0, section: 0))!.isSelected)
    stage.table.deselectRow(at: IndexPath(row: 0, section: 0), animated: false)
    #expect(stage.table.indexPathForSelectedRow == nil)
  }

  @Test func selectRowScrollsToThePositionAsked() {
    let stage = Stage(Rows([Self.numbered(1000)]))
    stage.table.selectRow(at: IndexPath(row: 500, section: 0), animated: false, scrollPosition: .middle)
    #expect(stage.table.contentOffset.y == CGFloat(500 * 44 + 22 - 220))
    stage.table.layoutIfNeeded()
    #expect(stage.table.cellForRow(at: IndexPath(row: 500, section: 0))!.isSelected)
    stage.table.scrollToRow(at: IndexPath(row: 999, section: 0), at: .top, animated: false)
    #expect(stage.table.contentOffset.y == CGFloat(1000 * 44 - 440), "clamped to the end")
  }

  /// Under a 40-point bar and above a 30-point home indicator, as in UIKit (within the
  /// `adjustedContentInset`): `.top` puts the row just below the bar, `.bottom` just above the
  /// indicator, `.middle` in the middle of what is between; the last row's `.bottom` is the end.
  @Test func scrollToRowPlacesTheRowWithinTheSafeArea() {
    let stage = Stage(Rows([Self.numbered(100)]))
    stage.window.updateSafeAreaInsets(EdgeInsets(top: 40, left: 0, bottom: 30, right: 0))
    stage.table.layoutIfNeeded()
    let row20 = IndexPath(row: 20, section: 0)
    #expect(stage.table.rectForRow(at: row20).minY == 920, "40 + 20 × 44")
    stage.table.scrollToRow(at: row20, at: .top, animated: false)
    #expect(stage.table.contentOffset.y == 880, "its top 40 below the bounds' top")
    stage.table.scrollToRow(at: row20, at: .bottom, animated: false)
    #expect(stage.table.contentOffset.y == 554, "its bottom (964) at 440 − 30")
    stage.table.scrollToRow(at: row20, at: .middle, animated: false)
    #expect(stage.table.contentOffset.y == 717, "its middle (942) at (40 + 410) / 2")
    stage.table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .bottom, animated: false)
    #expect(stage.table.contentOffset.y == 4030, "40 + 100 × 44 + 30 − 440")
    #expect(stage.table.contentOffset.y == stage.table.maximumContentOffset.y)
  }

  /// `.none` scrolls the least distance that shows the row within the same span: a row below the
  /// visible part comes up to just above the 30-point indicator, a row above it down to just below
  /// the 40-point bar, and a row already shown there does not move the table.
  @Test func scrollToRowNoneShowsTheRowWithinTheSafeArea() {
    let stage = Stage(Rows([Self.numbered(100)]))
    stage.window.updateSafeAreaInsets(EdgeInsets(top: 40, left: 0, bottom: 30, right: 0))
    stage.table.layoutIfNeeded()
    let row20 = IndexPath(row: 20, section: 0)
    stage.table.scrollToRow(at: row20, at: .none, animated: false)
    #expect(stage.table.contentOffset.y == 554, "its bottom (964) at 440 − 30, not at 440")
    stage.table.scrollToRow(at: IndexPath(row: 15, section: 0), at: .none, animated: false)
    #expect(stage.table.contentOffset.y == 554, "row 15 (700...744) is between 594 and 964 already")
    stage.table.scrollToRow(at: IndexPath(row: 5, section: 0), at: .none, animated: false)
    #expect(stage.table.contentOffset.y == 220, "its top (260) 40 below the bounds' top, not at it")
    stage.table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .none, animated: false)
    #expect(stage.table.contentOffset.y == 0, "clamped to the start")
  }

  // MARK: Updates

  @Test func insertingARowMovesTheCellsBelowAndFetchesOne() {
    let stage = Stage(Rows([Self.numbered(100)]))
    let second = stage.table.cellForRow(at: IndexPath(row: 1, section: 0))!
    stage.rows.sections[0].insert("new", at: 1)
    stage.rows.cellRequests = 0
    stage.table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
    stage.table.layoutIfNeeded()
    #expect(stage.visibleTexts == ["row 0", "new"] + (1...8).map { "row \($0)" })
    #expect(stage.rows.cellRequests == 1)
    #expect(stage.table.cellForRow(at: IndexPath(row: 2, section: 0)) === second, "row 1's cell moved down")
    #expect(stage.table.contentSize.height == CGFloat(101 * 44))
  }

  @Test func deletingRowsTakesTheirSelectionAndReusesTheirCells() {
    let stage = Stage(Rows([Self.numbered(100)]))
    stage.table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
    stage.table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
    stage.table.allowsMultipleSelection = true
    stage.table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
    stage.rows.sections[0].remove(at: 5)
    stage.rows.sections[0].remove(at: 0)
    stage.table.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 5, section: 0)], with: .fade)
    stage.table.layoutIfNeeded()
    #expect(
      stage.visibleTexts == [
        "row 1", "row 2", "row 3", "row 4", "row 6", "row 7", "row 8", "row 9", "row 10", "row 11",
      ])
    #expect(
      stage.table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)],
      "row 3 moved up; row 5 is gone")
    #expect(stage.table.createdCellCount == 10, "the deleted rows' cells show rows 10 and 11")
  }

  @Test func aBatchTakesDeletionsBeforeTheUpdateAndInsertionsAfterIt() {
    let stage = Stage(Rows([Self.numbered(20), Self.numbered(5, prefix: "b")]))
    var completed = false
    stage.table.performBatchUpdates({
      // Insert first, delete second: the order of the calls does not matter.
      stage.rows.sections[0] = ["row 0", "X", "row 1", "row 3", "Y"] + (4..<20).map { "row \($0)" }
      stage.table.insertRows(
        at: [IndexPath(row: 1, section: 0), IndexPath(row: 4, section: 0)], with: .automatic)
      stage.table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
      stage.rows.sections[1][0] = "b0 again"
      stage.table.reloadRows(at: [IndexPath(row: 0, section: 1)], with: .none)
      #expect(stage.table.numberOfRows(inSection: 0) == 20, "nothing applies inside the block")
    }) { finished in completed = finished }
    #expect(completed)
    #expect(stage.table.numberOfRows(inSection: 0) == 21)
    stage.table.layoutIfNeeded()
    #expect(stage.visibleTexts == ["row 0", "X", "row 1", "row 3", "Y"] + (4...8).map { "row \($0)" })
    stage.table.scrollToRow(at: IndexPath(row: 0, section: 1), at: .bottom, animated: false)
    stage.table.layoutIfNeeded()
    #expect(stage.table.cellForRow(at: IndexPath(row: 0, section: 1))?.textLabel?.text == "b0 again")
  }

  @Test func sectionsAreInsertedDeletedAndReloadedWithTheirHeadersAndRows() {
    let rows = Rows([["a0", "a1"], ["b0"], ["c0", "c1"]], titles: ["A", "B", "C"])
    let stage = Stage(rows)
    stage.table.selectRow(at: IndexPath(row: 1, section: 2), animated: false, scrollPosition: .none)
    let c1 = stage.table.cellForRow(at: IndexPath(row: 1, section: 2))
    stage.table.performBatchUpdates {
      // Delete B (numbered as before), insert N at 0 (numbered as after), reload A, add a row to C.
      rows.sections = [["n0"], ["A0!"], ["c0", "c1", "c2"]]
      rows.titles = ["N", "A!", "C"]
      stage.table.deleteSections(IndexSet(integer: 1), with: .fade)
      stage.table.insertSections(IndexSet(integer: 0), with: .fade)
      stage.table.reloadSections(IndexSet(integer: 0), with: .none)
      stage.table.insertRows(at: [IndexPath(row: 2, section: 2)], with: .automatic)
    }
    stage.table.layoutIfNeeded()
    #expect(stage.visibleTexts == ["n0", "A0!", "c0", "c1", "c2"])
    #expect(
      (0..<3).map { (stage.table.headerView(forSection: $0) as? TableViewHeaderFooterView)?.textLabel.text }
        == ["N", "A!", "C"])
    #expect(
      stage.table.indexPathForSelectedRow == IndexPath(row: 1, section: 2), "C stayed the third section")
    #expect(stage.table.cellForRow(at: IndexPath(row: 1, section: 2)) === c1)
    #expect(stage.table.contentSize.height == CGFloat(3 * 28 + 5 * 44))
  }

  @Test func aMovedRowKeepsItsCellAndSelectionAndTheRowsBetweenSlide() {
    let stage = Stage(Rows([Self.numbered(100)]))
    stage.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    let moved = stage.table.cellForRow(at: IndexPath(row: 1, section: 0))!
    let third = stage.table.cellForRow(at: IndexPath(row: 3, section: 0))!
    stage.rows.sections[0].insert(stage.rows.sections[0].remove(at: 1), at: 4)
    stage.rows.cellRequests = 0
    stage.table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 4, section: 0))
    stage.table.layoutIfNeeded()
    #expect(
      stage.visibleTexts == ["row 0", "row 2", "row 3", "row 4", "row 1"] + (5...9).map { "row \($0)" })
    #expect(stage.rows.cellRequests == 0, "every row on screen already had a cell")
    #expect(stage.table.cellForRow(at: IndexPath(row: 4, section: 0)) === moved)
    #expect(stage.table.cellForRow(at: IndexPath(row: 2, section: 0)) === third, "row 3 slid up one")
    #expect(stage.table.indexPathForSelectedRow == IndexPath(row: 4, section: 0), "the selection went along")
    // The frame moves the cells; no text changes, since each cell still shows its own row.
    let lines = stage.diffLines()
    #expect(lines.contains { $0.hasPrefix("layout \(stage.id(moved)) ") })
    #expect(!lines.contains { $0.hasPrefix("render ") && $0.contains("text=") })
  }

  @Test func aRowMovesToAnotherSectionInABatchWithInsertions() {
    let rows = Rows([["a0", "a1", "a2"], ["b0"]], titles: ["A", "B"])
    let stage = Stage(rows)
    let a1 = stage.table.cellForRow(at: IndexPath(row: 1, section: 0))!
    stage.table.performBatchUpdates {
      // a1 goes to the end of B; "new" goes first in A (numbered as after the update).
      rows.sections = [["new", "a0", "a2"], ["b0", "a1"]]
      stage.table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 1, section: 1))
      stage.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    }
    stage.table.layoutIfNeeded()
    #expect(stage.visibleTexts == ["new", "a0", "a2", "b0", "a1"])
    #expect(stage.table.cellForRow(at: IndexPath(row: 1, section: 1)) === a1)
    #expect(stage.table.numberOfRows(inSection: 0) == 3)
    #expect(stage.table.numberOfRows(inSection: 1) == 2)
  }

  @Test func reloadingARowAsksForItsCellAgainAndDeselectsIt() {
    let stage = Stage(Rows([Self.numbered(100)]))
    stage.table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
    stage.rows.sections[0][4] = "changed"
    stage.rows.heights[IndexPath(row: 4, section: 0)] = 88
    stage.table.reloadRows(at: [IndexPath(row: 4, section: 0)], with: .automatic)
    stage.table.layoutIfNeeded()
    #expect(stage.table.cellForRow(at: IndexPath(row: 4, section: 0))?.textLabel?.text == "changed")
    #expect(stage.table.rectForRow(at: IndexPath(row: 5, section: 0)).minY == CGFloat(4 * 44 + 88))
    #expect(stage.table.indexPathForSelectedRow == nil)
  }

  @Test func reloadDataAsksForEverythingAgainAndClearsTheSelection() {
    let stage = Stage(Rows([Self.numbered(100)]))
    stage.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    stage.rows.sections = [Self.numbered(3, prefix: "a"), Self.numbered(2, prefix: "b")]
    stage.table.reloadData()
    stage.table.layoutIfNeeded()
    #expect(stage.visibleTexts == ["a 0", "a 1", "a 2", "b 0", "b 1"])
    #expect(stage.table.indexPathForSelectedRow == nil)
    #expect(stage.table.createdCellCount == 10)
    #expect(stage.cellViews.filter(\.isHidden).count == 5, "the other five wait for reuse, hidden")
  }

  @Test func deletingTheLastRowsPullsTheOffsetBack() {
    let stage = Stage(Rows([Self.numbered(30)]))
    stage.table.contentOffset = CGPoint(x: 0, y: 30 * 44 - 440)
    stage.table.layoutIfNeeded()
    stage.rows.sections[0].removeLast(5)
    stage.table.deleteRows(at: (25..<30).map { IndexPath(row: $0, section: 0) }, with: .automatic)
    stage.table.layoutIfNeeded()
    #expect(stage.table.contentOffset.y == CGFloat(25 * 44 - 440))
    #expect(stage.visibleTexts.last == "row 24")
  }

  /// An update whose counts do not add up stops the process, as UIKit raises
  /// NSInternalInconsistencyException: the table would otherwise show rows the data source lacks.
  @Test func anInconsistentUpdateIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      let stage = Stage(Rows([TableViewTests.numbered(10)]))
      stage.rows.sections[0].append("forgot to tell the table twice")
      stage.rows.sections[0].append("and once more")
      stage.table.insertRows(at: [IndexPath(row: 10, section: 0)], with: .automatic)
    }
    await #expect(processExitsWith: .failure) {
      let stage = Stage(Rows([TableViewTests.numbered(3), TableViewTests.numbered(3)]))
      stage.rows.sections.removeLast()
      stage.table.deleteRows(at: [IndexPath(row: 0, section: 1)], with: .automatic)
    }
    await #expect(processExitsWith: .failure) {
      let stage = Stage(Rows([TableViewTests.numbered(5)]))
      stage.rows.sections[0].remove(at: 1)
      stage.table.performBatchUpdates {
        stage.table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 3, section: 0))
        stage.table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
      }
    }
    await #expect(processExitsWith: .failure) {
      let table = TableView()
      _ = table.dequeueReusableCell(withIdentifier: "never registered", for: IndexPath(row: 0, section: 0))
    }
  }

  // MARK: Table view controller

  /// A list of 100 fruits that pushes a detail controller for the row tapped.
  final class FruitList: TableViewController {
    var selected: [Int] = []
    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(TableViewCell.self, forCellReuseIdentifier: "fruit")
    }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 100 }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
      cell.textLabel?.text = "Fruit \(indexPath.row)"
      cell.accessoryType = .disclosureIndicator
      return cell
    }
    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
      selected.append(indexPath.row)
      navigationController?.pushViewController(ViewController(), animated: true)
    }
  }

  @Test func aTableViewControllerUnderANavigationBarStartsItsRowsBelowIt() throws {
    let window = Window(size: CGSize(width: 320, height: 480))
    let list = FruitList()
    let navigation = NavigationController(rootViewController: list)
    window.rootViewController = navigation
    window.prepareFrame()
    let table = list.tableView!
    #expect(table.frame == CGRect(x: 0, y: 0, width: 320, height: 480), "the table scrolls under the bar")
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == NavigationBar.height)
    #expect(table.contentSize.height == NavigationBar.height + 100 * 44)
    #expect(table.visibleCells.count == 10, "436 points below the bar show ten rows")
    try window.tap(at: CGPoint(x: 100, y: 44 + 44 * 2 + 5))
    window.prepareFrame()
    #expect(list.selected == [2], "the subclass's override is the one the table calls")
    #expect(navigation.viewControllers.count == 2)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    _ = navigation.popViewController(animated: true)
    window.prepareFrame()
    #expect(table.indexPathForSelectedRow == nil, "cleared as the list appears again")
  }

  // MARK: Cells

  @Test func cellStylesAndAccessories() {
    let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
    cell.frame = CGRect(x: 0, y: 0, width: 320, height: 60)
    cell.textLabel?.text = "Title"
    cell.detailTextLabel?.text = "Detail"
    cell.accessoryType = .checkmark
    cell.layoutIfNeeded()
    #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 282, height: 60))
    #expect(cell.textLabel?.frame == CGRect(x: 16, y: 11, width: 250, height: 21))
    #expect(cell.detailTextLabel?.frame == CGRect(x: 16, y: 34, width: 250, height: 15))
    #expect(TableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
    let checkmark = cell.subviews.compactMap { $0 as? ImageView }.first
    #expect(checkmark?.image?.name == "checkmark")
    #expect(checkmark?.isHidden == false)
    cell.accessoryType = .none
    #expect(checkmark?.isHidden == true)
  }
}
