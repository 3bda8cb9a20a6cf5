public import Foundation
import ViewWireProtocol

/// Told when a scroll view scrolls (UIKit's `UIScrollViewDelegate`, the part apps use most).
public protocol ScrollViewDelegate: AnyObject {
  /// The content offset changed, by a drag or by code.
  func scrollViewDidScroll(_ scrollView: ScrollView)
  /// A drag is about to scroll the content.
  func scrollViewWillBeginDragging(_ scrollView: ScrollView)
  /// The finger lifted after a drag.
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
}

extension ScrollViewDelegate {
  /// Does nothing, so a delegate implements only what it needs.
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
}

/// A view whose content is larger than itself and moves under a dragging finger (UIKit's
/// `UIScrollView`).
///
/// The content offset is the bounds origin, as in UIKit. It travels as the one render property
/// `offset`: scrolling never re-sends the subviews, whose frames stay in content coordinates, so
/// a frame that scrolls is one line however much content it reveals. Hit testing and
/// `convert(_:to:)` already subtract the bounds origin, so touches land on what the client shows.
open class ScrollView: View, GestureRecognizerDelegate {
  /// The size of the content; the offset stays within `0...contentSize - bounds.size`.
  open var contentSize: CGSize = .zero {
    didSet {
      guard contentSize != oldValue else { return }
      setRenderProperty(
        .contentSize,
        contentSize == .zero ? nil : .string("\(format(contentSize.width)),\(format(contentSize.height))"))
    }
  }

  /// The point of the content shown at the view's top-left corner.
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }

  /// Whether dragging scrolls.
  open var isScrollEnabled = true {
    didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
  }

  /// Told of scrolling.
  open weak var delegate: (any ScrollViewDelegate)?

  /// The recognizer that turns drags into scrolling, as UIKit exposes it.
  public let panGestureRecognizer = PanGestureRecognizer()

  /// Whether a finger is scrolling the content now.
  public private(set) var isDragging = false

  private var offsetAtDragStart: CGPoint = .zero

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUp()
  }

  /// A scroll view with no content (View's required `init()`).
  public required init() {
    super.init()
    setUp()
  }

  private func setUp() {
    clipsToBounds = true
    panGestureRecognizer.addTarget(self, action: ScrollView.handlePan)
    panGestureRecognizer.delegate = self
    addGestureRecognizer(panGestureRecognizer)
  }

  /// The largest offset on each axis.
  public var maximumContentOffset: CGPoint {
    CGPoint(x: max(0, contentSize.width - bounds.width), y: max(0, contentSize.height - bounds.height))
  }

  /// Scrolls to `offset` as given (code may scroll past the ends, as in UIKit); `animated` is for
  /// source compatibility, the client shows the new offset at once.
  open func setContentOffset(_ offset: CGPoint, animated: Bool) {
    contentOffset = offset
  }

  /// Scrolls the least distance that makes `rect` (in content coordinates) visible, within the
  /// part of the bounds the safe area leaves vertically (below a navigation bar, above a tab bar
  /// or the home indicator), as UIKit keeps it within the `adjustedContentInset`; the same span
  /// `scrollToRow` and `scrollToItem` place rows and items in. A rectangle taller than that span
  /// shows its top. Sideways the kit adjusts nothing, as in `offset(showing:...)`.
  open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
    var offset = contentOffset
    let insets = safeAreaInsets
    if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
    if rect.minX < offset.x { offset.x = rect.minX }
    if rect.maxY > offset.y + bounds.height - insets.bottom {
      offset.y = rect.maxY - (bounds.height - insets.bottom)
    }
    if rect.minY < offset.y + insets.top { offset.y = rect.minY - insets.top }
    contentOffset = clamped(offset)
  }

  open override func boundsOriginDidChange() {
    super.boundsOriginDidChange()
    delegate?.scrollViewDidScroll(self)
  }

  /// Where a scroll-to method puts a rectangle along one axis: UIKit's scroll positions, per axis.
  enum ScrollAlignment {
    /// The rectangle's top (or left) edge at the top (or left) of the visible area.
    case start
    /// The rectangle's middle in the middle of the visible area.
    case center
    /// The rectangle's bottom (or right) edge at the bottom (or right) of the visible area.
    case end
  }

  /// The offset that puts `rect` (content coordinates) at the alignments given (nil: that axis
  /// keeps its offset), clamped to content of `size`: what `scrollToRow` and `scrollToItem` both
  /// compute.
  ///
  /// As in UIKit, where both methods place the rectangle within the bounds less the
  /// `adjustedContentInset`, which for the default `.automatic` adjustment is the safe area:
  /// `.top` puts a row just below a navigation bar, `.bottom` just above a tab bar or the home
  /// indicator. The kit keeps no content inset of its own: a table or a collection starts its
  /// content below the top safe-area inset and counts the bottom one in its content size, so
  /// offset 0 is UIKit's `-adjustedContentInset.top` and only the visible span needs the insets.
  /// Sideways the kit adjusts nothing (the layouts ignore the left and right insets), so neither
  /// does this. `size` is the caller's, as the content size may wait for the next layout.
  func offset(
    showing rect: CGRect, vertically: ScrollAlignment?, horizontally: ScrollAlignment?,
    contentSize size: CGSize
  ) -> CGPoint {
    var offset = contentOffset
    let insets = safeAreaInsets
    if let vertically {
      let placed = Self.origin(
        placing: rect.minY, rect.maxY, at: vertically, within: insets.top, bounds.height - insets.bottom)
      offset.y = min(max(0, placed), max(0, size.height - bounds.height))
    }
    if let horizontally {
      let placed = Self.origin(placing: rect.minX, rect.maxX, at: horizontally, within: 0, bounds.width)
      offset.x = min(max(0, placed), max(0, size.width - bounds.width))
    }
    return offset
  }

  /// The offset along one axis that puts the span `low...high` at `alignment` in the visible
  /// span `start...end` (measured from the bounds' origin).
  private static func origin(
    placing low: CGFloat, _ high: CGFloat, at alignment: ScrollAlignment, within start: CGFloat,
    _ end: CGFloat
  ) -> CGFloat {
    switch alignment {
    case .start: low - start
    case .center: (low + high) / 2 - (start + end) / 2
    case .end: high - end
    }
  }

  private func clamped(_ offset: CGPoint) -> CGPoint {
    let limit = maximumContentOffset
    return CGPoint(x: min(max(0, offset.x), limit.x), y: min(max(0, offset.y), limit.y))
  }

  private func handlePan(_ recognizer: PanGestureRecognizer) {
    switch recognizer.state {
    case .began:
      isDragging = true
      offsetAtDragStart = contentOffset
      delegate?.scrollViewWillBeginDragging(self)
      fallthrough
    case .changed:
      let translation = recognizer.translation(in: self)
      contentOffset = clamped(
        CGPoint(x: offsetAtDragStart.x - translation.x, y: offsetAtDragStart.y - translation.y))
    case .ended, .cancelled:
      let translation = recognizer.translation(in: self)
      contentOffset = clamped(
        CGPoint(x: offsetAtDragStart.x - translation.x, y: offsetAtDragStart.y - translation.y))
      isDragging = false
      delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
    case .possible, .failed:
      break
    }
  }

  /// A slider's thumb or a switch's knob that is tracking the finger keeps it: the scroll view does
  /// not take the drag from them (UIKit: gesture recognizers on superviews do not take a swipe on
  /// a slider's knob or a pan on a switch's knob from the control).
  public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    guard recognizer === panGestureRecognizer else { return true }
    if let control = window?.touchSequence?.touch.view as? Control, control.isTracking,
      control is Slider || control is Switch
    {
      return false
    }
    return true
  }

  private func format(_ value: CGFloat) -> String { CanonicalNumber.format(Double(value)) }
}
