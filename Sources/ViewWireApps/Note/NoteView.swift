import Foundation
import ViewWireKit

// The view of seed 001's closing idea ("different controllers for iPhone and iPad react in their
// own way to the keyboard appearing, but that does not change the view's code"): one view, two
// controllers. The view has a text field and a hint; it exposes two domain properties and lays
// itself out from them, so the controllers never touch a frame.

final class NoteView: UIView {
  /// Where the field sits when no keyboard is in the way.
  enum FieldPosition {
    case top, bottom
  }

  let textField: UITextField = {
    let field = UITextField()
    field.placeholder = "Type a note"
    field.borderStyle = .roundedRect
    field.accessibilityIdentifier = "note"
    return field
  }()

  private let hintLabel: UILabel = {
    let label = UILabel()
    label.textColor = .darkGray
    label.accessibilityIdentifier = "hint"
    return label
  }()

  var fieldPosition: FieldPosition = .bottom {
    didSet { setNeedsLayout() }
  }

  /// How much of the bottom edge a keyboard covers; the field stays above it.
  var keyboardInset: CGFloat = 0 {
    didSet { setNeedsLayout() }
  }

  var hint: String? {
    get { hintLabel.text }
    set { hintLabel.text = newValue }
  }

  required init() {
    super.init()
    backgroundColor = .white
    addSubview(hintLabel)
    addSubview(textField)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let width = bounds.width - 32
    let fieldY: CGFloat
    switch fieldPosition {
    case .top: fieldY = 60
    case .bottom: fieldY = bounds.height - keyboardInset - 16 - 40
    }
    textField.frame = CGRect(x: 16, y: fieldY, width: width, height: 40)
    hintLabel.frame = CGRect(x: 16, y: fieldY - 32, width: width, height: 24)
  }
}
