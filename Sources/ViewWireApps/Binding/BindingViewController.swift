import Foundation
import ViewWireKit

// Seed 003 ("creating your custom UIViewController with code"): an initializer that takes its
// dependencies and calls `super.init(nibName: nil, bundle: nil)`, lazy subviews configured in
// their closures, and `viewDidLoad()` split into `setupViews()` and `bindViews()`, the latter
// with the seed's reactive line `viewModel.alpha.bind(to: subview1.rx.alpha).disposed(by:)`.
//
// Changes from the seed:
// - No `required init?(coder:)`: the kit has no `NSCoder` initializer to satisfy.
// - The seed pins `subview1` to the edges with Cartography; until the Auto Layout module lands,
//   `viewDidLayoutSubviews()` sets the same frame (the root view's bounds) by hand.
// - A label and a button are added so a client can change the view model and watch the binding.

final class BindingViewController: UIViewController {
  private var viewModel: MyViewModel!
  private let disposeBag = DisposeBag()

  init(viewModel: MyViewModel) {
    super.init(nibName: nil, bundle: nil)
    self.viewModel = viewModel
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Binding"
    setupViews()
    bindViews()
  }

  private lazy var subview1: UIView = {
    let view = UIView()
    view.backgroundColor = .red
    view.accessibilityIdentifier = "subview1"
    return view
  }()

  private lazy var alphaLabel: UILabel = {
    let label = UILabel()
    label.textAlignment = .center
    label.accessibilityIdentifier = "alpha"
    return label
  }()

  private lazy var fadeButton: UIButton = {
    let button = UIButton(type: .system)
    button.setTitle("Fade", for: .normal)
    button.backgroundColor = .white
    button.layer.cornerRadius = 8
    button.accessibilityIdentifier = "fade"
    return button
  }()

  private func setupViews() {
    view.addSubview(subview1)
    // The seed: constrain(view, subview1) { view, subview1 in subview1.edges == view.edges }
    view.addSubview(alphaLabel)
    view.addSubview(fadeButton)
    fadeButton.addTarget(self, action: BindingViewController.fade, for: .touchUpInside)
  }

  private func bindViews() {
    viewModel.alpha
      .bind(to: subview1.rx.alpha)
      .disposed(by: disposeBag)
    viewModel.alpha
      .map { "alpha \(Int(($0 * 100).rounded()))%" }
      .bind(to: alphaLabel.rx.text)
      .disposed(by: disposeBag)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    subview1.frame = view.bounds
    alphaLabel.frame = CGRect(x: 16, y: 60, width: view.bounds.width - 32, height: 24)
    fadeButton.frame = CGRect(x: view.bounds.width / 2 - 60, y: 100, width: 120, height: 44)
  }

  private func fade() {
    viewModel.fade()
  }
}
