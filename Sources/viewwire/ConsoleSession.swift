import Foundation
import Glibc
import ViewWireClient
import ViewWireProtocol

/// One console connected to a daemon: the server's lines read on a thread of their own and
/// checked against a mirror (`ConsoleLines`), and the person's side, edited with libedit on a
/// terminal or read plainly from a pipe. The session survives a dropped connection
/// (`ResumingLink`): the console prints `# reconnecting…`, resumes, and carries on.
struct ConsoleSession {
  let link: ResumingLink
  let showChecks: Bool
  let indentTree: Bool
  let vocabulary = ConsoleVocabulary()

  /// Runs until the connection ends; never returns.
  ///
  /// The line editor only when standard input and output are both a terminal: scripts, tests and
  /// pipes get the plain line behaviour, one line read, one line sent, no escape sequences.
  func run() -> Never {
    let editing = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    show(link.greeting)
    var loop = ConsoleLoop(
      link: link, editing: editing,
      lines: ConsoleLines(showChecks: showChecks, indentTree: indentTree, vocabulary: vocabulary))
    if editing {
      LineEditor.vocabulary = vocabulary
      LineEditor.start()
    }
    Foundation.exit(loop.run())
  }
}

/// The console's one loop, on the main thread: it polls the server's lines (the link's inbox),
/// the signals (when editing) and standard input, so the link's state is touched by one thread.
private struct ConsoleLoop {
  let link: ResumingLink
  let editing: Bool
  var lines: ConsoleLines
  /// Bytes of standard input after its last LF (plain mode).
  private var partial: [UInt8] = []
  private var inputOpen = true

  init(link: ResumingLink, editing: Bool, lines: ConsoleLines) {
    self.link = link
    self.editing = editing
    self.lines = lines
  }

  /// Shows lines above the edited line, or plainly once input has ended or without an editor.
  private func emit(_ shown: [String]) {
    guard !shown.isEmpty else { return }
    if editing && inputOpen { LineEditor.show(shown) } else { for line in shown { show(line) } }
  }

  /// Runs until the session ends; returns the exit status (1: the daemon could not be reached
  /// again).
  ///
  /// With the editor, Ctrl-D on an empty line ends the input, as the end of a pipe does: both
  /// send `quit` (hidden), and the console ends when the server closes, after giving the
  /// terminal back.
  mutating func run() -> Int32 {
    let signals = editing ? ConsoleSignals.install() : -1
    loop: while true {
      var polled = [
        pollfd(fd: link.inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
        pollfd(fd: inputOpen ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0),
      ]
      if poll(&polled, 3, -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      if editing && polled[1].revents != 0 {
        // Once input has ended only the replies are awaited: Ctrl-C then ends the console.
        for signal in ConsoleSignals.take() where inputOpen || signal != SIGWINCH && signal != SIGTSTP {
          switch signal {
          case SIGINT where inputOpen: LineEditor.cancelLine()
          case SIGWINCH: LineEditor.resize()
          case SIGTSTP:
            // Stop with the terminal as the shell left it; edit again once continued.
            LineEditor.stop()
            kill(getpid(), SIGSTOP)
            LineEditor.start()
          default:
            break loop
          }
        }
      }
      if polled[0].revents != 0 {
        let (received, ended) = link.inbox.take()
        emit(received.flatMap { receive($0) })
        if ended {
          lines.connectionLost()
          guard link.shouldResume else { break }
          emit(["# reconnecting…"])
          do {
            try link.reconnect(lastFrame: lines.lastWholeFrame)
          } catch {
            emit(["# \(error)"])
            if editing && inputOpen { LineEditor.stop() }
            return 1
          }
        }
      }
      if inputOpen && polled[2].revents != 0 {
        for line in typedLines() {
          guard let line else {
            // End of input: the terminal goes back to normal, the replies still come.
            if editing { LineEditor.stop() }
            inputOpen = false
            if !link.isQuitting { link.send("quit", hidden: true) }
            break
          }
          link.send(line)
        }
      }
    }
    if editing && inputOpen { LineEditor.stop() }
    return 0
  }

  /// What one server line shows, after the link has taken what is its own.
  private mutating func receive(_ line: String) -> [String] {
    switch link.take(line) {
    case .pass:
      let link = link
      return lines.take(line, send: { link.send($0, numbered: false) })
    case .swallow:
      return []
    case .resumed(let session, let notes):
      return notes + ["# resumed session \(session)"]
    case .replaced(let session, let reason):
      lines.newSession()
      return ["# the session is gone (\(reason)): this is session \(session)"]
    }
  }

  /// The lines typed since the last call; nil for the end of input.
  private mutating func typedLines() -> [String?] {
    if editing { return LineEditor.feed() }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : [nil] }
    if count == 0 {
      // A last line without its LF still counts, as `readLine` took it.
      let last = partial.isEmpty ? [] : [Self.text(partial)]
      partial = []
      return last + [nil]
    }
    var result: [String?] = []
    for byte in buffer[0..<count] {
      if byte == UInt8(ascii: "\n") {
        result.append(Self.text(partial))
        partial = []
      } else {
        partial.append(byte)
      }
    }
    return result
  }

  /// A typed line's text, without a CR before its LF.
  private static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...], as: UTF8.self)
  }
}
