/// The close codes the server sends and accepts (RFC 6455 section 7.4, PROTOCOL.md section 13).
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The code as it goes in the close frame's first two bytes.
  public var rawValue: UInt16
  /// Any code, including those not allowed on the wire (`isAllowedOnTheWire` tells).
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// The purpose of the connection is fulfilled (`quit`, or the answer to a client's close).
  public static let normal = WebSocketCloseCode(rawValue: 1000)
  /// The server is shutting down.
  public static let goingAway = WebSocketCloseCode(rawValue: 1001)
  /// The peer broke the framing rules.
  public static let protocolError = WebSocketCloseCode(rawValue: 1002)
  /// A message of a kind the server does not take (binary).
  public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
  /// A text message or close reason that is not UTF-8.
  public static let invalidData = WebSocketCloseCode(rawValue: 1007)
  /// A policy the server enforces (a stalled client).
  public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
  /// A frame or message above the maximum message size.
  public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
  /// The server hit a condition it did not expect.
  public static let internalError = WebSocketCloseCode(rawValue: 1011)

  /// Whether a peer may put this code in a close frame: 1000-1003, 1007-1011 and the ranges for
  /// libraries (3000-3999) and applications (4000-4999). 1004-1006 and 1015 must never be sent.
  public var isAllowedOnTheWire: Bool {
    switch rawValue {
    case 1000...1003, 1007...1011, 3000...4999: true
    default: false
    }
  }

  /// The number, as logs show it.
  public var description: String { "\(rawValue)" }
}
