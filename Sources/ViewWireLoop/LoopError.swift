internal import CLibUV

/// A libuv failure, as one typed Swift error.
///
/// libuv reports errors as negative integers; this keeps the number (for code that must tell
/// `EADDRINUSE` from `ECONNRESET`) and libuv's own name and message (for people).
public struct LoopError: Error, Equatable, CustomStringConvertible, Sendable {
  /// libuv's negative error number, such as `UV_EADDRINUSE`.
  public let code: Int32
  /// libuv's short name for the error, such as `EADDRINUSE`.
  public let name: String
  /// libuv's description, such as "address already in use".
  public let message: String

  init(code: Int32) {
    self.code = code
    name = String(cString: uv_err_name(code))
    message = String(cString: uv_strerror(code))
  }

  /// An error that did not come from libuv, such as an address that does not parse.
  init(name: String, message: String) {
    code = 0
    self.name = name
    self.message = message
  }

  /// `NAME: message` (`EADDRINUSE: address already in use`), the short name first so logs can be searched for
  /// it.
  public var description: String { "\(name): \(message)" }

  /// Whether this is "address already in use", the error a caller usually handles.
  public var isAddressInUse: Bool { code == Int32(UV_EADDRINUSE.rawValue) }

  /// Throws when `result` is a libuv error code.
  @discardableResult
  static func check(_ result: Int32) throws(LoopError) -> Int32 {
    if result < 0 { throw LoopError(code: result) }
    return result
  }
}
