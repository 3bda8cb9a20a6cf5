public import Foundation

/// Where the browser client's files (`clients/web/static/`) are once built: a folder of package
/// resources, served by the daemon's web listener (PROTOCOL.md section 13).
///
/// A Swift file of its own so the folder can be a resource of a target, without the daemon's
/// code knowing where SwiftPM puts resource bundles.
public enum WebClientFiles {
  /// The folder holding `index.html` and the client's scripts and styles.
  public static var directory: URL? {
    Bundle.module.url(forResource: "static", withExtension: nil)
  }
}
