public import Foundation

/// Hears a text view's editing (UIKit's `UITextViewDelegate`); every method is optional.
public protocol TextViewDelegate: AnyObject {
  /// Whether the view may take focus; true by default.
  func textViewShouldBeginEditing(_ textView: TextView) -> Bool
  /// The view took focus.
  func textViewDidBeginEditing(_ textView: TextView)
  /// Whether typed text (or a deletion, with an empty `text`) may replace `range`; true by default.
  func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
  /// The text changed by typing or deleting (not by code setting `text`, as in UIKit).
  func textViewDidChange(_ textView: TextView)
  /// The view lost focus.
  func textViewDidEndEditing(_ textView: TextView)
}

extension TextViewDelegate {
  /// True.
  public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
  /// Nothing.
  public func textViewDidBeginEditing(_ textView: TextView) {}
  /// True.
  public func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String)
    -> Bool
  { true }
  /// Nothing.
  public func textViewDidChange(_ textView: TextView) {}
  /// Nothing.
  public func textViewDidEndEditing(_ textView: TextView) {}
}

/// Multi-line editable text (UIKit's `UITextView`).
///
/// A tap focuses an editable text view (`focused=true`, the keyboard shows); `text` appends to it,
/// `key return` inserts a line break (a text view has no return action), `key backspace` deletes
/// the last character, `key escape` ends editing (PROTOCOL.md section 8). Its text, font, colour
/// and alignment travel as a label's do, with `lines=0`. FIXME: UIKit's text view is a scroll
/// view; this one shows its text from the top and does not scroll.
open class TextView: View {
  /// The text.
  open var text: String! {
    get { storedText }
    set {
      storedText = newValue ?? ""
      setRenderProperty(.text, .string(storedText))
    }
  }
  private var storedText = ""

  /// The font; its size and weight travel as `font` and `weight`.
  open var font: Font? = .systemFont(ofSize: Font.systemFontSize) {
    didSet { applyFont() }
  }

  /// The colour of the text.
  open var textColor: Color? = .label {
    didSet { setRenderColor(.textColor, textColor ?? .label) }
  }

  /// The alignment of the text.
  open var textAlignment: TextAlignment = .natural {
    didSet { setRenderProperty(.align, .string(textAlignment.rawValue)) }
  }

  /// Whether a tap lets the user edit the text; UIKit's default: true.
  open var isEditable = true {
    didSet { if !isEditable, isFirstResponder { resignFirstResponder() } }
  }

  /// Told of editing; held weakly.
  open weak var delegate: (any TextViewDelegate)?

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUp()
  }

  /// An empty text view (View's required `init()`).
  public required init() {
    super.init()
    setUp()
  }

  private func setUp() {
    backgroundColor = .systemBackground
    applyFont()
    setRenderColor(.textColor, .label)
    setRenderProperty(.lines, .number(0))
    setRenderProperty(.text, .string(""))
  }

  private func applyFont() {
    let font = font ?? .systemFont(ofSize: Font.systemFontSize)
    setRenderProperty(.font, .number(Double(font.pointSize)))
    setRenderProperty(.weight, .string(font.weight.rawValue))
  }

  /// Whether the text view has any text (UIKit's `hasText`).
  public var hasText: Bool { !storedText.isEmpty }

  // MARK: Editing

  /// Only an editable text view takes key input.
  open override var canBecomeFirstResponder: Bool { isEditable }

  /// Asks the delegate's `textViewShouldBeginEditing` first.
  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    guard !isFirstResponder else { return true }
    guard canBecomeFirstResponder, delegate?.textViewShouldBeginEditing(self) ?? true else { return false }
    return super.becomeFirstResponder()
  }

  /// Shows the caret (`focused`) and tells the delegate.
  open override func firstResponderDidChange(isFirstResponder: Bool) {
    setRenderProperty(.focused, isFirstResponder ? .bool(true) : nil)
    if isFirstResponder {
      delegate?.textViewDidBeginEditing(self)
    } else {
      delegate?.textViewDidEndEditing(self)
    }
  }

  /// The most characters a client may type into one text view: a text field's bound (PROTOCOL.md
  /// section 17), since each keystroke sends the whole text again.
  public static let maximumLength = TextField.maximumLength

  /// The characters the view holds.
  public var characterCount: Int { storedText.count }

  /// Appends typed text, if the delegate allows it. `Window.insertText` and `Window.press` keep
  /// the text within `maximumLength`; code may set any `text`.
  open func insertText(_ typed: String) {
    let range = NSRange(location: storedText.utf16.count, length: 0)
    guard delegate?.textView(self, shouldChangeTextIn: range, replacementText: typed) ?? true else { return }
    storedText += typed
    setRenderProperty(.text, .string(storedText))
    delegate?.textViewDidChange(self)
  }

  /// Deletes the last character, if there is one and the delegate allows it.
  open func deleteBackward() {
    guard let last = storedText.last else { return }
    let length = String(last).utf16.count
    let range = NSRange(location: storedText.utf16.count - length, length: length)
    guard delegate?.textView(self, shouldChangeTextIn: range, replacementText: "") ?? true else { return }
    storedText.removeLast()
    setRenderProperty(.text, .string(storedText))
    delegate?.textViewDidChange(self)
  }

  /// A tap on an editable text view focuses it.
  open override func touchesEnded(_ touch: Touch) {
    if bounds.contains(touch.location(in: self)) { becomeFirstResponder() }
  }

  /// Touches stop here, as on a control: a text view is not a button for the views behind it.
  open override func touchesBegan(_ touch: Touch) {}
  /// Touches stop here.
  open override func touchesMoved(_ touch: Touch) {}
  /// Touches stop here.
  open override func touchesCancelled(_ touch: Touch) {}

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let font = font ?? .systemFont(ofSize: Font.systemFontSize)
    let limit = size.width > 0 ? size.width : .greatestFiniteMagnitude
    let measured = TextMeasure.size(of: storedText, size: font.pointSize, maximumWidth: limit, lines: 0)
    return CGSize(width: size.width > 0 ? size.width : measured.width, height: measured.height)
  }
}
