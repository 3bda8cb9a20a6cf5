/// A render property's value as it travels on the wire (PROTOCOL.md section 6).
///
/// The view kit speaks in this vocabulary so that render properties need no translation between
/// the kit and the codec; the kit never encodes or sends anything itself.
public enum WireValue: Hashable, Sendable {
  /// A number; written in canonical form (three decimals at most).
  case number(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// A colour, written `#rrggbbaa`.
  case color(WireColor)
  /// A string, always written quoted.
  case string(String)

  /// Whether both are the same case with equal payloads, as the derived `==` had it (numbers
  /// compared as `Double`s). Written out because the derived one paired the two values in a
  /// tuple first, copying both (a retain and release of each string), 80 instructions a
  /// comparison, and a property's update and its frame line compare values several times.
  @inlinable
  public static func == (lhs: WireValue, rhs: WireValue) -> Bool {
    switch lhs {
    case .number(let left): if case .number(let right) = rhs { return left == right }
    case .bool(let left): if case .bool(let right) = rhs { return left == right }
    case .color(let left): if case .color(let right) = rhs { return left == right }
    case .string(let left): if case .string(let right) = rhs { return left == right }
    }
    return false
  }

  /// The value's exact wire text, which is also what the frame hash digests.
  public var wireText: String {
    var bytes: [UInt8] = []
    bytes.appendWireText(of: self)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// An sRGB colour with 8-bit channels, the precision the wire carries.
public struct WireColor: Hashable, Sendable {
  /// Red, 0 to 255.
  public var red: UInt8
  /// Green, 0 to 255.
  public var green: UInt8
  /// Blue, 0 to 255.
  public var blue: UInt8
  /// Opacity, 0 (clear) to 255 (opaque); written last on the wire.
  public var alpha: UInt8

  /// A colour from its channels; opaque unless `alpha` says otherwise.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// `#rrggbbaa` in lowercase hex.
  public var wireText: String { WireValue.color(self).wireText }

  /// Parses `#rrggbbaa` or `#rrggbb`; nil for anything else.
  public init?(wireText: some StringProtocol) {
    let bytes = Array(wireText.utf8)
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
    var channels: [UInt8] = []
    var index = 1
    while index < bytes.count {
      guard let high = Self.hexDigit(bytes[index]), let low = Self.hexDigit(bytes[index + 1]) else {
        return nil
      }
      channels.append(high << 4 | low)
      index += 2
    }
    self.init(
      red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
