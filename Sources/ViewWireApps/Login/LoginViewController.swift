import Foundation
import ViewWireKit

// Seed 004's controller: `loadView()` installs the view and wires the button's target-action;
// a computed property reaches the view typed; `login()` is the user's action. Changes from the
// seed: `addTarget(self, action: LoginViewController.login, for: .touchUpInside)` instead of a
// selector string (no Objective-C runtime), and `login()` shows its result instead of printing.

final class LoginViewController: UIViewController {
  var loginView: LoginView {
    return view as! LoginView
  }

  override func loadView() {
    let contentView = LoginView(frame: .zero)
    contentView.button.addTarget(self, action: LoginViewController.login, for: .touchUpInside)
    view = contentView
    title = "Login"
  }

  func login() {
    let username = loginView.usernameTextField.text ?? ""
    let password = loginView.passwordTextField.text ?? ""
    if username.isEmpty || password.isEmpty {
      loginView.resultLabel.text = NSLocalizedString("Enter a username and a password", comment: "")
      loginView.resultLabel.textColor = .red
    } else {
      loginView.resultLabel.text = String(
        format: NSLocalizedString("Welcome, %@!", comment: "%@ is the username"), username)
      loginView.resultLabel.textColor = .systemGreen
    }
  }
}
