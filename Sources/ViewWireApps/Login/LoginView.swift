import Foundation
import ViewWireKit

// The login screen of seed 004 ("Don't Put View Code Into Your View Controller"). The seed lays
// out with a stack view and constraints; until the Auto Layout module lands this port lays the
// same stack out by hand in `layoutSubviews()`, with the seed's sizes: 30-point fields 10 apart,
// a 40-point button 20 below, standard 16-point margins, starting at `contentTop`, which the
// controller sets 8 points below its top layout guide.

final class LoginView: UIView {
  let usernameTextField: UITextField
  let passwordTextField: UITextField
  let button: UIButton
  let resultLabel: UILabel

  /// Where the first field starts. The controller sets it below the navigation bar in its
  /// `viewWillLayoutSubviews()`, which runs just before `layoutSubviews()` reads it.
  var contentTop: CGFloat = 8

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

    super.init(frame: frame)
    backgroundColor = .white
    addSubview(usernameTextField)
    addSubview(passwordTextField)
    addSubview(button)
    addSubview(resultLabel)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let margin: CGFloat = 16
    let width = bounds.width - 2 * margin
    var y = contentTop
    usernameTextField.frame = CGRect(x: margin, y: y, width: width, height: 30)
    y += 30 + 10
    passwordTextField.frame = CGRect(x: margin, y: y, width: width, height: 30)
    y += 30 + 20
    button.frame = CGRect(x: margin, y: y, width: width, height: 40)
    y += 40 + 20
    resultLabel.frame = CGRect(x: margin, y: y, width: width, height: 24)
  }
}
