import Foundation
import ViewWireKit

// Seed 003 ("creating your custom UIViewController with code"): an initializer that takes its
// dependencies and calls `super.init(nibName: nil, bundle: nil)`, lazy subviews configured in
// their closures, and `viewDidLoad()` split into `setupViews()` and `bindViews()`, the latter
// with the seed's reactive line `viewModel.alpha.bind(to: subview1.rx.alpha).disposed(by:)`.
//
// Changes from the seed:
// - No `required init?(coder:)`: the kit has no `NSCoder` initializer to satisfy.
// - A label and a button are added so a client can change the view model and watch the binding;
//   they are constrained in the seed's Cartography style too.
// `setupViews()` keeps the seed's `constrain(view, subview1) { ... subview1.edges == view.edges }`
// as written: the kit's Cartography-style DSL activates the constraints on the window's solver.

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
    constrain(view, subview1) { view, subview1 in
      subview1.edges == view.edges
    }
    view.addSubview(alphaLabel)
    view.addSubview(fadeButton)
    constrain(view, alphaLabel, fadeButton) { view, alphaLabel, fadeButton in
      alphaLabel.top == view.top + 60
      alphaLabel.leading == view.leading + 16
      alphaLabel.trailing == view.trailing - 16
      alphaLabel.height == 24
      fadeButton.top == view.top + 100
      fadeButton.centerX == view.centerX
      fadeButton.width == 120
      fadeButton.height == 44
    }
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

  private func fade() {
    viewModel.fade()
  }
}
