/// The 64-bit FNV-1a digest that the frame hash sums (PROTOCOL.md section 7).
///
/// Chosen because every client language can write it in five lines and it needs no table.
public enum FNV1a {
  /// The state before the first byte, FNV's standard 64-bit offset basis.
  public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  /// The 64-bit FNV prime that the state is multiplied by after each byte, wrapping.
  public static let prime: UInt64 = 0x100_0000_01b3

  /// The digest of a string's UTF-8 bytes.
  public static func hash(_ text: String) -> UInt64 {
    var text = text
    return text.withUTF8 { hash($0) }
  }

  /// The digest of raw bytes.
  public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var state = offsetBasis
    for byte in bytes {
      state ^= UInt64(byte)
      state = state &* prime
    }
    return state
  }

  /// Writes a digest as 16 lowercase hex digits.
  public static func hex(_ value: UInt64) -> String {
    var bytes: [UInt8] = []
    bytes.appendHex16(value)
    return String(decoding: bytes, as: UTF8.self)
  }
}
