public import Foundation
public import ViewWireProtocol

/// Read-only text (UIKit's `UILabel`).
///
/// The server measures the text with `TextMeasure`, so `sizeToFit()`, `intrinsicContentSize`
/// and stack views size labels the same way on every client.
open class Label: View {
  /// The text shown; nil shows nothing. Unchecked for exclusivity at run time, as the kit's
  /// view state is (the check was a tenth of setting a label's text).
  @exclusivity(unchecked) open var text: String? {
    didSet {
      setRenderProperty(.text, text.map { .string($0) })
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

  /// Whether a font from `Font.preferredFont(forTextStyle:)` follows the client's content size
  /// category: resized when the label joins a window and whenever a `hello content-size=`
  /// changes it, in the same frame (UIKit's `adjustsFontForContentSizeCategory`).
  open var adjustsFontForContentSizeCategory = false {
    didSet { if adjustsFontForContentSizeCategory { resolveTraitDependents() } }
  }

  override func resolveTraitDependents() {
    super.resolveTraitDependents()
    guard adjustsFontForContentSizeCategory, let style = font.textStyle else { return }
    let resized = Font.preferredFont(forTextStyle: style, compatibleWith: traitCollection)
    if resized.pointSize != font.pointSize { font = resized }
  }

  /// The colour of the text; UIKit's default is `label` (black, white in dark); nil sets it back.
  open var textColor: Color! = .label {
    didSet { setRenderColor(.textColor, textColor ?? .label) }
  }

  /// The alignment of the text in the label's box.
  open var textAlignment: TextAlignment = .natural {
    didSet { setRenderProperty(.align, .string(textAlignment.rawValue)) }
  }

  /// The most lines shown, 0 for any; UIKit's default is 1.
  open var numberOfLines = 1 {
    didSet {
      setRenderProperty(.lines, .number(Double(numberOfLines)))
      invalidateIntrinsicContentSize()
    }
  }

  /// When set, the widest a multi-line label may be for its intrinsic size.
  open var preferredMaxLayoutWidth: CGFloat = 0 {
    didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
  }

  /// The measured intrinsic size until something it depends on changes: Auto Layout asks for it
  /// several times per frame, and measuring text is the expensive part. Unchecked for
  /// exclusivity at run time: read or stored, never held across a call; every text change
  /// clears it, and its check was about 75 instructions each time.
  @exclusivity(unchecked) private var measuredIntrinsicSize: CGSize?

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
    setRenderColor(.textColor, .label)
  }

  private func applyFont() {
    setRenderProperty(.font, .number(Double(font.pointSize)))
    setRenderProperty(.weight, .string(font.weight.rawValue))
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
