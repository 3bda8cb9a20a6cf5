import Foundation
import ViewWireKit

/// The counter's controller: it keeps the count and the user's two actions, nothing else.
/// `CustomViewController<CounterView>` installs a `CounterView` in `loadView()` and hands it
/// back typed as `customView`.
public final class CounterViewController: CustomViewController<CounterView> {
  private var count = 0

  public override func viewDidLoad() {
    super.viewDidLoad()
    customView.incrementButton.addTarget(self, action: CounterViewController.increment, for: .touchUpInside)
    customView.resetButton.addTarget(self, action: CounterViewController.reset, for: .touchUpInside)
    customView.render(count: count)
  }

  private func increment() {
    count += 1
    customView.render(count: count)
  }

  private func reset() {
    count = 0
    customView.render(count: count)
  }
}
