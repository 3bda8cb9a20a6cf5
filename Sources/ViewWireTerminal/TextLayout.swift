/// Lays text out in cells: breaks, wraps and truncation, by PROTOCOL.md's measuring rule.
///
/// With one cell per half-em the protocol's rule becomes a rule on cells: a character takes one
/// cell, a wide one two, a space one. Lines break at every `\n` (a `\r\n` pair once); when the
/// text wraps, words (what lies between single spaces) go on the current line while it has room
/// for the space and the word, and a word wider than the line is broken between characters. When
/// text is left over (more lines than `maxLines` or than the rows, or a line wider than the
/// cells of a text that does not wrap), the last line shown ends with `…`, as UIKit truncates the
/// tail.
public enum TextLayout {
  /// The lines of `text` shown in `width` cells and at most `maxLines` lines (0 for no cap).
  public static func lines(_ text: String, width: Int, maxLines: Int, wraps: Bool) -> [String] {
    guard width > 0 else { return text.isEmpty ? [] : ["…"] }
    // "\r\n" is one Character in Swift, so it is one break.
    var paragraphs = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
      .map(String.init)
    if paragraphs.isEmpty { paragraphs = [""] }
    var result: [String] = []
    var truncated = false
    for paragraph in paragraphs {
      let broken = wraps ? wrap(paragraph, width: width) : [paragraph]
      for line in broken {
        if maxLines > 0 && result.count == maxLines {
          truncated = true
          break
        }
        result.append(line)
      }
      if truncated { break }
    }
    for index in result.indices where CharacterWidth.cells(result[index]) > width {
      result[index] = truncatedTail(result[index], width: width)
    }
    if truncated, let last = result.indices.last {
      result[last] = truncatedTail(result[last], width: width)
    }
    return result
  }

  /// The line as it is when it fits in `width` cells, else `truncatedTail`.
  public static func ellipsized(_ line: String, width: Int) -> String {
    CharacterWidth.cells(line) > width ? truncatedTail(line, width: width) : line
  }

  /// Section 14's tail truncation: the longest prefix of whole characters that leaves room for
  /// `…` (one cell) in `width`, then `…`, appended even when the line fits; `…` alone when not
  /// even it fits.
  public static func truncatedTail(_ line: String, width: Int) -> String {
    var result = ""
    var used = 0
    for character in line {
      let span = CharacterWidth.cells(character)
      if used + span > width - 1 { break }
      result.append(character)
      used += span
    }
    return result + "…"
  }

  /// The tail of `line` that fits in `width` cells: a focused field shows the end it types at.
  public static func tail(_ line: String, width: Int) -> String {
    var result: [Character] = []
    var used = 0
    for character in line.reversed() {
      let span = CharacterWidth.cells(character)
      if used + span > width { break }
      result.append(character)
      used += span
    }
    return String(result.reversed())
  }

  /// One paragraph wrapped by the protocol's rule.
  static func wrap(_ paragraph: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    var isFirstWord = true
    for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
      let wordWidth = CharacterWidth.cells(word)
      if isFirstWord {
        isFirstWord = false
      } else if currentWidth + 1 + wordWidth <= width {
        current += " " + word
        currentWidth += 1 + wordWidth
        continue
      } else {
        lines.append(current)
        current = ""
        currentWidth = 0
      }
      if wordWidth <= width {
        current = String(word)
        currentWidth = wordWidth
        continue
      }
      // A word wider than the line: as many characters as fit on each line, at least one.
      for character in word {
        let span = CharacterWidth.cells(character)
        if currentWidth + span > width && currentWidth > 0 {
          lines.append(current)
          current = ""
          currentWidth = 0
        }
        current.append(character)
        currentWidth += span
      }
    }
    lines.append(current)
    return lines
  }
}
