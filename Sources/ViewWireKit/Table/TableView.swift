public import Foundation

/// A scrolling list of rows in sections (UIKit's `UITableView`, plain style).
///
/// **Only visible rows exist as views.** The data source is asked for cells only for rows that
/// come into view; a cell whose row scrolls away goes to a reuse queue by its reuse identifier
/// (hidden, still a subview) and is handed out again by `dequeueReusableCell(withIdentifier:for:)`
/// for the next row that appears. So a table of 10,000 rows holds a screenful of cells, and a
/// frame that scrolls carries the scroll offset plus, for each row that came into view, the
/// `layout` of the cell that shows it and the render properties that differ from the row it
/// showed before (PROTOCOL.md section 6, "Table views").
///
/// Row and header heights are asked once per row when the data loads and when rows change, and
/// kept as prefix sums, or as one height and a count when a section's rows share it
/// (`TableGeometry`), so the rows an offset shows are found by binary search: a scroll costs the
/// rows that come into view, and an update of a table sized by `rowHeight` the rows it changes,
/// not the table's length.
///
/// Section headers are views at their section's top; in the plain style, as in UIKit, a header
/// sticks to the top of the table while its section scrolls under it and the next section's
/// header pushes it up (a scroll through sections sends the header's `layout` too).
///
/// A table under a bar (a `TableViewController`'s in a navigation controller) starts its rows
/// below the bar and ends them above the bottom inset, as UIKit's automatic content-inset
/// adjustment does: the safe-area insets are space in the content here, so the offset at the
/// top is 0 where UIKit's would be minus the bar's height.
open class TableView: ScrollView {
  /// The table's look (UIKit's `UITableView.Style`).
  public enum Style: Sendable {
    /// Rows edge to edge, headers as bands.
    case plain
    /// Drawn as `plain` for now. FIXME: UIKit's grouped sections have gaps and rounded groups.
    case grouped
  }

  /// Where `scrollToRow(at:at:animated:)` puts the row (UIKit's `UITableView.ScrollPosition`).
  public enum ScrollPosition: Sendable {
    /// The least scroll that shows the row; none if it is visible.
    case none
    /// The row at the top.
    case top
    /// The row in the middle.
    case middle
    /// The row at the bottom.
    case bottom
  }

  /// How inserted or deleted rows animate (UIKit's `UITableView.RowAnimation`); accepted for
  /// source compatibility: rows take their places at once.
  public enum RowAnimation: Sendable {
    /// Fades.
    case fade
    /// Slides to or from the right.
    case right
    /// Slides to or from the left.
    case left
    /// Slides to or from the top.
    case top
    /// Slides to or from the bottom.
    case bottom
    /// No animation.
    case none
    /// Grows from or shrinks to the middle.
    case middle
    /// The system's choice.
    case automatic
  }

  /// The style the table was made with.
  public let style: Style

  /// Supplies the sections, rows and cells; held weakly, as in UIKit. Setting it reloads.
  open weak var dataSource: (any TableViewDataSource)? {
    didSet { reloadData() }
  }

  /// The delegate, typed as the table's: the scroll view's `delegate` when it is a
  /// `TableViewDelegate`.
  public private(set) weak var tableDelegate: (any TableViewDelegate)?

  /// The scroll view's delegate; a `TableViewDelegate` also sizes rows and hears selection.
  open override var delegate: (any ScrollViewDelegate)? {
    didSet {
      tableDelegate = delegate as? any TableViewDelegate
      reloadData()
    }
  }

  /// The height of rows whose delegate does not say otherwise (UIKit's standard 44).
  open var rowHeight: CGFloat = 44 {
    didSet { if rowHeight != oldValue { reloadData() } }
  }

  /// The height of a header with a title, when the delegate does not say otherwise.
  open var sectionHeaderHeight: CGFloat = 28 {
    didSet { if sectionHeaderHeight != oldValue { reloadData() } }
  }

  /// Whether the user can select rows by tapping them.
  open var allowsSelection = true

  /// Whether taps add rows to the selection (and a second tap deselects) rather than replace it.
  open var allowsMultipleSelection = false

  // MARK: State

  /// Where every header and row lies.
  var geometry = TableGeometry()
  /// Whether counts and heights must be asked again before the next use.
  var needsReload = true
  /// The cells on screen, by the row they show.
  var visibleCellsByIndexPath: [IndexPath: TableViewCell] = [:]
  /// The headers on screen, by section.
  var visibleHeadersBySection: [Int: View] = [:]
  /// Cells off screen, waiting for reuse, by reuse identifier.
  var reusableCells = ReuseQueue<TableViewCell>()
  /// Headers off screen, by reuse identifier.
  var reusableHeaders = ReuseQueue<TableViewHeaderFooterView>()
  /// The cell classes `dequeueReusableCell` makes, by identifier.
  private var cellClasses: [String: TableViewCell.Type] = [:]
  /// The header classes `dequeueReusableHeaderFooterView` makes, by identifier.
  private var headerClasses: [String: TableViewHeaderFooterView.Type] = [
    TableView.titleHeaderIdentifier: TableViewHeaderFooterView.self
  ]
  /// The selected rows.
  var selectedIndexPaths: Set<IndexPath> = []
  /// The row under a finger that is down, highlighted.
  var highlightedIndexPath: IndexPath?
  /// How many `performBatchUpdates` blocks are running.
  var batchDepth = 0
  /// The updates recorded since the last ones were applied.
  var pendingUpdates = PendingUpdates()

  /// The identifier of the headers the table makes for section titles.
  static let titleHeaderIdentifier = "ViewWire.TitleHeader"

  /// Cells created so far, for tests that check reuse bounds the views a table makes.
  public private(set) var createdCellCount = 0

  /// Makes a table of `style`.
  public init(frame: CGRect, style: Style) {
    self.style = style
    super.init(frame: frame)
    backgroundColor = .systemBackground
  }

  /// A plain table with a frame.
  public convenience override init(frame: CGRect) {
    self.init(frame: frame, style: .plain)
  }

  /// A plain table, placed by its superview.
  public required convenience init() {
    self.init(frame: .zero, style: .plain)
  }

  // MARK: Registering and dequeuing

  /// Makes `dequeueReusableCell` create cells of `cellClass` for `identifier` when none waits for
  /// reuse (with `init(style: .default, reuseIdentifier:)`).
  public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
    cellClasses[identifier] = cellClass
  }

  /// Makes `dequeueReusableHeaderFooterView` create views of `viewClass` for `identifier`.
  public func register(
    _ viewClass: TableViewHeaderFooterView.Type, forHeaderFooterViewReuseIdentifier identifier: String
  ) {
    headerClasses[identifier] = viewClass
  }

  /// A cell waiting for reuse under `identifier` (after its `prepareForReuse()`), or a new one
  /// of the registered class, or nil when neither exists.
  public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
    if let cell = reusableCells.dequeue(identifier: identifier) {
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = cellClasses[identifier] else { return nil }
    createdCellCount += 1
    return cellClass.init(style: .default, reuseIdentifier: identifier)
  }

  /// A cell for the row at `indexPath`, reused or made, already sized for the row. Call it only
  /// from `tableView(_:cellForRowAt:)`.
  ///
  /// An identifier with no registered class and no cell waiting is a programmer error, as in
  /// UIKit (which raises an exception): the precondition says which identifier.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> TableViewCell
  {
    guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
      preconditionFailure(
        "unable to dequeue a cell with identifier \(identifier): register a class for it with "
          + "register(_:forCellReuseIdentifier:)")
    }
    if indexPath.section < geometry.sections.count,
      indexPath.row < geometry.numberOfRows(inSection: indexPath.section)
    {
      cell.frame = geometry.rectForRow(at: indexPath, width: bounds.width)
    }
    return cell
  }

  /// A header waiting for reuse under `identifier`, or a new one of the registered class.
  public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> TableViewHeaderFooterView?
  {
    if let view = reusableHeaders.dequeue(identifier: identifier) {
      view.prepareForReuse()
      return view
    }
    return headerClasses[identifier].map { $0.init(reuseIdentifier: identifier) }
  }

  // MARK: Counts and geometry

  /// The number of sections, as the table last loaded them.
  public var numberOfSections: Int {
    loadDataIfNeeded()
    return geometry.sections.count
  }

  /// The number of rows in `section`, as the table last loaded them.
  public func numberOfRows(inSection section: Int) -> Int {
    loadDataIfNeeded()
    return geometry.numberOfRows(inSection: section)
  }

  /// The row's rectangle in the table's content coordinates.
  public func rectForRow(at indexPath: IndexPath) -> CGRect {
    loadDataIfNeeded()
    return geometry.rectForRow(at: indexPath, width: bounds.width)
  }

  /// The header's rectangle in the table's content coordinates.
  public func rectForHeader(inSection section: Int) -> CGRect {
    loadDataIfNeeded()
    return geometry.rectForHeader(inSection: section, width: bounds.width)
  }

  /// The row under `point` (in the table's coordinates, which scroll with the content), nil on a
  /// header or below the last row.
  public func indexPathForRow(at point: CGPoint) -> IndexPath? {
    loadDataIfNeeded()
    guard point.x >= 0, point.x < bounds.width else { return nil }
    return geometry.indexPathForRow(atY: point.y)
  }

  /// The cell showing the row, nil when the row is not on screen.
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    visibleCellsByIndexPath[indexPath]
  }

  /// The row `cell` shows, nil when it shows none.
  public func indexPath(for cell: TableViewCell) -> IndexPath? {
    visibleCellsByIndexPath.first { $0.value === cell }?.key
  }

  /// The cells on screen, top to bottom.
  public var visibleCells: [TableViewCell] {
    visibleCellsByIndexPath.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The rows on screen, top to bottom.
  public var indexPathsForVisibleRows: [IndexPath]? {
    visibleCellsByIndexPath.keys.sorted()
  }

  /// The header on screen for `section`, nil when it is not on screen.
  public func headerView(forSection section: Int) -> View? {
    visibleHeadersBySection[section]
  }

  /// The height `tableView(_:heightForHeaderInSection:)` defaults to: `sectionHeaderHeight` for
  /// a section with a title, 0 for one without (a delegate that returns a header view of its own
  /// gives its height too).
  public func defaultHeaderHeight(inSection section: Int) -> CGFloat {
    dataSource?.tableView(self, titleForHeaderInSection: section) == nil ? 0 : sectionHeaderHeight
  }

  // MARK: Scrolling

  /// Scrolls so the row stands at `position` within the part of the table the safe area leaves
  /// (below a navigation bar, above a tab bar), clamped to the content, as UIKit does within the
  /// `adjustedContentInset`; see `ScrollView.offset(showing:vertically:horizontally:contentSize:)`.
  public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    let rect = rectForRow(at: indexPath)
    let alignment: ScrollAlignment
    switch position {
    case .none:
      scrollRectToVisible(rect, animated: animated)
      return
    case .top: alignment = .start
    case .middle: alignment = .center
    case .bottom: alignment = .end
    }
    // The content size of the next layout: rows inserted since the last one count already.
    let size = CGSize(width: bounds.width, height: geometry.contentHeight + safeAreaInsets.bottom)
    contentOffset = offset(showing: rect, vertically: alignment, horizontally: nil, contentSize: size)
  }

  /// A scroll lays out again: rows that came into view get cells.
  open override func boundsOriginDidChange() {
    super.boundsOriginDidChange()
    setNeedsLayout()
  }

  // MARK: Touches

  // A touch that reaches the table (through a cell and its content view, which pass touches up
  // the responder chain) highlights the row under it; lifting on the same row selects it. The
  // scroll view's pan cancels the touch when the finger moves enough to scroll, as in UIKit.

  open override func touchesBegan(_ touch: Touch) { beginHighlight(at: touch.location(in: self)) }

  open override func touchesMoved(_ touch: Touch) {}

  open override func touchesEnded(_ touch: Touch) { endTouch(at: touch.location(in: self)) }

  open override func touchesCancelled(_ touch: Touch) { endHighlight() }

  // MARK: Loading and layout

  /// Forgets every count, height and selection and asks the data source again at the next
  /// layout; the visible cells go to the reuse queue and are handed out again.
  ///
  /// As in UIKit, the selection is cleared; updates recorded in a batch that has not ended are
  /// dropped (the data source's new state is read whole).
  open func reloadData() {
    needsReload = true
    pendingUpdates = PendingUpdates()
    selectedIndexPaths.removeAll()
    highlightedIndexPath = nil
    setNeedsLayout()
  }

  /// Loads counts and heights if a reload is pending.
  func loadDataIfNeeded() {
    guard needsReload else { return }
    needsReload = false
    // In row order, here and wherever cells go to the queue: dictionaries iterate in an order
    // that changes from process to process, and the order of changes is the order of the frame's
    // lines, which transcripts state.
    for (indexPath, cell) in visibleCellsByIndexPath.sorted(by: { $0.key < $1.key }) {
      endDisplaying(cell, at: indexPath)
    }
    visibleCellsByIndexPath.removeAll()
    for (_, header) in visibleHeadersBySection.sorted(by: { $0.key < $1.key }) {
      endDisplaying(header: header)
    }
    visibleHeadersBySection.removeAll()
    guard let dataSource else {
      geometry.reset([])
      return
    }
    let sectionCount = dataSource.numberOfSections(in: self)
    var sections: [TableGeometry.Section] = []
    sections.reserveCapacity(sectionCount)
    for section in 0..<sectionCount {
      let count = dataSource.tableView(self, numberOfRowsInSection: section)
      precondition(count >= 0, "tableView(_:numberOfRowsInSection:) returned \(count) for section \(section)")
      sections.append(makeSection(section, rowCount: count, headerHeight: headerHeight(inSection: section)))
    }
    geometry.reset(sections)
  }

  /// The delegate's height for `section`'s header, or the default.
  func headerHeight(inSection section: Int) -> CGFloat {
    tableDelegate?.tableView(self, heightForHeaderInSection: section)
      ?? defaultHeaderHeight(inSection: section)
  }

  /// A section of `count` rows sized by the delegate, or by `rowHeight` without asking each row
  /// when there is no delegate (in time independent of the count).
  func makeSection(_ section: Int, rowCount count: Int, headerHeight: CGFloat) -> TableGeometry.Section {
    guard let tableDelegate else {
      return TableGeometry.Section(headerHeight: headerHeight, rowCount: count, rowHeight: rowHeight)
    }
    return TableGeometry.Section(
      headerHeight: headerHeight,
      rowHeights: (0..<count).map {
        tableDelegate.tableView(self, heightForRowAt: IndexPath(row: $0, section: section))
      })
  }

  /// The height of one row, from the delegate or `rowHeight`.
  func rowHeight(at indexPath: IndexPath) -> CGFloat {
    tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    loadDataIfNeeded()
    let insets = safeAreaInsets
    geometry.setTopInset(insets.top)
    let size = CGSize(width: bounds.width, height: geometry.contentHeight + insets.bottom)
    if contentSize != size { contentSize = size }
    // Content that shrank under the offset (rows deleted at the end) pulls the offset back, so
    // the table never shows empty space below its last row; not while a finger scrolls.
    let limit = max(0, size.height - bounds.height)
    if !isDragging, contentOffset.y > limit { contentOffset.y = limit }
    layoutVisibleItems()
  }

  /// Gives each row and header in view a cell or header view at its place, taking those that left
  /// the view back for reuse first, so the rows that appear reuse the cells of those that left.
  private func layoutVisibleItems() {
    let width = bounds.width
    let (headers, rows) = geometry.visibleItems(from: bounds.minY, to: bounds.maxY)
    // Plain headers stick below the top inset while their section scrolls under them, pushed up
    // by the next section's header, as UIKit's do; a grouped table's headers scroll.
    let pinnedTop = bounds.minY + safeAreaInsets.top
    let headerSections =
      style == .plain
      ? geometry.visibleItems(from: pinnedTop, to: bounds.maxY, pinnedHeaders: true).headers : headers

    if !visibleCellsByIndexPath.isEmpty {
      let shown = Set(rows)
      let leaving = visibleCellsByIndexPath.keys.filter { !shown.contains($0) }.sorted()
      for indexPath in leaving {
        endDisplaying(visibleCellsByIndexPath.removeValue(forKey: indexPath)!, at: indexPath)
      }
    }
    if !visibleHeadersBySection.isEmpty {
      let shown = Set(headerSections)
      let leaving = visibleHeadersBySection.keys.filter { !shown.contains($0) }.sorted()
      for section in leaving { endDisplaying(header: visibleHeadersBySection.removeValue(forKey: section)!) }
    }

    for section in headerSections {
      var rect = geometry.rectForHeader(inSection: section, width: width)
      if style == .plain {
        let sectionBottom = geometry.sectionTops[section + 1]
        rect.origin.y = min(max(rect.minY, pinnedTop), sectionBottom - rect.height)
      }
      if let header = visibleHeadersBySection[section] {
        header.frame = rect
      } else if let header = makeHeader(inSection: section) {
        if header.superview !== self { addSubview(header) }
        header.frame = rect
        visibleHeadersBySection[section] = header
      }
    }

    for indexPath in rows {
      let rect = geometry.rectForRow(at: indexPath, width: width)
      if let cell = visibleCellsByIndexPath[indexPath] {
        cell.frame = rect
        continue
      }
      guard let dataSource else { break }
      let cell = dataSource.tableView(self, cellForRowAt: indexPath)
      if cell.superview !== self { insertSubview(cell, at: indexBelowHeaders()) }
      cell.isHidden = false
      cell.frame = rect
      cell.isSelected = selectedIndexPaths.contains(indexPath)
      cell.isHighlighted = highlightedIndexPath == indexPath
      visibleCellsByIndexPath[indexPath] = cell
      tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
    }
  }

  /// Where a new cell goes among the subviews: after the other cells, below the first header,
  /// so headers float over cells and cells keep the order they were made in (a full frame lists
  /// them top to bottom). Walks the subviews, once per cell made: a table makes a screenful.
  private func indexBelowHeaders() -> Int {
    subviews.firstIndex { view in
      view is TableViewHeaderFooterView || visibleHeadersBySection.values.contains { $0 === view }
    } ?? subviews.count
  }

  /// The header for `section`: the delegate's view, or a reused title header.
  private func makeHeader(inSection section: Int) -> View? {
    if let view = tableDelegate?.tableView(self, viewForHeaderInSection: section) { return view }
    guard let title = dataSource?.tableView(self, titleForHeaderInSection: section),
      let header = dequeueReusableHeaderFooterView(withIdentifier: Self.titleHeaderIdentifier)
    else { return nil }
    header.textLabel.text = title
    return header
  }

  /// Takes a cell off screen: into its reuse queue, hidden, or out of the table when it has no
  /// reuse identifier.
  func endDisplaying(_ cell: TableViewCell, at indexPath: IndexPath) {
    if let identifier = cell.reuseIdentifier {
      reusableCells.enqueue(cell, identifier: identifier)
    } else {
      cell.removeFromSuperview()
    }
    tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
  }

  /// Takes a header off screen: into its reuse queue, or out of the table.
  func endDisplaying(header: View) {
    if let header = header as? TableViewHeaderFooterView, let identifier = header.reuseIdentifier {
      reusableHeaders.enqueue(header, identifier: identifier)
    } else {
      header.removeFromSuperview()
    }
  }
}
