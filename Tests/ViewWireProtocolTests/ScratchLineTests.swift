import Testing

@testable import ViewWireProtocol

/// `ScratchLine` gathers a short line on the stack for one append: what it hands over must be
/// byte for byte what the same writes make straight into an array, at any length it allows.
struct ScratchLineTests {
  /// Writes a frame's end line, or pieces of it, the same way into any sink.
  static func writeEndLine<Sink: WireByteSink>(into sink: inout Sink, sequence: Int, hash: UInt64, views: Int)
  {
    sink.appendASCII("frame ")
    sink.appendDecimal(sequence)
    sink.appendASCII(" end hash=")
    sink.appendHex16(hash)
    sink.appendASCII(" views=")
    sink.appendDecimal(views)
    sink.append(UInt8(ascii: "\n"))
  }

  @Test(arguments: [
    (0, UInt64(0), 0), (1, 0x0123_4567_89ab_cdef, 12), (Int.max, UInt64.max, Int.min), (-7, 42, 1_000_000),
  ])
  func aLineWrittenThroughTheScratchIsTheLineWrittenDirectly(sequence: Int, hash: UInt64, views: Int) {
    var direct: [UInt8] = Array("earlier ".utf8)
    Self.writeEndLine(into: &direct, sequence: sequence, hash: hash, views: views)
    var scratch = ScratchLine()
    Self.writeEndLine(into: &scratch, sequence: sequence, hash: hash, views: views)
    var viaScratch: [UInt8] = Array("earlier ".utf8)
    scratch.write(to: &viaScratch)
    #expect(viaScratch == direct)
    #expect(scratch.count == direct.count - 8)
  }

  /// `ScratchLine.appendDecimal` writes digits its own way (a concrete call picks it over the
  /// general writer, which `writeEndLine` above uses): the same digits as the general writer.
  @Test(arguments: [0, 1, 9, 10, 99, 100, 12345, -1, -10, -987_654_321, Int.max, Int.min, Int.min + 1])
  func theScratchsOwnDecimalsAreTheGeneralWritersDigits(_ number: Int) {
    var direct: [UInt8] = Array("x=".utf8)
    direct.appendDecimal(number)
    var scratch = ScratchLine()
    scratch.appendASCII("x=")
    scratch.appendDecimal(number)
    scratch.appendDecimal(number)
    var out: [UInt8] = []
    scratch.write(to: &out)
    var twice = direct
    twice.appendDecimal(number)
    #expect(out == twice)
    #expect(String(decoding: out, as: UTF8.self) == "x=\(number)\(number)")
  }

  @Test func theScratchHoldsItsWholeCapacityAndWritesNothingWhenEmpty() {
    var empty = ScratchLine()
    var buffer: [UInt8] = [1, 2]
    empty.write(to: &buffer)
    #expect(buffer == [1, 2])
    var full = ScratchLine()
    let bytes = (0..<ScratchLine.capacity).map { UInt8(truncatingIfNeeded: $0) }
    bytes.prefix(100).withUnsafeBufferPointer { full.append(contentsOf: $0) }
    for byte in bytes.dropFirst(100) { full.append(byte) }
    var out: [UInt8] = []
    full.write(to: &out)
    #expect(out == bytes)
  }
}
