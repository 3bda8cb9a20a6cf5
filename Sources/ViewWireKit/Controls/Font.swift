public import Foundation

/// A font as far as the server needs one: a size and a weight (UIKit's `UIFont`).
///
/// The server lays text out without glyphs, so a font is what `TextMeasure` needs and what the
/// client needs to draw: both travel as the render keys `font` and `weight`.
public struct Font: Hashable, Sendable {
  /// How heavy the strokes are; the four weights the wire names.
  public enum Weight: String, Hashable, Sendable {
    case regular, medium, semibold, bold

    // UIKit's other weights, folded into the nearest one the wire carries.
    public static let ultraLight = Weight.regular
    public static let thin = Weight.regular
    public static let light = Weight.regular
    public static let heavy = Weight.bold
    public static let black = Weight.bold
  }

  /// The point size.
  public var pointSize: CGFloat
  /// The stroke weight; it travels as `weight` but does not change `TextMeasure`'s widths, so
  /// bold text measures as regular text does on every client.
  public var weight: Weight

  /// Creates a font of `size` points; prefer `systemFont(ofSize:weight:)`, UIKit's spelling.
  public init(size: CGFloat, weight: Weight = .regular) {
    pointSize = size
    self.weight = weight
  }

  /// The system font, as `UIFont.systemFont(ofSize:weight:)`.
  public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> Font {
    Font(size: size, weight: weight)
  }

  /// The bold system font, as `UIFont.boldSystemFont(ofSize:)`.
  public static func boldSystemFont(ofSize size: CGFloat) -> Font { Font(size: size, weight: .bold) }

  /// The size UIKit uses for body text and controls.
  public static let systemFontSize: CGFloat = 17

  /// The distance between baselines of consecutive lines.
  public var lineHeight: CGFloat { TextMeasure.lineHeight(pointSize) }
}

/// How text is aligned in its box (UIKit's `NSTextAlignment`).
public enum TextAlignment: String, Hashable, Sendable {
  case left, center, right
  /// UIKit's natural alignment: left for the scripts the demos use.
  public static let natural = TextAlignment.left
}

/// Measures text without fonts, by a rule every client can reproduce.
///
/// The server computes layout but draws nothing, so it cannot know a client's glyph widths. It
/// uses a fixed rule instead: a wide character (CJK, fullwidth forms, emoji) is one em wide,
/// any other half an em, and a line is 1.2 em high. Clients that draw with real fonts fit the
/// text into the box the server sent.
public enum TextMeasure {
  /// The width of one line of `text` at `size` points.
  public static func width(of text: String, size: CGFloat) -> CGFloat {
    var ems: CGFloat = 0
    for scalar in text.unicodeScalars {
      ems += isWide(scalar) ? 1 : 0.5
    }
    return ems * size
  }

  /// The height of one line at `size` points.
  public static func lineHeight(_ size: CGFloat) -> CGFloat { (size * 1.2).rounded(.up) }

  /// The size of `text` broken into lines no wider than `maximumWidth`, at most `lines` lines
  /// (0 for any); words wrap at spaces, and a word longer than a line is broken anywhere.
  public static func size(of text: String, size: CGFloat, maximumWidth: CGFloat, lines: Int) -> CGSize {
    guard !text.isEmpty else { return .zero }
    var lineCount = 0
    var widest: CGFloat = 0
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current: CGFloat = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        let wordWidth = width(of: String(word), size: size)
        let spaced = current == 0 ? wordWidth : current + size * 0.5 + wordWidth
        if spaced <= maximumWidth || current == 0 {
          current = spaced
        } else {
          widest = max(widest, current)
          lineCount += 1
          current = wordWidth
        }
        while current > maximumWidth, maximumWidth > 0 {
          widest = maximumWidth
          lineCount += 1
          current -= maximumWidth
        }
      }
      widest = max(widest, current)
      lineCount += 1
    }
    if lines > 0 { lineCount = min(lineCount, lines) }
    return CGSize(
      width: min(widest, maximumWidth).rounded(.up), height: CGFloat(lineCount) * lineHeight(size))
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
