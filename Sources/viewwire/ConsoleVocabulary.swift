import Foundation
import ViewWireClient
import ViewWireProtocol

/// The words the console completes: the protocol's verbs, and what the session has shown so far,
/// the mirror's `@identifiers` and `#ids` and the apps an `apps` reply listed.
///
/// The reader thread updates it as frames apply and the editing thread asks it for completions,
/// so every access holds the lock; both sides touch it once per frame or per TAB, never in a loop.
final class ConsoleVocabulary: @unchecked Sendable {
  private let lock = NSLock()
  private var identifiers: [String] = []
  private var ids: [String] = []
  private var apps: Set<String> = []

  /// The protocol's verbs (PROTOCOL.md section 5), from the codec's table, which `help` prints.
  static let verbs = ClientCommand.helpEntries.map(\.verb)

  /// The keys `key` names (PROTOCOL.md section 5).
  static let keys = ["return", "backspace", "tab", "escape"]

  /// Takes the views of a mirror that just applied a frame.
  func update(from mirror: Mirror) {
    var identifiers: [String] = []
    var ids: [String] = []
    for node in mirror.depthFirst {
      ids.append("#\(node.id)")
      if let identifier = mirror.text(of: node, "ident") { identifiers.append("@" + identifier) }
    }
    lock.withLock {
      self.identifiers = identifiers
      self.ids = ids
    }
  }

  /// Notes an app an `apps` reply named, for completing `open`.
  func noteApp(_ name: String) {
    _ = lock.withLock { apps.insert(name) }
  }

  /// The words that may complete `word`, sorted and without repeats.
  ///
  /// - Parameters:
  ///   - word: the text under the cursor back to the previous blank.
  ///   - before: the words of the line before it; none when `word` is the verb.
  func completions(of word: String, after before: [String]) -> [String] {
    let candidates: [String]
    if before.isEmpty {
      candidates = Self.verbs
    } else if word.hasPrefix("@") {
      candidates = lock.withLock { identifiers }
    } else if word.hasPrefix("#") {
      candidates = lock.withLock { ids }
    } else if before.count == 1, before[0].lowercased() == "open" {
      candidates = lock.withLock { Array(apps) }
    } else if before.count == 1, before[0].lowercased() == "key" {
      candidates = Self.keys
    } else {
      candidates = []
    }
    return Set(candidates.filter { $0.hasPrefix(word) }).sorted()
  }
}
