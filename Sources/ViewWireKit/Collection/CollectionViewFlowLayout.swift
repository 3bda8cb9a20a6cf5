internal import Algorithms
public import Foundation

/// Lays a collection view's items out in lines that wrap, like words in a paragraph (UIKit's
/// `UICollectionViewFlowLayout`).
///
/// UIKit's rules, as its documentation gives them: each section starts below the previous one
/// and its `sectionInset`; items go left to right while they fit with at least
/// `minimumInteritemSpacing` between them, then a new line starts `minimumLineSpacing` below the
/// tallest item of the line. Once a line's items are known, the spacing grows so the line spans
/// the width (its first item at the left inset, its last at the right); a line of one item
/// centres it. Items shorter than their line are centred in it vertically.
///
/// Frames are computed for every item when the data loads or a section changes (linear in its
/// items) and kept with each line's top and bottom, so the items a scroll offset shows are found
/// by binary search over the lines.
///
/// Scrolling sideways (`scrollDirection = .horizontal`) is the same flow turned a quarter: lines
/// are columns filled top to bottom, `minimumLineSpacing` is between columns, and sections follow
/// each other to the right; the layout is computed along the scroll axis and its frames turned,
/// so both directions share one set of rules. FIXME: section headers and footers (UIKit's
/// supplementary views) are not done.
open class CollectionViewFlowLayout {
  /// The axis the collection scrolls along (UIKit's `UICollectionView.ScrollDirection`).
  public enum ScrollDirection: Sendable {
    /// Lines are rows, stacked downwards.
    case vertical
    /// Lines are columns, side by side to the right.
    case horizontal
  }

  /// The size of items whose delegate does not say otherwise (UIKit's 50×50).
  open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
  /// The least space between lines (UIKit's 10).
  open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  /// The least space between items of a line (UIKit's 10).
  open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  /// Space around each section's items.
  open var sectionInset: EdgeInsets = .zero { didSet { invalidateLayout() } }
  /// The axis of scrolling.
  open var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }

  /// The collection view the layout serves; set when it is given to one.
  public internal(set) weak var collectionView: CollectionView?

  /// Makes a layout with UIKit's defaults.
  public init() {}

  /// Asks the collection view to lay its items out again (sizes are asked again).
  open func invalidateLayout() {
    collectionView?.layoutDidInvalidate()
  }

  // MARK: Geometry

  /// One section's items: frames in content coordinates and the lines they form. `top`,
  /// `bottom`, `lineTops` and `lineBottoms` are along the scroll axis (x when horizontal).
  struct SectionLayout {
    var top: CGFloat = 0
    var bottom: CGFloat = 0
    var frames: [CGRect] = []
    /// The first item of each line, with `frames.count` at the end.
    var lineStarts: [Int] = [0]
    var lineTops: [CGFloat] = []
    var lineBottoms: [CGFloat] = []
  }

  /// The sections as last computed.
  var sections: [SectionLayout] = []

  /// The length of everything along the scroll axis.
  var contentLength: CGFloat { sections.last?.bottom ?? 0 }

  /// The sizes and spacings of one section, as the delegate or the layout's properties give them.
  struct SectionMetrics {
    var sizes: [CGSize]
    var inset: EdgeInsets
    var lineSpacing: CGFloat
    var interitemSpacing: CGFloat
  }

  /// Lays out `section` at `top` (along the scroll axis) for a collection `width` wide across
  /// it, `crossOffset` from the content's edge; `horizontal` turns the result a quarter.
  static func layOut(
    _ metrics: SectionMetrics, top: CGFloat, width: CGFloat, crossOffset: CGFloat = 0,
    horizontal: Bool = false
  ) -> SectionLayout {
    guard horizontal else { return layOut(metrics, top: top, width: width, crossOffset: crossOffset) }
    // Sideways: sizes and insets are turned, laid out as rows, and the frames turned back.
    var turned = metrics
    turned.sizes = metrics.sizes.map { CGSize(width: $0.height, height: $0.width) }
    turned.inset = EdgeInsets(
      top: metrics.inset.left, left: metrics.inset.top, bottom: metrics.inset.right,
      right: metrics.inset.bottom)
    var layout = layOut(turned, top: top, width: width, crossOffset: crossOffset)
    layout.frames = layout.frames.map { CGRect(x: $0.minY, y: $0.minX, width: $0.height, height: $0.width) }
    return layout
  }

  private static func layOut(_ metrics: SectionMetrics, top: CGFloat, width: CGFloat, crossOffset: CGFloat)
    -> SectionLayout
  {
    var layout = SectionLayout()
    layout.top = top
    let left = crossOffset + metrics.inset.left
    let available = max(0, width - metrics.inset.left - metrics.inset.right)
    var y = top + metrics.inset.top
    var index = 0
    layout.frames.reserveCapacity(metrics.sizes.count)
    while index < metrics.sizes.count {
      // Take items while they fit with the minimum spacing (always at least one).
      var end = index + 1
      var used = metrics.sizes[index].width
      while end < metrics.sizes.count, used + metrics.interitemSpacing + metrics.sizes[end].width <= available
      {
        used += metrics.interitemSpacing + metrics.sizes[end].width
        end += 1
      }
      let count = end - index
      let lineHeight = metrics.sizes[index..<end].map(\.height).max() ?? 0
      let widths = metrics.sizes[index..<end].reduce(0) { $0 + $1.width }
      var x: CGFloat
      let spacing: CGFloat
      if count == 1 {
        x = left + max(0, (available - widths) / 2)
        spacing = 0
      } else {
        x = left
        spacing = (available - widths) / CGFloat(count - 1)
      }
      for item in index..<end {
        let size = metrics.sizes[item]
        layout.frames.append(
          CGRect(x: x, y: y + (lineHeight - size.height) / 2, width: size.width, height: size.height))
        x += size.width + spacing
      }
      layout.lineTops.append(y)
      layout.lineBottoms.append(y + lineHeight)
      layout.lineStarts.append(end)
      y += lineHeight
      index = end
      if index < metrics.sizes.count { y += metrics.lineSpacing }
    }
    layout.bottom = y + metrics.inset.bottom
    return layout
  }

  /// The items whose frames overlap `minY..<maxY` along the scroll axis, in order.
  func indexPaths(from minY: CGFloat, to maxY: CGFloat) -> [IndexPath] {
    let horizontal = scrollDirection == .horizontal
    var result: [IndexPath] = []
    guard maxY > minY else { return [] }
    var section = firstSection(endingBelow: minY)
    while section < sections.count, sections[section].top < maxY {
      let layout = sections[section]
      var line = firstLine(of: layout, endingBelow: minY)
      while line < layout.lineTops.count, layout.lineTops[line] < maxY {
        for item in layout.lineStarts[line]..<layout.lineStarts[line + 1] {
          let frame = layout.frames[item]
          let (low, high) = horizontal ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
          if high > minY, low < maxY, frame.height > 0, frame.width > 0 {
            result.append(IndexPath(item: item, section: section))
          }
        }
        line += 1
      }
      section += 1
    }
    return result
  }

  /// The item whose frame contains `point`, if any.
  func indexPath(at point: CGPoint) -> IndexPath? {
    let along = scrollDirection == .horizontal ? point.x : point.y
    for indexPath in indexPaths(from: along, to: along + 0.001)
    where sections[indexPath.section].frames[indexPath.item].contains(point) {
      return indexPath
    }
    return nil
  }

  private func firstSection(endingBelow y: CGFloat) -> Int {
    sections.partitioningIndex { $0.bottom > y }
  }

  private func firstLine(of layout: SectionLayout, endingBelow y: CGFloat) -> Int {
    layout.lineBottoms.partitioningIndex { $0 > y }
  }
}
