public import Foundation

extension Font {
  /// The semantic text styles of Dynamic Type (UIKit's `UIFont.TextStyle`).
  public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    /// The styles, largest first, as Apple's Dynamic Type table lists them.
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1,
      caption2

    /// The point size for each content size category, `xs` to `xxxl` then `ax1` to `ax5`:
    /// Apple's Dynamic Type sizes for iOS (Human Interface Guidelines, Typography,
    /// Specifications), repeated in PROTOCOL.md section 14.
    var sizes: [CGFloat] {
      switch self {
      case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
      case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
      case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
      case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
      case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
      case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
      case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
      case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
      case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
      case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
      }
    }

    /// The point size of this style at `category`.
    public func pointSize(for category: ContentSizeCategory) -> CGFloat {
      sizes[ContentSizeCategory.allCases.firstIndex(of: category)!]
    }

    /// Semibold for `headline` (which has body's size and needs another way to stand out), regular
    /// for the others, as in Apple's table.
    public var weight: Weight { self == .headline ? .semibold : .regular }
  }

  /// The font for `style` at the content size category of `TraitCollection.current`: the
  /// traits of the client whose code is running (UIKit's `preferredFont(forTextStyle:)`).
  public static func preferredFont(forTextStyle style: TextStyle) -> Font {
    preferredFont(forTextStyle: style, compatibleWith: TraitCollection.current)
  }

  /// The font for `style` at `traits`' content size category (nil: the defaults, `large`).
  public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traits: TraitCollection?)
    -> Font
  {
    let category = (traits ?? TraitCollection()).preferredContentSizeCategory
    var font = Font(size: style.pointSize(for: category), weight: style.weight)
    font.textStyle = style
    return font
  }
}
