import Foundation
internal import Yams

/// The properties an interface file may set, by key, and how each value is read.
///
/// Keys are UIKit's property names where one exists (`backgroundColor`, `alpha`, `isHidden`...),
/// so a file reads like the Attributes inspector. A key the view's class does not have is an
/// error, never silently ignored: a typo in a file must not look like a working screen.
enum InterfaceProperties {
  struct Failure: Error {
    let message: String
  }

  static func apply(_ key: String, _ value: Node, to view: View) throws(Failure) {
    switch (key, view) {
    case ("frame", _): view.frame = try rect(value)
    case ("backgroundColor", _): view.backgroundColor = try color(value)
    case ("tintColor", _): view.tintColor = try color(value)
    case ("alpha", _): view.alpha = try number(value)
    case ("isHidden", _): view.isHidden = try bool(value)
    case ("clipsToBounds", _): view.clipsToBounds = try bool(value)
    case ("isUserInteractionEnabled", _): view.isUserInteractionEnabled = try bool(value)
    case ("tag", _): view.tag = Int(try number(value))
    case ("identifier", _): view.accessibilityIdentifier = try string(value)
    case ("cornerRadius", _): view.layer.cornerRadius = try number(value)
    case ("borderWidth", _): view.layer.borderWidth = try number(value)
    case ("borderColor", _): view.layer.borderColor = try color(value)

    case ("text", let label as Label): label.text = try string(value)
    case ("textColor", let label as Label): label.textColor = try color(value)
    case ("font", let label as Label): label.font = try font(value)
    case ("textAlignment", let label as Label): label.textAlignment = try alignment(value)
    case ("numberOfLines", let label as Label): label.numberOfLines = Int(try number(value))

    case ("title", let button as Button): button.setTitle(try string(value), for: .normal)
    case ("titleColor", let button as Button): button.setTitleColor(try color(value), for: .normal)

    case ("text", let field as TextField): field.text = try string(value)
    case ("placeholder", let field as TextField): field.placeholder = try string(value)
    case ("isSecureTextEntry", let field as TextField): field.isSecureTextEntry = try bool(value)
    case ("textColor", let field as TextField): field.textColor = try color(value)
    case ("font", let field as TextField): field.font = try font(value)
    case ("borderStyle", let field as TextField):
      let text = try string(value)
      guard let style = TextField.BorderStyle(rawValue: text) else {
        throw Failure(message: "'\(text)' is not a border style (none, line, bezel, roundedRect)")
      }
      field.borderStyle = style

    case ("isOn", let toggle as Switch): toggle.isOn = try bool(value)
    case ("minimumValue", let slider as Slider): slider.minimumValue = Float(try number(value))
    case ("maximumValue", let slider as Slider): slider.maximumValue = Float(try number(value))
    case ("value", let slider as Slider): slider.value = Float(try number(value))
    case ("image", let imageView as ImageView):
      let name = try string(value)
      guard let image = Image(named: name) else { throw Failure(message: "no image named '\(name)'") }
      imageView.image = image

    default:
      throw Failure(message: "\(type(of: view)) has no property '\(key)' an interface file can set")
    }
  }

  // MARK: Values

  static func string(_ node: Node) throws(Failure) -> String {
    guard let text = node.scalar?.string else { throw Failure(message: "expected text") }
    return text
  }

  static func number(_ node: Node) throws(Failure) -> CGFloat {
    guard let text = node.scalar?.string, let number = Double(text), number.isFinite else {
      throw Failure(message: "expected a number, got \(describe(node))")
    }
    return CGFloat(number)
  }

  static func bool(_ node: Node) throws(Failure) -> Bool {
    switch node.scalar?.string {
    case "true", "yes": return true
    case "false", "no": return false
    default: throw Failure(message: "expected true or false, got \(describe(node))")
    }
  }

  static func rect(_ node: Node) throws(Failure) -> CGRect {
    guard let items = node.sequence, items.count == 4 else {
      throw Failure(message: "expected [x, y, width, height], got \(describe(node))")
    }
    var numbers: [CGFloat] = []
    for item in items { numbers.append(try number(item)) }
    return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }

  static let namedColors: [String: Color] = [
    "black": .black, "darkGray": .darkGray, "gray": .gray, "lightGray": .lightGray, "white": .white,
    "clear": .clear, "red": .red, "green": .green, "blue": .blue, "yellow": .yellow, "orange": .orange,
    "purple": .purple, "systemBlue": .systemBlue, "systemGreen": .systemGreen, "systemRed": .systemRed,
  ]

  /// A colour: a name from `namedColors`, or `#RRGGBB` / `#RRGGBBAA`.
  static func color(_ node: Node) throws(Failure) -> Color {
    let text = try string(node)
    if let named = namedColors[text] { return named }
    let hex = text.dropFirst()
    guard text.hasPrefix("#"), hex.count == 6 || hex.count == 8, let bits = UInt32(hex, radix: 16) else {
      throw Failure(message: "'\(text)' is not a colour (a name such as red, or #RRGGBB or #RRGGBBAA)")
    }
    let rgba = hex.count == 6 ? bits << 8 | 0xff : bits
    func component(_ shift: UInt32) -> CGFloat { CGFloat((rgba >> shift) & 0xff) / 255 }
    return Color(red: component(24), green: component(16), blue: component(8), alpha: component(0))
  }

  /// A font: `{size: 17, weight: semibold}`; the weight is optional.
  static func font(_ node: Node) throws(Failure) -> Font {
    guard let mapping = node.mapping, let sizeNode = mapping["size"] else {
      throw Failure(message: "expected {size: N, weight: W}")
    }
    let size = try number(sizeNode)
    var weight = Font.Weight.regular
    if let weightNode = mapping["weight"] {
      let text = try string(weightNode)
      guard let parsed = Font.Weight(rawValue: text) else {
        throw Failure(message: "'\(text)' is not a weight (regular, medium, semibold, bold)")
      }
      weight = parsed
    }
    return .systemFont(ofSize: size, weight: weight)
  }

  static func alignment(_ node: Node) throws(Failure) -> TextAlignment {
    let text = try string(node)
    guard let alignment = TextAlignment(rawValue: text) else {
      throw Failure(message: "'\(text)' is not an alignment (left, center, right)")
    }
    return alignment
  }

  private static func describe(_ node: Node) -> String {
    node.scalar.map { "'\($0.string)'" } ?? "a list or mapping"
  }
}
