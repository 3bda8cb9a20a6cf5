/// Bytes received and not yet read, cut into lines: what a plain TCP connection and a WebSocket
/// connection both keep, since PROTOCOL.md's lines are the same over either transport.
///
/// Read bytes stay in the array until more than 64 KiB of them have gone, so taking a line costs
/// its own length, not the length of what is still buffered behind it.
struct LineBuffer {
  private var bytes: [UInt8] = []
  private var start = 0

  /// How many bytes are buffered and not yet read.
  var count: Int { bytes.count - start }

  /// Adds bytes received.
  mutating func append(contentsOf received: some Sequence<UInt8>) {
    bytes.append(contentsOf: received)
  }

  /// Takes the next complete line, without its LF; nil while none is complete.
  mutating func nextLine() -> String? {
    guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    let line = String(decoding: bytes[start..<newline], as: UTF8.self)
    consume(upTo: newline + 1)
    return line
  }

  /// Takes the next `count` bytes as they are, or all that are buffered when fewer.
  mutating func nextBytes(_ count: Int) -> [UInt8] {
    let end = min(bytes.count, start + count)
    let taken = Array(bytes[start..<end])
    consume(upTo: end)
    return taken
  }

  private mutating func consume(upTo end: Int) {
    start = end
    if start > 65536 {
      bytes.removeFirst(start)
      start = 0
    }
  }
}
