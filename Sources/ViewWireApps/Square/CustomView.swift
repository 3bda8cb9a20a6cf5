import Foundation
import ViewWireKit

// Seed 000 ("Большой UIViewController?"), ported. The view builds its subviews in `init`, lays
// them out in `layoutSubviews()` from `bounds`, and hides its controls behind domain properties:
// the controller only learns whether the square's position is valid, never which view shows it.
//
// Changes from the seed: `import UIKit` becomes `import ViewWireKit`, and the green area the
// seed's text describes ("green inside the green area, red outside") is drawn as the top third.
// Everything else is the seed's code: `init()` calling `super.init()`, the 200-point square
// centred in `layoutSubviews()`, `squarePositionIsValid` and `moveSquare(to:)`. The square's
// accessibility label, hint and value are an addition, for clients that read them aloud.

final class CustomView: UIView {
  private let square = UIView()
  private let greenArea = UIView()

  var squarePositionIsValid: Bool = false {
    didSet {
      square.backgroundColor = squarePositionIsValid ? .green : .red
      square.accessibilityValue = Self.positionDescription(valid: squarePositionIsValid)
    }
  }

  /// What the square's colour says, for someone who cannot see it (its accessibility value).
  private static func positionDescription(valid: Bool) -> String {
    valid
      ? NSLocalizedString("In the green area", comment: "The square's accessibility value")
      : NSLocalizedString("Outside the green area", comment: "The square's accessibility value")
  }

  required init() {
    super.init()
    backgroundColor = .lightGray
    greenArea.backgroundColor = UIColor.green.withAlphaComponent(0.3)
    greenArea.accessibilityIdentifier = "greenArea"
    greenArea.isUserInteractionEnabled = false
    addSubview(greenArea)
    square.backgroundColor = .red
    square.accessibilityIdentifier = "square"
    // Not in the seed: a plain view is not an accessibility element, so the square is made one,
    // named, and its colour said in words (PROTOCOL.md section 6, "Accessibility").
    square.isAccessibilityElement = true
    square.accessibilityLabel = NSLocalizedString("Square", comment: "The square's accessibility label")
    square.accessibilityHint = NSLocalizedString(
      "Drag it into the green area", comment: "The square's accessibility hint")
    square.accessibilityValue = Self.positionDescription(valid: false)
    addSubview(square)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    greenArea.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height / 3)
    square.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    square.center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
  }

  func moveSquare(to newCenter: CGPoint) {
    square.center = newCenter
  }

  /// Whether a point lies in the green area: the view owns the geometry, the controller the rule
  /// that the square is valid there.
  func isInGreenArea(_ point: CGPoint) -> Bool {
    greenArea.frame.contains(point)
  }
}
