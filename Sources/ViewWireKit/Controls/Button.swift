public import Foundation
import ViewWireProtocol

/// A tappable title (UIKit's `UIButton`): target-action on touch-up-inside, with per-state
/// titles and colours.
///
/// The title travels as the button's own `text`, `font`, `weight` and `textColor` render
/// properties; `titleLabel` is the label that holds its font, as in UIKit, but it is not a
/// separate view on the wire.
open class Button: Control {
  /// UIKit's button types; `.system` tints its title.
  public enum ButtonType: Sendable {
    /// The types the seeds create; `close` is treated as `custom` (white title, no glyph of its own).
    case system, custom, close
  }

  /// Fixed at creation, as in UIKit, because it decides the default title colour and weight.
  public let buttonType: ButtonType
  // Small tables, not dictionaries: a button has a title or two (a one-entry dictionary is
  // about 200 bytes, a session's buttons times ten thousand sessions).
  private var titles = SmallTable<State, String>()
  private var titleColors = SmallTable<State, Color>()

  /// The label that holds the title's font (`button.titleLabel?.font = ...`).
  ///
  /// Made on first use, as UIKit makes it: most buttons never touch it, and a label object with
  /// its render properties and colour table was about 850 bytes of every button in every
  /// session (issue 14, "Lean sessions"). Until then the title uses `defaultTitleFont`, the
  /// font the label would start with.
  public var titleLabel: Label? {
    if let madeTitleLabel { return madeTitleLabel }
    let label = Label()
    label.font = defaultTitleFont
    label.owner = self
    madeTitleLabel = label
    return label
  }
  /// The title label once something asked for it.
  private var madeTitleLabel: Label?

  /// The title's font while no one asked for `titleLabel`: UIKit's, medium for system buttons.
  private var defaultTitleFont: Font {
    .systemFont(ofSize: 15, weight: buttonType == .system ? .medium : .regular)
  }

  /// The font the title is shown with.
  private var titleFont: Font { madeTitleLabel?.font ?? defaultTitleFont }

  /// Creates a button, as `UIButton(type:)`.
  public init(type: ButtonType) {
    buttonType = type
    super.init()
    setUp()
  }

  public override init(frame: CGRect) {
    buttonType = .custom
    super.init(frame: frame)
    setUp()
  }

  /// A custom-type button (View's required `init()`).
  public required init() {
    buttonType = .custom
    super.init()
    setUp()
  }

  private func setUp() {
    updateTitle()
  }

  /// Sets the title shown in `state`; other states fall back to the normal title.
  open func setTitle(_ title: String?, for state: State) {
    titles[state] = title
    updateTitle()
  }

  /// The title for `state`, falling back to the normal one.
  open func title(for state: State) -> String? { titles[state] ?? titles[.normal] }

  /// Sets the title colour in `state`.
  open func setTitleColor(_ color: Color?, for state: State) {
    titleColors[state] = color
    updateTitle()
  }

  /// The title colour for `state`: the state's own, the normal one, or the tint for system
  /// buttons, white for custom ones (as UIKit does).
  open func titleColor(for state: State) -> Color? {
    titleColors[state] ?? titleColors[.normal] ?? (buttonType == .system ? tintColor : .white)
  }

  /// The title currently shown.
  public var currentTitle: String? { title(for: state) }

  open override func stateDidChange() {
    setRenderProperty(.highlighted, isHighlighted ? .bool(true) : nil)
    updateTitle()
  }

  open override func tintColorDidChange() {
    super.tintColorDidChange()
    updateTitle()
  }

  func labelDidChange() {
    updateTitle()
  }

  private func updateTitle() {
    let state = self.state
    setRenderProperty(.text, title(for: state).map { .string($0) })
    var color = titleColor(for: state)
    if titleColors[state] == nil, state.contains(.highlighted), let base = color {
      color = base.withAlphaComponent(base.alpha * 0.5)
    }
    setRenderColor(.textColor, color)
    let font = titleFont
    setRenderProperty(.font, .number(Double(font.pointSize)))
    setRenderProperty(.weight, .string(font.weight.rawValue))
    invalidateIntrinsicContentSize()
  }

  open override var intrinsicContentSize: CGSize {
    let size = titleFont.pointSize
    let text = title(for: .normal) ?? ""
    return CGSize(
      width: TextMeasure.width(of: text, size: size).rounded(.up) + 16,
      height: TextMeasure.lineHeight(size) + 12)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
