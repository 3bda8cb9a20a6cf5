import Foundation
import ViewWireKit

// Seed 000's controller when the view comes from Interface Builder: "you don't need to write
// your own loadView(), the controller does it itself; but the UIView still has to be cast". So
// there is no `loadView()` here: the controller is created with the interface file's name, and
// `view()` (ViewSpecificController) does the cast. It keeps only the user's action, the pan.
//
// Changes from the seed: the controller names its file in `init` (a storyboard would name it
// for it), and the pan's action is a method reference instead of a selector.

final class InterfaceSquareViewController: UIViewController, ViewSpecificController {
  typealias RootView = InterfaceSquareView

  init() {
    InterfaceRegistry.shared.register(InterfaceSquareView.self)
    super.init(nibName: "SquareInterface", bundle: .module)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Square from an interface file"
    let pan = UIPanGestureRecognizer(target: self, action: InterfaceSquareViewController.handlePan)
    view().addGestureRecognizer(pan)
  }

  func handlePan(_ recognizer: UIPanGestureRecognizer) {
    let location = recognizer.location(in: view)
    view().moveSquare(to: location)
    view().squarePositionIsValid = view().isInGreenArea(location)
  }
}
