import Foundation
import Glibc
import ViewWireClient
import ViewWireProtocol

/// One console connected to a daemon: a reader thread that checks every frame against a mirror,
/// and the person's side, edited with libedit on a terminal or read plainly from a pipe.
struct ConsoleSession {
  let connection: WireConnection
  let showChecks: Bool
  let indentTree: Bool
  let vocabulary = ConsoleVocabulary()

  /// Runs until the connection ends; never returns.
  ///
  /// The line editor only when standard input and output are both a terminal: scripts, tests and
  /// pipes get the plain line behaviour, one line read, one line sent, no escape sequences.
  func run() throws -> Never {
    if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
      try runEditing()
    } else {
      runPlain()
    }
  }

  /// Lines typed on standard input go to the daemon; its lines are printed as they come by the
  /// reader thread itself.
  private func runPlain() -> Never {
    startReader(deliver: { show($0) }, finish: { Foundation.exit(0) })
    while let line = Swift.readLine(strippingNewline: true) {
      do { try connection.send(line: line) } catch { break }
    }
    connection.finishSending()
    while true { sleep(60) }
  }

  /// The main thread owns the terminal: it polls standard input (each byte to libedit) and the
  /// output pipe (server lines, shown above the edited line). Ctrl-D on an empty line half-closes
  /// the connection, as the plain console does at the end of its input; the console ends when the
  /// server closes, after giving the terminal back.
  private func runEditing() throws -> Never {
    let output = try ConsoleOutput()
    let signals = try ConsoleSignals.install()
    startReader(deliver: { output.post($0) }, finish: { output.postEnd() })
    LineEditor.vocabulary = vocabulary
    LineEditor.start()
    var inputOpen = true
    loop: while true {
      var polled = [
        pollfd(fd: output.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
        pollfd(fd: inputOpen ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0),
      ]
      if poll(&polled, 3, -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      if polled[1].revents != 0 {
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
        let (lines, ended) = output.take()
        if inputOpen { LineEditor.show(lines) } else { for line in lines { show(line) } }
        if ended { break }
      }
      if inputOpen && polled[2].revents != 0 {
        for line in LineEditor.feed() {
          guard let line else {
            // End of input: the terminal goes back to normal, the replies still come.
            LineEditor.stop()
            inputOpen = false
            connection.finishSending()
            break
          }
          do { try connection.send(line: line) } catch {}
        }
      }
    }
    if inputOpen { LineEditor.stop() }
    Foundation.exit(0)
  }

  /// Starts the thread that reads the server's lines, applies frames to a mirror and hands each
  /// line to `deliver`; `finish` runs once the connection ends.
  private func startReader(
    deliver: @escaping @Sendable (String) -> Void, finish: @escaping @Sendable () -> Void
  ) {
    let shared = UncheckedBox(connection)
    let showChecks = self.showChecks
    let indentTree = self.indentTree
    let vocabulary = self.vocabulary
    Thread {
      // The library's own resync logic, so the console and the scripting library recover the
      // same way and the library's tests check what the console shows.
      var sync = MirrorSync()
      while true {
        guard let line = try? shared.value.readLine(timeout: 86_400) else { break }
        let parsed = ServerLine.parse(line)
        if indentTree, case .tree = parsed {
          deliver(Self.indented(treeLine: line))
        } else {
          deliver(line)
        }
        if case .app(let name, _) = parsed { vocabulary.noteApp(name) }
        switch sync.consume(parsed) {
        case .applied(let sequence, let views):
          vocabulary.update(from: sync.mirror)
          if showChecks { deliver("# frame \(sequence) checked: \(views) views, hash matches") }
        case .resyncNeeded(let failure):
          deliver("# mirror: \(failure); sending resync")
          try? shared.value.send(line: "resync")
        case .unrecoverable(let failure):
          deliver(
            "# mirror: \(failure); the full frame does not check out either, so no resync (type snapshot to try again)"
          )
        case .other, .buffered, .skipped:
          break
        }
      }
      finish()
    }.start()
  }

  /// A `tree` line shown as an outline: two spaces per level of depth, then `#ID` and the rest of
  /// the line (`tree 2 4 View 95 322 200 200` becomes `    #4 View 95 322 200 200`).
  static func indented(treeLine line: String) -> String {
    let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
    guard words.count == 4, let depth = Int(words[1]), depth >= 0, depth < 1000 else { return line }
    return String(repeating: "  ", count: depth) + "#" + words[2] + " " + words[3]
  }
}
