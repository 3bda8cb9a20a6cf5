import Foundation
import ViewWireKit

// Seed 002's `HasCustomView` controller, as written in the seed: `loadView()` creates the custom
// view and sets its delegate, `viewDidLoad()` calls `customView.render()`. The only additions
// are the delegate method the seed leaves to the reader and a count for it to keep.

final class MyViewController: UIViewController, HasCustomView {
  typealias CustomView = MyView

  private var taps = 0

  override func loadView() {
    let customView = CustomView()
    customView.delegate = self
    view = customView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "HasCustomView"
    customView.render()  // some MyView method
  }
}

extension MyViewController: MyViewDelegate {
  func myViewDidTapButton(_ myView: MyView) {
    taps += 1
    customView.render(taps: taps)
  }
}

// Seed 002's generic variant: `CustomViewController<MyView>` installs the view itself, so the
// subclass's `loadView()` only calls super and sets the delegate. Two names change because the
// demos share one module: the class is `MyGenericViewController` (the `HasCustomView` one above
// is `MyViewController`), and the superclass is spelled `ViewWireKit.CustomViewController`
// because seed 000's square controller in this module is also called `CustomViewController`.

final class MyGenericViewController: ViewWireKit.CustomViewController<MyView> {
  private var taps = 0

  override func loadView() {
    super.loadView()
    customView.delegate = self
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "CustomViewController<MyView>"
    customView.render()
  }
}

extension MyGenericViewController: MyViewDelegate {
  func myViewDidTapButton(_ myView: MyView) {
    taps += 1
    customView.render(taps: taps)
  }
}
