import Crypto
import Foundation

/// The server's side of the opening handshake (RFC 6455 section 4.2) and the Origin check
/// (PROTOCOL.md section 13).
public enum WebSocketHandshake {
  /// The GUID RFC 6455 appends to the client's key before hashing.
  public static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

  /// Which pages may open a WebSocket.
  public enum OriginPolicy: Sendable, Equatable {
    /// `http://` + the request's `Host`, and the origins listed.
    case sameOrigin(alsoAllowed: [String])
    /// Any origin (`--web-allow-origin '*'`).
    case any
  }

  /// `Sec-WebSocket-Accept` for a client's key: base64 of SHA-1 of key + GUID.
  ///
  /// SHA-1 comes from swift-crypto: the handshake needs it, and this project writes no
  /// cryptography of its own.
  public static func acceptValue(forKey key: String) -> String {
    let digest = Insecure.SHA1.hash(data: Array((key + guid).utf8))
    return Data(digest).base64EncodedString()
  }

  /// Checks an upgrade request to the WebSocket path and answers it.
  ///
  /// - Returns: the `101` response, or the error response to send before closing.
  public static func respond(to request: HTTPRequestHead, origins: OriginPolicy) -> (
    response: HTTPResponse, upgraded: Bool
  ) {
    guard request.method == "GET" else {
      return (.error(.methodNotAllowed, fields: [("Allow", "GET")]), false)
    }
    guard request.minorVersion == 1,
      request.tokens("Upgrade").contains(where: { $0.lowercased() == "websocket" }),
      request.tokens("Connection").contains(where: { $0.lowercased() == "upgrade" })
    else { return (.error(.badRequest), false) }
    guard request.field("Sec-WebSocket-Version")?.trimmingBlanks() == "13",
      request.count(of: "Sec-WebSocket-Version") == 1
    else {
      return (.error(.upgradeRequired, fields: [("Sec-WebSocket-Version", "13")]), false)
    }
    guard request.count(of: "Sec-WebSocket-Key") == 1, let key = request.field("Sec-WebSocket-Key"),
      let decoded = Data(base64Encoded: key), decoded.count == 16
    else { return (.error(.badRequest), false) }
    if let origin = request.field("Origin"),
      !isAllowed(origin: origin, host: request.field("Host"), policy: origins)
    {
      return (.error(.forbidden), false)
    }
    let response = HTTPResponse(
      status: .switchingProtocols,
      fields: [
        ("Upgrade", "websocket"), ("Connection", "Upgrade"),
        ("Sec-WebSocket-Accept", acceptValue(forKey: key)),
      ])
    return (response, true)
  }

  /// Whether a page at `origin` may open a WebSocket to the server at `host`.
  public static func isAllowed(origin: String, host: String?, policy: OriginPolicy) -> Bool {
    switch policy {
    case .any:
      return true
    case .sameOrigin(let alsoAllowed):
      if alsoAllowed.contains(origin) { return true }
      guard let host else { return false }
      return origin.lowercased() == "http://" + host.lowercased()
    }
  }
}
