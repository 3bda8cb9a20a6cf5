import Foundation
import Glibc
import ViewWireClient
import ViewWireProtocol

/// One console connected to a daemon: the server's lines read on a thread of their own and
/// checked against a mirror (`ConsoleLines`), and the person's side, edited with libedit on a
/// terminal or read plainly from a pipe.
struct ConsoleSession {
  let connection: WireConnection
  let showChecks: Bool
  let indentTree: Bool
  let vocabulary = ConsoleVocabulary()

  /// Runs until the connection ends; never returns.
  ///
  /// The line editor only when standard input and output are both a terminal: scripts, tests and
  /// pipes get the plain line behaviour, one line read, one line sent, no escape sequences.
  func run() -> Never {
    if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
      runEditing()
    } else {
      runPlain()
    }
  }

  /// Lines typed on standard input go to the daemon; its lines are printed as they come by a
  /// reader thread.
  private func runPlain() -> Never {
    let shared = UncheckedBox(connection)
    let first = ConsoleLines(showChecks: showChecks, indentTree: indentTree, vocabulary: vocabulary)
    Thread {
      var lines = first
      while let line = try? shared.value.readLine(timeout: 86_400) {
        for shown in lines.take(line, send: { try? shared.value.send(line: $0) }) { show(shown) }
      }
      Foundation.exit(0)
    }.start()
    while let line = Swift.readLine(strippingNewline: true) {
      do { try connection.send(line: line) } catch { break }
    }
    connection.finishSending()
    while true { sleep(60) }
  }

  /// The main thread owns the terminal: it polls standard input (each byte to libedit) and the
  /// reading thread's inbox (server lines, shown above the edited line): libedit keeps its own
  /// idea of what the screen shows, so no other thread may write to it. Ctrl-D on an empty line
  /// half-closes the connection, as the plain console does at the end of its input; the console
  /// ends when the server closes, after giving the terminal back.
  private func runEditing() -> Never {
    let signals = ConsoleSignals.install()
    let inbox = LineInbox(reading: connection)
    var lines = ConsoleLines(showChecks: showChecks, indentTree: indentTree, vocabulary: vocabulary)
    LineEditor.vocabulary = vocabulary
    LineEditor.start()
    var inputOpen = true
    loop: while true {
      var polled = [
        pollfd(fd: inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0),
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
        let (received, ended) = inbox.take()
        let shown = received.flatMap { lines.take($0, send: { try? connection.send(line: $0) }) }
        if inputOpen { LineEditor.show(shown) } else { for line in shown { show(line) } }
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
          // A connection that failed is reported by the inbox, which then ends the console.
          try? connection.send(line: line)
        }
      }
    }
    if inputOpen { LineEditor.stop() }
    Foundation.exit(0)
  }
}
