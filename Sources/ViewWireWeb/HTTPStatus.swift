/// The HTTP statuses the daemon's web listener answers with (PROTOCOL.md section 13).
public enum HTTPStatus: Int, Sendable, Equatable, CaseIterable {
  case switchingProtocols = 101
  case ok = 200
  case badRequest = 400
  case forbidden = 403
  case notFound = 404
  case methodNotAllowed = 405
  case upgradeRequired = 426
  case requestHeaderFieldsTooLarge = 431
  case serviceUnavailable = 503
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
