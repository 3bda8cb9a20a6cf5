import Foundation
import ViewWireKit

// Seed 000's controller with Ruslan Kavetsky's `ViewSpecificController`: `loadView()` installs
// the custom view, `view()` reaches it typed, and the controller keeps only the user's action,
// the pan gesture. Changes from the seed: the gesture's action is a method reference instead of
// an `#selector`, because Linux has no Objective-C runtime.

final class CustomViewController: UIViewController, ViewSpecificController {
  typealias RootView = CustomView

  override func loadView() {
    self.view = CustomView()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let pan = UIPanGestureRecognizer(target: self, action: CustomViewController.handlePan)
    view().addGestureRecognizer(pan)
    title = "Square"
  }

  func handlePan(_ recognizer: UIPanGestureRecognizer) {
    let location = recognizer.location(in: view)
    view().moveSquare(to: location)
    view().squarePositionIsValid = view().isInGreenArea(location)
  }
}
