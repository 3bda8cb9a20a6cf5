import Foundation

/// iOS's semantic and system colours, each with its light and dark value (PROTOCOL.md section
/// 14, "Appearance, safe area and text size"), so an app that uses them is drawn right in both
/// appearances without a line of its own.
extension Color {
  /// A dynamic colour from two `#rrggbbaa` hex values, the form the spec's table lists; its
  /// provider is immortal, as the colour lives in a static that every thread reads.
  private static func system(_ light: UInt32, _ dark: UInt32) -> Color {
    func color(_ hex: UInt32) -> Color {
      Color(
        red: CGFloat(hex >> 24 & 0xff) / 255, green: CGFloat(hex >> 16 & 0xff) / 255,
        blue: CGFloat(hex >> 8 & 0xff) / 255, alpha: CGFloat(hex & 0xff) / 255)
    }
    return Color(light: color(light), dark: color(dark)).immortalized()
  }

  /// iOS's system blue (#007aff, #0a84ff in dark), the default `tintColor` of every view.
  public static let systemBlue = system(0x007a_ffff, 0x0a84_ffff)
  /// iOS's system green (#34c759, #30d158 in dark).
  public static let systemGreen = system(0x34c7_59ff, 0x30d1_58ff)
  /// iOS's system red (#ff3b30, #ff453a in dark).
  public static let systemRed = system(0xff3b_30ff, 0xff45_3aff)
  /// iOS's fourth system grey (#d1d1d6, #3a3a3c in dark): a selected table cell.
  public static let systemGray4 = system(0xd1d1_d6ff, 0x3a3a_3cff)
  /// The background of a screen: white in light, black in dark.
  public static let systemBackground = system(0xffff_ffff, 0x0000_00ff)
  /// The background of grouped content on `systemBackground` (#f2f2f7, #1c1c1e in dark).
  public static let secondarySystemBackground = system(0xf2f2_f7ff, 0x1c1c_1eff)
  /// Primary text: black in light, white in dark.
  public static let label = system(0x0000_00ff, 0xffff_ffff)
  /// Secondary text, a grey at 60% alpha (#3c3c43, #ebebf5 in dark).
  public static let secondaryLabel = system(0x3c3c_4399, 0xebeb_f599)
  /// Placeholder text, the secondary grey at 30% alpha.
  public static let placeholderText = system(0x3c3c_434d, 0xebeb_f54d)
  /// Thin separator lines (#3c3c43 at 29%, #545458 at 60% in dark).
  public static let separator = system(0x3c3c_434a, 0x5454_5899)
  /// The navigation bar's background: UIKit's light bar grey, and `secondarySystemBackground`'s
  /// dark value in dark, so the bar stands out from a black screen.
  public static let navigationBarBackground = system(0xf7f7_f7ff, 0x1c1c_1eff)
  /// The tab bar's background, as the navigation bar's.
  public static let tabBarBackground = system(0xf9f9_f9ff, 0x1c1c_1eff)
}
