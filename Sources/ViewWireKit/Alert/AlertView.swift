import Foundation

/// What an `AlertController` shows: a dimming backdrop with a box of labels and buttons.
final class AlertView: View {
  /// An alert's box is 270 points wide, as UIKit's.
  static let alertWidth: CGFloat = 270
  static let buttonHeight: CGFloat = 44
  static let sheetButtonHeight: CGFloat = 57
  static let fieldHeight: CGFloat = 30

  let style: AlertController.Style
  let box = View()
  let titleLabel = Label()
  let messageLabel = Label()
  let textFields: [TextField]
  private(set) var buttons: [Button] = []
  /// The action sheet's cancel button, in its own box below the others.
  private let cancelBox = View()
  private let hasCancel: Bool
  private let twoAcross: Bool

  /// View's required `init()`: an empty alert, for code generic over view classes.
  required convenience init() {
    self.init(style: .alert, title: nil, message: nil, textFields: [], actions: [])
  }

  init(
    style: AlertController.Style, title: String?, message: String?, textFields: [TextField],
    actions: [AlertAction]
  ) {
    self.style = style
    self.textFields = textFields
    hasCancel = style == .actionSheet && actions.last?.style == .cancel
    twoAcross = style == .alert && actions.count == 2
    super.init()
    backgroundColor = Color(white: 0, alpha: 0.4)
    box.backgroundColor = .white
    box.layer.cornerRadius = 14
    addSubview(box)
    titleLabel.text = title
    titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
    titleLabel.textAlignment = .center
    titleLabel.numberOfLines = 0
    messageLabel.text = message
    messageLabel.font = .systemFont(ofSize: 13)
    messageLabel.textAlignment = .center
    messageLabel.numberOfLines = 0
    if title != nil { box.addSubview(titleLabel) }
    if message != nil { box.addSubview(messageLabel) }
    for field in textFields { box.addSubview(field) }
    if hasCancel {
      cancelBox.backgroundColor = .white
      cancelBox.layer.cornerRadius = 14
      addSubview(cancelBox)
    }
    for action in actions {
      let button = Button(type: .system)
      button.setTitle(action.title, for: .normal)
      button.titleLabel?.font = .systemFont(
        ofSize: 17, weight: action.style == .cancel ? .semibold : .regular)
      if action.style == .destructive { button.setTitleColor(.systemRed, for: .normal) }
      let name = (action.title ?? "").lowercased().split(separator: " ").joined(separator: "-")
      button.accessibilityIdentifier = "alert-\(name)"
      buttons.append(button)
      (hasCancel && action === actions.last ? cancelBox : box).addSubview(button)
    }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let width = style == .alert ? Self.alertWidth : max(0, bounds.width - 16)
    let textWidth = max(0, width - 32)
    var y: CGFloat = 0
    for label in [titleLabel, messageLabel] where label.superview === box {
      y += label === titleLabel ? 20 : 4
      let height = label.sizeThatFits(CGSize(width: textWidth, height: 0)).height
      label.frame = CGRect(x: 16, y: y, width: textWidth, height: height)
      y += height
    }
    // Fields stand under the texts, 8 points apart, as wide as the texts.
    for (index, field) in textFields.enumerated() {
      y += index == 0 ? (y > 0 ? 16 : 20) : 8
      field.frame = CGRect(x: 16, y: y, width: textWidth, height: Self.fieldHeight)
      y += Self.fieldHeight
    }
    if y > 0 { y += 20 }
    let rowHeight = style == .alert ? Self.buttonHeight : Self.sheetButtonHeight
    let stacked = hasCancel ? Array(buttons.dropLast()) : buttons
    if twoAcross {
      for (index, button) in stacked.enumerated() {
        button.frame = CGRect(x: CGFloat(index) * width / 2, y: y, width: width / 2, height: rowHeight)
      }
      y += rowHeight
    } else {
      for button in stacked {
        button.frame = CGRect(x: 0, y: y, width: width, height: rowHeight)
        y += rowHeight
      }
    }
    switch style {
    case .alert:
      box.frame = CGRect(
        x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - y) / 2).rounded(), width: width,
        height: y)
    case .actionSheet:
      let cancelHeight: CGFloat = hasCancel ? rowHeight + 8 : 0
      let bottom = bounds.height - safeAreaInsets.bottom - 8
      box.frame = CGRect(x: 8, y: bottom - cancelHeight - y, width: width, height: y)
      if hasCancel, let cancel = buttons.last {
        cancelBox.frame = CGRect(x: 8, y: bottom - rowHeight, width: width, height: rowHeight)
        cancel.frame = CGRect(x: 0, y: 0, width: width, height: rowHeight)
      }
    }
  }
}
