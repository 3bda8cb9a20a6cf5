import Foundation
import ViewWireKit

// Seed 004's controller: `loadView()` installs the view and wires the button's target-action;
// a computed property reaches the view typed; `viewWillLayoutSubviews()` puts the content 8
// points below the top layout guide (the navigation bar: the app shows this controller in a
// navigation controller, as the seed's demo project does); `login()` is the user's action.
// Changes from the seed: `addTarget(self, action: LoginViewController.login, for: .touchUpInside)`
// instead of a selector string (no Objective-C runtime); `loginView.contentTop =
// topLayoutGuideLength + 8` instead of a constraint to `topLayoutGuide.bottomAnchor` (the view is
// laid out by hand until the seed's stack view is ported with Auto Layout); and `login()` shows
// its result instead of printing.

final class LoginViewController: UIViewController {
  var loginView: LoginView {
    return view as! LoginView
  }

  override func loadView() {
    let contentView = LoginView(frame: .zero)
    contentView.button.addTarget(self, action: LoginViewController.login, for: .touchUpInside)
    view = contentView
    title = NSLocalizedString("Login", comment: "The login button")
  }

  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    loginView.contentTop = topLayoutGuideLength + 8
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
