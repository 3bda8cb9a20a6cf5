/// The HTTP statuses the daemon's web listener answers with (PROTOCOL.md section 13).
public enum HTTPStatus: Int, Sendable, Equatable, CaseIterable {
  /// The WebSocket handshake succeeded.
  case switchingProtocols = 101
  /// A file follows.
  case ok = 200
  /// A malformed request, target or handshake.
  case badRequest = 400
  /// A page of another origin asked for a WebSocket.
  case forbidden = 403
  /// No such file.
  case notFound = 404
  /// A method other than GET or HEAD (GET on `/wire`).
  case methodNotAllowed = 405
  /// A WebSocket version other than 13.
  case upgradeRequired = 426
  /// A head over 8 KiB or over 100 fields.
  case requestHeaderFieldsTooLarge = 431
  /// `--max-connections` connections are open.
  case serviceUnavailable = 503
  /// A version other than HTTP/1.0 and HTTP/1.1.
  case httpVersionNotSupported = 505

  /// The reason phrase of the status line, which is also the body of an error response.
  public var reason: String {
    switch self {
    case .switchingProtocols: "Switching Protocols"
    case .ok: "OK"
    case .badRequest: "Bad Request"
    case .forbidden: "Forbidden"
    case .notFound: "Not Found"
    case .methodNotAllowed: "Method Not Allowed"
    case .upgradeRequired: "Upgrade Required"
    case .requestHeaderFieldsTooLarge: "Request Header Fields Too Large"
    case .serviceUnavailable: "Service Unavailable"
    case .httpVersionNotSupported: "HTTP Version Not Supported"
    }
  }
}
extension HTTPStatus: Error {}
