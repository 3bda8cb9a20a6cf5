import ViewWireClient
import ViewWireProtocol

/// What the console does with each server line: applies frames to a mirror (the library's own
/// resync logic, so the console and the scripting library recover the same way and the library's
/// tests check what the console shows), learns the words TAB completes, and says what to print.
struct ConsoleLines {
  let showChecks: Bool
  let indentTree: Bool
  let vocabulary: ConsoleVocabulary
  private var sync = MirrorSync()

  init(showChecks: Bool, indentTree: Bool, vocabulary: ConsoleVocabulary) {
    self.showChecks = showChecks
    self.indentTree = indentTree
    self.vocabulary = vocabulary
  }

  /// Takes one server line; returns the lines to print for it, and calls `send` with `resync`
  /// when a frame's hash does not match the mirror (PROTOCOL.md section 7).
  mutating func take(_ line: String, send: (String) -> Void) -> [String] {
    let parsed = ServerLine.parse(line)
    var shown: [String]
    if indentTree, case .tree = parsed {
      shown = [Self.indented(treeLine: line)]
    } else {
      shown = [line]
    }
    if case .app(let name, _) = parsed { vocabulary.noteApp(name) }
    switch sync.consume(parsed) {
    case .applied(let sequence, let views):
      vocabulary.update(from: sync.mirror)
      if showChecks { shown.append("# frame \(sequence) checked: \(views) views, hash matches") }
    case .resyncNeeded(let failure):
      shown.append("# mirror: \(failure); sending resync")
      send("resync")
    case .unrecoverable(let failure):
      shown.append(
        "# mirror: \(failure); the full frame does not check out either, so no resync (type snapshot to try again)"
      )
    case .other, .buffered, .skipped:
      break
    }
    return shown
  }

  /// The last frame the mirror applied whole, for `resume ... frame=SEQ`: 0 while it waits for
  /// a full frame (it is not to be trusted until then).
  var lastWholeFrame: Int { sync.isAwaitingFullFrame ? 0 : sync.mirror.sequence }

  /// The session was replaced by a new one: its mirror starts empty.
  mutating func newSession() {
    sync = MirrorSync()
  }

  /// The connection broke: a frame it cut is dropped, never applied (PROTOCOL.md section 4).
  mutating func connectionLost() {
    sync.connectionLost()
  }

  /// A `tree` line shown as an outline: two spaces per level of depth, then `#ID` and the rest of
  /// the line (`tree 2 4 View 95 322 200 200` becomes `    #4 View 95 322 200 200`).
  static func indented(treeLine line: String) -> String {
    let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
    guard words.count == 4, let depth = Int(words[1]), depth >= 0, depth < 1000 else { return line }
    return String(repeating: "  ", count: depth) + "#" + words[2] + " " + words[3]
  }
}
