import Foundation
import ViewWireKit

// Seed 004's controller: `loadView()` installs the view and wires the button's target-action;
// a computed property reaches the view typed; `viewWillLayoutSubviews()` puts the stack 8 points
// below the top layout guide (the navigation bar: the app shows this controller in a navigation
// controller, as the seed's demo project does); `login()` is the user's action.
// Changes from the seed: `addTarget(self, action: LoginStackViewController.login, ...)` instead of
// a selector string (no Objective-C runtime); Swift 2's names in today's spelling
// (`constraint(equalTo:constant:)`, `isActive`); the top constraint is activated once, where the
// seed would add another copy at every layout pass; and `login()` shows its result instead of
// printing.

final class LoginStackViewController: UIViewController {
  var loginView: LoginStackView {
    return view as! LoginStackView
  }

  private var topConstraint: NSLayoutConstraint?

  override func loadView() {
    let contentView = LoginStackView(frame: .zero)
    contentView.button.addTarget(self, action: LoginStackViewController.login, for: .touchUpInside)
    view = contentView
    title = NSLocalizedString("Login", comment: "The login button")
  }

  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    guard topConstraint == nil else { return }
    let top = loginView.stackView.topAnchor.constraint(equalTo: topLayoutGuide.bottomAnchor, constant: 8)
    top.isActive = true
    topConstraint = top
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
