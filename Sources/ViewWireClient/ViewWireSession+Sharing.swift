import ViewWireProtocol

/// Shared sessions (PROTOCOL.md section 18): the owner names a share token, another client joins
/// with it and from then on receives every frame of the owner's session, its mirror checked by the
/// same hashes.
///
/// ```swift
/// let owner = try ViewWireSession(port: 7420)
/// let token = try owner.share(.observer)
/// let helper = try ViewWireSession(port: 7420)
/// try helper.join(token: token)            // the helper's mirror is the owner's screen
/// try owner.tap("@username")
/// try helper.waitForMirror("the tap's frame") { $0.sequence >= owner.mirror.sequence }
/// ```
extension ViewWireSession {
  /// The role a share token gives: what the joining client may do.
  public enum ShareRole: String, Sendable {
    /// Receives every frame; commands that would change the session answer `read-only`.
    case observer
    /// Receives every frame and gives input as the owner does.
    case driver

    /// The word `share` takes for this role.
    var request: String { self == .observer ? "observe" : "drive" }
  }

  /// What `join` reports: the session joined, the role, and the frame the mirror now holds.
  public struct Joined: Sendable, Equatable {
    /// The joined session's id, as its owner's greeting named it.
    public let sessionID: Int
    /// The role the token gave.
    public let role: ShareRole
    /// The session's last frame, which the join's full frame repeats.
    public let frame: Int
    /// The protocol version the session's frames are written in.
    public let protocolVersion: Int
  }

  /// Asks for the session's share token for `role` (`share observe` or `share drive`); asking
  /// again gives the same token until `revokeSharing()`.
  ///
  /// - Throws: `.notOK` when the server refuses (a joiner asking, `--max-joiners 0`), and
  ///   whatever `send` throws.
  public func share(_ role: ShareRole) throws(Failure) -> String {
    let reply = try run("share \(role.request)")
    guard let token = reply.field("token") else {
      throw .notOK(command: "share \(role.request)", reply: reply.lines.last ?? "")
    }
    return token
  }

  /// Ends the session's share tokens and closes its joiners (`share revoke`); returns how many
  /// tokens ended and how many joiners were closed.
  @discardableResult
  public func revokeSharing() throws(Failure) -> (tokens: Int, joiners: Int) {
    let reply = try run("share revoke")
    return (Int(reply.field("revoked") ?? "") ?? 0, Int(reply.field("closed") ?? "") ?? 0)
  }

  /// Joins the session `token` shares (`join TOKEN`): this connection's own session ends, and the
  /// mirror becomes the joined session's tree from its full frame.
  ///
  /// Sent without a number (section 16: `join` takes none), even on a resumable session; a
  /// joined connection is not resumed after a drop, since its place ends with its connection.
  ///
  /// - Throws: `.notOK` with the reply for a refused token (`unknown-session`, `bad-argument`,
  ///   `limit-reached`), and whatever `send` throws.
  @discardableResult
  public func join(token: String) throws(Failure) -> Joined {
    let reply = try sendOnce("join \(token)")
    guard reply.isOK, let session = reply.field("session").flatMap(Int.init),
      let role = reply.field("role").flatMap(ShareRole.init(rawValue:)),
      let frame = reply.field("frame").flatMap(Int.init)
    else {
      throw .notOK(command: "join", reply: reply.lines.last ?? "")
    }
    sessionID = session
    resumeToken = nil
    let version = reply.field("protocol").flatMap(Int.init) ?? ProtocolVersion.current
    return Joined(sessionID: session, role: role, frame: frame, protocolVersion: version)
  }
}
