public import Foundation

/// One row of a table view (UIKit's `UITableViewCell`).
///
/// A cell is a reusable view: the table keeps it after its row leaves the screen and hands it to
/// the data source again for a row that comes into view (`prepareForReuse()` runs first). A
/// reused cell keeps its subviews, so on the wire a row coming into view costs its `layout` line
/// and the render properties that differ from the row the cell showed before (usually a `text`).
///
/// The labels and accessory are made on first use, as UIKit makes them, so a cell carries only the
/// views its style and content need: `textLabel` for every style, `detailTextLabel` for the
/// `subtitle`, `value1` and `value2` styles (nil for `default`).
open class TableViewCell: View {
  /// How a cell arranges its labels (UIKit's `UITableViewCell.CellStyle`).
  public enum CellStyle: Sendable {
    /// One left-aligned label.
    case `default`
    /// A label on the left and a grey, right-aligned detail on the same line (Settings' style).
    case value1
    /// A small blue right-aligned label and a left-aligned detail beside it (Contacts' style).
    case value2
    /// A label with a smaller detail below it.
    case subtitle
  }

  /// The standard view at a cell's right end (UIKit's `UITableViewCell.AccessoryType`).
  public enum AccessoryType: Sendable {
    /// Nothing.
    case none
    /// A chevron: tapping the row shows more.
    case disclosureIndicator
    /// A checkmark in the tint colour: the row is chosen.
    case checkmark
  }

  /// How a selected or highlighted cell looks (UIKit's `UITableViewCell.SelectionStyle`).
  public enum SelectionStyle: Sendable {
    /// No change.
    case none
    /// The grey background.
    case `default`
    /// The grey background (UIKit's blue and grey styles are grey since iOS 7).
    case gray
  }

  /// The width the accessory takes from the content view.
  public static let accessoryWidth: CGFloat = 38
  /// The colour behind a selected or highlighted cell (UIKit's `systemGray4`).
  public static let selectedBackgroundColor = Color.systemGray4

  /// The style the cell was made with.
  public let style: CellStyle
  /// The identifier the table reuses the cell by, nil for a cell never reused.
  public let reuseIdentifier: String?

  /// The view the cell's content goes in: app code adds its subviews here, not to the cell, so
  /// the accessory and the selection background keep their place.
  public let contentView = View()

  /// Whether the row is selected; the table sets it (use `selectRow(at:animated:scrollPosition:)`
  /// to select a row: a cell's state is lost when the cell is reused).
  open var isSelected = false {
    didSet { if isSelected != oldValue { updateSelectionLook() } }
  }

  /// Whether a finger is down on the row.
  open var isHighlighted = false {
    didSet { if isHighlighted != oldValue { updateSelectionLook() } }
  }

  /// How selection shows.
  open var selectionStyle: SelectionStyle = .default {
    didSet { updateSelectionLook() }
  }

  /// The standard accessory.
  open var accessoryType: AccessoryType = .none {
    didSet {
      guard accessoryType != oldValue else { return }
      updateAccessory()
    }
  }

  /// A view of the app's own in place of the standard accessory (a switch, say).
  open var accessoryView: View? {
    didSet {
      guard accessoryView !== oldValue else { return }
      oldValue?.removeFromSuperview()
      if let accessoryView { addSubview(accessoryView) }
      updateAccessory()
    }
  }

  private var textLabelStorage: Label?
  private var detailTextLabelStorage: Label?
  private var checkmarkView: ImageView?
  private var disclosureView: Label?
  /// The background the app gave; a selected or highlighted cell shows the selection colour
  /// instead.
  private var ownBackgroundColor: Color? = .systemBackground

  /// Makes a cell of `style`; the table makes registered cells with this initializer, so a
  /// subclass registered with `register(_:forCellReuseIdentifier:)` overrides it.
  public required init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    self.reuseIdentifier = reuseIdentifier
    super.init()
    setRenderColor(.bg, .systemBackground)
    addSubview(contentView)
  }

  /// A `default` cell that is never reused.
  public required convenience init() {
    self.init(style: .default, reuseIdentifier: nil)
  }

  /// A `default` cell with a frame, never reused.
  public convenience override init(frame: CGRect) {
    self.init(style: .default, reuseIdentifier: nil)
    self.frame = frame
  }

  /// The main label, made on first use.
  open var textLabel: Label? {
    if let textLabelStorage { return textLabelStorage }
    let label = Label()
    switch style {
    case .value2:
      label.font = .systemFont(ofSize: 15, weight: .semibold)
      label.textColor = tintColor
      label.textAlignment = .right
    default:
      label.font = .systemFont(ofSize: 17)
    }
    textLabelStorage = label
    contentView.addSubview(label)
    setNeedsLayout()
    return label
  }

  /// The secondary label of the `subtitle`, `value1` and `value2` styles, made on first use; nil
  /// for `default`.
  open var detailTextLabel: Label? {
    if let detailTextLabelStorage { return detailTextLabelStorage }
    let label = Label()
    switch style {
    case .default: return nil
    case .subtitle:
      label.font = .systemFont(ofSize: 12)
    case .value1:
      label.font = .systemFont(ofSize: 17)
      label.textColor = .secondaryLabel
      label.textAlignment = .right
    case .value2:
      label.font = .systemFont(ofSize: 15)
    }
    detailTextLabelStorage = label
    contentView.addSubview(label)
    setNeedsLayout()
    return label
  }

  /// Called before the table hands the cell out again. Resets the selection and the highlight,
  /// as UIKit's does; override it to reset looks of your own that content does not set again
  /// (UIKit's advice: alpha, editing state), and call `super`.
  open func prepareForReuse() {
    isSelected = false
    isHighlighted = false
  }

  /// Sets `isSelected`; `animated` is for source compatibility.
  open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }

  /// Sets `isHighlighted`; `animated` is for source compatibility.
  open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }

  /// The cell's own background; while the cell is selected or highlighted (and its selection
  /// style is not `none`) the wire shows `selectedBackgroundColor` instead. UIKit puts a
  /// `selectedBackgroundView` behind the content; one colour change is the same picture without
  /// an extra view per cell, so a tap that highlights a row costs one `render` line.
  open override var backgroundColor: Color? {
    get { ownBackgroundColor }
    set {
      ownBackgroundColor = newValue
      updateSelectionLook()
    }
  }

  private func updateSelectionLook() {
    let shows = (isSelected || isHighlighted) && selectionStyle != .none
    let colour = shows ? Self.selectedBackgroundColor : ownBackgroundColor
    setRenderColor(.bg, colour)
  }

  private func updateAccessory() {
    let standard = accessoryView == nil ? accessoryType : .none
    if standard == .checkmark, checkmarkView == nil {
      let view = ImageView(image: Image(named: "checkmark"))
      addSubview(view)
      checkmarkView = view
    }
    if standard == .disclosureIndicator, disclosureView == nil {
      let view = Label()
      view.text = "›"
      view.font = .systemFont(ofSize: 22)
      view.textColor = .gray
      view.textAlignment = .center
      addSubview(view)
      disclosureView = view
    }
    checkmarkView?.isHidden = standard != .checkmark
    disclosureView?.isHidden = standard != .disclosureIndicator
    setNeedsLayout()
  }

  /// Whether something stands at the right end.
  private var hasAccessory: Bool { accessoryView != nil || accessoryType != .none }

  open override func layoutSubviews() {
    super.layoutSubviews()
    let width = bounds.width
    let height = bounds.height
    let contentWidth = hasAccessory ? max(0, width - Self.accessoryWidth) : width
    contentView.frame = CGRect(x: 0, y: 0, width: contentWidth, height: height)
    let accessoryFrame = CGRect(x: contentWidth, y: 0, width: width - contentWidth, height: height)
    if let accessoryView {
      let size = accessoryView.bounds.size
      accessoryView.frame = CGRect(
        x: width - 16 - size.width, y: ((height - size.height) / 2).rounded(), width: size.width,
        height: size.height)
    }
    checkmarkView?.frame = CGRect(
      x: accessoryFrame.minX, y: ((height - 24) / 2).rounded(), width: 24, height: 24)
    disclosureView?.frame = CGRect(x: accessoryFrame.minX, y: 0, width: 24, height: height)
    layoutLabels(width: contentWidth, height: height)
  }

  /// Places the labels by style, 16 points in from the content view's edges.
  private func layoutLabels(width: CGFloat, height: CGFloat) {
    let inner = max(0, width - 32)
    switch style {
    case .default, .value1:
      textLabelStorage?.frame = CGRect(x: 16, y: 0, width: inner, height: height)
      detailTextLabelStorage?.frame = CGRect(x: 16, y: 0, width: inner, height: height)
    case .value2:
      textLabelStorage?.frame = CGRect(x: 16, y: 0, width: 76, height: height)
      detailTextLabelStorage?.frame = CGRect(x: 100, y: 0, width: max(0, width - 116), height: height)
    case .subtitle:
      let titleHeight: CGFloat = 21
      let detailHeight: CGFloat = 15
      let top = ((height - titleHeight - 2 - detailHeight) / 2).rounded()
      textLabelStorage?.frame = CGRect(x: 16, y: top, width: inner, height: titleHeight)
      detailTextLabelStorage?.frame = CGRect(
        x: 16, y: top + titleHeight + 2, width: inner, height: detailHeight)
    }
  }
}
