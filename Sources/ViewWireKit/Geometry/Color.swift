public import Foundation
public import ViewWireProtocol

/// An sRGB colour (UIKit's `UIColor`), with the named colours seed code uses.
///
/// Components are kept as `CGFloat` like UIKit's, and quantised to 8 bits only when they travel,
/// so arithmetic in app code behaves as on iOS.
///
/// A colour may be **dynamic** (`init(dynamicProvider:)`, and the system colours such as `label` and
/// `systemBackground`): it is resolved for the traits of the view that shows it, and sent again
/// when they change (PROTOCOL.md section 3), so the wire only ever carries concrete colours.
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

  /// The closure of a dynamic colour, nil for a fixed one. A class, so that two copies of one
  /// dynamic colour compare equal by identity (closures cannot be compared).
  private let provider: DynamicProvider?

  /// Holds a dynamic colour's closure.
  private final class DynamicProvider: Sendable {
    let resolve: @Sendable (TraitCollection) -> Color
    init(_ resolve: @escaping @Sendable (TraitCollection) -> Color) { self.resolve = resolve }
  }

  /// A colour that is `provider`'s answer for the traits it is shown with (UIKit's
  /// `UIColor(dynamicProvider:)`): an app's own light and dark pair. Its components are those of
  /// its light resolution, for code that reads them without traits.
  public init(dynamicProvider provider: @escaping @Sendable (TraitCollection) -> Color) {
    let light = provider(TraitCollection()).resolvedColor(with: TraitCollection())
    self.red = light.red
    self.green = light.green
    self.blue = light.blue
    self.alpha = light.alpha
    self.provider = DynamicProvider(provider)
  }

  /// A colour that is `light` in the light appearance and `dark` in the dark one, the common case
  /// of `init(dynamicProvider:)`.
  public init(light: Color, dark: Color) {
    self.init { $0.userInterfaceStyle == .dark ? dark : light }
  }

  /// This colour, its provider (if dynamic) made immortal (`makeImmortal`): for the system
  /// colours, held by statics and copied on both event loops' threads, whose retains and
  /// releases would otherwise write one count from both.
  func immortalized() -> Color {
    if let provider { makeImmortal(provider) }
    return self
  }

  /// Whether the colour depends on the traits it is shown with.
  public var isDynamic: Bool { provider != nil }

  /// The fixed colour this one is for `traits` (UIKit's `resolvedColor(with:)`); a fixed colour
  /// is itself.
  public func resolvedColor(with traits: TraitCollection) -> Color {
    guard let provider else { return self }
    return provider.resolve(traits).resolvedColor(with: traits)
  }

  /// Equal when the components are and both are fixed, or both come from the same provider.
  public static func == (lhs: Color, rhs: Color) -> Bool {
    lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
      && lhs.provider === rhs.provider
  }

  /// Hashes the components (equal colours have equal components).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
  }

  /// A colour from its sRGB components, each 0 to 1 like `UIColor(red:green:blue:alpha:)`; opaque unless
  /// `alpha` says otherwise.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.provider = nil
  }

  /// A grey: `white` 0 is black, 1 is white.
  public init(white: CGFloat, alpha: CGFloat = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// The same colour with another alpha; a dynamic colour stays dynamic, each resolution taking
  /// that alpha.
  public func withAlphaComponent(_ alpha: CGFloat) -> Color {
    guard let provider else { return Color(red: red, green: green, blue: blue, alpha: alpha) }
    return Color { provider.resolve($0).withAlphaComponent(alpha) }
  }

  /// The colour as the wire carries it; a dynamic colour is resolved for
  /// `TraitCollection.current`, the traits of the window whose code is running.
  public var wireColor: WireColor {
    if provider != nil { return resolvedColor(with: TraitCollection.current).wireColor }
    return componentsWireColor
  }

  /// The wire colour of a fixed colour, nil for a dynamic one (which needs traits): read from a
  /// colour where it is stored, without copying it.
  var fixedWireColor: WireColor? { provider == nil ? componentsWireColor : nil }

  /// The components, quantised as the wire carries them.
  private var componentsWireColor: WireColor {
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
}
