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
// - `@ViewLazy` where the seed writes `lazy`, and a `viewDidUnload()` that empties the dispose
//   bag. A memory warning releases this view while it is hidden (seed 003's own lifecycle
//   diagram); with `lazy`, the reload put the same subviews in the new view and `bindViews()`
//   bound them again, so one tap on Fade faded twice and the old bindings never ended. Now the
//   subviews and their bindings go with the view, and the reload makes one of each again.

final class BindingViewController: UIViewController {
  private var viewModel: MyViewModel!
  private var disposeBag = DisposeBag()

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

  @ViewLazy private var subview1: UIView = {
    let view = UIView()
    view.backgroundColor = .red
    view.accessibilityIdentifier = "subview1"
    return view
  }()

  @ViewLazy private var alphaLabel: UILabel = {
    let label = UILabel()
    label.textAlignment = .center
    label.accessibilityIdentifier = "alpha"
    return label
  }()

  @ViewLazy private var fadeButton: UIButton = {
    let button = UIButton(type: .system)
    button.setTitle("Fade", for: .normal)
    button.backgroundColor = .white
    button.layer.cornerRadius = 8
    button.accessibilityIdentifier = "fade"
    return button
  }()

  /// The view went away with a memory warning: its bindings go too (the `@ViewLazy` subviews
  /// are already released), so `viewDidLoad()` binds the new subviews once.
  override func viewDidUnload() {
    super.viewDidUnload()
    disposeBag = DisposeBag()
  }

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
