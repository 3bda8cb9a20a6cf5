import ViewWireProtocol

/// One frame of diffs for a client (PROTOCOL.md section 6), held as its wire text.
///
/// The engine writes each line as it decides it, with the same byte writers (`WireBytes`) it
/// hashes the facts with, so hash and wire cannot drift. Keeping a list of line values instead
/// cost more than writing the lines: each render line held a list of its own, every value was
/// retained into it, and a frame of a thousand lines was taken apart again once encoded. Tests
/// and tools that want the lines as values parse them with `ServerLine`, as clients do.
public struct Frame: Sendable, Equatable {
  /// The frame's number in the session, from 1.
  public var sequence: Int
  /// Whether the client empties its mirror first (a snapshot).
  public var isFull: Bool
  /// The diff lines, each ending in LF, in wire order: removes, then creates and moves, then
  /// layouts and shifts, then renders.
  public var body: [UInt8]
  /// The tree hash after the frame (section 7).
  public var hash: UInt64
  /// The number of views after the frame.
  public var viewCount: Int

  /// Appends the frame, its `begin` and `end` lines around the body, to `buffer`.
  public func encode(into buffer: inout [UInt8]) {
    // One allocation for the whole frame rather than a doubling per size class on the way, but
    // still geometric, so frames queued one after another do not copy the buffer each time.
    let needed = buffer.count + body.count + 96
    if buffer.capacity < needed { buffer.reserveCapacity(max(needed, 2 * buffer.capacity)) }
    var lines = FrameLines(sequence: sequence, isFull: isFull)
    lines.writeBegin(to: &buffer)
    buffer.append(contentsOf: body)
    lines.writeEnd(hash: hash, viewCount: viewCount, to: &buffer)
  }

  /// The frame's lines without terminators, `begin` and `end` included, for tests and logs.
  public var lines: [String] {
    var buffer: [UInt8] = []
    encode(into: &buffer)
    return String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

/// A frame's `begin` and `end` lines, written around its body by `Frame.encode` and by
/// `DiffEngine.appendFrame(to:)`, which writes the body between them in place: one writer, so
/// both give the same bytes.
///
/// Each line is gathered on the stack and appended in one copy: written piece by piece, it was
/// ten array appends (issue 14, "Cheaper per input"). At most 38 and 80 bytes. The `end` line
/// starts as the `begin` line does: `frame N`, written once.
struct FrameLines {
  private var line = ScratchLine()
  /// The length of `frame N`.
  private let prefix: Int
  private let isFull: Bool

  /// The lines of frame `sequence`.
  @inline(__always)
  init(sequence: Int, isFull: Bool) {
    line.appendASCII("frame ")
    line.appendDecimal(sequence)
    prefix = line.count
    self.isFull = isFull
  }

  /// Appends `frame N begin` (`begin full` for a snapshot) and its LF.
  @inline(__always)
  mutating func writeBegin(to buffer: inout [UInt8]) {
    line.truncate(to: prefix)
    line.appendASCII(isFull ? " begin full\n" : " begin\n")
    line.write(to: &buffer)
  }

  /// Appends `frame N end hash=H views=V` and its LF.
  @inline(__always)
  mutating func writeEnd(hash: UInt64, viewCount: Int, to buffer: inout [UInt8]) {
    line.truncate(to: prefix)
    line.appendASCII(" end hash=")
    line.appendHex16(hash)
    line.appendASCII(" views=")
    line.appendDecimal(viewCount)
    line.append(UInt8(ascii: "\n"))
    line.write(to: &buffer)
  }
}

/// A `layout` line's numbers, kept as a value while a shift run may still replace the line.
///
/// In whole thousandths (`CanonicalNumber.thousandths`), rounded once for the hash term and the
/// line: each was rounded twice, for the term and again for the text.
struct LayoutLine {
  var id: Int
  var x: Int64
  var y: Int64
  var width: Int64
  var height: Int64
}

extension ScratchLine {
  /// A space, then a number of thousandths canonically.
  fileprivate mutating func appendSpaced(thousandths number: Int64) {
    append(UInt8(ascii: " "))
    appendCanonical(thousandths: number)
  }
}

/// The writers of the diff lines, one per line kind; each ends its line with LF.
extension Array where Element == UInt8 {
  /// `remove ID`
  mutating func appendRemoveLine(id: Int) {
    appendASCII("remove")
    appendSpaced(id)
    append(UInt8(ascii: "\n"))
  }

  /// `create ID CLASS PARENT INDEX`; the parent is `-` for the root.
  mutating func appendCreateLine(id: Int, className: String, parent: Int?, index: Int) {
    appendASCII("create")
    appendSpaced(id)
    append(UInt8(ascii: " "))
    appendUTF8(className)
    if let parent { appendSpaced(parent) } else { appendASCII(" -") }
    appendSpaced(index)
    append(UInt8(ascii: "\n"))
  }

  /// `move ID PARENT INDEX`
  mutating func appendMoveLine(id: Int, parent: Int, index: Int) {
    appendASCII("move")
    appendSpaced(id)
    appendSpaced(parent)
    appendSpaced(index)
    append(UInt8(ascii: "\n"))
  }

  /// `layout ID X Y W H`, numbers written canonically.
  ///
  /// Gathered on the stack (`ScratchLine`) and appended in one copy: written into the array
  /// piece by piece, each number's digits and each separator was an array append (a uniqueness
  /// and capacity check, most a `memcpy`), about 1,300 instructions a line. At most 105 bytes:
  /// `layout `, an id of at most 20, four numbers of at most 18 (`-9000000000000.125`) after
  /// a space, and the LF.
  mutating func appendLayoutLine(_ line: LayoutLine) {
    var text = ScratchLine()
    text.appendASCII("layout ")
    text.appendDecimal(line.id)
    text.appendSpaced(thousandths: line.x)
    text.appendSpaced(thousandths: line.y)
    text.appendSpaced(thousandths: line.width)
    text.appendSpaced(thousandths: line.height)
    text.append(UInt8(ascii: "\n"))
    text.write(to: &self)
  }

  /// `shift PARENT FROM COUNT DX DY`, the offset given in whole thousandths (the exact
  /// arithmetic clients use).
  mutating func appendShiftLine(parent: Int, from: Int, count: Int, dx: Int64, dy: Int64) {
    appendASCII("shift")
    appendSpaced(parent)
    appendSpaced(from)
    appendSpaced(count)
    appendSpaced(thousandths: dx)
    appendSpaced(thousandths: dy)
    append(UInt8(ascii: "\n"))
  }

  /// A space, then the number in decimal: the separator and field of every frame line.
  fileprivate mutating func appendSpaced(_ number: Int) {
    append(UInt8(ascii: " "))
    appendDecimal(number)
  }

  /// A space, then a number of thousandths canonically.
  fileprivate mutating func appendSpaced(thousandths number: Int64) {
    append(UInt8(ascii: " "))
    appendCanonical(thousandths: number)
  }
}
