import Foundation
import ViewWireKit

// The control gallery: one screen with each of the kit's controls, a view that draws itself and
// an animation, so a client author can check every kind of render property against one app.
// Frame-based layout, 20-point margins, top to bottom.

final class GalleryView: UIView {
  let toggle = UISwitch()
  let toggleLabel = UILabel()
  let slider = UISlider()
  let gauge = GaugeView()
  let imageView = UIImageView(image: UIImage(named: "star"))
  let animateButton = UIButton(type: .system)
  let box = UIView()
  let scrollView = UIScrollView()
  let statusLabel = UILabel()
  private(set) var rows: [UIButton] = []

  static let rowCount = 10
  static let rowHeight: CGFloat = 50

  /// View's required `init()`, where UIKit code has `required init?(coder:)`.
  required convenience init() {
    self.init(frame: .zero)
  }

  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = .white

    toggle.accessibilityIdentifier = "switch"
    toggleLabel.text = "Off"
    toggleLabel.accessibilityIdentifier = "switchLabel"

    slider.value = 0.5
    slider.accessibilityIdentifier = "slider"
    gauge.accessibilityIdentifier = "gauge"
    gauge.level = 0.5
    imageView.accessibilityIdentifier = "image"
    // An image view is not an accessibility element by default, and a drawn gauge is a plain
    // view: both are made elements and named, and the gauge says its level in words.
    imageView.isAccessibilityElement = true
    imageView.accessibilityLabel = "Star"
    gauge.isAccessibilityElement = true
    gauge.accessibilityLabel = "Level"

    animateButton.setTitle("Animate", for: .normal)
    animateButton.accessibilityIdentifier = "animate"
    box.backgroundColor = .orange
    box.layer.cornerRadius = 8
    box.accessibilityIdentifier = "box"

    scrollView.accessibilityIdentifier = "scroll"
    scrollView.layer.borderWidth = 1
    scrollView.layer.borderColor = UIColor.lightGray.cgColor
    for index in 0..<Self.rowCount {
      let row = UIButton(type: .custom)
      row.setTitle("Row \(index + 1)", for: .normal)
      row.setTitleColor(.black, for: .normal)
      row.backgroundColor = index % 2 == 0 ? UIColor(white: 0.95) : .white
      row.accessibilityIdentifier = "row\(index + 1)"
      rows.append(row)
      scrollView.addSubview(row)
    }

    statusLabel.text = "Tap a row"
    statusLabel.accessibilityIdentifier = "status"
    let all: [UIView] = [
      toggle, toggleLabel, slider, gauge, imageView, animateButton, box, scrollView, statusLabel,
    ]
    for view in all {
      addSubview(view)
    }
  }

  /// Where the box rests, and where the animation sends it.
  var boxStart: CGRect { CGRect(x: 160, y: 240, width: 44, height: 44) }
  var boxEnd: CGRect { CGRect(x: bounds.width - 64, y: 240, width: 44, height: 44) }

  override func layoutSubviews() {
    super.layoutSubviews()
    let margin: CGFloat = 20
    let width = bounds.width - 2 * margin
    toggle.frame.origin = CGPoint(x: margin, y: 60)
    toggleLabel.frame = CGRect(x: 90, y: 60, width: width - 70, height: 31)
    slider.frame = CGRect(x: margin, y: 110, width: width, height: 31)
    gauge.frame = CGRect(x: margin, y: 150, width: width, height: 30)
    imageView.frame.origin = CGPoint(x: margin, y: 200)
    animateButton.frame = CGRect(x: margin, y: 240, width: 120, height: 44)
    scrollView.frame = CGRect(x: margin, y: 300, width: width, height: 200)
    statusLabel.frame = CGRect(x: margin, y: 510, width: width, height: 31)
    scrollView.contentSize = CGSize(width: width, height: CGFloat(Self.rowCount) * Self.rowHeight)
    for (index, row) in rows.enumerated() {
      row.frame = CGRect(x: 0, y: CGFloat(index) * Self.rowHeight, width: width, height: Self.rowHeight)
    }
  }
}

/// A bar filled to `level`, with the percentage written on it: drawn by `draw(_:)`.
final class GaugeView: UIView {
  var level: CGFloat = 0 {
    didSet {
      setNeedsDisplay()
      accessibilityValue = "\(Int((level * 100).rounded()))%"
    }
  }

  override func draw(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    UIColor(white: 0.9).setFill()
    UIBezierPath(roundedRect: rect, cornerRadius: 6).fill()
    UIColor.systemBlue.setFill()
    UIBezierPath(
      roundedRect: CGRect(x: 0, y: 0, width: rect.width * level, height: rect.height), cornerRadius: 6
    ).fill()
    context.drawText(
      "\(Int((level * 100).rounded()))%", at: CGPoint(x: 8, y: 6), font: .boldSystemFont(ofSize: 14),
      color: .white)
  }
}
