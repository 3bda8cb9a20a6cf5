import Foundation
import ViewWireKit

// The navigation demo's controllers: each takes its dependencies in its initialiser (seed 003),
// installs its root view in `loadView()` and keeps only the actions: a row pushes that fruit's
// details, the detail's button pushes the next fruit. Popping is the navigation bar's back
// button (or the client's `back`).

/// The list of fruits, the navigation stack's root.
final class FruitListViewController: UIViewController, ViewSpecificController {
  typealias RootView = FruitListView

  private let fruits: [Fruit]

  init(fruits: [Fruit]) {
    self.fruits = fruits
    super.init(nibName: nil, bundle: nil)
  }

  override func loadView() {
    view = FruitListView(fruits: fruits)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Fruits"
    for (index, row) in view().rows.enumerated() {
      row.addAction(UIAction { [weak self] _ in self?.show(index) }, for: .touchUpInside)
    }
  }

  private func show(_ index: Int) {
    navigationController?.pushViewController(
      FruitDetailViewController(fruits: fruits, index: index), animated: true)
  }
}

/// One fruit's details.
final class FruitDetailViewController: UIViewController, ViewSpecificController {
  typealias RootView = FruitDetailView

  private let fruits: [Fruit]
  private let index: Int

  init(fruits: [Fruit], index: Int) {
    self.fruits = fruits
    self.index = index
    super.init(nibName: nil, bundle: nil)
    title = fruits[index].name
  }

  override func loadView() {
    view = FruitDetailView()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view().nameLabel.text = fruits[index].name
    view().summaryLabel.text = fruits[index].summary
    view().nextButton.addAction(UIAction { [weak self] _ in self?.showNext() }, for: .touchUpInside)
  }

  private func showNext() {
    let next = (index + 1) % fruits.count
    navigationController?.pushViewController(
      FruitDetailViewController(fruits: fruits, index: next), animated: true)
  }
}
