/// An HTTP/1.1 response the listener writes: a status, header fields and a body.
///
/// Every response but the handshake's `101` closes the connection (`Connection: close`): the
/// listener answers one request per connection (PROTOCOL.md section 13).
public struct HTTPResponse: Sendable, Equatable {
  /// The status line's code and reason.
  public var status: HTTPStatus
  /// Header fields in order; `Content-Length` and `Connection` are added by `encoded`.
  public var fields: [(name: String, value: String)]
  /// The body; its length always goes in `Content-Length`, even when `omitsBody`.
  public var body: [UInt8]
  /// Whether `encoded` leaves the body out (a `HEAD` request) while still giving its length.
  public var omitsBody = false

  /// A response with these parts.
  public init(status: HTTPStatus, fields: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.fields = fields
    self.body = body
  }

  /// An error answer whose body is the status line's text, so a person with `curl` sees why.
  public static func error(_ status: HTTPStatus, fields: [(name: String, value: String)] = []) -> HTTPResponse
  {
    HTTPResponse(
      status: status, fields: [("Content-Type", "text/plain; charset=utf-8")] + fields,
      body: Array("\(status.rawValue) \(status.reason)\n".utf8))
  }

  /// The bytes on the wire: status line, fields, blank line, body.
  public var encoded: [UInt8] {
    var text = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
    for field in fields { text += "\(field.name): \(field.value)\r\n" }
    if status != .switchingProtocols {
      text += "Content-Length: \(body.count)\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\n"
    }
    text += "\r\n"
    var bytes = Array(text.utf8)
    if !omitsBody { bytes += body }
    return bytes
  }

  /// Equal when the bytes on the wire are.
  public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.encoded == rhs.encoded
  }
}
