import Foundation
import ViewWireKit

// The login screen of seed 004 ("Don't Put View Code Into Your View Controller"), as the seed
// writes it: the two fields in a vertical stack view filling equally 10 apart, that stack and the
// button in an outer vertical stack 20 apart, `|-[stackView]-|` in the visual format language and
// height anchors for a field and the button. The controller places the stack vertically.
// Additions to the seed: a `systemBackground` that follows the client's appearance, accessibility identifiers (username, password, login, result) for
// scripts, and a result label as the outer stack's last arranged view, where `login()` reports.

final class LoginStackView: UIView {
  let usernameTextField: UITextField
  let passwordTextField: UITextField
  let button: UIButton
  let resultLabel: UILabel
  let stackView: UIStackView

  /// View's required `init()`, where UIKit code has `required init?(coder:)`.
  required convenience init() {
    self.init(frame: .zero)
  }

  override init(frame: CGRect) {
    usernameTextField = UITextField(frame: .zero)
    usernameTextField.placeholder = NSLocalizedString("Username", comment: "")
    usernameTextField.borderStyle = .line
    usernameTextField.accessibilityIdentifier = "username"

    passwordTextField = UITextField(frame: .zero)
    passwordTextField.isSecureTextEntry = true
    passwordTextField.placeholder = NSLocalizedString("Password", comment: "")
    passwordTextField.borderStyle = .line
    passwordTextField.accessibilityIdentifier = "password"

    button = UIButton(type: .system)
    button.setTitle(NSLocalizedString("Login", comment: "The login button"), for: .normal)
    button.backgroundColor = .gray
    button.tintColor = .white
    button.layer.cornerRadius = 5
    button.accessibilityIdentifier = "login"

    resultLabel = UILabel()
    resultLabel.textAlignment = .center
    resultLabel.accessibilityIdentifier = "result"

    let textFieldStackView = UIStackView(arrangedSubviews: [usernameTextField, passwordTextField])
    textFieldStackView.axis = .vertical
    textFieldStackView.spacing = 10
    textFieldStackView.distribution = .fillEqually

    stackView = UIStackView(arrangedSubviews: [textFieldStackView, button, resultLabel])
    stackView.translatesAutoresizingMaskIntoConstraints = false
    stackView.axis = .vertical
    stackView.spacing = 20

    super.init(frame: frame)
    // `systemBackground` where the seed says `.white`: the same white, and black for a client
    // that says `hello appearance=dark`.
    backgroundColor = .systemBackground
    addSubview(stackView)

    // MARK: - Layout

    let views = ["stackView": stackView]
    var layoutConstraints = [NSLayoutConstraint]()
    layoutConstraints += NSLayoutConstraint.constraints(
      withVisualFormat: "|-[stackView]-|", options: [], metrics: nil, views: views)
    layoutConstraints.append(usernameTextField.heightAnchor.constraint(equalToConstant: 30))
    layoutConstraints.append(button.heightAnchor.constraint(equalToConstant: 40))
    NSLayoutConstraint.activate(layoutConstraints)
  }
}
