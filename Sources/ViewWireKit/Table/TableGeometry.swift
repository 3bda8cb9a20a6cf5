import Algorithms
import Foundation

/// Where each section header and row of a table lies on the content's vertical axis.
///
/// Heights are asked of the delegate once per row, when the data is loaded or a row changes
/// (UIKit does the same without estimated heights). A section whose rows all have one height (a
/// table sized by `rowHeight`, the common case) keeps only that height and its row count: a row's
/// top is a product, and inserting, deleting, moving or reloading rows of that height costs the
/// rows changed, not the section's length, so deleting the first of 10,000 rows costs what
/// deleting the first of 1,000 does. A section of rows of different heights keeps their prefix
/// sums, and a change recomputes them (linear in that section). The table keeps the prefix sums
/// of its sections' heights, so the first row a scroll offset shows is found by two binary
/// searches: scrolling costs the rows that come into view, whatever the number of rows.
struct TableGeometry {
  /// One section's header height and rows.
  struct Section {
    /// The height of the header at the section's top, 0 for none.
    var headerHeight: CGFloat
    /// The number of rows.
    let rowCount: Int
    /// Every row's height when they are all equal; nil when `heights` holds them.
    let uniformHeight: CGFloat?
    /// The row heights, in order; empty when `uniformHeight` is set.
    private let heights: [CGFloat]
    /// `tops[i]` is row i's top below the header, and the last entry the rows' total height
    /// (`rowCount + 1` entries); empty when `uniformHeight` is set.
    private let tops: [CGFloat]

    /// A section of rows of these heights; kept as one height when they are all equal.
    init(headerHeight: CGFloat, rowHeights: [CGFloat]) {
      self.headerHeight = headerHeight
      rowCount = rowHeights.count
      // No rows counts as rows of one height (0), so an empty section holds no arrays either.
      let first = rowHeights.first ?? 0
      if rowHeights.allSatisfy({ $0 == first }) {
        uniformHeight = first
        heights = []
        tops = []
        return
      }
      uniformHeight = nil
      heights = rowHeights
      var sums = [CGFloat]()
      sums.reserveCapacity(rowHeights.count + 1)
      var sum: CGFloat = 0
      sums.append(0)
      for height in rowHeights {
        sum += height
        sums.append(sum)
      }
      tops = sums
    }

    /// A section of `rowCount` rows of one height, in time independent of the count.
    init(headerHeight: CGFloat, rowCount: Int, rowHeight: CGFloat) {
      self.headerHeight = headerHeight
      self.rowCount = rowCount
      uniformHeight = rowHeight
      heights = []
      tops = []
    }

    /// Row `row`'s height.
    func rowHeight(_ row: Int) -> CGFloat { uniformHeight ?? heights[row] }

    /// Row `row`'s top below the header; `rowCount` gives the rows' total height.
    func rowTop(_ row: Int) -> CGFloat {
      if let uniformHeight { return CGFloat(row) * uniformHeight }
      return tops[row]
    }

    /// Every row's height, in order (linear in the rows: for a section whose heights differ).
    var rowHeights: [CGFloat] {
      if let uniformHeight { return Array(repeating: uniformHeight, count: rowCount) }
      return heights
    }

    /// The section's whole height: header and rows.
    var height: CGFloat { headerHeight + rowTop(rowCount) }

    /// The first row whose bottom lies below `y` (relative to the rows' top), or the row count.
    func firstRow(endingBelow y: CGFloat) -> Int {
      if let uniformHeight {
        guard uniformHeight > 0 else { return y < 0 ? 0 : rowCount }
        guard y >= 0 else { return 0 }
        // floor(y / h), corrected for rounding so that it is exactly the first row whose bottom,
        // (row + 1) * h, is above y.
        var row = min(rowCount, Int(min(y / uniformHeight, CGFloat(rowCount)).rounded(.down)))
        while row > 0, CGFloat(row) * uniformHeight > y { row -= 1 }
        while row < rowCount, CGFloat(row + 1) * uniformHeight <= y { row += 1 }
        return row
      }
      // The first index i in 1...count with tops[i] > y, minus one.
      return tops[1...].partitioningIndex { $0 > y } - 1
    }
  }

  /// The sections, in order.
  private(set) var sections: [Section] = []
  /// `sectionTops[s]` is section s's top; the last entry is the content's height.
  private(set) var sectionTops: [CGFloat] = [0]

  /// The space above the first section (the table's safe-area inset: the rows start below a
  /// navigation bar the table scrolls under).
  private(set) var topInset: CGFloat = 0

  /// Moves every section down or up to start at `inset`.
  mutating func setTopInset(_ inset: CGFloat) {
    guard inset != topInset else { return }
    topInset = inset
    recomputeSectionTops()
  }

  /// The height of everything: the sum of every header and row height.
  var contentHeight: CGFloat { sectionTops.last ?? 0 }

  /// The number of rows in `section`.
  func numberOfRows(inSection section: Int) -> Int { sections[section].rowCount }

  /// Replaces every section.
  mutating func reset(_ sections: [Section]) {
    self.sections = sections
    recomputeSectionTops()
  }

  private mutating func recomputeSectionTops() {
    var tops = [CGFloat]()
    tops.reserveCapacity(sections.count + 1)
    var sum: CGFloat = topInset
    tops.append(sum)
    for section in sections {
      sum += section.height
      tops.append(sum)
    }
    sectionTops = tops
  }

  /// The header's rectangle in content coordinates, `width` wide.
  func rectForHeader(inSection section: Int, width: CGFloat) -> CGRect {
    CGRect(x: 0, y: sectionTops[section], width: width, height: sections[section].headerHeight)
  }

  /// The row's rectangle in content coordinates, `width` wide.
  func rectForRow(at indexPath: IndexPath, width: CGFloat) -> CGRect {
    let section = sections[indexPath.section]
    let top = sectionTops[indexPath.section] + section.headerHeight + section.rowTop(indexPath.row)
    return CGRect(x: 0, y: top, width: width, height: section.rowHeight(indexPath.row))
  }

  /// The section whose span holds `y`: the last one starting at or above it (nil above the
  /// content or when there are no sections).
  func section(containing y: CGFloat) -> Int? {
    guard !sections.isEmpty, y >= topInset else { return nil }
    // The last s with sectionTops[s] <= y (the first, y being at or below the content's top).
    return max(0, sectionTops[..<sections.count].partitioningIndex { $0 > y } - 1)
  }

  /// The row under `y` in content coordinates, nil on a header or outside the rows.
  func indexPathForRow(atY y: CGFloat) -> IndexPath? {
    guard let index = section(containing: y), y < contentHeight else { return nil }
    let section = sections[index]
    let inRows = y - sectionTops[index] - section.headerHeight
    guard inRows >= 0 else { return nil }
    let row = section.firstRow(endingBelow: inRows)
    return row < section.rowCount ? IndexPath(row: row, section: index) : nil
  }

  /// The headers and rows whose rectangles overlap `minY..<maxY`, top to bottom; items of zero
  /// height show nothing and are left out. With `pinnedHeaders`, a section's header counts as
  /// shown whenever its section overlaps the range (it sticks to the top of the range while its
  /// section scrolls under it). Costs two binary searches plus the items returned.
  func visibleItems(from minY: CGFloat, to maxY: CGFloat, pinnedHeaders: Bool = false) -> (
    headers: [Int], rows: [IndexPath]
  ) {
    var headers: [Int] = []
    var rows: [IndexPath] = []
    guard maxY > minY, let first = section(containing: max(topInset, minY)) else { return ([], []) }
    var index = first
    while index < sections.count, sectionTops[index] < maxY {
      let section = sections[index]
      let top = sectionTops[index]
      let headerBottom = pinnedHeaders ? sectionTops[index + 1] : top + section.headerHeight
      if section.headerHeight > 0, headerBottom > minY { headers.append(index) }
      let rowsTop = top + section.headerHeight
      var row = section.firstRow(endingBelow: minY - rowsTop)
      while row < section.rowCount, rowsTop + section.rowTop(row) < maxY {
        if section.rowHeight(row) > 0 { rows.append(IndexPath(row: row, section: index)) }
        row += 1
      }
      index += 1
    }
    return (headers, rows)
  }
}
