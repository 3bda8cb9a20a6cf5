import Foundation

/// Where each section header and row of a table lies on the content's vertical axis.
///
/// Heights are asked of the delegate once per row, when the data is loaded or a row changes
/// (UIKit does the same without estimated heights). Each section keeps the prefix sums of its
/// row heights, and the table the prefix sums of its sections' heights, so the first row a
/// scroll offset shows is found by two binary searches: scrolling costs the rows that come into
/// view, whatever the number of rows. A row inserted or deleted recomputes its own section's
/// sums (linear in that section) and the sections' tops (linear in the number of sections).
struct TableGeometry {
  /// One section's header height and rows.
  struct Section {
    /// The height of the header at the section's top, 0 for none.
    var headerHeight: CGFloat
    /// The row heights, in order.
    var rowHeights: [CGFloat]
    /// `rowTops[i]` is row i's top below the header, and the last entry the rows' total height;
    /// `rowHeights.count + 1` entries.
    var rowTops: [CGFloat]

    init(headerHeight: CGFloat, rowHeights: [CGFloat]) {
      self.headerHeight = headerHeight
      self.rowHeights = rowHeights
      self.rowTops = []
      recomputeRowTops()
    }

    /// The section's whole height: header and rows.
    var height: CGFloat { headerHeight + (rowTops.last ?? 0) }

    mutating func recomputeRowTops() {
      var tops = [CGFloat]()
      tops.reserveCapacity(rowHeights.count + 1)
      var sum: CGFloat = 0
      tops.append(0)
      for height in rowHeights {
        sum += height
        tops.append(sum)
      }
      rowTops = tops
    }

    /// The first row whose bottom lies below `y` (relative to the rows' top), or the row count.
    func firstRow(endingBelow y: CGFloat) -> Int {
      // The first index i in 1...count with rowTops[i] > y, minus one.
      var low = 1
      var high = rowTops.count
      while low < high {
        let mid = (low + high) / 2
        if rowTops[mid] > y { high = mid } else { low = mid + 1 }
      }
      return low - 1
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
  func numberOfRows(inSection section: Int) -> Int { sections[section].rowHeights.count }

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
    let top = sectionTops[indexPath.section] + section.headerHeight + section.rowTops[indexPath.row]
    return CGRect(x: 0, y: top, width: width, height: section.rowHeights[indexPath.row])
  }

  /// The section whose span holds `y`: the last one starting at or above it (nil above the
  /// content or when there are no sections).
  func section(containing y: CGFloat) -> Int? {
    guard !sections.isEmpty, y >= topInset else { return nil }
    // The last s with sectionTops[s] <= y.
    var low = 0
    var high = sections.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if sectionTops[mid] <= y { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The row under `y` in content coordinates, nil on a header or outside the rows.
  func indexPathForRow(atY y: CGFloat) -> IndexPath? {
    guard let index = section(containing: y), y < contentHeight else { return nil }
    let section = sections[index]
    let inRows = y - sectionTops[index] - section.headerHeight
    guard inRows >= 0 else { return nil }
    let row = section.firstRow(endingBelow: inRows)
    return row < section.rowHeights.count ? IndexPath(row: row, section: index) : nil
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
      while row < section.rowHeights.count, rowsTop + section.rowTops[row] < maxY {
        if section.rowHeights[row] > 0 { rows.append(IndexPath(row: row, section: index)) }
        row += 1
      }
      index += 1
    }
    return (headers, rows)
  }
}
