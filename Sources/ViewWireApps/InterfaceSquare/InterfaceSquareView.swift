import Foundation
import ViewWireKit

// Seed 000's custom view when Interface Builder builds it: the file SquareInterface.yaml names
// this class as the root view and connects its outlets; `awakeFromNib()` is where the seed
// finishes the setup, because outlets are not connected yet in `init`.
//
// Changes from the seed:
// - `@IBOutlet weak var square: UIView!` is written `@Outlet var square: UIView!`: Linux has no
//   Objective-C runtime to set a property by name, so the loader finds the outlet by reflection.
// - The class conforms to `DefaultInitializableView` so the interface registry can create it
//   by name (`InterfaceRegistry.shared.register(InterfaceSquareView.self)`).
// - `layoutSubviews()` stretches the green area over the top third at any window size; with a
//   real nib autoresizing would, and the kit has no autoresizing masks.

final class InterfaceSquareView: UIView, DefaultInitializableView {
  @Outlet var square: UIView!
  @Outlet var greenArea: UIView!
  @Outlet var hintLabel: UILabel!

  var squarePositionIsValid: Bool = false {
    didSet {
      square.backgroundColor = squarePositionIsValid ? .green : .red
    }
  }

  override func awakeFromNib() {
    super.awakeFromNib()
    square.layer.cornerRadius = 8
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    greenArea.frame = CGRect(x: 0, y: 0, width: bounds.width, height: (bounds.height / 3).rounded())
    hintLabel.frame = CGRect(x: 16, y: bounds.height - 64, width: bounds.width - 32, height: 24)
  }

  func moveSquare(to newCenter: CGPoint) {
    square.center = newCenter
  }

  func isInGreenArea(_ point: CGPoint) -> Bool {
    greenArea.frame.contains(point)
  }
}
