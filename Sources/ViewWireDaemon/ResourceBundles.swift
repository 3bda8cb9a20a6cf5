import Foundation

/// Finds the SwiftPM resource bundles a daemon needs beside its executable, before any code reads
/// one.
///
/// SwiftPM's generated `Bundle.module` looks beside the executable, then in the build folder the
/// executable was built in, and stops the process with `fatalError` when neither holds the
/// bundle: a `viewwired` copied without its `*.resources` crashed at its first localized string
/// with a crash report instead of a reason, or, on the machine that built it, quietly read the
/// build folder's bundles until the next clean. The daemon checks beside the executable only, so
/// a copy fails the same way everywhere, at once, saying what to copy (docs/DEPLOYING.md).
enum ResourceBundles {
  /// The bundles among `names` (`PACKAGE_TARGET`, without `.resources`) that `folder` lacks.
  static func missing(_ names: [String], in folder: URL) -> [String] {
    names.filter { name in
      var isFolder: ObjCBool = false
      let path = folder.appendingPathComponent(name + ".resources").path
      return !(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    }
  }

  /// What the daemon prints before exiting when bundles are missing.
  static func message(missing: [String], in folder: URL, commandName: String) -> String {
    let list = missing.map { $0 + ".resources" }.joined(separator: ", ")
    return """
      \(commandName): missing resource bundles beside the executable in \(folder.path): \(list). \
      Copy the build's *.resources folders with the executable \
      (cp -R .build/release/\(commandName) .build/release/*.resources DEST; see docs/DEPLOYING.md).

      """
  }
}
