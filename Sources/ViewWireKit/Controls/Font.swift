public import Foundation

/// A font as far as the server needs one: a size and a weight (UIKit's `UIFont`).
///
/// The server lays text out without glyphs, so a font is what `TextMeasure` needs and what the
/// client needs to draw: both travel as the render keys `font` and `weight`.
public struct Font: Hashable, Sendable {
  /// How heavy the strokes are; the four weights the wire names.
  public enum Weight: String, Hashable, Sendable {
    /// The weights the wire carries, by the names it uses.
    case regular, medium, semibold, bold

    // UIKit's other weights, folded into the nearest one the wire carries, so seed code that
    // names them compiles and every client draws one of four weights.

    /// UIKit's ultra-light weight, drawn as regular.
    public static let ultraLight = Weight.regular
    /// UIKit's thin weight, drawn as regular.
    public static let thin = Weight.regular
    /// UIKit's light weight, drawn as regular.
    public static let light = Weight.regular
    /// UIKit's heavy weight, drawn as bold.
    public static let heavy = Weight.bold
    /// UIKit's black weight, drawn as bold.
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
  /// The alignments the wire's `align` carries, by the names it uses.
  case left, center, right
  /// UIKit's natural alignment: left for the scripts the demos use.
  public static let natural = TextAlignment.left
}

/// Measures text without fonts, by a rule every client can reproduce (PROTOCOL.md section 6,
/// "Text measurement").
///
/// The server computes layout but draws nothing, so it cannot know a client's glyph widths. It
/// uses a fixed rule instead: a character is an extended grapheme cluster (what a reader counts
/// as one character: "é" as e plus a combining accent, "❤️", a flag, a family joined by ZWJ), a
/// wide one (CJK, Hangul, fullwidth forms, emoji) is one em wide, any other half an em, and a
/// line is 1.2 em high. Counting clusters rather than code points keeps an emoji one glyph wide
/// however many code points spell it. Clients that draw with real fonts fit the text into the
/// box the server sent.
public enum TextMeasure {
  /// The width of one line of `text` at `size` points: its characters' widths added up.
  public static func width(of text: String, size: CGFloat) -> CGFloat {
    var halfEms = 0
    for character in text { halfEms += self.halfEms(character) }
    return points(halfEms, size)
  }

  /// The height of one line at `size` points.
  public static func lineHeight(_ size: CGFloat) -> CGFloat { (size * 1.2).rounded(.up) }

  /// The size of `text` broken into lines no wider than `maximumWidth`, showing at most `lines`
  /// lines (0 for any).
  ///
  /// Lines break at every `\n` (`\r\n` once). Words are separated by single spaces, half an em
  /// each; a word that does not fit after the words already on a line starts the next line, and
  /// a word wider than a whole line is broken between characters, each line taking as many as
  /// fit and at least one, so no line holds part of a character. The size is the widest shown
  /// line (at most `maximumWidth`, rounded up to a point) by the shown lines' height.
  ///
  /// - Parameters:
  ///   - text: the text to measure.
  ///   - size: the font's point size.
  ///   - maximumWidth: the widest a line may be; `.greatestFiniteMagnitude` (or any width not
  ///     above 0) wraps only at `\n`.
  ///   - lines: the most lines shown (0 for no limit), as a label's `numberOfLines`.
  public static func size(of text: String, size: CGFloat, maximumWidth: CGFloat, lines: Int) -> CGSize {
    guard !text.isEmpty else { return .zero }
    let limit = maximumWidth > 0 ? maximumWidth : .greatestFiniteMagnitude
    var widths = lineWidths(of: text, size: size, maximumWidth: limit)
    if lines > 0 { widths = Array(widths.prefix(lines)) }
    let widest = points(widths.max() ?? 0, size)
    return CGSize(width: min(widest, limit).rounded(.up), height: CGFloat(widths.count) * lineHeight(size))
  }

  /// The width of each line `text` breaks into, in half ems: counting whole half ems keeps the
  /// fit test free of rounding drift, so a client adding the same numbers breaks where we do.
  static func lineWidths(of text: String, size: CGFloat, maximumWidth: CGFloat) -> [Int] {
    func fits(_ halfEms: Int) -> Bool { points(halfEms, size) <= maximumWidth }
    var result: [Int] = []
    let paragraphs = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for paragraph in paragraphs {
      // The width of the line being filled, nil until a word is on it.
      var line: Int?
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        let wordWidth = word.reduce(0) { $0 + halfEms($1) }
        if let current = line, fits(current + 1 + wordWidth) {
          line = current + 1 + wordWidth
          continue
        }
        if let current = line { result.append(current) }
        // The word starts a line; one wider than a line breaks between characters.
        var current = 0
        var characters = 0
        for character in word {
          let width = halfEms(character)
          if characters > 0, !fits(current + width) {
            result.append(current)
            (current, characters) = (0, 0)
          }
          current += width
          characters += 1
        }
        line = current
      }
      result.append(line ?? 0)
    }
    return result
  }

  private static func points(_ halfEms: Int, _ size: CGFloat) -> CGFloat { CGFloat(halfEms) * size / 2 }

  /// A character's width in half ems: 2 for a wide one, else 1.
  private static func halfEms(_ character: Character) -> Int { isWide(character) ? 2 : 1 }

  /// Whether a character is one em wide: its first code point is wide, or it is an emoji
  /// presentation sequence (it holds U+FE0F, as "❤️" and "1️⃣" do), which clients draw as an emoji.
  static func isWide(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    return isWide(first) || character.unicodeScalars.contains("\u{FE0F}")
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F1E6...0x1F1FF, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
