import Logging

/// The loop's logger, tagging every message with a session's id.
///
/// A `Logger` given metadata of its own (`logger[metadataKey: "session"] = ...`) copies its
/// handler into a new box with its own metadata dictionary and pre-rendered metadata text: about
/// 600 bytes per session, kept for the session's life although an idle daemon at `--log-level
/// warning` logs nothing (issue 14, "Lean sessions"). This holds the loop's logger (shared) and
/// the id, and adds the `session` key only to a message that is logged; the lines read the same,
/// since handlers merge a message's metadata with their own and print it sorted.
struct SessionLogger {
  /// The loop's logger, whose handler and metadata every session of the loop shares.
  let base: Logger
  /// The session's id, logged as `session=N`.
  let sessionID: Int

  /// The message's metadata with the session's id added.
  private func tagged(_ metadata: Logger.Metadata?) -> Logger.Metadata {
    var tagged = metadata ?? [:]
    tagged["session"] = "\(sessionID)"
    return tagged
  }

  /// Logs at `level` when the logger's level lets it through, tagged with the session.
  func log(
    level: Logger.Level, _ message: @autoclosure () -> Logger.Message,
    metadata: @autoclosure () -> Logger.Metadata? = nil,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    guard base.logLevel <= level else { return }
    base.log(
      level: level, message(), metadata: tagged(metadata()), file: file, function: function, line: line)
  }

  /// Logs at level `trace` (see `log`).
  func trace(
    _ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata? = nil,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    log(level: .trace, message(), metadata: metadata(), file: file, function: function, line: line)
  }

  /// Logs at level `debug` (see `log`).
  func debug(
    _ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata? = nil,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    log(level: .debug, message(), metadata: metadata(), file: file, function: function, line: line)
  }

  /// Logs at level `info` (see `log`).
  func info(
    _ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata? = nil,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    log(level: .info, message(), metadata: metadata(), file: file, function: function, line: line)
  }

  /// Logs at level `notice` (see `log`).
  func notice(
    _ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata? = nil,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    log(level: .notice, message(), metadata: metadata(), file: file, function: function, line: line)
  }

  /// Logs at level `warning` (see `log`).
  func warning(
    _ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata? = nil,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    log(level: .warning, message(), metadata: metadata(), file: file, function: function, line: line)
  }
}
