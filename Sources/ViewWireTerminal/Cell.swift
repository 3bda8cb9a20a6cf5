/// One character cell of the terminal: what it shows and in which colours.
///
/// A wide character (a CJK ideograph, an emoji) takes two cells: the first holds the character,
/// the second is a `continuation` that shows nothing of its own. Writing the first cell moves the
/// terminal's cursor past both, which is how the diff writer treats them.
public struct Cell: Hashable, Sendable {
  /// The character shown (one extended grapheme cluster), a space for an empty cell, or the empty
  /// string for the right half of a wide character.
  public var character: String
  /// The text colour.
  public var foreground: RGB
  /// The cell's background colour.
  public var background: RGB
  /// Bold text (the `weight` values `semibold` and `bold`).
  public var bold: Bool
  /// Underlined text: the baseline of a one-row text field, which has no room for a box.
  public var underline: Bool

  /// A cell from its parts; by default an empty black-on-white cell.
  public init(
    _ character: String = " ", foreground: RGB = .black, background: RGB = .white, bold: Bool = false,
    underline: Bool = false
  ) {
    self.character = character
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.underline = underline
  }

  /// Whether this cell is the right half of a wide character.
  public var isContinuation: Bool { character.isEmpty }
}
