public import Foundation
public import ViewWireProtocol

/// An sRGB colour (UIKit's `UIColor`), with the named colours seed code uses.
///
/// Components are kept as `CGFloat` like UIKit's, and quantised to 8 bits only when they travel,
/// so arithmetic in app code behaves as on iOS.
public struct Color: Hashable, Sendable {
  /// Red, 0 to 1. Values outside the range are allowed, as in UIKit's extended sRGB, and clamped only on the
  /// wire.
  public var red: CGFloat
  /// Green, 0 to 1; clamped only on the wire.
  public var green: CGFloat
  /// Blue, 0 to 1; clamped only on the wire.
  public var blue: CGFloat
  /// Opacity, 0 (clear) to 1 (opaque); clamped only on the wire.
  public var alpha: CGFloat

  /// A colour from its sRGB components, each 0 to 1 like `UIColor(red:green:blue:alpha:)`; opaque unless
  /// `alpha` says otherwise.
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

  /// Black, opaque.
  public static let black = Color(white: 0)
  /// UIKit's dark grey, a third white.
  public static let darkGray = Color(white: 1.0 / 3.0)
  /// UIKit's grey, half white.
  public static let gray = Color(white: 0.5)
  /// UIKit's light grey, two thirds white.
  public static let lightGray = Color(white: 2.0 / 3.0)
  /// White, opaque; the window's background.
  public static let white = Color(white: 1)
  /// Black with zero alpha, as UIKit's `clear`: a view with it shows what is behind.
  public static let clear = Color(white: 0, alpha: 0)
  /// Pure red.
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Pure green.
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Pure blue.
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Red and green at full, as UIKit's `yellow`.
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  /// Full red, half green, as UIKit's `orange`.
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  /// Half red, half blue, as UIKit's `purple`.
  public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
  /// iOS's light-mode system blue (#007aff), the default `tintColor` of every view.
  public static let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)
  /// iOS's light-mode system green (#34c759).
  public static let systemGreen = Color(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255)
  /// iOS's light-mode system red (#ff3b30).
  public static let systemRed = Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255)
  /// White: the kit has no dark mode, so the semantic colours keep their light-mode values.
  public static let systemBackground = Color.white
  /// Black, the light-mode colour of primary text.
  public static let label = Color.black
  /// iOS's light-mode secondary text colour, a grey at 60% alpha.
  public static let secondaryLabel = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
  /// iOS's light-mode placeholder colour, the secondary grey at 30% alpha.
  public static let placeholderText = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)
}
