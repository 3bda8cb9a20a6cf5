import Foundation
import ViewWireKit

// Seed 003's view model, which the seed only names: it holds the `alpha` that the controller's
// `bindViews()` binds to `subview1`. As in the seed's RxSwift version, `alpha` is observable
// (a `BehaviorRelay`), so the view follows every change without `bindViews()` running again.

final class MyViewModel {
  let alpha = BehaviorRelay<CGFloat>(value: 1)

  /// Fades by a quarter, back to opaque after the last step: the user's one action.
  func fade() {
    alpha.accept(alpha.value <= 0.25 ? 1 : alpha.value - 0.25)
  }
}
