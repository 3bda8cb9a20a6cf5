import ViewWireProtocol

/// One frame of diffs for a client (PROTOCOL.md section 6), ready to encode.
///
/// Values are held as their canonical wire text: the diff engine formats each number and value
/// once, hashes that text, and the encoder writes the same bytes, so hash and wire cannot drift.
public struct Frame: Sendable, Equatable {
  /// The frame's number in the session, from 1.
  public var sequence: Int
  /// Whether the client empties its mirror first (a snapshot).
  public var isFull: Bool
  /// Lines in wire order: removes, then creates and moves, then layouts, then renders.
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
    /// `layout ID X Y W H`, numbers as canonical text.
    case layout(id: Int, x: String, y: String, width: String, height: String)
    /// `render ID KEY=VALUE ...`, values as wire text (`none` removes).
    case render(id: Int, properties: [(key: String, value: String)])

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
      case (.render(let a, let b), .render(let c, let d)):
        return a == c && b.elementsEqual(d) { $0.key == $1.key && $0.value == $1.value }
      default: return false
      }
    }
  }

  /// Appends the frame's lines, each ending in LF, to `buffer`.
  public func encode(into buffer: inout [UInt8]) {
    func append(_ text: String) {
      var text = text
      text.withUTF8 { buffer.append(contentsOf: $0) }
    }
    append("frame \(sequence) begin\(isFull ? " full" : "")\n")
    for operation in operations {
      switch operation {
      case .remove(let id):
        append("remove \(id)\n")
      case .create(let id, let className, let parent, let index):
        append("create \(id) \(className) \(parent.map(String.init) ?? "-") \(index)\n")
      case .move(let id, let parent, let index):
        append("move \(id) \(parent) \(index)\n")
      case .layout(let id, let x, let y, let width, let height):
        append("layout \(id) \(x) \(y) \(width) \(height)\n")
      case .render(let id, let properties):
        var line = "render \(id)"
        for (key, value) in properties {
          line += " "
          line += key
          line += "="
          line += value
        }
        line += "\n"
        append(line)
      }
    }
    append("frame \(sequence) end hash=\(FNV1a.hex(hash)) views=\(viewCount)\n")
  }

  /// The frame's lines without terminators, for tests and logs.
  public var lines: [String] {
    var buffer: [UInt8] = []
    encode(into: &buffer)
    return String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
