public import Foundation
public import ViewWireProtocol

/// Read-only text (UIKit's `UILabel`).
///
/// The server measures the text with `TextMeasure`, so `sizeToFit()`, `intrinsicContentSize`
/// and stack views size labels the same way on every client.
open class Label: View {
  /// The text shown; nil shows nothing.
  open var text: String? {
    didSet {
      setRenderProperty("text", text.map { .string($0) })
      invalidateIntrinsicContentSize()
      owner?.labelDidChange()
    }
  }

  /// The font; its size and weight travel as `font` and `weight`.
  open var font: Font = .systemFont(ofSize: Font.systemFontSize) {
    didSet {
      applyFont()
      invalidateIntrinsicContentSize()
      owner?.labelDidChange()
    }
  }

  /// The colour of the text; UIKit's default is black (`label`).
  open var textColor: Color! = .black {
    didSet { setRenderProperty("textColor", (textColor ?? .black).wireValue) }
  }

  /// The alignment of the text in the label's box.
  open var textAlignment: TextAlignment = .natural {
    didSet { setRenderProperty("align", .string(textAlignment.rawValue)) }
  }

  /// The most lines shown, 0 for any; UIKit's default is 1.
  open var numberOfLines = 1 {
    didSet {
      setRenderProperty("lines", .number(Double(numberOfLines)))
      invalidateIntrinsicContentSize()
    }
  }

  /// When set, the widest a multi-line label may be for its intrinsic size.
  open var preferredMaxLayoutWidth: CGFloat = 0 {
    didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
  }

  /// The measured intrinsic size until something it depends on changes: Auto Layout asks for it
  /// several times per frame, and measuring text is the expensive part.
  private var measuredIntrinsicSize: CGSize?

  /// A button whose title this label is; told when the label changes.
  weak var owner: Button?

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUpRendering()
  }

  /// An empty label (View's required `init()`).
  public required init() {
    super.init()
    setUpRendering()
  }

  private func setUpRendering() {
    isUserInteractionEnabled = false
    applyFont()
    setRenderProperty("textColor", Color.black.wireValue)
  }

  private func applyFont() {
    setRenderProperty("font", .number(Double(font.pointSize)))
    setRenderProperty("weight", .string(font.weight.rawValue))
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let limit = size.width > 0 && numberOfLines != 1 ? size.width : .greatestFiniteMagnitude
    return TextMeasure.size(of: text ?? "", size: font.pointSize, maximumWidth: limit, lines: numberOfLines)
  }

  open override var intrinsicContentSize: CGSize {
    if let measuredIntrinsicSize { return measuredIntrinsicSize }
    let limit = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : .greatestFiniteMagnitude
    let size = TextMeasure.size(
      of: text ?? "", size: font.pointSize, maximumWidth: limit, lines: numberOfLines)
    measuredIntrinsicSize = size
    return size
  }

  /// Forgets the measured size; every setter that changes the text's box calls this.
  open override func invalidateIntrinsicContentSize() {
    measuredIntrinsicSize = nil
    super.invalidateIntrinsicContentSize()
  }
}

extension Color {
  /// The colour as a render value.
  public var wireValue: WireValue { .color(wireColor) }
}
