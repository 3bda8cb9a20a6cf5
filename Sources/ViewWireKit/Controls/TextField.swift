public import Foundation
import ViewWireProtocol

/// What a text field asks and tells its delegate (UIKit's `UITextFieldDelegate`). Every method
/// has a default, so a delegate implements only what it needs.
public protocol TextFieldDelegate: AnyObject {
  /// Whether the field may take focus; asked before it does, so a form can keep a field locked.
  func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
  /// The field took focus; called before the keyboard notifications, so an observer of them can
  /// find the field being edited.
  func textFieldDidBeginEditing(_ textField: TextField)
  /// Whether the field may give up focus; asked once per attempt, so it can hold invalid input.
  func textFieldShouldEndEditing(_ textField: TextField) -> Bool
  /// The field lost focus (also when it left the window, without being asked).
  func textFieldDidEndEditing(_ textField: TextField)
  /// Whether typed text (or a deletion, with an empty `string`) may replace `range`, in UTF-16
  /// offsets as UIKit gives them; false leaves the text as it was.
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
  )
    -> Bool
  /// The return key was pressed; true ends editing, as UIKit's default does.
  func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
  /// Lets every field take focus.
  public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
  /// Does nothing.
  public func textFieldDidBeginEditing(_ textField: TextField) {}
  /// Lets every field give up focus.
  public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
  /// Does nothing.
  public func textFieldDidEndEditing(_ textField: TextField) {}
  /// Allows every change.
  public func textField(
    _ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
  ) -> Bool { true }
  /// Ends editing on return.
  public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}

/// Editable single-line text (UIKit's `UITextField`).
///
/// Tapping it makes it the first responder; the session's `text` and `key` commands then edit
/// it. **A secure field never sends its text**: its `text` render property is a mask of one `•`
/// per character (PROTOCOL.md section 9), so the clear text exists only in the server.
open class TextField: Control {
  /// The border the client draws (UIKit's `UITextField.BorderStyle`).
  public enum BorderStyle: String, Sendable {
    /// UIKit's four styles, by the names the wire's `borderStyle` carries.
    case none, line, bezel, roundedRect
  }

  /// The mask character a secure field shows per character.
  public static let secureMask: Character = "\u{2022}"

  /// The most characters a client may type into one field (PROTOCOL.md section 17).
  public static let maximumLength = 10_000

  /// The characters the field holds.
  public var characterCount: Int { storedText.count }

  /// The text; never nil when read, as in UIKit.
  open var text: String? {
    get { storedText }
    set {
      storedText = newValue ?? ""
      renderText()
    }
  }
  private var storedText = ""

  /// Shown while the text is empty.
  open var placeholder: String? {
    didSet { setRenderProperty(.placeholder, placeholder.map { .string($0) }) }
  }

  /// Whether the text is hidden from view, and from the wire.
  open var isSecureTextEntry = false {
    didSet {
      setRenderProperty(.secure, isSecureTextEntry ? .bool(true) : nil)
      renderText()
    }
  }

  /// The border the client draws around the text; UIKit's default is none.
  open var borderStyle: BorderStyle = .none {
    didSet { setRenderProperty(.borderStyle, .string(borderStyle.rawValue)) }
  }

  // The one-byte settings are declared together, so they share a slot (a class's fields are
  // laid out in declaration order): 16 bytes less per text field (issue 14, "Lean sessions").

  /// The alignment of the text in the field's box.
  open var textAlignment: TextAlignment = .natural {
    didSet { setRenderProperty(.align, .string(textAlignment.rawValue)) }
  }

  /// Whether the text is emptied when editing begins, as UIKit's password fields do.
  open var clearsOnBeginEditing = false

  /// The font; nil means the 17-point system font, so the wire always has a size to measure
  /// and draw with.
  open var font: Font? = .systemFont(ofSize: Font.systemFontSize) {
    didSet { applyFont() }
  }

  /// The colour of the text, `label` by default (black, white in dark); nil sends no colour and
  /// the client uses its own default.
  open var textColor: Color? = .label {
    didSet { setRenderColor(.textColor, textColor) }
  }

  /// Whether the client's keyboard corrects words: a hint for its keyboard, kept so seed code
  /// compiles; the server does not interpret it and it is not sent.
  open var autocorrectionType: Int {
    get { rarelySet?.hints.0 ?? 0 }
    set { editRarelySet { $0.hints.0 = newValue } }
  }
  /// Whether the client's keyboard capitalizes; a hint like `autocorrectionType`, not sent.
  open var autocapitalizationType: Int {
    get { rarelySet?.hints.1 ?? 0 }
    set { editRarelySet { $0.hints.1 = newValue } }
  }
  /// Which keyboard the client shows (digits, email...); a hint like `autocorrectionType`.
  open var keyboardType: Int {
    get { rarelySet?.hints.2 ?? 0 }
    set { editRarelySet { $0.hints.2 = newValue } }
  }
  /// What the client's return key says; a hint like `autocorrectionType`.
  open var returnKeyType: Int {
    get { rarelySet?.hints.3 ?? 0 }
    set { editRarelySet { $0.hints.3 = newValue } }
  }

  /// The four keyboard hints and the delegate, in a box made when one is first set: inline,
  /// they were 48 bytes of every text field, for values most fields never set (issue 14, "Lean
  /// sessions").
  private var rarelySet: RarelySet?
  private final class RarelySet {
    var hints: (Int, Int, Int, Int) = (0, 0, 0, 0)
    weak var delegate: (any TextFieldDelegate)?
  }
  private func editRarelySet(_ change: (RarelySet) -> Void) {
    let box = rarelySet ?? RarelySet()
    change(box)
    rarelySet = box
  }

  /// Asked and told about editing; held weakly.
  open var delegate: (any TextFieldDelegate)? {
    get { rarelySet?.delegate }
    set {
      guard newValue != nil || rarelySet != nil else { return }
      editRarelySet { $0.delegate = newValue }
    }
  }

  /// Whether the field is the first responder.
  public var isEditing: Bool { isFirstResponder }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUpRendering()
  }

  /// An empty text field (View's required `init()`).
  public required init() {
    super.init()
    setUpRendering()
  }

  private func setUpRendering() {
    applyFont()
    setRenderColor(.textColor, .label)
    renderText()
  }

  private func applyFont() {
    let font = self.font ?? .systemFont(ofSize: Font.systemFontSize)
    setRenderProperty(.font, .number(Double(font.pointSize)))
    setRenderProperty(.weight, .string(font.weight.rawValue))
  }

  private func renderText() {
    let shown =
      isSecureTextEntry ? String(repeating: TextField.secureMask, count: storedText.count) : storedText
    setRenderProperty(.text, .string(shown))
  }

  // MARK: Editing

  /// Only an enabled field takes key input, as in UIKit.
  open override var canBecomeFirstResponder: Bool { isEnabled }

  /// Asks the delegate's `textFieldShouldBeginEditing` first, then takes focus from the current
  /// first responder if it agrees to resign (UIKit's order).
  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    guard !isFirstResponder else { return true }
    guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
    return super.becomeFirstResponder()
  }

  /// Asks the delegate's `textFieldShouldEndEditing`; the window asks once per resignation, so
  /// a delegate that counts or validates hears each attempt once.
  open override var canResignFirstResponder: Bool {
    delegate?.textFieldShouldEndEditing(self) ?? true
  }

  /// Shows the caret on the client (`focused`) and tells the delegate, then the targets, that
  /// editing began or ended: `textFieldDidBeginEditing` before `editingDidBegin`, as in UIKit.
  open override func firstResponderDidChange(isFirstResponder: Bool) {
    setRenderProperty(.focused, isFirstResponder ? .bool(true) : nil)
    if isFirstResponder {
      if clearsOnBeginEditing { text = "" }
      delegate?.textFieldDidBeginEditing(self)
      sendActions(for: .editingDidBegin)
    } else {
      delegate?.textFieldDidEndEditing(self)
      sendActions(for: .editingDidEnd)
    }
  }

  /// Inserts typed text at the end, if the delegate allows it.
  open func insertText(_ typed: String) {
    let range = NSRange(location: storedText.utf16.count, length: 0)
    guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: typed) ?? true else {
      return
    }
    storedText += typed
    renderText()
    sendActions(for: .editingChanged)
  }

  /// Deletes the last character, if there is one and the delegate allows it.
  open func deleteBackward() {
    guard let last = storedText.last else { return }
    let length = String(last).utf16.count
    let range = NSRange(location: storedText.utf16.count - length, length: length)
    guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: "") ?? true else {
      return
    }
    storedText.removeLast()
    renderText()
    sendActions(for: .editingChanged)
  }

  /// The return key: asks the delegate, then ends editing (UIKit's default).
  open func returnKeyPressed() {
    let shouldEnd = delegate?.textFieldShouldReturn(self) ?? true
    sendActions(for: .primaryActionTriggered)
    if shouldEnd {
      sendActions(for: .editingDidEndOnExit)
      resignFirstResponder()
    }
  }

  override var touchUpInsideIsPrimaryAction: Bool { false }

  /// A tap that lifts on the field focuses it; its primary action is the return key, not the tap.
  open override func touchesEnded(_ touch: Touch) {
    let inside = isTracking && bounds.contains(touch.location(in: self))
    super.touchesEnded(touch)
    if inside { becomeFirstResponder() }
  }

  open override var intrinsicContentSize: CGSize {
    let size = (font ?? .systemFont(ofSize: Font.systemFontSize)).pointSize
    // A secure field is measured by its mask: its clear text's width would tell an `explain`
    // whether the password holds wide characters (PROTOCOL.md sections 9 and 17).
    let text =
      isSecureTextEntry ? String(repeating: TextField.secureMask, count: storedText.count) : storedText
    let shown = storedText.isEmpty ? (placeholder ?? "") : text
    return CGSize(
      width: TextMeasure.width(of: shown, size: size).rounded(.up) + 16,
      height: TextMeasure.lineHeight(size) + 14)
  }
}
