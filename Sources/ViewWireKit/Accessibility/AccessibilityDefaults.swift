public import ViewWireProtocol

/// What a client computes about a view's accessibility from its class and its other render
/// keys, by the table of PROTOCOL.md section 14 ("Accessibility").
///
/// The kit uses it twice: with the kit class a view is (a `Label`, or an app's subclass of it),
/// it gives UIKit's defaults for the view; with the class name the wire shows, it gives what a
/// client will assume. The server sends an `a11y...` key only where the view's value differs
/// from the second, so a screen of standard controls costs no byte more than before.
public struct AccessibilityDefaults: Equatable, Sendable {
  /// Whether the view is an element.
  public var isElement: Bool
  /// The label, nil for none.
  public var label: String?
  /// The value, nil for none.
  public var value: String?
  /// The traits, `notEnabled` included while `enabled` is false.
  public var traits: AccessibilityTraits

  /// The classes the table names; every other class is a plain view.
  public static let classes: Set<String> = [
    "Label", "Button", "TextField", "TextView", "Switch", "Slider", "Stepper",
    "SegmentedControl", "ProgressView", "ImageView",
  ]

  /// The defaults of a view of class `className` whose render property `key` is `property(key)`.
  public init(className: String, property: (String) -> WireValue?) {
    func string(_ key: String) -> String? {
      if case .string(let text)? = property(key) { return text }
      return nil
    }
    func number(_ key: String, _ absent: Double) -> Double {
      if case .number(let value)? = property(key) { return value }
      return absent
    }
    // Every class of the table but `ImageView` is an element (`classes`), decided in the
    // switch: hashing the name into the set cost more than the rest of the defaults.
    isElement = true
    label = nil
    value = nil
    traits = []
    switch className {
    case "Label":
      label = string("text")
      traits = .staticText
    case "Button":
      label = string("text")
      traits = .button
    case "TextField":
      label = string("placeholder")
      value = string("text")
    case "TextView":
      value = string("text")
    case "Switch":
      value = property("on") == .bool(true) ? "1" : "0"
      traits = .button
    case "Slider":
      value = Self.percentage(number("value", 0), min: number("min", 0), max: number("max", 1))
      traits = .adjustable
    case "Stepper":
      value = property("value").map(\.wireText) ?? "0"
      traits = .adjustable
    case "SegmentedControl":
      let titles = (string("segments") ?? "").split(separator: "\n", omittingEmptySubsequences: false)
      let selected = Int(exactly: number("selected", -1).rounded(.towardZero)) ?? -1
      if string("segments")?.isEmpty == false, selected >= 0, selected < titles.count {
        value = String(titles[selected])
      }
    case "ProgressView":
      value = Self.percentage(number("progress", 0), min: 0, max: 1)
      traits = .updatesFrequently
    case "ImageView":
      isElement = false
      traits = .image
    default:
      isElement = false
    }
    if property("enabled") == .bool(false) { traits.insert(.notEnabled) }
  }

  /// The default label alone, as `init(className:property:)` sets it: for a view whose
  /// accessibility label was all that changed (a test holds the two to the same answers).
  public static func label(className: String, property: (String) -> WireValue?) -> String? {
    // By length first, as `depend(on:)`: a class without a default label (the gallery's image
    // view, named on every toggle) was compared with each name in turn.
    let key: String
    switch className.utf8.count {
    case 5 where className == "Label": key = "text"
    case 6 where className == "Button": key = "text"
    case 9 where className == "TextField": key = "placeholder"
    default: return nil
    }
    if case .string(let text)? = property(key) { return text }
    return nil
  }

  /// The default value alone, as `init(className:property:)` sets it: for a view whose
  /// accessibility value was all that changed (the dragged square's, once a drag). Only the
  /// classes below have a default value, so the others skip the rest of the defaults.
  public static func value(className: String, property: (String) -> WireValue?) -> String? {
    // By length first, as `label`: most classes have none (the dragged square is a plain view).
    let named: Bool =
      switch className.utf8.count {
      case 6: className == "Switch" || className == "Slider"
      case 7: className == "Stepper"
      case 8: className == "TextView"
      case 9: className == "TextField"
      case 12: className == "ProgressView"
      case 16: className == "SegmentedControl"
      default: false
      }
    return named ? AccessibilityDefaults(className: className, property: property).value : nil
  }

  /// Whether the defaults read render property `key`, for some class: a view that sends
  /// `a11y...` keys works them out again when such a key changes, and only then (an image view's
  /// `image` or a view's `bg` changes none of them).
  public static func depend(on key: String) -> Bool {
    // By length first: every render property set asks (a label's text, an image view's image),
    // and a switch over the ten names compared the key with each in turn. The names are lowercase
    // ASCII letters, which no other string equals, so a key of another length is none of them.
    switch key.utf8.count {
    case 2: key == "on"
    case 3: key == "min" || key == "max"
    case 4: key == "text"
    case 5: key == "value"
    case 7: key == "enabled"
    case 8: key == "segments" || key == "selected" || key == "progress"
    case 11: key == "placeholder"
    default: false
    }
  }

  /// The defaults of `view` as a client sees it (its wire class) or as UIKit does (its kit
  /// class).
  package init(_ view: View, className: String) {
    self.init(className: className) { view.renderProperties[$0] }
  }

  /// `round(100 × (value - min) / (max - min))` and `%`, rounded half up, in that order in
  /// double arithmetic, clamped to 0...100; `0%` when the range is empty (section 14).
  static func percentage(_ value: Double, min: Double, max: Double) -> String {
    guard max != min else { return "0%" }
    let share = (value - min) / (max - min) * 100
    let rounded = (share + 0.5).rounded(.down)
    guard rounded.isFinite else { return "0%" }
    return "\(Int(Swift.min(100, Swift.max(0, rounded))))%"
  }
}
