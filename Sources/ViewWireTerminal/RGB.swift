public import ViewWireProtocol

/// An opaque colour as a terminal cell shows it: 8 bits a channel, no alpha.
///
/// Alpha exists only on the way in: a translucent colour is blended over what the cell already
/// holds (`blended(_:)`), so a cell always knows the colour it shows, which is what a diff compares
/// and what the terminal is told.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0 to 255.
  public var red: UInt8
  /// Green, 0 to 255.
  public var green: UInt8
  /// Blue, 0 to 255.
  public var blue: UInt8

  /// A colour from its channels.
  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// White, the window's usual background and the screen's before any frame.
  public static let white = RGB(255, 255, 255)
  /// Black, the default text colour.
  public static let black = RGB(0, 0, 0)

  /// `rrggbb` in lowercase hex, as snapshots and pyte write colours.
  public var description: String {
    let digits = Array("0123456789abcdef")
    return String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
  }

  /// `colour` painted over this one with its alpha further scaled by `opacity` (the product of
  /// the view's and its ancestors' `alpha`), rounded to the nearest channel value.
  public func blended(_ colour: WireColor, opacity: Double = 1) -> RGB {
    let alpha = Double(colour.alpha) / 255 * max(0, min(1, opacity))
    func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
      UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
    }
    return RGB(mix(colour.red, red), mix(colour.green, green), mix(colour.blue, blue))
  }

  /// The nearest of the xterm 256-colour palette's 6×6×6 cube and 24 greys (indices 16-255), for
  /// terminals without 24-bit colour. The 16 system colours are left out because each terminal
  /// chooses its own.
  public var paletteIndex: Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearestLevel(_ value: UInt8) -> Int {
      var best = 0
      for index in 1..<levels.count where abs(levels[index] - Int(value)) < abs(levels[best] - Int(value)) {
        best = index
      }
      return best
    }
    let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
    let cube = RGB(UInt8(levels[r]), UInt8(levels[g]), UInt8(levels[b]))
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let greyStep = max(0, min(23, (average - 8 + 5) / 10))
    let greyLevel = UInt8(8 + greyStep * 10)
    let grey = RGB(greyLevel, greyLevel, greyLevel)
    return distance(to: grey) < distance(to: cube) ? 232 + greyStep : 16 + 36 * r + 6 * g + b
  }

  private func distance(to other: RGB) -> Int {
    let dr = Int(red) - Int(other.red)
    let dg = Int(green) - Int(other.green)
    let db = Int(blue) - Int(other.blue)
    return dr * dr + dg * dg + db * db
  }
}
