extension ClientCommand {
  /// The command a line states, when the line is one of the forms scripted clients send on every
  /// input (`ping`, `tap @IDENT`, `tap #ID`, `tap X Y`, `drag X1 Y1 X2 Y2`, `down`/`move`/`up X Y`),
  /// read straight from its bytes; nil for every other line, which `parse(_:)` reads.
  ///
  /// The general path makes a `String` per token, a token array, an argument reader and a
  /// `String` per number, then compares the verb against the others by string: a few thousand
  /// instructions for a `drag`, more than the redis `PING` the server is measured against
  /// (issue 14, "Cheaper per input"). Here a line of lowercase verb, printable ASCII words
  /// without `"` or `=` (so no string, option or `n=` number) and exactly its arguments is read
  /// in one pass, and only an identifier becomes a `String`.
  ///
  /// Whatever this returns, `parse(_:)` returns too for the same line (a test checks the two on
  /// a corpus of lines): anything it is not sure of, an error among them, is left to `parse`,
  /// so the replies, error messages included, are the general path's.
  public static func parseCommonForm(_ line: UnsafeBufferPointer<UInt8>) -> ClientCommand? {
    var words = WordRanges()
    guard words.split(line) else { return nil }
    let verb = words.first
    switch verb.count {
    case 4 where words.count == 1 && line.matches(verb, "ping"):
      return .ping
    case 3 where line.matches(verb, "tap"):
      if words.count == 2 { return tapTarget(line, words.second) }
      guard words.count == 3, line[words.second.lowerBound] != UInt8(ascii: "#"),
        line[words.second.lowerBound] != UInt8(ascii: "@"),
        let (x, y) = point(line, words.second, words.third)
      else { return nil }
      return .tap(.point(x: x, y: y), count: 1)
    case 4 where words.count == 5 && line.matches(verb, "drag"):
      guard let (fromX, fromY) = point(line, words.second, words.third),
        let (toX, toY) = point(line, words.fourth, words.fifth)
      else { return nil }
      return .drag(fromX: fromX, fromY: fromY, toX: toX, toY: toY, steps: 4)
    case 4 where words.count == 3 && line.matches(verb, "down"):
      guard let (x, y) = point(line, words.second, words.third) else { return nil }
      return .down(x: x, y: y)
    case 4 where words.count == 3 && line.matches(verb, "move"):
      guard let (x, y) = point(line, words.second, words.third) else { return nil }
      return .move(x: x, y: y)
    case 2 where words.count == 3 && line.matches(verb, "up"):
      guard let (x, y) = point(line, words.second, words.third) else { return nil }
      return .up(x: x, y: y)
    default:
      return nil
    }
  }

  /// `tap @IDENT` or `tap #ID` as the general path reads them; nil for any other word, and for a
  /// word the general path refuses (`@` alone, `#0`, `#x`, an id past `Int`).
  private static func tapTarget(_ line: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> ClientCommand? {
    guard word.count > 1 else { return nil }
    let rest = UnsafeBufferPointer(rebasing: line[(word.lowerBound + 1)..<word.upperBound])
    switch line[word.lowerBound] {
    case UInt8(ascii: "@"):
      return .tap(.identifier(String(printableASCII: rest)), count: 1)
    case UInt8(ascii: "#"):
      // At most 18 digits, so the sum cannot overflow; longer ids are left to `Int(_:)`.
      guard rest.count <= 18 else { return nil }
      var id = 0
      for byte in rest {
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        id = id * 10 + Int(digit)
      }
      return id > 0 ? .tap(.id(id), count: 1) : nil
    default:
      return nil
    }
  }

  /// Two coordinates as `Arguments.point` reads them (numbers from -1000000 to 1000000); nil
  /// where it would throw.
  private static func point(_ line: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ y: Range<Int>)
    -> (Double, Double)?
  {
    guard let x = coordinate(line, x), let y = coordinate(line, y) else { return nil }
    return (x, y)
  }

  private static func coordinate(_ line: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Double? {
    guard let value = CanonicalNumber.parse(utf8: UnsafeBufferPointer(rebasing: line[word])),
      (-1_000_000...1_000_000).contains(value)
    else { return nil }
    return value
  }
}

/// The words of a line of at most five, as byte ranges: no array, no `String`.
private struct WordRanges {
  var first = 0..<0
  var second = 0..<0
  var third = 0..<0
  var fourth = 0..<0
  var fifth = 0..<0
  var count = 0

  /// Splits `line` on spaces and tabs; false when a byte is outside printable ASCII (blanks
  /// aside) or is `"` or `=`, when there is no word, or when there are more than five.
  mutating func split(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let bytes = line.baseAddress else { return false }
    let end = line.count
    var index = 0
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        index += 1
        continue
      }
      let start = index
      while index < end {
        let byte = bytes[index]
        // Printable and not a space (0x21 to 0x7E), and neither `"` nor `=`: a word's byte.
        if byte &- 0x21 < 0x5E, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "=") {
          index += 1
          continue
        }
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { break }
        return false
      }
      switch count {
      case 0: first = start..<index
      case 1: second = start..<index
      case 2: third = start..<index
      case 3: fourth = start..<index
      case 4: fifth = start..<index
      default: return false
      }
      count += 1
    }
    return count > 0
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes in `range` are `word`'s, a lowercase verb: the general path lowercases
  /// the verb, so a capital takes that path.
  fileprivate func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
    guard range.count == word.utf8CodeUnitCount, let base = baseAddress else { return false }
    let actual = base + range.lowerBound
    let expected = word.utf8Start
    var offset = 0
    while offset < range.count {
      if actual[offset] != expected[offset] { return false }
      offset += 1
    }
    return true
  }
}

extension String {
  /// A string of `bytes`, which the caller has checked are ASCII (so valid UTF-8).
  ///
  /// `String(decoding:as:)` validates and repairs whatever it is given, about 300 instructions
  /// for a command's six bytes; a string of up to 15 ASCII bytes initialised in place is made in
  /// the string itself with no such pass (longer ones are validated as before). Every line and
  /// every `tap @IDENT` identifier is made here.
  init(printableASCII bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else {
      self = ""
      return
    }
    self.init(unsafeUninitializedCapacity: bytes.count) { target in
      target.baseAddress!.initialize(from: source, count: bytes.count)
      return bytes.count
    }
  }
}
