import CEditLine
import Glibc

/// The line the person types, edited with libedit: arrows, Ctrl-A/E, history (Up, Down, Ctrl-R),
/// and TAB completion of the console's own, through libedit's readline-compatible callback interface.
///
/// The callback interface rather than `readline()`: `readline()` blocks until Enter, while the
/// console must keep showing the server's lines (asynchronous frames, replies) as they come.
/// With callbacks, the console polls standard input and its output pipe itself, hands libedit one
/// byte at a time, and prints server lines between keystrokes, redrawing the edited line after.
///
/// libedit keeps global state and calls back through C function pointers that capture nothing,
/// so this is a namespace of static members used by one thread only, the main thread; that is
/// why its mutable state is `nonisolated(unsafe)`.
enum LineEditor {
  /// Where completions come from; set before `start`.
  nonisolated(unsafe) static var vocabulary: ConsoleVocabulary?
  /// Lines finished since the last `feed` (nil: end of input, Ctrl-D on an empty line).
  nonisolated(unsafe) private static var finished: [String?] = []
  /// The last line put into the history, so repeating a command does not fill it with copies.
  nonisolated(unsafe) private static var lastHistoryLine: String?
  /// The last byte `readKey` read from the terminal during this `feed`.
  nonisolated(unsafe) private static var lastKey: UInt8?
  /// Whether `feed` runs libedit once more for a pushed-back key, when a read must not wait.
  nonisolated(unsafe) private static var isDraining = false
  /// Whether a key was typed since the last line was finished: libedit's length of the edited
  /// line still counts the finished line until the next key starts a new one.
  nonisolated(unsafe) private static var isEditing = false

  /// Takes over the terminal: libedit sets its modes and shows the (empty) prompt.
  ///
  /// No prompt: the screen then shows exactly the session's lines, what was typed and what the
  /// server said, as in the plain console and in a transcript; a server line that arrives while a
  /// line is being edited is printed above it, and the edited line is drawn again below.
  static func start() {
    // The strings stay allocated: libedit keeps the pointers.
    viewwire_editline_configure(strdup("viewwire"), readKey)
    rl_callback_handler_install("", lineFinished)
    // TAB runs the console's completion rather than libedit's, which rings the bell at every
    // completion (a unique one included) and would complete file names.
    _ = rl_add_defun("viewwire-complete", complete, 0x09)
  }

  /// Gives libedit the bytes waiting on standard input; returns the lines they finished.
  static func feed() -> [String?] {
    isEditing = true
    lastKey = nil
    rl_callback_read_char()
    // Enter that ends an incremental search (Ctrl-R) is pushed back into libedit to run as a key
    // of its own, which it does only at the next call; without one, the line would wait for
    // another key. An Enter that was read and finished no line was pushed back: run it now.
    if finished.isEmpty, let key = lastKey, key == 0x0D || key == 0x0A {
      isDraining = true
      rl_callback_read_char()
      isDraining = false
    }
    defer { finished.removeAll() }
    // This libedit leaves the terminal in cooked mode after a finished line until the next key
    // (which the terminal would echo, and which would then wait for a whole line): starting over
    // puts the terminal back in editing mode with an empty line at once.
    if let last = finished.last, last != nil { startOver() }
    return finished
  }

  /// Drops the line being edited (Ctrl-C), as a shell does: it stays on the screen with `^C`
  /// after it, and editing starts again on the next line.
  static func cancelLine() {
    if isEditing && viewwire_editline_length() > 0 { writeAll("^C\n") }
    isEditing = false
    startOver()
  }

  /// Follows a change of the terminal's size (SIGWINCH).
  static func resize() {
    rl_resize_terminal()
  }

  private static func startOver() {
    rl_callback_handler_remove()
    rl_callback_handler_install("", lineFinished)
  }

  /// Prints server lines above the line being edited, then draws that line again.
  static func show(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    let editing = isEditing && viewwire_editline_length() > 0
    // CR, then erase to the end of the line: the edited text goes, the cursor is at column 0.
    // FIXME: an edited line longer than the terminal is wide loses only its last row here.
    var text = editing ? "\r\u{1B}[K" : ""
    for line in lines { text += line + "\n" }
    writeAll(text)
    if editing { rl_forced_update_display() }
  }

  /// Gives the terminal back as it was.
  static func stop() {
    rl_callback_handler_remove()
  }

  private static let lineFinished: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { pointer in
    LineEditor.isEditing = false
    guard let pointer else {
      LineEditor.finished.append(nil)
      return
    }
    let line = String(cString: pointer)
    free(pointer)
    if !line.allSatisfy({ $0 == " " || $0 == "\t" }), line != LineEditor.lastHistoryLine {
      add_history(line)
      LineEditor.lastHistoryLine = line
    }
    LineEditor.finished.append(line)
  }

  /// TAB: completes the word before the cursor from the vocabulary. One candidate is inserted
  /// whole with a space after it; several insert what they share, and when they share nothing
  /// more they are listed under the line, which is drawn again below them, as a shell does. Words are separated by blanks only,
  /// so `@login` and `#12` complete as whole words.
  private static let complete: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
    guard let buffer = viewwire_editline_buffer() else { return 0 }
    let line = Array(String(cString: buffer).utf8)
    let cursor = max(0, min(Int(viewwire_editline_cursor()), line.count))
    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    let wordStart = line[..<cursor].lastIndex(where: isBlank).map { $0 + 1 } ?? 0
    let word = String(decoding: line[wordStart..<cursor], as: UTF8.self)
    let before = String(decoding: line[..<wordStart], as: UTF8.self)
      .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let candidates = LineEditor.vocabulary?.completions(of: word, after: before) ?? []
    guard let first = candidates.first else { return 0 }
    let shared = candidates.dropFirst().reduce(first) { $0.commonPrefix(with: $1) }
    if candidates.count == 1 {
      _ = rl_insert_text(String(first.dropFirst(word.count)) + " ")
    } else if shared.count > word.count {
      _ = rl_insert_text(String(shared.dropFirst(word.count)))
    } else {
      // The choices below the edited line; the line is drawn again under them.
      writeAll("\n" + candidates.joined(separator: "  ") + "\n")
    }
    // A bound function's changes are not drawn by libedit itself (it returns CC_NORM), and a
    // forced redraw starts where the cursor is: back to the line's start first.
    // FIXME: a line longer than the terminal is wide is redrawn from its last row only.
    writeAll("\r")
    rl_forced_update_display()
    return 0
  }

  /// Reads one key byte for libedit from standard input (which the main loop saw readable).
  /// When `feed` runs libedit again for a pushed-back key and libedit wants a new byte instead,
  /// and none is waiting, it gets NUL (Ctrl-@, "set mark", which changes nothing on the screen)
  /// rather than blocking the console.
  private static let readKey: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { _ in
    if LineEditor.isDraining {
      var waiting = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      if poll(&waiting, 1, 0) <= 0 { return 0 }
    }
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 {
        LineEditor.lastKey = byte
        return Int32(byte)
      }
      if count < 0 && errno == EINTR { continue }
      return EOF
    }
  }
}
