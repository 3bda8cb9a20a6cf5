import ViewWireKit
import ViewWireProtocol

/// Frame text written in place: the render lines of a frame's created views, and those of its
/// changed views, each joining the frame's body in one copy at the end.
///
/// A render line is a dozen small writes (the word, the id, each key, `=`, the quoted value).
/// Made straight into a `[UInt8]`, each checked the array's uniqueness and capacity and most
/// went through a call; here each is a store. The line's hash terms are digested from the
/// bytes as written.
///
/// Not copy-on-write: copies share one memory, so a buffer is held in one place (the thread's
/// `FrameScratch`, which a frame's builder borrows) and passed `inout`, never copied.
struct TextBuffer: WireByteSink {
  /// Owns the memory, so the buffer is freed with the builder that holds it.
  private final class Storage {
    let start: UnsafeMutablePointer<UInt8>
    init(capacity: Int) { start = .allocate(capacity: capacity) }
    deinit { start.deallocate() }
  }

  /// Nil until the first write: a frame of changed views never writes the created views'
  /// buffer, and its allocation (an object and its memory) was a tenth of a tap's mallocs.
  private var storage: Storage?
  /// `storage.start`, read without going through the object on every write; before the first
  /// write, a shared placeholder that is never written or read (`capacity` is 0).
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity = 0
  /// What the first write allocates at least.
  private let initialCapacity: Int
  /// The bytes written.
  private(set) var count = 0

  /// An empty buffer with room for a few lines; it grows as an array does.
  init(capacity: Int = 256) {
    start = Self.placeholder
    initialCapacity = max(1, capacity)
  }

  /// Where an empty buffer's `start` points: no byte is ever written there, since every write
  /// first grows a buffer whose capacity is 0.
  private nonisolated(unsafe) static let placeholder = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

  /// The bytes the memory holds before the next write must grow it.
  var reservedCapacity: Int { capacity }

  /// Forgets what was written and keeps the memory, for the next frame's lines
  /// (`FrameScratch`).
  mutating func removeAll() { count = 0 }

  /// Drops what was written after the first `count` bytes: a line that turned out to hold
  /// nothing the client lacks.
  mutating func truncate(to count: Int) {
    precondition(count <= self.count)
    self.count = count
  }

  /// The bytes written from `offset` on, valid until the next write.
  func bytes(from offset: Int = 0) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: start + offset, count: count - offset)
  }

  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    start[count] = byte
    count += 1
  }

  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
    (start + count).initialize(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Doubles the memory (at least).
  private mutating func grow(toHold needed: Int) {
    capacity = max(needed, 2 * capacity, initialCapacity)
    let larger = Storage(capacity: capacity)
    larger.start.initialize(from: start, count: count)
    storage = larger
    start = larger.start
  }

  // MARK: Render lines

  /// Writes `render ID`, the start of a render line; each property follows with
  /// `appendRenderField`, then `appendLineEnd`.
  ///
  /// Returns the digest of the property terms' common start, `p ID` (PROTOCOL.md section 7):
  /// a property's term is the text of its render line after the first word, so the terms are
  /// digested from the bytes just written instead of being written a second time.
  mutating func startRenderLine(id: Int) -> FNV1aDigest {
    appendASCII("render ")
    let idStart = count
    appendDecimal(id)
    var digest = FNV1aDigest()
    digest.appendASCII("p ")
    digest.append(contentsOf: bytes(from: idStart))
    return digest
  }

  /// ` KEY=VALUE` of a render line; returns the property's hash term, continued from the line's
  /// `prefix` (`startRenderLine`).
  ///
  /// The key's bytes are the interned key's own (`RenderKey.utf8`), copied rather than encoded
  /// from a string again.
  mutating func appendRenderField(key: RenderKey, value: borrowing WireValue, prefix: FNV1aDigest) -> UInt64 {
    let fieldStart = count
    append(UInt8(ascii: " "))
    append(contentsOf: key.utf8)
    append(UInt8(ascii: "="))
    appendValueText(value)
    var digest = prefix
    digest.append(contentsOf: bytes(from: fieldStart))
    return digest.state
  }

  /// A value's wire text (`appendWireText(of:)`); a short string's bytes are checked for
  /// quoting as they are copied.
  @inline(__always)
  private mutating func appendValueText(_ value: WireValue) {
    if case .string(let text) = value {
      appendQuotedText(text)
    } else {
      appendWireText(of: value)
    }
  }

  /// The longest string quoted in one pass here; longer ones are checked eight bytes at a time
  /// first (`Quoting.isPlain`), then copied in one call.
  static let shortString = 16

  /// `appendQuoted(_:)`: for a string of up to `shortString` bytes that quotes as it is
  /// (printable ASCII without `"` or `\`, most values), the quotes and the bytes are stored in
  /// one pass, which checks each byte as it copies it. Checked first and then copied, a short
  /// value cost two calls (the check and `memcpy`) that did more than the bytes. A longer plain
  /// string is checked and copied as `appendQuoted` does; one to escape goes its way, writing
  /// the same bytes.
  private mutating func appendQuotedText(_ text: String) {
    var text = text
    let done = text.withUTF8 { bytes -> Bool in
      guard let source = bytes.baseAddress else { return false }
      let length = bytes.count
      if length > Self.shortString {
        guard Quoting.isPlain(bytes) else { return false }
        append(UInt8(ascii: "\""))
        append(contentsOf: bytes)
        append(UInt8(ascii: "\""))
        return true
      }
      if count + length + 2 > capacity { grow(toHold: count + length + 2) }
      let target = start + count
      target[0] = UInt8(ascii: "\"")
      var index = 0
      while index < length {
        let byte = source[index]
        // Printable ASCII (0x20 to 0x7E), neither `"` nor `\`.
        guard byte &- 0x20 < 0x5F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else {
          return false
        }
        target[index + 1] = byte
        index += 1
      }
      target[length + 1] = UInt8(ascii: "\"")
      count += length + 2
      return true
    }
    if !done { appendQuoted(text) }
  }

  /// ` KEY=none`: the property went, and has no term.
  mutating func appendRemovedRenderField(key: RenderKey) {
    append(UInt8(ascii: " "))
    append(contentsOf: key.utf8)
    appendASCII("=none")
  }

  /// The LF that ends a line.
  mutating func appendLineEnd() { append(UInt8(ascii: "\n")) }
}

extension Array where Element == UInt8 {
  /// Appends what `text` holds.
  mutating func append(_ text: TextBuffer) { append(contentsOf: text.bytes()) }
}
