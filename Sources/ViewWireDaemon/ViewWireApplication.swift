import ArgumentParser
import Foundation
import Logging
public import ViewWireKit
import ViewWireServer

/// A daemon serving your apps, with every `viewwired` option, in one call.
///
/// An app author's executable is one line, in the manner of Hummingbird's
/// `Application.runService()`:
///
/// ```swift
/// import ViewWireDaemon
///
/// ViewWireApplication(apps: [counterApp, todoApp]).main()
/// ```
///
/// `main()` reads the command line (`--port`, `--host`, `--log-level`, `--web-port`, the limits;
/// `--help` lists them), sets up swift-log on stderr, prints `listening on HOST:PORT` on stdout
/// (and `web on http://HOST:PORT/` with `--web-port`), serves until SIGINT or SIGTERM, says
/// `bye` to every client and exits 0. A bad option is a message on stderr and exit status 64;
/// resource bundles missing beside the executable, a message naming them and exit status 78
/// (`EX_CONFIG`).
public struct ViewWireApplication: Sendable {
  /// The apps clients can `open`, listed by `apps` in name order.
  public var apps: [AppDescriptor]
  /// The name `--help` and error messages show; the executable's file name by default.
  public var commandName: String
  /// The SwiftPM resource bundles (`PACKAGE_TARGET`, the `*.resources` folders beside the built
  /// executable, without `.resources`) that `main()` checks are beside the executable before it
  /// serves: ViewWire's own by default. Add your targets' that have resources, so a copy of
  /// your executable without them says so at start instead of crashing when one is first read.
  public var resourceBundles = ViewWireApplication.viewWireResourceBundles

  /// The bundles of the ViewWire modules every daemon links: the kit's strings and the browser
  /// client's files.
  public static let viewWireResourceBundles = ["ViewWire_ViewWireKit", "ViewWire_ViewWireWebClient"]

  /// A daemon offering `apps`.
  public init(apps: [AppDescriptor], commandName: String? = nil) {
    self.apps = apps
    self.commandName =
      commandName ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent }
      ?? "viewwired"
  }

  /// Parses `arguments` (the process's own by default) as the daemon's options, serves until
  /// stopped by a signal, and exits the process; never returns.
  public func main(arguments: [String]? = nil) -> Never {
    let options: DaemonOptions
    do {
      options = try DaemonCommand.parse(arguments, commandName: commandName)
    } catch {
      DaemonCommand.exit(withError: error)
    }
    let folder = Bundle.main.bundleURL
    let missing = ResourceBundles.missing(resourceBundles, in: folder)
    if !missing.isEmpty {
      let message = ResourceBundles.message(missing: missing, in: folder, commandName: commandName)
      FileHandle.standardError.write(Data(message.utf8))
      exit(78)
    }
    do {
      try run(options: options)
    } catch {
      DaemonCommand.exit(withError: ValidationError("\(error)"))
    }
    DaemonCommand.exit()
  }

  /// Serves with already parsed options on the calling thread until SIGINT, SIGTERM or a
  /// server `stop()`. Sets up swift-log on stderr at the options' level the first time only, as
  /// swift-log allows one bootstrap per process.
  ///
  /// - Throws: `ServerError` when an address cannot be bound; nothing was served then.
  public func run(options: DaemonOptions) throws {
    Self.bootstrapLogging(level: options.logLevel)
    let server = ViewWireServer(
      configuration: try options.configuration(), apps: apps, logger: Logger(label: commandName))
    try server.run(
      onListening: { host, port in
        // Scripts and tests read this line to learn the port when started with --port 0.
        FileHandle.standardOutput.write(Data("listening on \(host):\(port)\n".utf8))
      },
      onWebListening: { host, port in
        // PROTOCOL.md section 13: the browser client's tests read exactly this line.
        let shown = host.contains(":") ? "[\(host)]" : host
        FileHandle.standardOutput.write(Data("web on http://\(shown):\(port)/\n".utf8))
      })
  }

  private static let logging = LoggingBootstrap()

  private static func bootstrapLogging(level: Logger.Level) {
    logging.once {
      LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
      }
    }
  }
}

/// Runs swift-log's bootstrap at most once per process, which is all swift-log allows.
private final class LoggingBootstrap: @unchecked Sendable {
  // Guarded by `lock`.
  private var done = false
  private let lock = NSLock()

  func once(_ body: () -> Void) {
    lock.withLock {
      guard !done else { return }
      done = true
      body()
    }
  }
}
