public import ViewWireProtocol

/// One frame of diffs for a client (PROTOCOL.md section 6), ready to encode.
///
/// Numbers and values are held as they are; the encoder writes their canonical text with the
/// same byte writers (`WireBytes`) the diff engine hashed them with, so hash and wire cannot drift,
/// and no line builds a string on its way out.
public struct Frame: Sendable, Equatable {
  /// The frame's number in the session, from 1.
  public var sequence: Int
  /// Whether the client empties its mirror first (a snapshot).
  public var isFull: Bool
  /// Lines in wire order: removes, then creates and moves, then layouts and shifts, then renders.
  public var operations: [Operation]
  /// The tree hash after the frame (section 7).
  public var hash: UInt64
  /// The number of views after the frame.
  public var viewCount: Int

  /// One diff line.
  public enum Operation: Sendable, Equatable {
    /// `remove ID`
    case remove(id: Int)
    /// `create ID CLASS PARENT INDEX`; parent nil for the root.
    case create(id: Int, className: String, parent: Int?, index: Int)
    /// `move ID PARENT INDEX`
    case move(id: Int, parent: Int, index: Int)
    /// `layout ID X Y W H`, written canonically.
    case layout(id: Int, x: Double, y: Double, width: Double, height: Double)
    /// `shift PARENT FROM COUNT DX DY`: children `from..<from+count` of `parent` move by the
    /// offset, given in whole thousandths (the exact arithmetic clients use).
    case shift(parent: Int, from: Int, count: Int, dx: Int64, dy: Int64)
    /// `render ID KEY=VALUE ...`; a nil value is written `none` and removes the property.
    case render(id: Int, properties: [(key: String, value: WireValue?)])

    /// Written by hand because `render`'s properties are tuples, which cannot conform to `Equatable`;
    /// properties compare in order, as they are sent.
    public static func == (lhs: Operation, rhs: Operation) -> Bool {
      switch (lhs, rhs) {
      case (.remove(let a), .remove(let b)): return a == b
      case (.create(let a, let b, let c, let d), .create(let e, let f, let g, let h)):
        return a == e && b == f && c == g && d == h
      case (.move(let a, let b, let c), .move(let d, let e, let f)): return a == d && b == e && c == f
      case (.layout(let a, let b, let c, let d, let e), .layout(let f, let g, let h, let i, let j)):
        return a == f && b == g && c == h && d == i && e == j
      case (.shift(let a, let b, let c, let d, let e), .shift(let f, let g, let h, let i, let j)):
        return a == f && b == g && c == h && d == i && e == j
      case (.render(let a, let b), .render(let c, let d)):
        return a == c && b.elementsEqual(d) { $0.key == $1.key && $0.value == $1.value }
      default: return false
      }
    }
  }

  /// Appends the frame's lines, each ending in LF, to `buffer`.
  public func encode(into buffer: inout [UInt8]) {
    buffer.appendASCII("frame ")
    buffer.appendDecimal(sequence)
    buffer.appendASCII(isFull ? " begin full\n" : " begin\n")
    for operation in operations {
      switch operation {
      case .remove(let id):
        buffer.appendASCII("remove")
        buffer.appendSpaced(id)
      case .create(let id, let className, let parent, let index):
        buffer.appendASCII("create")
        buffer.appendSpaced(id)
        buffer.append(UInt8(ascii: " "))
        buffer.appendUTF8(className)
        if let parent { buffer.appendSpaced(parent) } else { buffer.appendASCII(" -") }
        buffer.appendSpaced(index)
      case .move(let id, let parent, let index):
        buffer.appendASCII("move")
        buffer.appendSpaced(id)
        buffer.appendSpaced(parent)
        buffer.appendSpaced(index)
      case .layout(let id, let x, let y, let width, let height):
        buffer.appendASCII("layout")
        buffer.appendSpaced(id)
        buffer.appendSpaced(canonical: x)
        buffer.appendSpaced(canonical: y)
        buffer.appendSpaced(canonical: width)
        buffer.appendSpaced(canonical: height)
      case .shift(let parent, let from, let count, let dx, let dy):
        buffer.appendASCII("shift")
        buffer.appendSpaced(parent)
        buffer.appendSpaced(from)
        buffer.appendSpaced(count)
        buffer.appendSpaced(thousandths: dx)
        buffer.appendSpaced(thousandths: dy)
      case .render(let id, let properties):
        buffer.appendASCII("render")
        buffer.appendSpaced(id)
        for (key, value) in properties {
          buffer.append(UInt8(ascii: " "))
          buffer.appendUTF8(key)
          buffer.append(UInt8(ascii: "="))
          if let value { buffer.appendWireText(of: value) } else { buffer.appendASCII("none") }
        }
      }
      buffer.append(UInt8(ascii: "\n"))
    }
    buffer.appendASCII("frame ")
    buffer.appendDecimal(sequence)
    buffer.appendASCII(" end hash=")
    buffer.appendUTF8(FNV1a.hex(hash))
    buffer.appendASCII(" views=")
    buffer.appendDecimal(viewCount)
    buffer.append(UInt8(ascii: "\n"))
  }

  /// The frame's lines without terminators, for tests and logs.
  public var lines: [String] {
    var buffer: [UInt8] = []
    encode(into: &buffer)
    return String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

extension Array where Element == UInt8 {
  /// A space, then the number in decimal: the separator and field of every frame line.
  fileprivate mutating func appendSpaced(_ number: Int) {
    append(UInt8(ascii: " "))
    appendDecimal(number)
  }

  /// A space, then the number canonically.
  fileprivate mutating func appendSpaced(canonical number: Double) {
    append(UInt8(ascii: " "))
    appendCanonical(number)
  }

  /// A space, then a number of thousandths canonically.
  fileprivate mutating func appendSpaced(thousandths number: Int64) {
    append(UInt8(ascii: " "))
    appendCanonical(thousandths: number)
  }
}
