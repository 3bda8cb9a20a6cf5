public import Foundation

/// A scrolling grid of items laid out by a flow layout (UIKit's `UICollectionView`).
///
/// It shares the table view's reuse machinery: only items on screen are cells; an item that
/// scrolls away puts its cell in a `ReuseQueue` (hidden) for the next item that comes into view,
/// so a scroll sends, per item that appeared, its cell's `layout` and what differs in its content
/// (PROTOCOL.md section 6, "Table views", holds for collection views too). Item frames come from
/// `CollectionViewFlowLayout`, cached per section, searched by line.
open class CollectionView: ScrollView {
  /// Where `scrollToItem(at:at:animated:)` puts the item (UIKit's
  /// `UICollectionView.ScrollPosition`).
  public enum ScrollPosition: Sendable {
    /// The least scroll that shows the item.
    case none
    /// The item's top at the top.
    case top
    /// The item in the middle.
    case centeredVertically
    /// The item's bottom at the bottom.
    case bottom
    /// The item's left edge at the left.
    case left
    /// The item in the middle, across.
    case centeredHorizontally
    /// The item's right edge at the right.
    case right
  }

  /// The layout; setting another lays the items out again.
  open var collectionViewLayout: CollectionViewFlowLayout {
    didSet {
      oldValue.collectionView = nil
      collectionViewLayout.collectionView = self
      layoutDidInvalidate()
    }
  }

  /// Supplies the items and cells; held weakly. Setting it reloads.
  open weak var dataSource: (any CollectionViewDataSource)? {
    didSet { reloadData() }
  }

  /// The delegate, typed as the collection's.
  public private(set) weak var collectionDelegate: (any CollectionViewDelegate)?
  private weak var flowDelegate: (any CollectionViewDelegateFlowLayout)?

  /// The scroll view's delegate; a `CollectionViewDelegate` also hears selection, a
  /// `CollectionViewDelegateFlowLayout` sizes items.
  open override var delegate: (any ScrollViewDelegate)? {
    didSet {
      collectionDelegate = delegate as? any CollectionViewDelegate
      flowDelegate = delegate as? any CollectionViewDelegateFlowLayout
      layoutDidInvalidate()
    }
  }

  /// Whether taps select items.
  open var allowsSelection = true
  /// Whether taps add to the selection (a second tap deselects) rather than replace it.
  open var allowsMultipleSelection = false

  var itemCounts: [Int] = []
  var needsReload = true
  private var needsLayoutOfItems = true
  private var laidOutWidth: CGFloat = -1
  private var laidOutTop: CGFloat = -1
  private var laidOutHeight: CGFloat = -1
  var visibleCellsByIndexPath: [IndexPath: CollectionViewCell] = [:]
  private var reusableCells = ReuseQueue<CollectionViewCell>()
  private var cellClasses: [String: CollectionViewCell.Type] = [:]
  var selectedIndexPaths: Set<IndexPath> = []
  private var highlightedIndexPath: IndexPath?
  var batchDepth = 0
  var pendingUpdates = PendingUpdates()

  /// Cells made so far, for tests of reuse.
  public private(set) var createdCellCount = 0

  /// A collection view with a frame and a layout, as UIKit's `init(frame:collectionViewLayout:)`.
  public init(frame: CGRect, collectionViewLayout layout: CollectionViewFlowLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
    layout.collectionView = self
  }

  /// A collection view with an empty frame and a default flow layout (View's required `init()`).
  public required convenience init() {
    self.init(frame: .zero, collectionViewLayout: CollectionViewFlowLayout())
  }

  // MARK: Registering and dequeuing

  /// Makes `dequeueReusableCell` create cells of `cellClass` for `identifier`.
  public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
    cellClasses[identifier] = cellClass
  }

  /// A cell waiting under `identifier` (after `prepareForReuse()`) or a new one of the registered
  /// class. An identifier never registered is a programmer error, as in UIKit.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> CollectionViewCell
  {
    if let cell = reusableCells.dequeue(identifier: identifier) {
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = cellClasses[identifier] else {
      preconditionFailure(
        "could not dequeue a cell with identifier \(identifier): register a class for it with "
          + "register(_:forCellWithReuseIdentifier:)")
    }
    createdCellCount += 1
    return cellClass.init(reuseIdentifier: identifier)
  }

  // MARK: Counts and geometry

  /// The number of sections, as last loaded.
  public var numberOfSections: Int {
    prepareIfNeeded()
    return itemCounts.count
  }

  /// The number of items in `section`, as last loaded.
  public func numberOfItems(inSection section: Int) -> Int {
    prepareIfNeeded()
    return itemCounts[section]
  }

  /// The item's frame in content coordinates.
  public func frameForItem(at indexPath: IndexPath) -> CGRect {
    prepareIfNeeded()
    return collectionViewLayout.sections[indexPath.section].frames[indexPath.item]
  }

  /// The item under `point` (content coordinates), nil between items.
  public func indexPathForItem(at point: CGPoint) -> IndexPath? {
    prepareIfNeeded()
    return collectionViewLayout.indexPath(at: point)
  }

  /// The cell showing the item, nil when it is not on screen.
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    visibleCellsByIndexPath[indexPath]
  }

  /// The cells on screen, in item order.
  public var visibleCells: [CollectionViewCell] {
    visibleCellsByIndexPath.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The items on screen, in order.
  public var indexPathsForVisibleItems: [IndexPath] { visibleCellsByIndexPath.keys.sorted() }

  /// Scrolls so the item stands at `position` within the part of the collection the safe area
  /// leaves, clamped to the content: the same placement as `TableView.scrollToRow` (see
  /// `ScrollView.offset(showing:vertically:horizontally:contentSize:)`), as in UIKit.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    let frame = frameForItem(at: indexPath)
    var vertically: ScrollAlignment?
    var horizontally: ScrollAlignment?
    switch position {
    case .none:
      scrollRectToVisible(frame, animated: animated)
      return
    case .top: vertically = .start
    case .centeredVertically: vertically = .center
    case .bottom: vertically = .end
    case .left: horizontally = .start
    case .centeredHorizontally: horizontally = .center
    case .right: horizontally = .end
    }
    contentOffset = offset(
      showing: frame, vertically: vertically, horizontally: horizontally, contentSize: laidOutContentSize)
  }

  open override func boundsOriginDidChange() {
    super.boundsOriginDidChange()
    setNeedsLayout()
  }

  // MARK: Loading and layout

  /// Asks the data source for everything again at the next layout; clears the selection.
  open func reloadData() {
    needsReload = true
    pendingUpdates = PendingUpdates()
    selectedIndexPaths.removeAll()
    highlightedIndexPath = nil
    setNeedsLayout()
  }

  /// Sizes are asked again at the next layout (the layout changed, or the delegate).
  func layoutDidInvalidate() {
    needsLayoutOfItems = true
    setNeedsLayout()
  }

  /// Loads counts and computes frames if either is stale.
  func prepareIfNeeded() {
    if needsReload {
      needsReload = false
      needsLayoutOfItems = true
      for (indexPath, cell) in visibleCellsByIndexPath.sorted(by: { $0.key < $1.key }) {
        endDisplaying(cell, at: indexPath)
      }
      visibleCellsByIndexPath.removeAll()
      if let dataSource {
        itemCounts = (0..<dataSource.numberOfSections(in: self)).map {
          dataSource.collectionView(self, numberOfItemsInSection: $0)
        }
      } else {
        itemCounts = []
      }
    }
    // The items start below the safe-area inset (a bar the collection scrolls under), as
    // UIKit's automatic content-inset adjustment puts them; see TableView. Sideways, the insets
    // above and below narrow the columns instead.
    let insetTop = safeAreaInsets.top
    if needsLayoutOfItems || laidOutWidth != bounds.width || laidOutTop != insetTop
      || laidOutHeight != bounds.height
    {
      needsLayoutOfItems = false
      laidOutWidth = bounds.width
      laidOutHeight = bounds.height
      laidOutTop = insetTop
      var top = isHorizontal ? 0 : insetTop
      collectionViewLayout.sections = itemCounts.indices.map { section in
        let layout = layOut(section, top: top)
        top = layout.bottom
        return layout
      }
    }
  }

  private var isHorizontal: Bool { collectionViewLayout.scrollDirection == .horizontal }

  /// One section laid out from `top` along the scroll axis, across the width (or, sideways, the
  /// height between the safe-area insets).
  private func layOut(_ section: Int, top: CGFloat) -> CollectionViewFlowLayout.SectionLayout {
    let insets = safeAreaInsets
    return CollectionViewFlowLayout.layOut(
      metrics(ofSection: section), top: top,
      width: isHorizontal ? max(0, bounds.height - insets.top - insets.bottom) : bounds.width,
      crossOffset: isHorizontal ? insets.top : 0, horizontal: isHorizontal)
  }

  /// Lays out one section again after its items changed; the sections below it move.
  func relayOutSection(_ section: Int) {
    let layouts = collectionViewLayout.sections
    let top = layouts[section].top
    let laidOut = layOut(section, top: top)
    let shift = laidOut.bottom - layouts[section].bottom
    collectionViewLayout.sections[section] = laidOut
    guard shift != 0 else { return }
    for below in (section + 1)..<layouts.count {
      var moved = layouts[below]
      moved.top += shift
      moved.bottom += shift
      moved.frames = moved.frames.map {
        isHorizontal ? $0.offsetBy(dx: shift, dy: 0) : $0.offsetBy(dx: 0, dy: shift)
      }
      moved.lineTops = moved.lineTops.map { $0 + shift }
      moved.lineBottoms = moved.lineBottoms.map { $0 + shift }
      collectionViewLayout.sections[below] = moved
    }
  }

  private func metrics(ofSection section: Int) -> CollectionViewFlowLayout.SectionMetrics {
    let layout = collectionViewLayout
    guard let flowDelegate else {
      return .init(
        sizes: Array(repeating: layout.itemSize, count: itemCounts[section]), inset: layout.sectionInset,
        lineSpacing: layout.minimumLineSpacing, interitemSpacing: layout.minimumInteritemSpacing)
    }
    return .init(
      sizes: (0..<itemCounts[section]).map {
        flowDelegate.collectionView(
          self, layout: layout, sizeForItemAt: IndexPath(item: $0, section: section))
      },
      inset: flowDelegate.collectionView(self, layout: layout, insetForSectionAt: section),
      lineSpacing: flowDelegate.collectionView(self, layout: layout, minimumLineSpacingForSectionAt: section),
      interitemSpacing: flowDelegate.collectionView(
        self, layout: layout, minimumInteritemSpacingForSectionAt: section))
  }

  /// The content size the items' frames make (the next layout's, as frames may be newer than
  /// `contentSize`): along the scroll axis, the items and, vertically, the bottom safe-area
  /// inset, which the content scrolls above as a table's does.
  private var laidOutContentSize: CGSize {
    let length = collectionViewLayout.contentLength
    return isHorizontal
      ? CGSize(width: length, height: bounds.height)
      : CGSize(width: bounds.width, height: length + safeAreaInsets.bottom)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    prepareIfNeeded()
    let size = laidOutContentSize
    if contentSize != size { contentSize = size }
    // Content that shrank under the offset pulls it back; not while a finger scrolls.
    if !isDragging {
      let limit = CGPoint(x: max(0, size.width - bounds.width), y: max(0, size.height - bounds.height))
      if contentOffset.y > limit.y { contentOffset.y = limit.y }
      if contentOffset.x > limit.x { contentOffset.x = limit.x }
    }
    let shown =
      isHorizontal
      ? collectionViewLayout.indexPaths(from: bounds.minX, to: bounds.maxX)
      : collectionViewLayout.indexPaths(from: bounds.minY, to: bounds.maxY)
    if !visibleCellsByIndexPath.isEmpty {
      let keep = Set(shown)
      for indexPath in visibleCellsByIndexPath.keys.filter({ !keep.contains($0) }).sorted() {
        endDisplaying(visibleCellsByIndexPath.removeValue(forKey: indexPath)!, at: indexPath)
      }
    }
    for indexPath in shown {
      let frame = collectionViewLayout.sections[indexPath.section].frames[indexPath.item]
      if let cell = visibleCellsByIndexPath[indexPath] {
        cell.frame = frame
        continue
      }
      guard let dataSource else { break }
      let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
      if cell.superview !== self { addSubview(cell) }
      cell.isHidden = false
      cell.frame = frame
      cell.isSelected = selectedIndexPaths.contains(indexPath)
      cell.isHighlighted = highlightedIndexPath == indexPath
      visibleCellsByIndexPath[indexPath] = cell
    }
  }

  func endDisplaying(_ cell: CollectionViewCell, at indexPath: IndexPath) {
    reusableCells.enqueue(cell, identifier: cell.reuseIdentifier)
  }

  // MARK: Selection

  /// The selected items, in order.
  public var indexPathsForSelectedItems: [IndexPath] { selectedIndexPaths.sorted() }

  /// Selects the item without delegate calls (nil clears the selection) and scrolls it to
  /// `scrollPosition`; `.none` does not scroll, as in UIKit.
  public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for selected in selectedIndexPaths.sorted() { deselectItem(at: selected, animated: animated) }
      return
    }
    if !allowsMultipleSelection {
      for selected in selectedIndexPaths.sorted() where selected != indexPath {
        deselectItem(at: selected, animated: animated)
      }
    }
    selectedIndexPaths.insert(indexPath)
    cellForItem(at: indexPath)?.isSelected = true
    if scrollPosition != .none { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects the item without delegate calls.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    guard selectedIndexPaths.remove(indexPath) != nil else { return }
    cellForItem(at: indexPath)?.isSelected = false
  }

  open override func touchesBegan(_ touch: Touch) {
    guard allowsSelection, let indexPath = indexPathForItem(at: touch.location(in: self)) else { return }
    highlightedIndexPath = indexPath
    cellForItem(at: indexPath)?.isHighlighted = true
  }

  open override func touchesMoved(_ touch: Touch) {}

  open override func touchesEnded(_ touch: Touch) {
    guard let indexPath = highlightedIndexPath else { return }
    endHighlight()
    guard indexPathForItem(at: touch.location(in: self)) == indexPath else { return }
    if allowsMultipleSelection, selectedIndexPaths.contains(indexPath) {
      deselectItem(at: indexPath, animated: true)
      collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
      return
    }
    guard collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
    if !allowsMultipleSelection {
      for selected in selectedIndexPaths.sorted() where selected != indexPath {
        deselectItem(at: selected, animated: true)
        collectionDelegate?.collectionView(self, didDeselectItemAt: selected)
      }
    }
    selectedIndexPaths.insert(indexPath)
    cellForItem(at: indexPath)?.isSelected = true
    collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
  }

  open override func touchesCancelled(_ touch: Touch) { endHighlight() }

  func endHighlight() {
    guard let indexPath = highlightedIndexPath else { return }
    highlightedIndexPath = nil
    cellForItem(at: indexPath)?.isHighlighted = false
  }
}
