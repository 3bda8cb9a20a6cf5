import Foundation
import Logging
import ViewWireLoop
import ViewWireWeb

/// The daemon's web port on one event loop: serves the browser client's files and upgrades
/// `GET /wire` to a WebSocket session, on the same loops as the line protocol (PROTOCOL.md
/// sections 13 and 17).
///
/// Every loop has one for the web connections it serves; only the accepting loop's listens, and
/// the server hands each accepted connection to the loop it chose (`start(_:)` there).
/// Connections still reading their request count against `--max-connections` together with the
/// sessions (the server's census counts them from the accept), so a flood of half-open HTTP
/// connections cannot get past the limit.
final class WebListener {
  private let loop: EventLoop
  private let configuration: ServerConfiguration
  private let files: StaticFileTable
  private let logger: Logger
  private var listener: TCPListener?
  private var pending: [ObjectIdentifier: WebRequestConnection] = [:]
  /// Called on the accepting loop with each connection accepted, for the server to count it and
  /// hand it to a loop.
  var onAccept: (TCPConnection) -> Void = { _ in }
  /// Starts a session on an upgraded connection.
  var onUpgrade: (WebSocketTransport) -> Void = { _ in }
  /// A connection closed before it became a session: the server stops counting it.
  var onAbandoned: () -> Void = {}

  /// The port bound, once listening.
  var port: Int { listener?.port ?? 0 }
  /// Web connections of this loop not yet sessions.
  var pendingCount: Int { pending.count }

  init(loop: EventLoop, configuration: ServerConfiguration, files: StaticFileTable, logger: Logger) {
    self.loop = loop
    self.configuration = configuration
    self.files = files
    self.logger = logger
  }

  func listen(port: Int) throws(LoopError) {
    listener = try loop.listen(host: configuration.host, port: port) { [unowned self] connection in
      self.onAccept(connection)
    }
  }

  private var origins: WebSocketHandshake.OriginPolicy {
    configuration.webAllowedOrigins.contains("*")
      ? .any : .sameOrigin(alsoAllowed: configuration.webAllowedOrigins)
  }

  /// Answers a connection refused for `--max-connections` with `503`.
  func refuse(_ connection: TCPConnection) {
    connection.write(HTTPResponse.error(.serviceUnavailable).encoded)
    connection.closeAfterFlush()
    logger.warning("refused a web connection: too many", metadata: ["peer": "\(connection.remoteAddress)"])
  }

  /// Reads the request of a connection this loop serves, counted already.
  func start(_ connection: TCPConnection) {
    let request = WebRequestConnection(
      connection: connection, files: files, origins: origins,
      handshakeTimeoutMilliseconds: configuration.webHandshakeTimeoutMilliseconds, loop: loop, logger: logger)
    let key = ObjectIdentifier(request)
    pending[key] = request
    request.onFinished = { [unowned self] upgraded in
      self.pending[key] = nil
      if !upgraded { self.onAbandoned() }
    }
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
