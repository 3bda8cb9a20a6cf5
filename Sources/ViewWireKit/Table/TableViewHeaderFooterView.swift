import Foundation

/// A section's header (UIKit's `UITableViewHeaderFooterView`): a label on a grey band.
///
/// A table makes one for each section that has a title (`tableView(_:titleForHeaderInSection:)`)
/// and, like its cells, keeps the header of a section that scrolled away for the next section
/// that comes into view, so only the title changes on the wire.
open class TableViewHeaderFooterView: View {
  /// The background of a plain table's headers (UIKit's `systemGray6`).
  public static let defaultBackgroundColor = Color.secondarySystemBackground

  /// The identifier the table reuses the view by.
  public let reuseIdentifier: String?

  /// The view the header's content goes in.
  public let contentView = View()

  /// The title.
  public let textLabel: Label = {
    let label = Label()
    label.font = .systemFont(ofSize: 15, weight: .semibold)
    return label
  }()

  /// A header for reuse under `reuseIdentifier`.
  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init()
    backgroundColor = Self.defaultBackgroundColor
    addSubview(contentView)
    contentView.addSubview(textLabel)
  }

  /// A header that is never reused.
  public required convenience init() {
    self.init(reuseIdentifier: nil)
  }

  /// Called before the table hands the view out again.
  open func prepareForReuse() {}

  open override func layoutSubviews() {
    super.layoutSubviews()
    contentView.frame = bounds
    textLabel.frame = CGRect(x: 16, y: 0, width: max(0, bounds.width - 32), height: bounds.height)
  }
}
