public import Foundation
public import ViewWireProtocol

/// An sRGB colour (UIKit's `UIColor`), with the named colours seed code uses.
///
/// Components are kept as `CGFloat` like UIKit's, and quantised to 8 bits only when they travel,
/// so arithmetic in app code behaves as on iOS.
public struct Color: Hashable, Sendable {
  public var red: CGFloat
  public var green: CGFloat
  public var blue: CGFloat
  public var alpha: CGFloat

  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A grey: `white` 0 is black, 1 is white.
  public init(white: CGFloat, alpha: CGFloat = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// The same colour with another alpha.
  public func withAlphaComponent(_ alpha: CGFloat) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour as the wire carries it.
  public var wireColor: WireColor {
    func byte(_ component: CGFloat) -> UInt8 {
      UInt8((min(max(component, 0), 1) * 255).rounded())
    }
    return WireColor(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
  }

  public static let black = Color(white: 0)
  public static let darkGray = Color(white: 1.0 / 3.0)
  public static let gray = Color(white: 0.5)
  public static let lightGray = Color(white: 2.0 / 3.0)
  public static let white = Color(white: 1)
  public static let clear = Color(white: 0, alpha: 0)
  public static let red = Color(red: 1, green: 0, blue: 0)
  public static let green = Color(red: 0, green: 1, blue: 0)
  public static let blue = Color(red: 0, green: 0, blue: 1)
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
  public static let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)
  public static let systemGreen = Color(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255)
  public static let systemRed = Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255)
  public static let systemBackground = Color.white
  public static let label = Color.black
  public static let secondaryLabel = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
  public static let placeholderText = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)
}
