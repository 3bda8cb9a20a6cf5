/// Up to `capacity` bytes of a short line gathered on the stack, then appended to a buffer in
/// one copy.
///
/// A frame's `frame N begin` and `frame N end hash=... views=...` lines, and a touch command's
/// `ok tap view=N`, were written into the connection's `[UInt8]` a few bytes at a time: each
/// write went through `Array.append(contentsOf:)`, which checks uniqueness and capacity and
/// calls `memcpy` (about 90 instructions, ten times a frame; issue 14, "Cheaper per input").
/// Here each write is a store, and the array sees one append.
///
/// Writing past `capacity` stops the process: a writer uses it only for lines whose length is
/// bounded well below it (numbers have at most 20 digits).
public struct ScratchLine: WireByteSink {
  /// The bytes a line may hold.
  public static let capacity = 128

  /// Sixteen words: 128 bytes, kept in the value itself so no allocation is made.
  @usableFromInline var storage:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  /// The bytes written.
  public var count: Int { written }
  /// Storage behind `count`, set by the inlinable writers.
  @usableFromInline var written = 0

  /// An empty line.
  @inlinable public init() {}

  /// Takes one byte.
  @inlinable
  public mutating func append(_ byte: UInt8) {
    precondition(written < Self.capacity, "ScratchLine overflow")
    let index = written
    Swift.withUnsafeMutableBytes(of: &storage) { $0[index] = byte }
    written = index + 1
  }

  /// Takes bytes in order.
  @inlinable
  public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    precondition(bytes.count <= Self.capacity - written, "ScratchLine overflow")
    let index = written
    Swift.withUnsafeMutableBytes(of: &storage) { raw in
      (raw.baseAddress! + index).copyMemory(from: source, byteCount: bytes.count)
    }
    written = index + bytes.count
  }

  /// Appends an integer in decimal, `-` first when negative, as `WireByteSink.appendDecimal`
  /// does, but with the digits written straight into the line: through the general writer they
  /// went to a scratch space of their own first and were copied over (a third of a frame's
  /// `begin` and `end` lines).
  @inlinable
  public mutating func appendDecimal(_ number: Int) {
    // A sign and the 19 digits of Int.min's magnitude.
    precondition(written <= Self.capacity - 20, "ScratchLine overflow")
    var magnitude = number.magnitude
    var digits = 1
    var rest = magnitude / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    var index = written
    Swift.withUnsafeMutableBytes(of: &storage) { raw in
      if number < 0 {
        raw[index] = UInt8(ascii: "-")
        index += 1
      }
      var position = index + digits
      repeat {
        position -= 1
        raw[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
    }
    written = index + digits
  }

  /// Keeps only the first `count` bytes: a line that starts as the one before it (a frame's
  /// `end` line, after its `begin`) is written over it.
  @inlinable
  public mutating func truncate(to count: Int) {
    precondition(count >= 0 && count <= written, "ScratchLine truncated past its end")
    written = count
  }

  /// Appends the bytes written to `sink`, in one call (mutating only to read the storage in
  /// place rather than copy it).
  @inlinable
  public mutating func write<Sink: WireByteSink>(to sink: inout Sink) {
    let count = written
    Swift.withUnsafeMutableBytes(of: &storage) { raw in
      sink.append(contentsOf: UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<count]))
    }
  }
}
