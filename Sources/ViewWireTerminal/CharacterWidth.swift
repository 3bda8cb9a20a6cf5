/// How many cells a character takes: two for a wide one, one otherwise.
///
/// The rule is PROTOCOL.md's "Text measurement" rule (a character is wide when its first code
/// point lies in the CJK, Hangul, fullwidth, flag and emoji ranges, or when it holds U+FE0F), so
/// a text's width in cells is its width in half-ems, and a line the server measured as fitting
/// fits in the cells. It agrees with `wcwidth` on those ranges, which terminals use.
public enum CharacterWidth {
  /// The ranges of first code points that make a character wide.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F1E6...0x1F1FF, 0x1F300...0x1FAFF, 0x20000...0x3FFFD,
  ]

  /// 2 for a wide character, 1 for any other.
  public static func cells(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first?.value else { return 1 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    return wideRanges.contains { $0.contains(first) } ? 2 : 1
  }

  /// The width of a line of text in cells.
  public static func cells(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + cells($1) }
  }
}
