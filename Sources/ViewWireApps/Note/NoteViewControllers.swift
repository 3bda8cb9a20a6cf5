import Foundation
import ViewWireKit

// Seed 001's idiom idea: the app's factory picks a controller by the client's idiom (from its
// `hello`), and both controllers install the same `NoteView`.
//
// Changes from the idea as the seed states it: the keyboard notifications come from the
// window's `notificationCenter` rather than `NotificationCenter.default`, because one daemon
// serves many clients and each must hear only its own keyboard.

/// On a phone the keyboard covers the bottom of the screen, so the controller lifts the field
/// above it while it is shown.
final class PhoneNoteViewController: UIViewController, ViewSpecificController {
  typealias RootView = NoteView

  private var observers: [any NSObjectProtocol] = []

  override func loadView() {
    view = NoteView()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Note (phone)"
    view().hint = "Phone: the field rides above the keyboard"
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    guard let center = view.window?.notificationCenter else { return }
    // The centre calls back on this session's thread, synchronously from `post`; the closure is
    // `@Sendable` only because Foundation's API says so.
    nonisolated(unsafe) weak let controller = self
    observers = [
      center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil) { note in
        let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
        controller?.keyboardWillMove(to: frame)
      },
      center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: nil) { _ in
        controller?.keyboardWillMove(to: nil)
      },
    ]
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    for observer in observers { view.window?.notificationCenter.removeObserver(observer) }
    observers = []
  }

  private func keyboardWillMove(to frame: CGRect?) {
    guard let frame else {
      view().keyboardInset = 0
      return
    }
    view().keyboardInset = max(0, view.bounds.maxY - view.convert(frame.origin, from: nil).y)
  }
}

/// On a pad, desktop or terminal the controller puts the field at the top, where no keyboard
/// reaches, and so has no keyboard to react to.
final class RegularNoteViewController: UIViewController, ViewSpecificController {
  typealias RootView = NoteView

  override func loadView() {
    view = NoteView()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Note"
    view().fieldPosition = .top
    view().hint = "\(traitCollection.userInterfaceIdiom): the field stays at the top"
  }
}
