import Foundation

/// One item of a collection view (UIKit's `UICollectionViewCell`): a content view for the app's
/// subviews, reused like a table cell.
///
/// UIKit's collection cell draws nothing of its own; `selectedBackgroundColor` (nil by default)
/// is the kit's stand-in for a `selectedBackgroundView`, shown as the cell's background while it
/// is selected or highlighted, so selection costs one `render` line and no extra view.
open class CollectionViewCell: View {
  /// The identifier the collection reuses the cell by.
  public let reuseIdentifier: String

  /// The view the cell's content goes in, filling the cell.
  public let contentView = View()

  /// The background shown while the cell is selected or highlighted; nil shows no change.
  open var selectedBackgroundColor: Color? {
    didSet { updateBackground() }
  }

  /// Whether the item is selected; the collection view sets it.
  open var isSelected = false {
    didSet { if isSelected != oldValue { updateBackground() } }
  }

  /// Whether a finger is down on the item.
  open var isHighlighted = false {
    didSet { if isHighlighted != oldValue { updateBackground() } }
  }

  private var ownBackgroundColor: Color?

  /// A cell for reuse under `reuseIdentifier`; the collection view makes registered cells with
  /// this initializer, so a registered subclass overrides it.
  public required init(reuseIdentifier: String) {
    self.reuseIdentifier = reuseIdentifier
    super.init()
    addSubview(contentView)
  }

  /// A cell with an empty reuse identifier, for code generic over view classes (View's required
  /// `init()`); the collection view itself uses `init(reuseIdentifier:)`.
  public required convenience init() {
    self.init(reuseIdentifier: "")
  }

  /// The cell's own background; the selection colour stands in for it while selected.
  open override var backgroundColor: Color? {
    get { ownBackgroundColor }
    set {
      ownBackgroundColor = newValue
      updateBackground()
    }
  }

  private func updateBackground() {
    let selected = (isSelected || isHighlighted) ? selectedBackgroundColor : nil
    setRenderColor(.bg, selected ?? ownBackgroundColor)
  }

  /// Called before the collection view hands the cell out again; resets selection and highlight.
  open func prepareForReuse() {
    isSelected = false
    isHighlighted = false
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    contentView.frame = bounds
  }
}
