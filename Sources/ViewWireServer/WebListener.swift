import Foundation
import Logging
import ViewWireLoop
import ViewWireWeb

/// The daemon's web port: serves the browser client's files and upgrades `GET /wire` to a
/// WebSocket session, on the same loop as the line protocol (PROTOCOL.md section 13).
///
/// Connections still reading their request count against `--max-connections` together with the
/// sessions (`pendingCount`), so a flood of half-open HTTP connections cannot get past the limit.
final class WebListener {
  private let loop: EventLoop
  private let configuration: ServerConfiguration
  private let files: StaticFileTable
  private let logger: Logger
  private var listener: TCPListener?
  private var pending: [ObjectIdentifier: WebRequestConnection] = [:]
  /// Whether one more connection fits under the limit, counting the sessions.
  var canAccept: () -> Bool = { true }
  /// Starts a session on an upgraded connection.
  var onUpgrade: (WebSocketTransport) -> Void = { _ in }

  /// The port bound, once listening.
  var port: Int { listener?.port ?? 0 }
  /// Web connections not yet sessions.
  var pendingCount: Int { pending.count }

  init(loop: EventLoop, configuration: ServerConfiguration, files: StaticFileTable, logger: Logger) {
    self.loop = loop
    self.configuration = configuration
    self.files = files
    self.logger = logger
  }

  func listen(port: Int) throws(LoopError) {
    listener = try loop.listen(host: configuration.host, port: port) { [unowned self] connection in
      self.accept(connection)
    }
  }

  private var origins: WebSocketHandshake.OriginPolicy {
    configuration.webAllowedOrigins.contains("*")
      ? .any : .sameOrigin(alsoAllowed: configuration.webAllowedOrigins)
  }

  private func accept(_ connection: TCPConnection) {
    guard canAccept() else {
      connection.write(HTTPResponse.error(.serviceUnavailable).encoded)
      connection.closeAfterFlush()
      logger.warning("refused a web connection: too many", metadata: ["peer": "\(connection.remoteAddress)"])
      return
    }
    let request = WebRequestConnection(
      connection: connection, files: files, origins: origins,
      handshakeTimeoutMilliseconds: configuration.webHandshakeTimeoutMilliseconds, loop: loop, logger: logger)
    let key = ObjectIdentifier(request)
    pending[key] = request
    request.onFinished = { [unowned self] in self.pending[key] = nil }
    request.onUpgrade = { [unowned self] connection, rest in
      self.onUpgrade(
        WebSocketTransport(
          connection: connection, leftover: rest,
          maximumMessageBytes: self.configuration.maximumWebMessageBytes,
          logger: self.logger))
    }
    request.start()
  }

  /// Stops listening and closes the connections that are not sessions yet.
  func close() {
    listener?.close()
    for request in Array(pending.values) { request.close() }
  }

  /// Reads every file under `directory` into memory, keyed by its `/`-separated relative path,
  /// so requests never touch the file system (nor block the loop on it).
  static func loadFiles(in directory: URL) throws -> StaticFileTable {
    var files: [String: [UInt8]] = [:]
    let root = directory.standardizedFileURL.resolvingSymlinksInPath()
    guard
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return StaticFileTable(files: [:]) }
    for case let url as URL in walker {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
      let path = url.standardizedFileURL.resolvingSymlinksInPath().path
      guard path.hasPrefix(root.path + "/") else { continue }
      files[String(path.dropFirst(root.path.count + 1))] = Array(try Data(contentsOf: url))
    }
    return StaticFileTable(files: files)
  }
}
