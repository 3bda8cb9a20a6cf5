public import Foundation

/// A row of segments, one of which is selected (UIKit's `UISegmentedControl`), with text titles.
///
/// The segments share the width equally (PROTOCOL.md section 6, "Controls' geometry"); their
/// titles travel as one `segments` string and the selection as `selected`. As in UIKit, a tap
/// that lifts inside a segment other than the selected one selects it and sends `valueChanged`;
/// setting `selectedSegmentIndex` in code sends nothing.
open class SegmentedControl: Control {
  /// The index meaning no segment is selected (UIKit's `UISegmentedControl.noSegment`).
  public static let noSegment = -1
  /// The control's height, as UIKit draws it.
  public static let height: CGFloat = 32

  private var titles: [String] = [] {
    didSet {
      setRenderProperty(.segments, .string(titles.joined(separator: "\n")))
      if selectedSegmentIndex >= titles.count { selectedSegmentIndex = Self.noSegment }
      invalidateIntrinsicContentSize()
    }
  }

  /// The selected segment, or `noSegment`. Setting it sends no action.
  open var selectedSegmentIndex: Int = SegmentedControl.noSegment {
    didSet {
      if selectedSegmentIndex < Self.noSegment || selectedSegmentIndex >= titles.count {
        selectedSegmentIndex = Self.noSegment
      }
      setRenderProperty(.selected, .number(Double(selectedSegmentIndex)))
    }
  }

  /// Whether a tapped segment is selected only while the action runs (a row of buttons).
  open var isMomentary = false

  /// A control with a segment per title, none selected, as `UISegmentedControl(items:)`.
  public init(items: [String]?) {
    super.init()
    titles = items ?? []
    setRenderProperty(.segments, .string(titles.joined(separator: "\n")))
    setRenderProperty(.selected, .number(Double(Self.noSegment)))
    bounds.size = intrinsicContentSize
  }

  /// A control with no segments.
  public required convenience init() {
    self.init(items: nil)
  }

  /// A control with no segments and a frame.
  public convenience override init(frame: CGRect) {
    self.init(items: nil)
    self.frame = frame
  }

  /// The number of segments.
  public var numberOfSegments: Int { titles.count }

  /// The title of segment `index`, nil outside the segments.
  public func titleForSegment(at index: Int) -> String? {
    titles.indices.contains(index) ? titles[index] : nil
  }

  /// Retitles segment `index`.
  open func setTitle(_ title: String?, forSegmentAt index: Int) {
    guard titles.indices.contains(index) else { return }
    titles[index] = title ?? ""
  }

  /// Inserts a segment at `index`, clamped to the segments, as UIKit clamps it.
  open func insertSegment(withTitle title: String?, at index: Int, animated: Bool) {
    let at = min(max(0, index), titles.count)
    titles.insert(title ?? "", at: at)
    if selectedSegmentIndex >= at { selectedSegmentIndex += 1 }
  }

  /// Removes segment `index`; removing the selected one leaves none selected.
  open func removeSegment(at index: Int, animated: Bool) {
    guard titles.indices.contains(index) else { return }
    let selected = selectedSegmentIndex
    titles.remove(at: index)
    if selected == index {
      selectedSegmentIndex = Self.noSegment
    } else if selected > index {
      selectedSegmentIndex = selected - 1
    }
  }

  /// Removes every segment.
  open func removeAllSegments() {
    titles = []
    selectedSegmentIndex = Self.noSegment
  }

  /// The segment under `x` (the control's coordinates), nil outside.
  public func segmentIndex(atX x: CGFloat) -> Int? {
    guard !titles.isEmpty, x >= 0, x < bounds.width else { return nil }
    return min(titles.count - 1, Int(x / (bounds.width / CGFloat(titles.count))))
  }

  open override func touchesEnded(_ touch: Touch) {
    let wasTracking = isTracking
    super.touchesEnded(touch)
    let point = touch.location(in: self)
    guard wasTracking, bounds.contains(point), let segment = segmentIndex(atX: point.x),
      segment != selectedSegmentIndex || isMomentary
    else { return }
    selectedSegmentIndex = segment
    sendActions(for: .valueChanged)
    if isMomentary { selectedSegmentIndex = Self.noSegment }
  }

  /// Equal segments, each as wide as the widest title (13 points) and 12 points either side.
  open override var intrinsicContentSize: CGSize {
    let widest = titles.map { TextMeasure.width(of: $0, size: 13) }.max() ?? 0
    return CGSize(width: CGFloat(titles.count) * (ceil(widest) + 24), height: Self.height)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
